package frisian

import (
	"context"
	"testing"

	"github.com/frisian-draughts/frisian/internal/longtest"
)

// Position.Legal allocates once (its list of moves) and AppendLegalMoves
// with room nothing, on ordinary positions and on the hardest known placements alike
// (once the hard search's memory is in its pool; the race detector's pool
// keeps nothing, so there only the positions no hard search takes). Apply
// never allocates, nor Perft to moderate depths.
// Counted, not timed. Each count measures one call, with its arguments made
// before, and its message names that call.
func TestAllocations(t *testing.T) {
	type position struct {
		fen   string
		extra float64
	}
	positions := []position{{StartPosition().FEN(), 0}, {benchMiddlegame, 0}}
	if !longtest.Race { // benchKingCaptures has a hard king too
		positions = append(positions, position{benchKingCaptures, 0}, position{benchPathological, 0})
		for _, c := range worstCaseSample(t) {
			// Legal may outgrow its buffer of 128 moves on the stack with
			// captures kept until a heavier one comes.
			positions = append(positions, position{c[1], 1})
		}
	}
	for _, c := range positions {
		p := MustParseFEN(c.fen)
		runs := 5
		if c.extra > 0 && !long() {
			runs = 1 // one measured call after the warm-up: the search does the same work each time
		}
		if n := testing.AllocsPerRun(runs, func() { _, _ = p.Legal(context.Background()) }); n > 1+c.extra {
			t.Errorf("%s: p.Legal() allocates %v times, want at most %v", c.fen, n, 1+c.extra)
		}
		buf, out := make([]Move, 0, 256), []Move(nil)
		if n := testing.AllocsPerRun(runs, func() { out = p.AppendLegalMoves(buf) }); n > 0 {
			t.Errorf("%s: p.AppendLegalMoves(buf) with room for 256 moves allocates %v times", c.fen, n)
		}
		m := legalOf(p).Moves()[0]
		var q Position
		if n := testing.AllocsPerRun(100, func() { q = p.Apply(m) }); n != 0 {
			t.Errorf("%s: p.Apply(%v) allocates %v times", c.fen, m, n)
		}
		_, _ = out, q
	}
	// Perft's buffer lives on the stack below 8 plies.
	start := StartPosition()
	if n := testing.AllocsPerRun(20, func() { _ = Perft(start, 4) }); n != 0 {
		t.Errorf("Perft(start, 4) allocates %v times, want 0", n)
	}
}
