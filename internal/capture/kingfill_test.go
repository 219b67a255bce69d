package capture

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// kingJumpFrom must agree with walking each line square by square, on
// random boards.
func TestKingJumpFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for range 2000 {
		var opp, own uint64
		for n := 1; n <= layout.NumSquares; n++ {
			switch r.IntN(4) {
			case 0:
				opp |= squareBit(n)
			case 1:
				own |= squareBit(n)
			}
		}
		open := layout.BoardMask &^ (own | opp)
		open |= own & uint64(r.Uint64()) // some own pieces count as open
		var got [8]uint64
		kingJumpFrom(&got, opp, open)
		for d := range 8 {
			var want uint64
			for v := open; v != 0; v &= v - 1 {
				b := bits.TrailingZeros64(v)
				for at := layout.Neighbour[d][b]; at != layout.NoBit; at = layout.Neighbour[d][at] {
					if open&(1<<at) != 0 {
						continue
					}
					if n := layout.Neighbour[d][at]; opp&(1<<at) != 0 && n != layout.NoBit && open&(1<<n) != 0 {
						want |= 1 << b
					}
					break
				}
			}
			if got[d] != want {
				t.Fatalf("direction %d, opp %s, open %s: got %s, want %s", d,
					squareList(opp), squareList(open), squareList(got[d]), squareList(want))
			}
		}
	}
}

// kingsJumping must find the kings that can jump now by walking each line
// square by square, on random boards with few enemy pieces (where it is
// used) and with many.
func TestKingsJumping(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	for i := range 4000 {
		var g Board
		var own, opp, kings uint64
		for n := 1; n <= layout.NumSquares; n++ {
			switch x := r.IntN(20); {
			case x < 1+i%4:
				opp |= squareBit(n)
			case x < 8:
				own |= squareBit(n)
				if r.IntN(2) == 0 {
					kings |= squareBit(n)
				}
			}
		}
		g.Init(own, opp, kings, 0)
		occ := own | opp
		var want uint64
		for k := g.OwnKings; k != 0; k &= k - 1 {
			b := bits.TrailingZeros64(k)
			for d := range 8 {
				at := layout.Neighbour[d][b]
				for at != layout.NoBit && occ&(1<<at) == 0 {
					at = layout.Neighbour[d][at]
				}
				if at == layout.NoBit || opp&(1<<at) == 0 {
					continue
				}
				if n := layout.Neighbour[d][at]; n != layout.NoBit && occ&(1<<n) == 0 {
					want |= 1 << b
				}
			}
		}
		if got := g.kingsJumping(g.OwnKings); got != want {
			t.Fatalf("own %s, kings %s, opp %s: got %s, want %s", squareList(own), squareList(kings),
				squareList(opp), squareList(got), squareList(want))
		}
	}
}

// squareBit returns the bitboard of square n (1 to 50).
func squareBit(n int) uint64 { return 1 << layout.BitOf[n] }

// squareList lists the squares of a bitboard, for messages.
func squareList(b uint64) string {
	out := ""
	for ; b != 0; b &= b - 1 {
		if out != "" {
			out += ","
		}
		out += strconv.Itoa(int(layout.SquareOf[bits.TrailingZeros64(b)]))
	}
	return out
}
