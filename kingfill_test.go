package frisian

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// kingJumpFrom must agree with walking each line square by square, on
// random boards.
func TestKingJumpFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for range 2000 {
		var opp, own uint64
		for n := Square(1); n <= NumSquares; n++ {
			switch r.IntN(4) {
			case 0:
				opp |= bit(n)
			case 1:
				own |= bit(n)
			}
		}
		open := boardMask &^ (own | opp)
		open |= own & uint64(r.Uint64()) // some own pieces count as open
		var got [8]uint64
		kingJumpFrom(&got, opp, open)
		for d := range 8 {
			var want uint64
			for v := open; v != 0; v &= v - 1 {
				b := bits.TrailingZeros64(v)
				for at := neighbour[d][b]; at != noBit; at = neighbour[d][at] {
					if open&(1<<at) != 0 {
						continue
					}
					if n := neighbour[d][at]; opp&(1<<at) != 0 && n != noBit && open&(1<<n) != 0 {
						want |= 1 << b
					}
					break
				}
			}
			if got[d] != want {
				t.Fatalf("direction %d, opp %s, open %s: got %s, want %s", d,
					SquareSet{opp}, SquareSet{open}, SquareSet{got[d]}, SquareSet{want})
			}
		}
	}
}
