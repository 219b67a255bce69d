package frisian

import "testing"

// LegalMoves allocates once (the result) and AppendLegalMoves with room
// nothing, on ordinary positions; on positions whose captures need the
// graph search, a few times (its graph and memory), whatever their size.
// Apply never allocates, nor Perft to moderate depths. Counted, not timed.
// Each count measures one call, with its arguments made before, and its
// message names that call.
func TestAllocations(t *testing.T) {
	for _, c := range []struct {
		fen   string
		extra float64 // allocations of the graph search
	}{
		{StartPosition().FEN(), 0},
		{benchMiddlegame, 0},
		{benchKingCaptures, 8},
		{benchPathological, 8},
	} {
		p := MustParseFEN(c.fen)
		if n := testing.AllocsPerRun(100, func() { _ = p.LegalMoves() }); n > 1+c.extra {
			t.Errorf("%s: p.LegalMoves() allocates %v times, want at most %v", c.fen, n, 1+c.extra)
		}
		buf, out := make([]Move, 0, 256), []Move(nil)
		if n := testing.AllocsPerRun(100, func() { out = p.AppendLegalMoves(buf) }); n > c.extra {
			t.Errorf("%s: p.AppendLegalMoves(buf) with room for 256 moves allocates %v times, want at most %v", c.fen, n, c.extra)
		}
		m := p.LegalMoves()[0]
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
