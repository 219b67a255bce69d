package main

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// pydraughtsScore reads an info line's score as pydraughts (draughts/engines/
// hub.py) does: score = int(float(value)*100); over 9000 a win in
// ceil((10000-score)/2) moves, under -9000 a loss (a negative count), else
// a value in hundredths. win reports which of the two it is.
func pydraughtsScore(value string) (n int, win bool) {
	f, err := strconv.ParseFloat(value, 64)
	if err != nil {
		panic(err)
	}
	score := int(f * 100) // Python's int() truncates toward zero, as Go's conversion does
	mate := 0
	switch {
	case score > 9000:
		mate = 10000 - score
	case score < -9000:
		mate = -10000 - score
	}
	if mate != 0 {
		return int(math.Ceil(float64(mate) / 2)), true
	}
	return score, false
}

var scoreField = regexp.MustCompile(`\bscore=(\S+)`)

// TestScoresAsScanWritesThem: a GUI that reads scores as pydraughts does
// sees the engine's won and lost positions as won and lost, for the right
// side and in the right number of moves, and an ordinary position as an
// evaluation.
func TestScoresAsScanWritesThem(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		win     bool
		n       int // pydraughts' count: moves to the win, negative for a loss
		decided int // hub.Info.Decided's plies
	}{
		// White takes Black's last piece: a win in one ply.
		{"W:W28:B23", true, 1, 1},
		// Black, to move, loses its last man in two plies whatever it
		// plays.
		{"B:W20,30:B10", true, -1, 2},
		// The start position is no win for anyone.
		{"W:W31-50:B1-20", false, 0, 0},
	} {
		p, err := frisian.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		in := "hub\ninit\npos pos=" + hub.FormatPosition(p) + "\nlevel depth=4\ngo analyze\nquit\n"
		if err := run(strings.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		var last string
		for line := range strings.Lines(out.String()) {
			if m := scoreField.FindStringSubmatch(line); m != nil {
				last = m[1]
			}
		}
		if last == "" {
			t.Fatalf("%s: no score in\n%s", tc.fen, out.String())
		}
		n, win := pydraughtsScore(last)
		if win != tc.win || (win && n != tc.n) {
			t.Errorf("%s: score=%s reads as (%d, win %v), want (%d, win %v)", tc.fen, last, n, win, tc.n, tc.win)
		}
		score, _ := strconv.ParseFloat(last, 64)
		won, plies, ok := hub.Info{Score: score, HasScore: true}.Decided()
		if ok != tc.win || (ok && (won != (tc.n > 0) || plies != tc.decided)) {
			t.Errorf("%s: score=%s: Decided = %v, %d, %v", tc.fen, last, won, plies, ok)
		}
	}
}
