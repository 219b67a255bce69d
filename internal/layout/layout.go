// Package layout is the bit layout of the board that the move generator
// works on (Scan's padded board): each pair of rows takes 13 bits, the even
// row at offsets 0–4 and the odd row at 6–10, so that every Frisian
// direction is one constant shift and every step off the board lands on a
// ghost bit (5, 11, 12 of each pair, and 63) or outside the word:
//
//	diagonals ±6, ±7; horizontal ±1; vertical ±13.
//
// Squares are numbered 1 to 50 as in the rules; the tables below map them
// to bits and back, and give each bit's rays. They are filled by a fixed
// formula in init and never written after.
package layout

import "math/bits"

// The four directions towards square 50, as bit offsets.
const (
	E  = 1  // same row, towards higher numbers
	SW = 6  // down-left (towards White), seen from White
	SE = 7  // down-right
	S  = 13 // two rows down, same column
)

// NumSquares is the number of playable squares.
const NumSquares = 50

// Directions lists the eight capture directions as signed bit offsets;
// the first four point towards square 50.
var Directions = [8]int{E, SW, SE, S, -E, -SW, -SE, -S}

// BoardMask has a bit for each of the 50 squares.
const BoardMask uint64 = 0x7df3_ef9f_7cfb_e7df

// BitOf maps square number → bit index; SquareOf maps back (0 for ghosts).
var (
	BitOf    [256]uint8
	SquareOf [64]uint8
)

// Rays[d][b] holds the squares beyond bit b in direction index d, in order
// of distance; Neighbour[d][b] is the first of them, or NoBit.
var (
	Rays      [8][64]uint64
	Neighbour [8][64]uint8
	// KingTargets[b] holds the squares on the rays of bit b that have a
	// square behind them, seen from b: those of pieces a king on b could
	// jump. JumpPath[b][t] holds, for such a t, the squares between b and
	// t and the one behind t: a king on b jumps a piece on t when they
	// are all empty.
	KingTargets [64]uint64
	JumpPath    [64][64]uint64
	// JumpedFrom[t] holds the squares b with t in KingTargets[b]: those
	// from which a king could jump a piece on t. Beyond[b][t], for a t on
	// a ray of b, holds the squares past t on it: one look where the
	// direction and then its ray took two.
	JumpedFrom [64]uint64
	Beyond     [64][64]uint64
	// ManLandings[b] holds the squares two steps from bit b in a
	// direction: where a man on b lands after a jump.
	ManLandings [64]uint64
)

// NoBit is Neighbour's answer where there is no square.
const NoBit = 64

// PromotionRow[c] is the set of squares where a man of color c (0 white,
// 1 black) is crowned.
var PromotionRow [2]uint64

func init() {
	for n := 1; n <= NumSquares; n++ {
		s := n - 1
		r, k := s/5, s%5
		b := 13*(r/2) + k
		if r%2 == 1 {
			b += 6
		}
		BitOf[n] = uint8(b)
		SquareOf[b] = uint8(n)
	}
	for d, off := range Directions {
		for b := 0; b < 64; b++ {
			Neighbour[d][b] = NoBit
			if SquareOf[b] == 0 {
				continue
			}
			t := b + off
			if t >= 0 && t < 64 && SquareOf[t] != 0 {
				Neighbour[d][b] = uint8(t)
				if t += off; t >= 0 && t < 64 && SquareOf[t] != 0 {
					ManLandings[b] |= 1 << t
				}
			}
			for t := b + off; t >= 0 && t < 64 && SquareOf[t] != 0; t += off {
				Rays[d][b] |= 1 << t
			}
		}
	}
	for d := range Rays {
		for b := range Rays[d] {
			for r := Rays[d][b]; r != 0; r &= r - 1 {
				t := bits.TrailingZeros64(r)
				Beyond[b][t] = Rays[d][t]
				if n := Neighbour[d][t]; n != NoBit {
					KingTargets[b] |= 1 << t
					JumpedFrom[t] |= 1 << b
					JumpPath[b][t] = Rays[d][b]&Rays[(d+4)&7][t] | 1<<n
				}
			}
		}
	}
	for n := 1; n <= 5; n++ {
		PromotionRow[0] |= 1 << BitOf[n]
		PromotionRow[1] |= 1 << BitOf[n+45]
	}
}

// Shift moves every bit of x by d places (towards square 50 when d > 0).
func Shift(x uint64, d int) uint64 {
	if d > 0 {
		return x << d
	}
	return x >> -d
}

// Slide returns the empty squares a king on bit b reaches in direction
// index d before the first occupied square of occ. They come from the ray
// itself: the squares before its nearest piece, the lowest bit towards
// square 50 and the highest the other way.
func Slide(d, b int, occ uint64) uint64 {
	ray := Rays[d&7][b&63]
	blockers := ray & occ
	if d < 4 {
		return ray & (blockers&-blockers - 1)
	}
	return ray &^ (1<<bits.Len64(blockers) - 1)
}

// Spread returns x with bit i moved to bit 2i, a byte at a time. Spread
// out so, the pieces of half a board put the piece that a man's jump from
// bit a to bit b takes, half-way, on bit a+b: a man's landings are then
// one shift of them away.
func Spread(x uint32) uint64 {
	return uint64(spreadByte[x&255]) | uint64(spreadByte[x>>8&255])<<16 |
		uint64(spreadByte[x>>16&255])<<32 | uint64(spreadByte[x>>24])<<48
}

// spreadByte[b] is b with bit i moved to bit 2i.
var spreadByte = func() (t [256]uint16) {
	for b := range t {
		for i := range 8 {
			t[b] |= uint16(b>>i&1) << (2 * i)
		}
	}
	return t
}()
