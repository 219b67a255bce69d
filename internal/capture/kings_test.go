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

// The board by rows and columns, for the tests that walk it: the steps of
// the directions in order (E, SW, SE, S, then back) as (row, column) on
// the 10×10 board, square 1 at row 0, column 1.
var steps = [8][2]int{{0, 2}, {1, -1}, {1, 1}, {2, 0}, {0, -2}, {-1, 1}, {-1, -1}, {-2, 0}}

// square returns the square at row r, column c, or 0 off the board or on
// a light square.
func square(r, c int) int {
	if r < 0 || r > 9 || c < 0 || c > 9 || (r+c)%2 == 0 {
		return 0
	}
	return 5*r + c/2 + 1
}

// rowColumn returns the row and column of square n.
func rowColumn(n int) (row, col int) { return (n - 1) / 5, 2*((n-1)%5) + 1 - (n-1)/5%2 }

// beyond and landing must agree with walking the board by rows and
// columns: from every square, each direction a step at a time.
func TestKingTables(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	for n := 1; n <= layout.NumSquares; n++ {
		row, col := rowColumn(n)
		if square(row, col) != n {
			t.Fatalf("square %d: row %d, column %d", n, row, col)
		}
		b := int(layout.BitOf[n])
		for _, s := range steps {
			for k := 1; square(row+k*s[0], col+k*s[1]) != 0; k++ {
				x := int(layout.BitOf[square(row+k*s[0], col+k*s[1])])
				occ := r.Uint64() & r.Uint64() & layout.BoardMask
				// The squares past x, the empty ones up to the first piece
				// of occ, the nearest first, and that piece.
				var past, run, piece uint64
				first, blocked := -1, false
				for j := k + 1; square(row+j*s[0], col+j*s[1]) != 0; j++ {
					m := int(layout.BitOf[square(row+j*s[0], col+j*s[1])])
					past |= 1 << m
					if occ&(1<<m) != 0 {
						if !blocked {
							piece = 1 << m
						}
						blocked = true
					} else if !blocked {
						run |= 1 << m
						if first < 0 {
							first = m
						}
					}
				}
				lands, fi, stop := landing(b, x, occ)
				if layout.Beyond[b][x] != past || lands != run || (run != 0 && fi != first) || stop != piece {
					t.Fatalf("landing(%d, %d, %s) = %s, %d, %s; want %s, %d, %s", n, layout.SquareOf[x],
						squareList(occ), squareList(lands), fi, squareList(stop), squareList(run), first, squareList(piece))
				}
			}
		}
	}
	// Bits off each other's rays have no squares past.
	for a := range 64 {
		var rays uint64
		for d := range layout.Rays {
			rays |= layout.Rays[d][a]
		}
		for b := range 64 {
			if rays&(1<<b) == 0 && layout.Beyond[a][b] != 0 {
				t.Fatalf("Beyond[%d][%d] = %#x, want 0", a, b, layout.Beyond[a][b])
			}
		}
	}
}

// layout.JumpedFrom must hold, for each square, the squares of a line
// through it from which a king could jump it: those with a square past it,
// walked a step at a time.
func TestJumpedFrom(t *testing.T) {
	for n := 1; n <= layout.NumSquares; n++ {
		x := int(layout.BitOf[n])
		var want uint64
		for d := range 8 {
			// A king coming from direction d lands on the other side.
			if layout.Neighbour[(d+4)&7][x] == layout.NoBit {
				continue
			}
			for b := layout.Neighbour[d][x]; b != layout.NoBit; b = layout.Neighbour[d][b] {
				want |= 1 << b
			}
		}
		if layout.JumpedFrom[x] != want {
			t.Fatalf("JumpedFrom[%d] = %s, want %s", n, squareList(layout.JumpedFrom[x]), squareList(want))
		}
	}
}

// A man's landings, from layout.ManLandings and the spread prey, must
// agree with walking the board by rows and columns: two steps in each of
// the eight directions, over a piece of prey onto an empty square.
func TestManLandings(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 4))
	for range 200 {
		prey := r.Uint64() & layout.BoardMask
		open := r.Uint64() &^ prey & layout.BoardMask
		lo, hi := layout.Spread(uint32(prey)), layout.Spread(uint32(prey>>32))
		for i := range 64 {
			if (lo>>(2*i)&1 != 0) != (i < 32 && prey>>i&1 != 0) || (hi>>(2*i)&1 != 0) != (i < 32 && prey>>(i+32)&1 != 0) {
				t.Fatalf("Spread of %#x: bit %d of %#x, %#x", prey, i, lo, hi)
			}
		}
		for n := 1; n <= layout.NumSquares; n++ {
			row, col := rowColumn(n)
			var all, want uint64
			for _, s := range steps {
				x, y := square(row+s[0], col+s[1]), square(row+2*s[0], col+2*s[1])
				if x == 0 || y == 0 {
					continue
				}
				all |= 1 << layout.BitOf[y]
				if prey&(1<<layout.BitOf[x]) != 0 && open&(1<<layout.BitOf[y]) != 0 {
					want |= 1 << layout.BitOf[y]
				}
			}
			b := int(layout.BitOf[n])
			if layout.ManLandings[b] != all {
				t.Fatalf("ManLandings[%d] = %s, want %s", n, squareList(layout.ManLandings[b]), squareList(all))
			}
			if got := manLandings(b, open, lo, hi); got != want {
				t.Fatalf("manLandings(%d, %s, prey %s) = %s, want %s", n, squareList(open), squareList(prey), squareList(got), squareList(want))
			}
		}
	}
	for b := range 64 {
		if layout.SquareOf[b] == 0 && layout.ManLandings[b] != 0 {
			t.Fatalf("ManLandings[%d] = %#x off the board, want 0", b, layout.ManLandings[b])
		}
	}
}
