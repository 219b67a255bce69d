package frisian

import (
	"context"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Capture paths, for animation and notation. This is the cold path: it walks
// the capture tree of one piece, limited to the pieces a move takes.

// legalPath is Legal.Path for a move known to be legal in p: its start,
// every landing square in order, and its end; of several paths the
// least, compared square by square.
func (p Position) legalPath(m Move) []Square {
	if m.captured() == 0 {
		return []Square{m.From(), m.To()}
	}
	var found []Square
	p.walkCaptures(m, func(path []uint8) bool {
		found = make([]Square, len(path))
		for i, b := range path {
			found[i] = squareOfBit(b)
		}
		return false
	})
	return found
}

// walkCaptures calls yield with the paths of the capture m (as bit
// indices, start first) in ascending order of their squares, until yield
// returns false. m must be a capture of p.
//
// A capture of many pieces can be taken in astronomically many orders, most
// of which strand the piece before the last one. Every step is first
// checked with the Euler test (captureWalker.ends), so the walk never
// enters a dead end and each path costs polynomial time.
func (p Position) walkCaptures(m Move, yield func(path []uint8) bool) {
	from := uint64(1) << (m.from() & 63)
	if p.side[0]&from == 0 || m.captured()&^p.side[1] != 0 {
		return
	}
	w := pathWalker{
		w:     newWalker(&p, int(m.from()&63), m.captured()),
		end:   m.to() & 63,
		yield: yield,
		path:  make([]uint8, 1, 24),
	}
	w.path[0] = m.from() & 63
	w.walk(int(m.from()&63), m.captured())
}

type pathWalker struct {
	w       *capture.Walker // the jumps over the move's pieces
	end     uint8
	yield   func([]uint8) bool
	path    []uint8
	stopped bool
}

// walk extends the path from bit at, with the pieces of left still to
// take. Only those are jumped, so every complete path is one of m's.
func (w *pathWalker) walk(at int, left uint64) {
	if left == 0 {
		if uint8(at) == w.end && !w.stopped {
			w.stopped = !w.yield(w.path)
		}
		return
	}
	w.w.Steps(at, left, func(l, piece int) {
		rest := left &^ (1 << piece)
		if w.stopped || w.w.Ends(context.Background(), l, rest, 1<<w.end, 0) == 0 {
			return
		}
		w.path = append(w.path, uint8(l))
		w.walk(l, rest)
		w.path = w.path[:len(w.path)-1]
	})
}

// pathNames reports whether the squares of a capture's text (start, some
// or all landing squares, end) name the legal capture m.
func (p Position) pathNames(ctx context.Context, m Move, want []Square) bool {
	if len(want)-1 == m.Captured().Len() {
		// A path with every landing square: replay it rather than search.
		_, ok := p.takenAlong(m, want)
		return ok
	}
	return p.anyPathThrough(ctx, m, want)
}

// anyPathThrough reports whether some landing path of the legal capture m
// visits the squares of want (start, landings, end) in that order: want's
// first and last square are m's start and end, and its middle squares are
// landing squares of the path in order, possibly with others between.
func (p Position) anyPathThrough(ctx context.Context, m Move, want []Square) bool {
	from := int(m.from() & 63)
	empty := layout.BoardMask&^(p.side[0]|p.side[1]) | 1<<from
	f := pathFollower{w: newWalker(&p, from, m.captured()), end: int(m.to() & 63), ctx: ctx, tried: map[[2]uint64]bool{}}
	for _, sq := range want[1 : len(want)-1] {
		if empty&bit(sq) == 0 {
			return false // a capture lands only on empty squares
		}
		f.mid = append(f.mid, int(layout.BitOf[sq]))
	}
	return f.follow(from, m.captured(), 0)
}

// pathFollower looks for a path of one capture whose landing squares
// include mid in order. It matches each square of mid at the first chance
// (which loses no path), steps only where the capture can still end on to
// (the Euler test), and does not try a state again.
type pathFollower struct {
	w     *capture.Walker
	mid   []int
	end   int
	ctx   context.Context // once it is done, every answer is no
	tried map[[2]uint64]bool
}

// follow reports whether the capture standing on bit at, with the pieces
// of left to take and mid[k:] to visit, can end on to.
func (f *pathFollower) follow(at int, left uint64, k int) bool {
	key := [2]uint64{uint64(at)<<8 | uint64(k), left}
	if f.tried[key] || f.ctx.Err() != nil {
		return false
	}
	f.tried[key] = true
	found := false
	f.w.Steps(at, left, func(l, piece int) {
		rest := left &^ (1 << piece)
		if found {
			return
		}
		if rest == 0 {
			// The last jump lands on the end, not on a middle square.
			found = l == f.end && k == len(f.mid)
			return
		}
		next := k
		if k < len(f.mid) && l == f.mid[k] {
			next++
		}
		var visit uint64
		for _, m := range f.mid[next:] {
			visit |= 1 << m
		}
		if f.w.Ends(f.ctx, l, rest, 1<<f.end, visit) != 0 {
			found = f.follow(l, rest, next)
		}
	})
	return found
}

// takenAlong returns the pieces the legal capture m jumps along path
// (start, every landing square, end), in order, and whether path is a
// path of m: each step jumps exactly one piece of m's, not taken before,
// as a king or a man may. It returns nil when path is not one.
func (p Position) takenAlong(m Move, path []Square) ([]Square, bool) {
	if len(path) < 2 || path[0] != m.From() || path[len(path)-1] != m.To() {
		return nil, false
	}
	for _, sq := range path {
		if !sq.Valid() {
			return nil, false
		}
	}
	w := p.walkClicks(m, path, nil)
	if !w.ok || w.left != 0 {
		return nil, false // not the pieces jumped so far: a caller may ignore ok
	}
	return w.taken, true
}
