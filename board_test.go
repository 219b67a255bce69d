package frisian

import (
	"slices"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// The geometry of RULES.md §1: row r holds 5r+1 … 5r+5; even rows use the
// odd columns. SquareAt inverts Row and Column, and light squares are none.
func TestSquareGeometry(t *testing.T) {
	for n := Square(1); n <= NumSquares; n++ {
		r, c := n.Row(), n.Column()
		if r != (int(n)-1)/5 || (r+c)%2 != 1 {
			t.Errorf("%d: row %d column %d", n, r, c)
		}
		if sq, ok := SquareAt(r, c); !ok || sq != n {
			t.Errorf("SquareAt(%d, %d) = %d, %v", r, c, sq, ok)
		}
	}
	if Square(46).Column() != 0 || Square(5).Column() != 9 || Square(1).Column() != 1 {
		t.Error("46 must be on White's left, 5 on the right of the top row")
	}
	for _, rc := range [][2]int{{0, 0}, {9, 9}, {-1, 1}, {10, 1}, {0, 10}} {
		if _, ok := SquareAt(rc[0], rc[1]); ok {
			t.Errorf("SquareAt(%d, %d) is a square", rc[0], rc[1])
		}
	}
	for _, sq := range []Square{0, 51, 255} {
		if sq.Valid() {
			t.Errorf("%d is valid", sq)
		}
	}
}

// Every direction of the bitboard layout is the step RULES.md §3 names:
// diagonal neighbours, n±10 vertically, n±1 within the row.
func TestDirections(t *testing.T) {
	for n := Square(1); n <= NumSquares; n++ {
		b := layout.BitOf[n]
		for d, off := range layout.Directions {
			nb := layout.Neighbour[d][b]
			var want Square
			var ok bool
			r, c := n.Row(), n.Column()
			switch off {
			case layout.E:
				want, ok = SquareAt(r, c+2)
			case -layout.E:
				want, ok = SquareAt(r, c-2)
			case layout.S:
				want, ok = SquareAt(r+2, c)
			case -layout.S:
				want, ok = SquareAt(r-2, c)
			case layout.SW:
				want, ok = SquareAt(r+1, c-1)
			case layout.SE:
				want, ok = SquareAt(r+1, c+1)
			case -layout.SW:
				want, ok = SquareAt(r-1, c+1)
			case -layout.SE:
				want, ok = SquareAt(r-1, c-1)
			}
			switch {
			case !ok && nb != layout.NoBit:
				t.Errorf("%d direction %d: layout.Neighbour %d off the board", n, off, squareOfBit(nb))
			case ok && (nb == layout.NoBit || squareOfBit(nb) != want):
				t.Errorf("%d direction %d: layout.Neighbour bit %d, want square %d", n, off, nb, want)
			}
		}
	}
	// Spot checks from RULES.md §3: 5 → 6 is not horizontal; 28 ± 10.
	if layout.Neighbour[0][layout.BitOf[5]] != layout.NoBit {
		t.Error("5 has a horizontal layout.Neighbour east")
	}
	if squareOfBit(layout.Neighbour[3][layout.BitOf[28]]) != 38 || squareOfBit(layout.Neighbour[7][layout.BitOf[28]]) != 18 {
		t.Error("vertical neighbours of 28 are not 38 and 18")
	}
}

func TestSquareSet(t *testing.T) {
	s := SquareSetOf(3, 28, 50, 0, 51)
	if s.Len() != 3 || !s.Has(28) || s.Has(0) || s.Has(4) {
		t.Fatalf("SquareSetOf: %v", s)
	}
	if got := s.Squares(); !slices.Equal(got, []Square{3, 28, 50}) {
		t.Errorf("Squares = %v", got)
	}
	if s.String() != "3,28,50" || (SquareSet{}).String() != "" {
		t.Errorf("String = %q", s.String())
	}
	if got := s.Without(28).With(4); got != SquareSetOf(3, 4, 50) {
		t.Errorf("Without/With: %v", got)
	}
	u := SquareSetOf(28, 29)
	if s.Union(u) != SquareSetOf(3, 28, 29, 50) || s.Intersect(u) != SquareSetOf(28) || s.Difference(u) != SquareSetOf(3, 50) {
		t.Error("set algebra")
	}
	if !(SquareSet{}).Empty() || s.Empty() {
		t.Error("Empty")
	}
	n := 0
	for range s.All() {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Error("All does not stop")
	}
}

func TestPieces(t *testing.T) {
	for _, c := range []Color{White, Black} {
		for _, king := range []bool{false, true} {
			p := NewPiece(c, king)
			if p.Color() != c || p.IsKing() != king {
				t.Errorf("NewPiece(%v, %v) = %v", c, king, p)
			}
		}
	}
	if White.Opponent() != Black || Black.Opponent() != White || White.String() != "white" {
		t.Error("Color")
	}
	if WhiteMan.String()+WhiteKing.String()+BlackMan.String()+BlackKing.String()+NoPiece.String() != "wWbB." {
		t.Error("Piece.String")
	}
}
