package frisian

import (
	"cmp"
	"math/bits"
)

// The search by taken sets: one piece's captures, breadth first over the
// sets of pieces they take.
//
// Taken pieces stay on the board, so whether a jump exists depends only on
// where the piece stands and on which pieces it has taken. For each set S
// of taken pieces the search keeps every square the piece can stand on
// having taken exactly S, all in one bitboard, and goes from the sets of k
// pieces to those of k+1. A king jumps a piece from any square of the
// empty run before it to any square of the run behind it, so one jump of
// all those squares at once costs a few ANDs, whatever they are: where the
// depth-first searches visit a state per square and order of taking, this
// one visits each set once. The sets a capture can take are the states;
// on the hardest known king positions they are tens of thousands, where
// the trails are countless.
//
// A set whose capture can stop on some square (no jump from there over a
// piece not yet taken) is a complete capture ending there. The best score
// among them is the precedence rule's, and every square of a best set is
// an end: a capture that could go on would take a heavier set.

// setPiece is an enemy piece as the search sees it: the jumps over it,
// from any square of from[k] to any square of to[k].
type setPiece struct {
	bit      uint8
	n        uint8
	from, to [8]uint64
}

// setSearch is the search's state, kept by the generator between pieces.
type setSearch struct {
	pieces [NumSquares]setPiece
	all    uint64 // the pieces, as a set of indices into pieces
	kings  uint64 // those of them that are kings
	// jumpable holds, for each square, the pieces that can be jumped
	// from it, and fromAll, for each piece, the squares it can be jumped
	// from.
	jumpable [64]uint64
	fromAll  [64]uint64
	// The squares of each set: indexed by the set itself when there are
	// few pieces (then every set comes after its subsets), else in
	// tables of the sets of one size.
	dense  []uint64
	layers [2]setLayer
	// The complete captures of the best score found so far (top, -1
	// for none), recorded at the end: as the score grows, captures
	// recorded at once would mostly be dropped again.
	top  int
	ends []setEnds
	full bool // the last search ran out of room
	// tablesOnly makes every search keep to the tables, and layerSlots,
	// when not 0, makes them run out of room sooner, for tests.
	tablesOnly bool
	layerSlots int

	// Where an unfinished search stopped, so that the next turn of the
	// same hard piece goes on from there instead of starting again.
	piece int  // the hard piece (generator.hardPiece) it belongs to; 0 for none
	n     int  // the pieces in reach
	index bool // the sets are in dense, not in the layers
	cur   int  // the layer being gone through; the other is the next
	pos   int  // the place in that layer's slots in use, or in dense
	// waning reports that the sets grow fewer from one size to the next:
	// past the largest size, the rest of the search costs less than what
	// it has done.
	waning bool
}

// maxDensePieces is the most pieces whose sets may be indexed directly
// (4 MiB). Clearing and reading the index costs a node per 16 sets, so
// the search starts with tables and turns to the index only once a size
// holds at least one set in denseFrom of all: on a board where few sets
// can be taken, the index would cost more than the search.
const (
	maxDensePieces = 19
	denseFrom      = 64
)

// setEnds are the squares on which the captures taking a set can end.
type setEnds struct{ taken, ends uint64 }

// build fills in the pieces of prey jumped in the capture graph cg.
func (s *setSearch) build(cg *captureGraph, prey, oppKings uint64) {
	var index [64]uint8 // piece bit → its place in pieces, plus one
	n := 0
	s.kings = 0
	clear(s.jumpable[:])
	for v := cg.verts; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 8 {
			p := cg.piece[b][d]
			if p == noBit || prey&(1<<p) == 0 {
				continue
			}
			if index[p] == 0 {
				s.pieces[n] = setPiece{bit: p}
				if oppKings&(1<<p) != 0 {
					s.kings |= 1 << n
				}
				n++
				index[p] = uint8(n)
			}
			q := &s.pieces[index[p]-1]
			q.from[d] |= 1 << b
			q.to[d] = cg.land[b][d]
			s.jumpable[b] |= 1 << (index[p] - 1)
		}
	}
	// Keep only the directions with jumps, first.
	for i := range n {
		q := &s.pieces[i]
		k := uint8(0)
		for d := range 8 {
			if q.from[d] != 0 {
				q.from[k], q.to[k] = q.from[d], q.to[d]
				k++
			}
		}
		q.n = k
		s.fromAll[i] = 0
		for _, f := range q.from[:k] {
			s.fromAll[i] |= f
		}
	}
	s.all = 1<<n - 1
}

// setTurn runs the set search on the piece on bit from within the turn's
// budget, going on where the last turn of the same hard piece stopped, and
// reports whether it finished. Out of room counts as finished; then
// g.sets.full is set.
func (g *generator) setTurn(from int, king bool) bool {
	if g.sets == nil {
		g.sets = new(setSearch)
	}
	s := g.sets
	if s.piece == 0 || s.piece != g.hardPiece {
		s.start(g, from, king)
	}
	if g.best > s.top {
		// Another method found a heavier capture: the ends kept so far
		// score less.
		s.top, s.ends = g.best, s.ends[:0]
	}
	s.full = false
	if s.search(g) {
		s.piece = 0 // finished, or out of room
		return true
	}
	return false
}

// recordSets appends the captures the set search found, and forgets them.
// Captures found by an unfinished search are real, and stay.
func (g *generator) recordSets(dst []Move) []Move {
	s := g.sets
	for _, e := range s.ends {
		var captured uint64
		for t := e.taken; t != 0; t &= t - 1 {
			captured |= 1 << s.pieces[bits.TrailingZeros64(t)].bit
		}
		for ends := e.ends; ends != 0; ends &= ends - 1 {
			dst = g.recordScored(dst, bits.TrailingZeros64(ends), captured, s.top)
		}
	}
	s.ends = s.ends[:0]
	return dst
}

// start begins the search of the piece on bit from: the sets of one piece
// in the second layer.
func (s *setSearch) start(g *generator, from int, king bool) {
	cg := g.pieceOf(from, king).cg
	prey, _ := cg.reach(from, 0)
	s.build(cg, prey, g.oppKings)
	s.piece, s.n, s.index, s.cur, s.pos, s.waning = g.hardPiece, bits.OnesCount64(prey), false, 1, 0, false
	s.top, s.ends = g.best, s.ends[:0]
	s.layers[0].max, s.layers[1].max = s.layerSlots, s.layerSlots
	s.layers[0].reset()
	s.layers[1].reset()
	s.expand(g, 0, 1<<from, &s.layers[1])
}

// search goes through the sets from where it stopped, one size after
// another, each size in a table, until a size is large enough to go on by
// index. It reports whether the search is over: finished, or out of room.
func (s *setSearch) search(g *generator) bool {
	for !s.index {
		cur, next := &s.layers[s.cur], &s.layers[1-s.cur]
		for ; s.pos < len(cur.used); s.pos++ {
			e := cur.slots[cur.used[s.pos]]
			if !s.expand(g, e.key, e.val, next) {
				s.pos++ // it was gone through, unless out of room
				return s.full
			}
		}
		switch {
		case next.n() == 0:
			return true
		case s.n <= maxDensePieces && !s.tablesOnly && next.n()*denseFrom >= 1<<s.n:
			s.toIndex(next)
			if !g.step(len(s.dense) / 16) {
				return false
			}
		default:
			s.waning = next.n() < cur.n()
			cur.reset()
			s.cur, s.pos = 1-s.cur, 0
		}
	}
	for ; s.pos < len(s.dense); s.pos++ {
		if at := s.dense[s.pos]; at != 0 && !s.expand(g, uint64(s.pos), at, nil) {
			s.pos++
			// Past the middle of the index, take the rest to cost
			// about what is done.
			s.waning = s.pos >= len(s.dense)/2
			return false
		}
	}
	return true
}

// toIndex goes on by index from the sets of layer, all of one size: a
// set's index is larger than its subsets', so in the order of indices
// every set comes after those one piece smaller.
func (s *setSearch) toIndex(layer *setLayer) {
	size := 1 << s.n
	if cap(s.dense) < size {
		s.dense = make([]uint64, size)
	}
	s.dense = s.dense[:size]
	clear(s.dense)
	s.pos = size
	for _, i := range layer.used {
		e := layer.slots[i]
		s.dense[e.key] = e.val
		s.pos = min(s.pos, int(e.key))
	}
	s.index = true
}

// expand goes on from the set taken (indices into s.pieces), standing on
// any square of at: it adds the sets one piece larger, to next or to
// s.dense when next is nil, and keeps the captures that stop here. It
// reports false when the search must stop.
func (s *setSearch) expand(g *generator, taken, at uint64, next *setLayer) bool {
	kings := bits.OnesCount64(taken & s.kings)
	score := 2*(kingValue*kings+manValue*(bits.OnesCount64(taken)-kings)) + int(g.flags&flagKing)
	left := s.all &^ taken
	if lk := bits.OnesCount64(left & s.kings); score+2*(kingValue*lk+manValue*(bits.OnesCount64(left)-lk)) < s.top {
		return true // nothing from here can reach the best score
	}
	var goesOn, jumped uint64 // squares of at with a jump; the pieces
	if bits.OnesCount64(at) <= bits.OnesCount64(left) {
		for a := at; a != 0; a &= a - 1 {
			v := bits.TrailingZeros64(a)
			if j := s.jumpable[v&63] & left; j != 0 {
				goesOn |= 1 << v
				jumped |= j
			}
		}
	} else {
		for l := left; l != 0; l &= l - 1 {
			i := bits.TrailingZeros64(l)
			if m := at & s.fromAll[i&63]; m != 0 {
				goesOn |= m
				jumped |= l & -l
			}
		}
	}
	grew := bits.OnesCount64(jumped)
	for ; jumped != 0; jumped &= jumped - 1 {
		i := bits.TrailingZeros64(jumped)
		q := &s.pieces[i&63]
		var land uint64
		for k, from := range q.from[:q.n] {
			// All of q.to[k] when at meets from, without a branch:
			// half of them would be mispredicted.
			m := at & from
			land |= q.to[k] & uint64(int64(m|-m)>>63)
		}
		if next == nil {
			s.dense[taken|1<<i] |= land
		} else if !next.add(taken|1<<i, land) {
			g.over, s.full = true, true // the graph search answers
			return false
		}
	}
	if ends := at &^ goesOn; ends != 0 && taken != 0 && score >= s.top {
		if score > s.top {
			s.top, s.ends = score, s.ends[:0]
		}
		s.ends = append(s.ends, setEnds{taken, ends})
	}
	return g.step(1 + grew)
}

// setLayer holds the sets of one size and their squares: a hash table
// keyed by the set, which is never empty, with the slots in use listed.
type setLayer struct {
	slots []setSlot
	used  []uint32
	shift uint8
	max   int // the most slots, 0 for maxLayerSlots (tests ask for fewer)
}

type setSlot struct{ key, val uint64 }

const (
	minLayerSlots = 1 << 10
	maxLayerSlots = 1 << 17 // 2 MiB
)

func (t *setLayer) n() int { return len(t.used) }

// reset empties the table.
func (t *setLayer) reset() {
	if t.slots == nil {
		t.slots = make([]setSlot, minLayerSlots)
		t.shift = 64 - 10
	}
	for _, i := range t.used {
		t.slots[i].key = 0
	}
	t.used = t.used[:0]
}

// add adds the squares at to those of the set key, and reports false when
// the table is full.
func (t *setLayer) add(key, at uint64) bool {
	mask := uint32(len(t.slots) - 1)
	for i := uint32(key * 0x9e3779b97f4a7c15 >> t.shift); ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.key == key {
			e.val |= at
			return true
		}
		if e.key == 0 {
			if 2*(len(t.used)+1) > len(t.slots) {
				if !t.grow() {
					return false
				}
				return t.add(key, at) // grown: the slot moved
			}
			*e = setSlot{key, at}
			t.used = append(t.used, i)
			return true
		}
	}
}

// grow doubles the table, and reports false when it is at its largest.
func (t *setLayer) grow() bool {
	if limit := cmp.Or(t.max, maxLayerSlots); len(t.slots) >= limit {
		return false
	}
	old, used := t.slots, t.used
	t.slots = make([]setSlot, 2*len(old))
	t.shift--
	t.used = make([]uint32, 0, cap(used)*2)
	for _, i := range used {
		t.add(old[i].key, old[i].val)
	}
	return true
}
