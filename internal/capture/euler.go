package capture

import (
	"math/bits"
	"slices"

	"github.com/frisian-draughts/frisian/internal/hugepage"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// eulerSearch is the Euler test: where can a capture from a square end
// having taken exactly a given set of pieces? Given one jump (edge) per
// piece, a capture using them all exists exactly when the edges are
// connected to the start and every square but start and end has even
// degree. The test chooses the jumps depth first, in one order of the
// pieces (kind), keeping the parities and the parts the edges join.
type eulerSearch struct {
	start uint64
	k     int
	label [layout.NumSquares]target     // the pieces to take, in search order
	open  [layout.NumSquares + 1]uint64 // the squares label i or a later one touches
	want  uint64                        // the ends asked for
	visit uint64                        // squares the capture must land on (walks set it after init)
	found uint64                        // the ends found
	steps int
	depth int // the label being chosen, -1 once the test is through
	stack [layout.NumSquares + 1]eulerFrame
	// The parts the edges of each node join, with the start's: at most i+1
	// at depth i, after those of the nodes above it.
	parts [(layout.NumSquares + 1) * (layout.NumSquares + 2) / 2]uint64
	// space[i] is spanned by the differences between the jumps of each
	// label from i on, and sum[i] is the sum of their first jumps.
	space [layout.NumSquares + 1]gf2Basis
	sum   [layout.NumSquares + 1]uint64
	kind  int // the order
	memo  memoTable
}

// memoTable holds the ends possible below the nodes done, by label and
// key: a node like one done is skipped when those ends are all found. A
// slot holds the gen of the search that wrote it, so the table is never
// cleared.
type memoTable struct {
	slots  []uint64         // a power of two of slots of slotWords words (see slot)
	buffer *hugepage.Buffer // the memory of slots, nil for the heap: kept with them
	shift  uint             // 64 less the log2 of the slots
	gen    uint64
}

const slotWords = 3

// init readies a test of captures from bit at taking exactly set, within
// the squares of within.
func (e *eulerSearch) init(jg *jumpGraph, at int, set, within uint64) {
	e.start, e.k, e.visit, e.found, e.steps = 1<<at, 0, 0, 0, 0
	for s := set; s != 0; s &= s - 1 {
		x := bits.TrailingZeros64(s)
		l, t := &e.label[e.k], &jg.target[x]
		l.n, l.touch = 0, 0
		for _, r := range t.lines[:t.n] {
			if (r[0]|r[1])&within != 0 {
				l.lines[l.n] = r
				l.n++
				l.touch |= r[0] | r[1]
			}
		}
		e.k++
	}
}

// The orders of the labels (see order), in the order they take turns.
const (
	settleFirst = iota
	looseFirst
	touchFirst
	orders
)

// order puts the labels in the order of e.kind. settleFirst favours labels
// that settle most squares (touched by no later label) with the fewest
// jumps, new squares and squares left open (the table's key); touchFirst
// those that touch squares already touched. looseFirst takes first, in
// settleFirst's order, the labels whose jumps fill the least of their
// affine span (loose): fits stands for the later labels by their spans,
// so chosen first they leave it fewer ends it cannot rule out.
func (e *eulerSearch) order() {
	seen := e.start
	var after [layout.NumSquares + 1]uint64 // after[j]: touched by labels j.. from i on
	for i := 0; i < e.k; i++ {
		for j := e.k - 1; j >= i; j-- {
			after[j] = after[j+1] | e.label[j].touch
		}
		best, bestScore := i, -1<<30
		var before uint64 // touched by labels i..j-1
		for j := i; j < e.k; j++ {
			l := &e.label[j]
			t, others := l.touch, before|after[j+1]
			adds := bits.OnesCount64(t &^ seen)
			settles := bits.OnesCount64(t &^ others)
			var score int
			if e.kind == touchFirst {
				score = 4*bits.OnesCount64(t&seen) - adds + 3*settles
			} else {
				score = 16*settles - 4*adds - 4*bits.OnesCount64((seen|t)&others)
				for _, r := range l.lines[:l.n] {
					score -= 2 * bits.OnesCount64(r[0]) * bits.OnesCount64(r[1])
				}
			}
			if score > bestScore {
				best, bestScore = j, score
			}
			before |= t
		}
		e.label[i], e.label[best] = e.label[best], e.label[i]
		seen |= e.label[i].touch
	}
	if e.kind == looseFirst {
		slices.SortStableFunc(e.label[:e.k], func(a, b target) int { return b.looseness() - a.looseness() })
	}
	// The open squares and the parity spaces of the labels from each on.
	e.open[e.k], e.sum[e.k], e.space[e.k] = 0, 0, gf2Basis{}
	for i := e.k - 1; i >= 0; i-- {
		e.open[i] = e.open[i+1] | e.label[i].touch
		e.space[i], e.sum[i] = e.space[i+1], e.sum[i+1]
		e.label[i].span(&e.space[i], &e.sum[i])
	}
}

// looseness returns 7·(the dimension of the affine span of l's jumps -
// log2 of their number), in integers: how much of the span they leave out.
// A piece has at most 48 jumps (20 on each diagonal, 4 on its row and
// column), so their seventh power fits in 64 bits.
func (l *target) looseness() int {
	dim, jumps := l.n-1, uint64(0)
	for _, r := range l.lines[:l.n] {
		p, q := bits.OnesCount64(r[0]), bits.OnesCount64(r[1])
		dim, jumps = dim+p+q-2, jumps+uint64(p*q)
	}
	return 7*dim - (bits.Len64(jumps*jumps*jumps*jumps*jumps*jumps*jumps) - 1)
}

// span adds the differences between l's jumps to space and its first jump
// to sum.
func (l *target) span(space *gf2Basis, sum *uint64) {
	first := l.lines[0][0]&-l.lines[0][0] | l.lines[0][1]&-l.lines[0][1]
	*sum ^= first
	for _, r := range l.lines[:l.n] {
		a0, b0 := r[0]&-r[0], r[1]&-r[1]
		space.add((a0 | b0) ^ first)
		for a := r[0] &^ a0; a != 0; a &= a - 1 {
			space.add(a0 | a&-a)
		}
		for b := r[1] &^ b0; b != 0; b &= b - 1 {
			space.add(b0 | b&-b)
		}
	}
}

// begin starts a test for the ends in want, in e.kind's order, and returns
// its cost in steps. The parities alone (fits) turn down most sets.
func (e *eulerSearch) begin(want uint64) int {
	e.want, e.depth = want, -1
	var space gf2Basis
	sum := e.start
	for _, l := range e.label[:e.k] {
		if l.n == 0 {
			return e.k // a piece it cannot jump
		}
		l.span(&space, &sum)
	}
	// Only the squares with the remainder of the sum can be ends.
	r := space.reduce(sum)
	for w := e.want; w != 0; w &= w - 1 {
		if !space.hasEnd(r, w&-w) {
			e.want &^= w & -w
		}
	}
	if e.want == 0 {
		return e.k
	}
	e.memo.gen++
	e.order()
	e.depth, e.parts[0], e.stack[0] = 0, e.start, eulerFrame{t: e.start, n: 1}
	return e.k * e.k / 2
}

// eulerTest is the Euler test in all its orders: which one is fast depends
// on the position, up to a hundredfold. The order asked for runs alone for
// turn/4 steps; then each order in turn runs for orderTurn steps, keeping
// its progress and taking up the ends the others found, until one is
// through. A long test costs at most about orders times what its fastest
// order needs. The searches of other orders are made when first needed.
type eulerTest struct {
	by    [orders]*eulerSearch
	begun uint64 // a bit for each order begun on the current test
	cur   int    // the order whose turn it is
	steps int    // the steps of all orders
	end   int    // the steps at which the turn ends
	found uint64 // the ends found
	// log2 of the slots of each order's table
	memoBits uint
	// The orders' tables, slotWords<<memoBits words each; nil: the heap's.
	// A hard search's also holds the set search's bitmap (hardMemories).
	memory *hugepage.Buffer
	// The test, for the orders begun later.
	at                 int
	set, within, visit uint64
}

// search returns the search of order kind, made if need be.
func (t *eulerTest) search(kind int) *eulerSearch {
	if t.by[kind] == nil {
		size := slotWords << t.memoBits
		slots := t.memory.Uint64s(8*kind*size, size)
		if slots == nil {
			slots = make([]uint64, size) // when first needed
		}
		memo := memoTable{slots: slots, shift: 64 - t.memoBits, buffer: t.memory}
		t.by[kind] = &eulerSearch{kind: kind, memo: memo}
	}
	return t.by[kind]
}

// begin starts a test of captures from bit at taking exactly set within
// the squares of within, landing on those of visit, for the ends in want,
// in order kind first; it returns its cost in steps.
func (t *eulerTest) begin(jg *jumpGraph, at int, set, within, visit, want uint64, kind int) int {
	t.at, t.set, t.within, t.visit = at, set, within, visit
	t.begun, t.cur, t.steps, t.end, t.found = 1<<kind, kind, 0, turn/4, 0
	return t.start(jg, kind, want)
}

// start begins the test in order kind and returns its cost in steps.
func (t *eulerTest) start(jg *jumpGraph, kind int, want uint64) int {
	e := t.search(kind)
	e.init(jg, t.at, t.set, t.within)
	e.visit = t.visit
	return e.begin(want)
}

// run goes on with the test, begun with jg, until it is through or has
// taken limit steps in all, and reports whether it is through: then found
// holds the ends.
func (t *eulerTest) run(jg *jumpGraph, limit int) bool {
	for {
		e := t.by[t.cur]
		e.found |= t.found
		steps := e.steps
		through := e.search(steps + min(t.end, limit) - t.steps)
		t.steps += e.steps - steps
		if t.found |= e.found; through {
			return true
		}
		if t.steps >= limit {
			return false
		}
		if t.cur = (t.cur + 1) % orders; t.begun>>t.cur&1 == 0 {
			t.begun |= 1 << t.cur
			t.steps += t.start(jg, t.cur, e.want)
		}
		t.end = t.steps + orderTurn
	}
}

// eulerFrame is the state of one label's choice in the depth first search.
type eulerFrame struct {
	p       uint64 // the parities before the choice
	t       uint64 // the squares of the parts before the choice
	off, n  int    // the parts before the choice: parts[off:off+n]
	entered bool   // the node's checks are done and its choices begun
	li      int    // the line of the choice
	a, b    uint64 // its squares still to try: a&-a and b&-b are the current ones
	rest    uint64 // the remainder of need and the later first jumps (fits)
	ends    uint64 // the ends found possible below the node (all, after a cut)
}

// search goes on with the test until it is through or has taken limit
// steps, and reports whether it is through.
func (e *eulerSearch) search(limit int) bool {
	for e.depth >= 0 {
		if e.steps >= limit {
			return false
		}
		i := e.depth
		f := &e.stack[i]
		l := &e.label[i]
		more := true
		if !f.entered {
			e.steps++
			key := e.key(i, f)
			if m, tag := e.slot(i, key); m[2] == tag && m[0] == key && m[1]&^e.found == 0 {
				e.pop(i, m[1])
				continue
			}
			if !e.enter(i, f) {
				e.pop(i, f.ends)
				continue
			}
			f.entered, f.li = true, 0
			f.a, f.b = l.lines[0][0], l.lines[0][1]
		} else {
			if e.want&^e.found == 0 {
				e.depth = -1
				break
			}
			more = f.advance(l)
		}
		for more && !e.fits(i, f) {
			more = f.advance(l)
		}
		if !more {
			key, ends := e.key(i, f), f.ends|e.found
			if bits.OnesCount64(key)&1 == 0 { // the end is settled
				ends = 0
				if f.ends != 0 {
					ends = ^uint64(0)
				}
			}
			m, tag := e.slot(i, key)
			m[0], m[1], m[2] = key, ends, tag
			e.pop(i, f.ends)
			continue
		}
		e.choose(i, f)
	}
	return true
}

// key returns the key of node f, choosing label i: need (the odd squares,
// the start's flipped) on the squares labels i.. touch. Below a node, only
// that and the odd settled square, if any, decide the ends reachable; a cut
// for parts or landings makes every end possible. An even key means a
// settled end, and then the table holds only whether ends are possible.
func (e *eulerSearch) key(i int, f *eulerFrame) uint64 {
	return (f.p ^ e.start) & e.open[i]
}

// slot returns the table's slot for the node of key key choosing label i,
// and the tag of this search's such nodes. A slot {key, ends, tag} says
// that the node choosing label tag&255, of key key, allows only ends.
func (e *eulerSearch) slot(i int, key uint64) (*[slotWords]uint64, uint64) {
	at := slotWords * int((key^uint64(i)<<57)*0x9e3779b97f4a7c15>>e.memo.shift)
	return (*[slotWords]uint64)(e.memo.slots[at:]), e.memo.gen<<8 | uint64(i)
}

// pop leaves the node choosing label i, below which ends are possible.
func (e *eulerSearch) pop(i int, ends uint64) {
	if i > 0 {
		e.stack[i-1].ends |= ends
	}
	e.depth--
}

// fits reports whether f's current edge can still lead to a wanted end.
// At most one settled square may be odd: the end. The later labels add
// their first jumps and some differences between jumps to the parities, so
// the end must have the remainder of need plus those first jumps (f.rest)
// in the space the differences span over GF(2).
func (e *eulerSearch) fits(i int, f *eulerFrame) bool {
	edge := f.a&-f.a | f.b&-f.b
	want := e.want &^ e.found
	if s := (f.p ^ e.start ^ edge) &^ e.open[i+1]; s != 0 {
		if s&(s-1) != 0 {
			return false
		}
		want &= s
	}
	space := &e.space[i+1]
	return space.hasEnd(f.rest^space.reduce(edge), want)
}

// advance moves f to label l's next edge: the next b, else the next a,
// else the next line. It reports false when there is none.
func (f *eulerFrame) advance(l *target) bool {
	if f.b &= f.b - 1; f.b != 0 {
		return true
	}
	if f.a &= f.a - 1; f.a != 0 {
		f.b = l.lines[f.li][1]
		return true
	}
	if f.li++; f.li < l.n {
		f.a, f.b = l.lines[f.li][0], l.lines[f.li][1]
		return true
	}
	return false
}

// enter checks the node f that chooses label i's jump, and reports false
// at a leaf, where it records the end, and where no end can come.
func (e *eulerSearch) enter(i int, f *eulerFrame) bool {
	// need: the odd squares, the start's parity flipped; at a leaf, the end.
	need := f.p ^ e.start
	open := e.open[i]
	f.ends = ^uint64(0) // unknown, where it cuts for another cause than parity
	if f.n > 1 {
		for _, c := range e.parts[f.off : f.off+f.n] {
			if c&open == 0 {
				return false // a part that can no longer join the others
			}
		}
	}
	if e.visit&^(f.t|open) != 0 {
		return false // a square to land on that no jump can reach
	}
	if i == e.k {
		f.ends, e.found = need, e.found|need
		return false
	}
	f.ends = 0
	f.rest = e.space[i+1].reduce(need ^ e.sum[i+1])
	return true
}

// choose makes f's current edge label i's jump and pushes the next node,
// whose parts are f's with those the edge touches joined.
func (e *eulerSearch) choose(i int, f *eulerFrame) {
	edge := f.a&-f.a | f.b&-f.b
	next := &e.stack[i+1] // its other fields are set on entry
	next.p, next.t, next.entered = f.p^edge, f.t|edge, false
	next.off, next.n = f.off+f.n, 1
	joined := edge
	for _, c := range e.parts[f.off : f.off+f.n] {
		if c&edge != 0 {
			joined |= c
		} else {
			e.parts[next.off+next.n] = c
			next.n++
		}
	}
	e.parts[next.off] = joined
	e.depth++
}

// gf2Basis is a basis of bitboards over GF(2) in reduced echelon form:
// each vector's highest bit, its pivot, is in no other vector.
type gf2Basis struct {
	v      [64]uint64
	pivots uint64
}

func (b *gf2Basis) add(v uint64) {
	if v = b.reduce(v); v == 0 {
		return
	}
	h := 63 - bits.LeadingZeros64(v)
	for p := b.pivots; p != 0; p &= p - 1 {
		if i := bits.TrailingZeros64(p); b.v[i]&(1<<h) != 0 {
			b.v[i] ^= v
		}
	}
	b.v[h] = v
	b.pivots |= 1 << h
}

// reduce returns v's remainder, without pivot bits: the same for two
// vectors exactly when they differ by a vector of the space.
func (b *gf2Basis) reduce(v uint64) uint64 {
	for p := v & b.pivots; p != 0; p &= p - 1 {
		v ^= b.v[bits.TrailingZeros64(p)]
	}
	return v
}

// hasEnd reports whether some square of want has the remainder r.
func (b *gf2Basis) hasEnd(r, want uint64) bool {
	if r&(r-1) == 0 && r&want != 0 {
		return true
	}
	for p := want & b.pivots; p != 0; p &= p - 1 {
		i := bits.TrailingZeros64(p)
		if b.v[i]^(1<<i) == r {
			return true
		}
	}
	return false
}
