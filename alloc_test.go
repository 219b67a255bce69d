package frisian

import "testing"

// LegalMoves allocates once (the result) and AppendLegalMoves with room
// nothing, on every benchmark position. Counted, not timed.
func TestAllocations(t *testing.T) {
	for _, fen := range []string{StartPosition().FEN(), benchMiddlegame, benchKingCaptures, benchPathological} {
		p := MustParseFEN(fen)
		if n := testing.AllocsPerRun(100, func() { _ = p.LegalMoves() }); n != 1 {
			t.Errorf("%s: LegalMoves allocates %v times", fen, n)
		}
		buf := make([]Move, 0, 256)
		if n := testing.AllocsPerRun(100, func() { buf = p.AppendLegalMoves(buf[:0]) }); n != 0 {
			t.Errorf("%s: AppendLegalMoves allocates %v times", fen, n)
		}
		q := p.Apply(p.LegalMoves()[0])
		if n := testing.AllocsPerRun(100, func() { q = p.Apply(p.LegalMoves()[0]) }); n != 1 {
			t.Errorf("%s: Apply allocates", fen)
		}
		_ = q
	}
	if n := testing.AllocsPerRun(3, func() { _ = Perft(StartPosition(), 4) }); n > 1 {
		t.Errorf("Perft allocates %v times", n)
	}
}
