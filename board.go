package frisian

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
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
// "black" (in any case), and otherwise returns an error wrapping ErrSyntax.
// With it a Color can be a flag (flag.TextVar) or a JSON field.
func (c *Color) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "white":
		*c = White
	case "black":
		*c = Black
	default:
		return fmt.Errorf("color %q: want white or black: %w", clip(string(text)), ErrSyntax)
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

// Internal bit layout (Scan's padded board): each pair of rows takes 13 bits,
// the even row at offsets 0–4 and the odd row at 6–10, so that every Frisian
// direction is one constant shift and every step off the board lands on a
// ghost bit (5, 11, 12 of each pair, and 63) or outside the word:
//
//	diagonals ±6, ±7; horizontal ±1; vertical ±13.
const (
	dirE  = 1  // same row, towards higher numbers
	dirSW = 6  // down-left (towards White), seen from White
	dirSE = 7  // down-right
	dirS  = 13 // two rows down, same column
)

// directions lists the eight capture directions as signed bit offsets;
// the first four point towards square 50.
var directions = [8]int{dirE, dirSW, dirSE, dirS, -dirE, -dirSW, -dirSE, -dirS}

// boardMask has a bit for each of the 50 squares.
const boardMask uint64 = 0x7df3_ef9f_7cfb_e7df

// bitOf maps square number → bit index; squareOf maps back (0 for ghosts).
// Both are filled by a fixed formula in init and never written after.
var (
	bitOf    [256]uint8
	squareOf [64]Square
)

// rays[d][b] holds the squares beyond bit b in direction index d, in order
// of distance; neighbour[d][b] is the first of them, or noBit.
var (
	rays      [8][64]uint64
	neighbour [8][64]uint8
	allRays   [64]uint64 // the eight rays together
)

const noBit = 64

// promotionRow[c] is the set of squares where a man of color c is crowned.
var promotionRow [2]uint64

func init() {
	for n := 1; n <= NumSquares; n++ {
		s := n - 1
		r, k := s/5, s%5
		b := 13*(r/2) + k
		if r%2 == 1 {
			b += 6
		}
		bitOf[n] = uint8(b)
		squareOf[b] = Square(n)
	}
	for d, off := range directions {
		for b := 0; b < 64; b++ {
			neighbour[d][b] = noBit
			if squareOf[b] == 0 {
				continue
			}
			t := b + off
			if t >= 0 && t < 64 && squareOf[t] != 0 {
				neighbour[d][b] = uint8(t)
			}
			for t := b + off; t >= 0 && t < 64 && squareOf[t] != 0; t += off {
				rays[d][b] |= 1 << t
				allRays[b] |= 1 << t
			}
		}
	}
	for n := 1; n <= 5; n++ {
		promotionRow[White] |= 1 << bitOf[n]
		promotionRow[Black] |= 1 << bitOf[n+45]
	}
}

// bit returns the bitboard of square s, or 0 when s is not a square.
func bit(s Square) uint64 {
	if !s.Valid() {
		return 0
	}
	return 1 << bitOf[s]
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
			if s.b&(1<<bitOf[n]) != 0 && !yield(n) {
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
