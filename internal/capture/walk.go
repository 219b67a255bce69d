package capture

import (
	"context"
	"math/bits"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// Walker walks the captures of one piece square by square, for the cold
// paths: landing paths, click-by-click input, move text. Where a capture
// can still go is the Euler test's question.
type Walker struct {
	jg   jumpGraph
	test eulerTest
}

// walkMemoBits is the log2 of the slots of a walker's Euler tables.
const walkMemoBits = 11

// NewWalker returns the walker of the captures of the king or man on bit
// from, with the pieces of all on the board, jumping pieces of prey.
func NewWalker(from int, all, prey, kings uint64, king bool) *Walker {
	w := &Walker{test: eulerTest{memoBits: walkMemoBits}}
	w.jg.init(from&63, all, prey, kings, king)
	return w
}

// Steps calls f with every jump from bit at over a piece of left: where it
// lands and the piece it takes, in ascending order of landing square.
func (w *Walker) Steps(at int, left uint64, f func(land, piece int)) {
	var piece [64]uint8
	var lands uint64
	for j := w.jg.jumpable[at&63] & left; j != 0; j &= j - 1 {
		x := bits.TrailingZeros64(j)
		l := w.jg.target[x].landings(1 << (at & 63))
		lands |= l
		for ; l != 0; l &= l - 1 {
			piece[bits.TrailingZeros64(l)] = uint8(x)
		}
	}
	for ; lands != 0; lands &= lands - 1 {
		l := bits.TrailingZeros64(lands)
		f(l, int(piece[l]))
	}
}

// JumpBetween returns the piece jumped going from bit a to bit b in one
// jump, and false when no jump over a piece of the walker's prey does.
func (w *Walker) JumpBetween(a, b int) (piece int, ok bool) {
	w.Steps(a, ^uint64(0), func(land, x int) {
		if land == b {
			piece, ok = x, true
		}
	})
	return piece, ok
}

// Ends returns the squares of want on which a capture standing on bit at
// can end after taking exactly the pieces of left, landing on every square
// of visit on the way. If ctx is done first, the answer may be short.
func (w *Walker) Ends(ctx context.Context, at int, left, want, visit uint64) uint64 {
	visit &^= 1 << (at & 63)
	if left == 0 {
		if visit != 0 {
			return 0
		}
		return want & (1 << (at & 63))
	}
	// With squares to land on, touchFirst is the faster one to begin in.
	w.test.begin(&w.jg, at&63, left, layout.BoardMask, visit, want, touchFirst)
	for limit := orderTurn; !w.test.run(&w.jg, limit); limit += orderTurn {
		if ctx.Err() != nil {
			break
		}
	}
	return w.test.found
}
