package frisian

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
)

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
				for at := layout.Neighbour[d][b]; at != layout.NoBit && occ&(1<<at) == 0; at = layout.Neighbour[d][at] {
					want++
				}
			}
		}
		if got := countSlides(kings, layout.BoardMask&^occ); got != want {
			t.Fatalf("kings %s, occupied %s: %d slides, want %d", SquareSet{kings}, SquareSet{occ}, got, want)
		}
	}
}
