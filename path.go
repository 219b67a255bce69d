package frisian

import "math/bits"

// Capture paths, for animation and notation. This is the cold path: it walks
// the capture tree of one piece, limited to the pieces a move takes.

// Path returns the squares a legal move visits: its start, every landing
// square in order, and its end (for a quiet move just start and end). A
// capture with several paths gets one of them. Path returns nil when m is
// not a legal move of p.
func (p Position) Path(m Move) []Square {
	if !p.IsLegal(m) {
		return nil
	}
	if m.captured == 0 {
		return []Square{m.From(), m.To()}
	}
	var found []Square
	p.walkCaptures(m, func(path []uint8) bool {
		found = make([]Square, len(path))
		for i, b := range path {
			found[i] = squareOf[b]
		}
		return false
	})
	return found
}

// walkCaptures calls yield with every path of the capture m (as bit indices, start
// first) until yield returns false. m must be a capture of p.
func (p Position) walkCaptures(m Move, yield func(path []uint8) bool) {
	from := uint64(1) << (m.from & 63)
	if p.side[0]&from == 0 {
		return
	}
	w := pathWalker{
		king:    p.kings&from != 0,
		prey:    p.side[1] & m.captured,
		occ:     (p.side[0] | p.side[1]) &^ from,
		want:    m.captured,
		to:      m.to,
		yield:   yield,
		path:    make([]uint8, 0, 24),
		stopped: false,
	}
	w.path = append(w.path, m.from&63)
	w.walk(int(m.from&63), 0)
}

type pathWalker struct {
	king    bool
	prey    uint64 // the pieces the move takes
	occ     uint64
	want    uint64
	to      uint8
	yield   func([]uint8) bool
	path    []uint8
	stopped bool
}

// walk extends the path from bit at having taken captured. Only pieces of
// the wanted set are jumped, so every complete path found is one of m's.
func (w *pathWalker) walk(at int, captured uint64) {
	if captured == w.want {
		if uint8(at) == w.to && !w.stopped {
			w.stopped = !w.yield(w.path)
		}
		return
	}
	for d := 0; d < 8 && !w.stopped; d++ {
		var f uint8
		var landings uint64
		if w.king {
			f = firstBlocker(d, rays[d][at]&w.occ)
			if f == noBit {
				continue
			}
			landings = slide(d, int(f), w.occ)
		} else {
			f = neighbour[d][at]
			if f == noBit || neighbour[d][f] == noBit {
				continue
			}
			landings = (uint64(1) << neighbour[d][f]) &^ w.occ & boardMask
		}
		if w.prey&^captured&(1<<f) == 0 {
			continue
		}
		for ; landings != 0 && !w.stopped; landings &= landings - 1 {
			l := uint8(bits.TrailingZeros64(landings))
			w.path = append(w.path, l)
			w.walk(int(l), captured|1<<f)
			w.path = w.path[:len(w.path)-1]
		}
	}
}
