package frisian

import (
	"context"

	"github.com/frisian-draughts/frisian/internal/capture"
)

// Capture paths, for animation and notation. This is the cold path: it walks
// the capture tree of one piece, limited to the pieces a move takes.

// Path returns the squares a legal move visits: its start, every landing
// square in order, and its end (for a quiet move just start and end). A
// capture with several paths gets the least, compared square by square, so
// the answer never depends on how paths are found. Path returns nil when m
// is not a legal move of p.
func (p Position) Path(m Move) []Square {
	if !p.IsLegal(m) {
		return nil
	}
	return p.legalPath(m)
}

// legalPath is Path for a move known to be legal in p, which saves
// working out p's moves again: that can cost as much as the walk.
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
