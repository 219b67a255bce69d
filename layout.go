package frisian

import "math/bits"

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
	// crossRays[a][b] holds the rays of bit b off line a: all but those
	// of direction indices a and a+4.
	crossRays [4][64]uint64
	// kingTargets[b] holds the squares on the rays of bit b that have a
	// square behind them, seen from b: those of pieces a king on b could
	// jump. jumpPath[b][t] holds, for such a t, the squares between b and
	// t and the one behind t: a king on b jumps a piece on t when they
	// are all empty.
	kingTargets [64]uint64
	jumpPath    [64][64]uint64
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
	for a := range crossRays {
		for b := range crossRays[a] {
			crossRays[a][b] = allRays[b] &^ (rays[a][b] | rays[a+4][b])
		}
	}
	for d := range rays {
		for b := range rays[d] {
			for r := rays[d][b]; r != 0; r &= r - 1 {
				t := bits.TrailingZeros64(r)
				if n := neighbour[d][t]; n != noBit {
					kingTargets[b] |= 1 << t
					jumpPath[b][t] = rays[d][b]&rays[(d+4)&7][t] | 1<<n
				}
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
