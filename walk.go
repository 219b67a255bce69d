package frisian

import (
	"context"
	"math"
	"math/bits"
)

// captureWalker walks the captures of one piece square by square, for the
// cold paths: a move's landing paths, click-by-click input, move text. Its
// one question, whether a capture standing somewhere can still take exactly
// some pieces and end on some square, is the Euler test's, which answers at
// once even where the paths are countless.
type captureWalker struct {
	jg    jumpGraph
	euler eulerSearch
}

// newCaptureWalker returns the walker of the captures of the piece on bit
// from in p that jump only pieces of prey.
func newCaptureWalker(p *Position, from int, prey uint64) *captureWalker {
	w := new(captureWalker)
	w.jg.init(from, p.side[0]|p.side[1], prey&p.side[1], p.kings, p.kings&(1<<from) != 0)
	return w
}

// steps calls f with every jump from bit at over a piece of left: where it
// lands and the piece it takes, in ascending order of landing square.
func (w *captureWalker) steps(at int, left uint64, f func(land, piece int)) {
	var piece [64]uint8
	var lands uint64
	for j := w.jg.jumpable[at&63] & left; j != 0; j &= j - 1 {
		x := bits.TrailingZeros64(j)
		l := w.jg.landings(x, 1<<at)
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

// jumpBetween returns the piece jumped going from bit a to bit b in one
// jump, and false when no jump over a piece of the walker's prey does.
func (w *captureWalker) jumpBetween(a, b int) (int, bool) {
	for j := w.jg.jumpable[a&63]; j != 0; j &= j - 1 {
		x := bits.TrailingZeros64(j)
		if w.jg.landings(x, 1<<a)&(1<<(b&63)) != 0 {
			return x, true
		}
	}
	return 0, false
}

// ends returns the squares of want on which a capture standing on bit at
// can end after taking exactly the pieces of left. When ctx is done first
// the answer is short (ctx.Err() says so).
func (w *captureWalker) ends(ctx context.Context, at int, left, want uint64) uint64 {
	return w.endsVisiting(ctx, at, left, want, 0)
}

// endsVisiting is ends for captures that also land on every square of
// visit but at: a walk that must pass given squares asks it, and the
// answer is short of no capture that does.
func (w *captureWalker) endsVisiting(ctx context.Context, at int, left, want, visit uint64) uint64 {
	if left == 0 {
		return want & (1 << at)
	}
	w.euler.ctx, w.euler.err = ctx, nil
	w.euler.init(&w.jg, at, left, boardMask)
	w.euler.visit = visit &^ (1 << at)
	w.euler.begin(want)
	w.euler.run(math.MaxInt)
	return w.euler.found
}
