package frisian

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Square is a dark square of the board, numbered 1 to 50 row by row from
// Black's side, five to a row, as in international draughts. Square 46 is on
// White's left. The zero value is not a square.
type Square uint8

// NumSquares is the number of playable squares.
const NumSquares = 50

// Valid reports whether s names a square of the board (1 to 50).
func (s Square) Valid() bool { return s >= 1 && s <= NumSquares }

// Row returns the row of s, 0 (Black's back rank, squares 1–5) to 9 (White's
// back rank, squares 46–50).
func (s Square) Row() int { return (int(s) - 1) / 5 }

// Column returns the file of s, 0 (left, seen from White) to 9. Even rows use
// the odd columns and odd rows the even ones.
func (s Square) Column() int {
	r, k := s.Row(), (int(s)-1)%5
	if r%2 == 0 {
		return 2*k + 1
	}
	return 2 * k
}

// String returns the square number in decimal.
func (s Square) String() string { return strconv.Itoa(int(s)) }

// SquareAt returns the dark square at the given row and column (both 0–9),
// and false when that square is light or off the board.
func SquareAt(row, column int) (Square, bool) {
	if row < 0 || row > 9 || column < 0 || column > 9 || (row+column)%2 == 0 {
		return 0, false
	}
	return Square(row*5 + column/2 + 1), true
}

// Color is the color of a side: White or Black.
type Color uint8

// The two sides. White moves first and moves towards square 1.
const (
	White Color = iota
	Black
)

// Opponent returns the other color.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// MarshalText implements encoding.TextMarshaler with String.
func (c Color) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it reads "white" or
// "black" (in any case), and otherwise returns an error wrapping [ErrSyntax].
// With it a Color can be a flag (flag.TextVar) or a JSON field.
func (c *Color) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "white":
		*c = White
	case "black":
		*c = Black
	default:
		return fmt.Errorf("color %q: want white or black: %w", errtext.Clip(string(text)), ErrSyntax)
	}
	return nil
}

// Piece is what stands on a square: a man or a king of either color, or
// nothing.
type Piece uint8

// The pieces. NoPiece is the zero value: an empty square.
const (
	NoPiece Piece = iota
	WhiteMan
	WhiteKing
	BlackMan
	BlackKing
)

// NewPiece returns the man or king of color c.
func NewPiece(c Color, king bool) Piece {
	p := WhiteMan + Piece(c)*2
	if king {
		p++
	}
	return p
}

// Color returns the color of p; it is meaningless for NoPiece.
func (p Piece) Color() Color {
	if p >= BlackMan {
		return Black
	}
	return White
}

// IsKing reports whether p is a king.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// String returns a one-letter code as in board diagrams: "w", "W", "b", "B"
// for man and king, "." for no piece.
func (p Piece) String() string {
	switch p {
	case WhiteMan:
		return "w"
	case WhiteKing:
		return "W"
	case BlackMan:
		return "b"
	case BlackKing:
		return "B"
	}
	return "."
}

// SquareSet is a set of squares. It is a comparable value; its internal bit
// layout is not part of the API: use its methods.
type SquareSet struct{ b uint64 }

// SquareSetOf returns the set holding the given squares; invalid squares are
// ignored.
func SquareSetOf(squares ...Square) SquareSet {
	var s SquareSet
	for _, sq := range squares {
		s.b |= bit(sq)
	}
	return s
}

// Has reports whether sq is in the set.
func (s SquareSet) Has(sq Square) bool { return s.b&bit(sq) != 0 }

// Len returns the number of squares in the set.
func (s SquareSet) Len() int { return bits.OnesCount64(s.b) }

// Empty reports whether the set has no squares.
func (s SquareSet) Empty() bool { return s.b == 0 }

// With returns the set with sq added.
func (s SquareSet) With(sq Square) SquareSet { return SquareSet{s.b | bit(sq)} }

// Without returns the set with sq removed.
func (s SquareSet) Without(sq Square) SquareSet { return SquareSet{s.b &^ bit(sq)} }

// Difference returns the squares in s but not in t.
func (s SquareSet) Difference(t SquareSet) SquareSet { return SquareSet{s.b &^ t.b} }

// Union returns the squares in s or t.
func (s SquareSet) Union(t SquareSet) SquareSet { return SquareSet{s.b | t.b} }

// Intersect returns the squares in both s and t.
func (s SquareSet) Intersect(t SquareSet) SquareSet { return SquareSet{s.b & t.b} }

// All yields the squares of the set in ascending order.
func (s SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for n := Square(1); n <= NumSquares; n++ {
			if s.b&(1<<layout.BitOf[n]) != 0 && !yield(n) {
				return
			}
		}
	}
}

// Squares returns the squares of the set in ascending order.
func (s SquareSet) Squares() []Square {
	out := make([]Square, 0, s.Len())
	for sq := range s.All() {
		out = append(out, sq)
	}
	return out
}

// String lists the squares in ascending order, separated by commas.
func (s SquareSet) String() string {
	buf := []byte{}
	for sq := range s.All() {
		if len(buf) > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendUint(buf, uint64(sq), 10)
	}
	return string(buf)
}

// bit returns the bitboard of square s, or 0 when s is not a square.
func bit(s Square) uint64 {
	if !s.Valid() {
		return 0
	}
	return 1 << layout.BitOf[s]
}

// squareOfBit returns the square of bit b, or 0 for a bit that is no square.
func squareOfBit[T ~int | ~uint8](b T) Square { return Square(layout.SquareOf[b&63]) }

// newWalker returns the walker of the captures of the piece on bit from in
// p that jump only pieces of prey (for the cold paths).
func newWalker(p *Position, from int, prey uint64) *capture.Walker {
	return capture.NewWalker(from, p.side[0]|p.side[1], prey&p.side[1], p.kings, p.kings&(1<<(from&63)) != 0)
}
