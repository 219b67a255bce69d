package capture

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
)

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

// kingDir and slide must agree with walking the board by rows and
// columns: from every square, each direction a step at a time.
func TestKingTables(t *testing.T) {
	// The steps of the directions in order (E, SW, SE, S, then back), as
	// (row, column) on the 10×10 board, square 1 at row 0, column 1.
	steps := [8][2]int{{0, 2}, {1, -1}, {1, 1}, {2, 0}, {0, -2}, {-1, 1}, {-1, -1}, {-2, 0}}
	square := func(r, c int) int { // 0 off the board or on a light square
		if r < 0 || r > 9 || c < 0 || c > 9 || (r+c)%2 == 0 {
			return 0
		}
		return 5*r + c/2 + 1
	}
	r := rand.New(rand.NewPCG(12, 12))
	for n := 1; n <= layout.NumSquares; n++ {
		row, col := (n-1)/5, 2*((n-1)%5)+1-(n-1)/5%2
		if square(row, col) != n {
			t.Fatalf("square %d: row %d, column %d", n, row, col)
		}
		b := int(layout.BitOf[n])
		for d, s := range steps {
			occ := r.Uint64() & r.Uint64() & layout.BoardMask
			var run uint64 // the empty squares from n up to the first piece of occ
			blocked := false
			for k := 1; ; k++ {
				m := square(row+k*s[0], col+k*s[1])
				if m == 0 {
					break
				}
				tb := layout.BitOf[m]
				if kingDir[b][tb] != uint8(d) {
					t.Fatalf("kingDir from %d to %d: %d, want %d", n, m, kingDir[b][tb], d)
				}
				if occ&(1<<tb) != 0 {
					blocked = true
				} else if !blocked {
					run |= 1 << tb
				}
			}
			if got := slide(d, b, occ); got != run {
				t.Fatalf("slide(%d, %d, %s) = %s, want %s", d, n, squareList(occ), squareList(got), squareList(run))
			}
		}
	}
}
