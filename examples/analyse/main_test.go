package main

import (
	"bytes"
	"fmt"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"os"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/examples/internal/enginehub"
	"github.com/frisian-draughts/frisian/pdn"
)

// TestMain lets the test binary be a Hub engine: run as "hubengine" it
// serves the examples' engine, as examples/hubengine does.
func TestMain(m *testing.M) {
	enginehub.ServeIfAsked()
	os.Exit(m.Run())
}

func analyse(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	var out, errs bytes.Buffer
	status := run(args, strings.NewReader(input), &out, &errs)
	return out.String(), errs.String(), status
}

const games = `[Event "one"]
[Result "*"]

1. 32-28 19-23 2. 28x19 {a comment} 14x23 *

[Event "two, from a position"]
[FEN "W:W37,48:B26"]

1. 48-42 26-31 2. 37x26 2-0
`

// TestAnalyse: every position gets the comment the engine, called
// directly, gives, and the games are otherwise written as they were.
func TestAnalyse(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	out, errs, status := analyse(t, games, "-engine", exe, "-engine-args", "hubengine", "-depth", "3", "-movetime", "1m")
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %s", status, errs)
	}
	in := pdn.NewReader(strings.NewReader(games))
	got := pdn.NewReader(strings.NewReader(out))
	for i := 1; ; i++ {
		want, err := in.Next()
		if want == nil {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := got.Next()
		if err != nil || g == nil {
			t.Fatalf("game %d of the output: %v\n%s", i, err, out)
		}
		if fmt.Sprint(g.Played()) != fmt.Sprint(want.Played()) || testgame.Start(g) != testgame.Start(want) {
			t.Errorf("game %d: moves %v, want %v", i, g.Played(), want.Played())
		}
		for ply := 0; ply <= want.Len(); ply++ {
			p, _ := want.PositionAt(ply)
			comments := want.Annotation(ply).Comments
			if !testgame.Legal(p).Outcome(frisian.OfficialDraws).IsOver() {
				r, _ := engine.Search(p, engine.Options{Depth: 3})
				opinion := ""
				won, plies, decided := engine.Decided(r.Score)
				switch score := float64(r.Score) / engine.Man; {
				case decided && won:
					opinion = fmt.Sprintf("%v wins in %s", p.Turn(), pliesText(plies))
				case decided:
					opinion = fmt.Sprintf("%v wins in %s", p.Turn().Opponent(), pliesText(plies))
				case p.Turn() == frisian.Black && score != 0:
					opinion = fmt.Sprintf("%+.2f", -score)
				default:
					opinion = fmt.Sprintf("%+.2f", score)
				}
				comments = append(comments, fmt.Sprintf("frisian example engine 1.0: %s %s depth %d", testgame.Legal(p).Text(r.Move), opinion, r.Depth))
			}
			if gotc := g.Annotation(ply).Comments; fmt.Sprint(gotc) != fmt.Sprint(comments) {
				t.Errorf("game %d ply %d: comments %q, want %q", i, ply, gotc, comments)
			}
		}
	}
	if g, err := got.Next(); g != nil || err == nil {
		t.Errorf("an extra game in the output: %v", err)
	}
}

// TestProblems: a bad game is reported and analysed as far as it goes; a
// missing file and a missing engine give status 1, bad flags 2.
func TestProblems(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	out, errs, status := analyse(t, "1. 32-28 28-23 *\n", "-engine", exe, "-engine-args", "hubengine", "-depth", "1")
	if status != 1 || !strings.Contains(errs, `illegal move "28-23"`) || !strings.Contains(strings.Join(strings.Fields(out), " "), "1. 32-28 {frisian example engine 1.0:") {
		t.Errorf("bad game: status %d\nstderr %s\nout %s", status, errs, out)
	}
	_, errs, status = analyse(t, "", "-engine", exe, "-engine-args", "hubengine", "/no/such.pdn")
	if status != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: status %d, %s", status, errs)
	}
	_, errs, status = analyse(t, "", "-engine", "/no/such/engine")
	if status != 1 || !strings.Contains(errs, "analyse: engine: hub: starting engine") {
		t.Errorf("missing engine: status %d, %s", status, errs)
	}
	for _, args := range [][]string{{}, {"-engine", exe, "-movetime", "0s"}, {"-engine", exe, "-depth", "-1"}, {"-engine-param", "x"}} {
		if _, errs, status := analyse(t, "", args...); status != 2 {
			t.Errorf("%v: status %d, %s", args, status, errs)
		}
	}
}
