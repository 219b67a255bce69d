package frisian

import (
	"errors"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
	"pgregory.net/rapid"
)

// TestApplyAnyMove: Apply of any Move value, legal or not, gives a
// position that could be written and read back (no square held twice, no
// piece off the board, consistent counters and hash). A Move that does not
// fit the position leaves it as it is; one that fits keeps the mover's
// pieces and takes only the opponent's.
func TestApplyAnyMove(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		us, them := p.Pieces(p.Turn()), p.Pieces(p.Turn().Opponent())
		var m Move
		switch rapid.IntRange(0, 3).Draw(t, "kind") {
		case 0: // any bits at all
			m = rawMove.Draw(t, "move")
		default: // squares of the board, often of the right pieces
			m = anyMove.Draw(t, "move")
			from, captured := m.from(), m.captured()
			if rapid.Bool().Draw(t, "fromOwn") && us.Len() > 0 {
				own := us.Squares()
				from = layout.BitOf[own[rapid.IntRange(0, len(own)-1).Draw(t, "own")]]
			}
			if rapid.Bool().Draw(t, "capturesTheirs") {
				captured &= them.b
			}
			m = newMove(from, m.to(), m.flags(), captured)
		}
		// Whether m fits p, in squares rather than bits.
		from, to := squareOfBit(m.from()&63), squareOfBit(m.to()&63)
		fits := from != 0 && to != 0 && p.PieceAt(from) != NoPiece && p.PieceAt(from).Color() == p.Turn() &&
			(to == from || p.PieceAt(to) == NoPiece) && m.captured()&^them.b == 0

		q := p.Apply(m)
		if !fits {
			if q != p {
				t.Fatalf("Apply(%+v) of a move that does not fit %s gave %s", m, p.FEN(), q.FEN())
			}
			return
		}
		checkInvariants(t, q)
		back, err := ParseFEN(q.FEN())
		if err != nil || back != q {
			t.Fatalf("Apply(%+v) to %s gave %s, which reads back as %v, %v (%v %v %v %v / %v %v %v %v)", m, p.FEN(), q.FEN(), back.FEN(), err, q.side, q.kings, q.kingRun, q.hash, back.side, back.kings, back.kingRun, back.hash)
		}
		if q.Pieces(p.Turn()).Len() != us.Len() || q.Pieces(q.Turn()).b != them.b&^m.captured() {
			t.Fatalf("Apply(%+v) to %s gave %s: pieces appeared or vanished", m, p.FEN(), q.FEN())
		}
		// A king stays a king, and a man is crowned on the far row only,
		// whatever m's flags say.
		moved := q.PieceAt(to)
		wantKing := p.PieceAt(from).IsKing() || (p.Turn() == White && to <= 5) || (p.Turn() == Black && to >= 46)
		if moved.IsKing() != wantKing {
			t.Fatalf("Apply(%+v) to %s gave %s: %v on %d", m, p.FEN(), q.FEN(), moved, to)
		}
	})
}

func TestCheckMaterial(t *testing.T) {
	tests := []struct {
		fen string
		ok  bool
	}{
		{StartPosition().FEN(), true},
		{"W:W31-50:B1-20", true},
		{"W:WK1-20:B21-40", true},
		{"W:W6-45:B", false},           // 40 white men
		{"B:W31-50:B1-20,K21", false},  // 21 black pieces
		{"W:WK46:BK1-5,K10-25", false}, // 21 black kings
		{"W:W:B", true},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
		}
		err = p.CheckMaterial()
		var pe *PositionError
		if (err == nil) != tt.ok || (err != nil && (!errors.Is(err, ErrInvalidPosition) || !errors.As(err, &pe))) {
			t.Errorf("CheckMaterial(%s) = %v, want ok %v", tt.fen, err, tt.ok)
		}
	}
}
