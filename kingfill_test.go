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

// countSlides must count what slide finds king by king, on random boards,
// half of them with one king (which countSlides counts its own way).
func TestCountSlides(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 5000 {
		var kings, occ uint64
		for n := Square(1); n <= NumSquares; n++ {
			switch r.IntN(6) {
			case 0:
				kings |= bit(n)
			case 1, 2:
				occ |= bit(n)
			}
		}
		if i%2 == 1 {
			kings &= -kings
		}
		occ |= kings
		want := 0
		for k := kings; k != 0; k &= k - 1 {
			b := bits.TrailingZeros64(k)
			for _, d := range []int{1, 2, 5, 6} {
				for at := neighbour[d][b]; at != noBit && occ&(1<<at) == 0; at = neighbour[d][at] {
					want++
				}
			}
		}
		if got := countSlides(kings, boardMask&^occ); got != want {
			t.Fatalf("kings %s, occupied %s: %d slides, want %d", SquareSet{kings}, SquareSet{occ}, got, want)
		}
	}
}

// kingsJumping must find the kings that can jump now by walking each line
// square by square, on random boards with few enemy pieces (where it is
// used) and with many.
func TestKingsJumping(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	for i := range 4000 {
		var g board
		var own, opp, kings uint64
		for n := Square(1); n <= NumSquares; n++ {
			switch x := r.IntN(20); {
			case x < 1+i%4:
				opp |= bit(n)
			case x < 8:
				own |= bit(n)
				if r.IntN(2) == 0 {
					kings |= bit(n)
				}
			}
		}
		g.initBoard(own, opp, kings, White)
		occ := own | opp
		var want uint64
		for k := g.ownKings; k != 0; k &= k - 1 {
			b := bits.TrailingZeros64(k)
			for d := range 8 {
				at := neighbour[d][b]
				for at != noBit && occ&(1<<at) == 0 {
					at = neighbour[d][at]
				}
				if at == noBit || opp&(1<<at) == 0 {
					continue
				}
				if n := neighbour[d][at]; n != noBit && occ&(1<<n) == 0 {
					want |= 1 << b
				}
			}
		}
		if got := g.kingsJumping(g.ownKings); got != want {
			t.Fatalf("own %s, kings %s, opp %s: got %s, want %s", SquareSet{own}, SquareSet{kings},
				SquareSet{opp}, SquareSet{got}, SquareSet{want})
		}
	}
}
