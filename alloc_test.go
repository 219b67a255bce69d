package frisian

import "testing"

// LegalMoves allocates once (the result) and AppendLegalMoves with room
// nothing, on ordinary positions; on positions whose captures need the
// graph search, a few times (its graph and memory), whatever their size.
// Apply never allocates, nor Perft to moderate depths. Counted, not timed.
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
			t.Errorf("%s: LegalMoves allocates %v times", c.fen, n)
		}
		buf := make([]Move, 0, 256)
		if n := testing.AllocsPerRun(100, func() { buf = p.AppendLegalMoves(buf[:0]) }); n > c.extra {
			t.Errorf("%s: AppendLegalMoves allocates %v times", c.fen, n)
		}
		m := p.LegalMoves()[0]
		var q Position
		if n := testing.AllocsPerRun(100, func() { q = p.Apply(m) }); n != 0 {
			t.Errorf("%s: Apply allocates %v times", c.fen, n)
		}
		_ = q
	}
	// Perft's buffer lives on the stack below 8 plies.
	if n := testing.AllocsPerRun(3, func() { _ = Perft(StartPosition(), 4) }); n != 0 {
		t.Errorf("Perft allocates %v times", n)
	}
}
