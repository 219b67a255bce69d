package capture

import (
	"context"
	"math"
	"math/bits"
	"sync"

	"github.com/frisian-draughts/frisian/internal/hugepage"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// jumpGraph holds every jump one capturing piece could make: over piece x
// along a line, from any square of the empty run on one side of x to any
// of the run on the other (a man's runs are the next squares).
type jumpGraph struct {
	start    int
	target   [64]target // by bit: n is 0 for a square with no enemy piece
	jumpable [64]uint64 // the pieces that can be jumped from each square
	kings    uint64     // the enemy kings
	kingBit  int        // 1 when the capturing piece is a king: its captures score 1 more
}

// target is an enemy piece as a capture sees it: the runs either side of
// it on each line it can be jumped along, and all their squares.
type target struct {
	lines [4][2]uint64
	n     int
	touch uint64
}

// init builds the graph of the man or king on bit from.
func (jg *jumpGraph) init(from int, all, enemy, kings uint64, king bool) {
	*jg = jumpGraph{start: from, kings: enemy & kings}
	if king {
		jg.kingBit = 1
	}
	occ := all &^ (1 << from)
	for e := enemy; e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		t := &jg.target[x]
		for a := range 4 {
			var lo, hi uint64
			if king {
				lo, hi = layout.Slide(a+4, x, occ), layout.Slide(a, x, occ)
			} else if n, m := layout.Neighbour[a+4][x], layout.Neighbour[a][x]; n != layout.NoBit && m != layout.NoBit && occ&(1<<n|1<<m) == 0 {
				lo, hi = 1<<n, 1<<m
			}
			if lo == 0 || hi == 0 {
				continue
			}
			t.lines[t.n] = [2]uint64{lo, hi}
			t.n++
			t.touch |= lo | hi
			for q := lo | hi; q != 0; q &= q - 1 {
				jg.jumpable[bits.TrailingZeros64(q)] |= 1 << x
			}
		}
	}
}

// landings returns where jumps over t land from the squares of from:
// the far run of each line whose near one holds a square of from, without
// a branch.
func (t *target) landings(from uint64) (l uint64) {
	for _, r := range t.lines[:t.n] {
		a, b := from&r[0], from&r[1]
		l |= r[1]&-((a|-a)>>63) | r[0]&-((b|-b)>>63)
	}
	return l
}

// reach returns the pieces a capture could jump, were each jumpable more
// than once, and the squares it could visit: a bound on any capture.
func (jg *jumpGraph) reach() (pieces, squares uint64) {
	squares = 1 << jg.start
	for {
		pieces = 0
		for q := squares; q != 0; q &= q - 1 {
			pieces |= jg.jumpable[bits.TrailingZeros64(q)]
		}
		next := squares
		for x := pieces; x != 0; x &= x - 1 {
			next |= jg.target[bits.TrailingZeros64(x)].landings(next)
		}
		if next == squares {
			return pieces, squares
		}
		squares = next
	}
}

// searchHardPieces finishes the hard pieces, those that could capture the
// most first, so that their best score cuts the others.
func (g *Search) searchHardPieces(dst []Move, kings, men uint64) []Move {
	var h hardSearch
	h.ctx, h.mem = g.Ctx, hardMemories.Get().(*hardMemory)
	defer hardMemories.Put(h.mem)
	var bound [64]int // of the captures of each piece
	for k := kings | men; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		h.jg.init(b, g.Own|g.Opp, g.Opp, g.OppKings, kings>>b&1 != 0)
		r, _ := h.jg.reach()
		bound[b] = value(r, h.jg.kings) + h.jg.kingBit
	}
	for left := kings | men; left != 0; {
		b := bits.TrailingZeros64(left) // of the highest bound, the lowest
		for k := left & (left - 1); k != 0; k &= k - 1 {
			if c := bits.TrailingZeros64(k); bound[c] > bound[b] {
				b = c
			}
		}
		if left &^= 1 << b; bound[b] < g.best {
			continue
		}
		king := kings>>b&1 != 0
		g.setPiece(b, king, len(dst))
		h.jg.init(b, g.Own|g.Opp, g.Opp, g.OppKings, king)
		h.bar = max(g.best, 0)
		h.search()
		// Kept only now, as the set search finds light captures first; only
		// the finds of the method that answered are complete and each once.
		g.unique = true
		for _, f := range h.mem.found {
			for e := f.ends; e != 0 && f.bySets == h.bySets; e &= e - 1 {
				dst = g.record(dst, bits.TrailingZeros64(e), f.set, h.bar)
			}
		}
		g.unique = false
		if h.err != nil {
			g.Err = h.err
			return dst
		}
	}
	return dst
}

// hardSearch finds the best captures of one hard piece by two exact
// methods taking turns counted in work; the first through answers. The
// levels search is quick where the best captures take nearly all in reach,
// the set search where few sets can be taken.
type hardSearch struct {
	jg            jumpGraph
	reach, within uint64 // the pieces in reach of the start, and the squares
	bar           int    // the score the captures must reach to matter
	ctx           context.Context
	err           error
	levels        levelSearch
	mem           *hardMemory
	bySets        bool // the set search answered
}

// setCaptures are the captures taking exactly set, where they can end, and
// whether the set search found them.
type setCaptures struct {
	set, ends uint64
	bySets    bool
}

// hardMemory is what a hard search needs beyond its stack, kept from call
// to call in hardMemories: made for each call, the set search's 6 MiB and
// the Euler test's 140 KiB an order would be most of its time.
type hardMemory struct {
	sets  setSearch
	test  eulerTest
	found []setCaptures // the captures found, all of score bar
}

var hardMemories = sync.Pool{New: func() any {
	const memo, bitmap = orders * slotWords << hardMemoBits, 1 << maxDense / 64
	// The Euler tables and the set bitmap share 416 KiB: one huge page,
	// where small pages cost a fresh process some 100 faults.
	m := &hardMemory{test: eulerTest{memoBits: hardMemoBits, memory: hugepage.New(8 * (memo + bitmap))}}
	m.sets.inUse = m.test.memory.Uint64s(8*memo, bitmap)
	return m
}}

const hardMemoBits = 12 // log2 of the slots of a hard search's Euler tables: few enough for the caches

// add keeps that captures taking set, of score score, can end on ends, and
// drops those of a lower score.
func (h *hardSearch) add(set, ends uint64, score int, bySets bool) {
	if score < h.bar {
		return
	}
	if score > h.bar {
		h.bar, h.mem.found = score, h.mem.found[:0]
	}
	h.mem.found = append(h.mem.found, setCaptures{set, ends, bySets})
}

// search finds the best captures of the piece of h.jg, of h.bar on, unless
// the context stops it (h.err).
func (h *hardSearch) search() {
	h.reach, h.within = h.jg.reach()
	h.mem.found = h.mem.found[:0]
	// The set search's first turn is short: where the levels search needs
	// just over one turn, a whole turn of the sets would cost more.
	levelsTurn, setsTurn, setsBegun := turn, turn/4, false
	if sets := 1 << bits.OnesCount64(h.reach); sets <= 2*setShare*turn {
		// The set search alone, through in one turn: its sets, and one
		// look that finds none left: at most some 5 ms, where the levels
		// search of such a piece often takes longer.
		levelsTurn, setsTurn = 0, sets+1
	} else {
		h.levels.init(h)
	}
	for ; ; levelsTurn, setsTurn = turn, setShare*turn {
		if h.ctx != nil {
			if h.err = h.ctx.Err(); h.err != nil {
				return
			}
		}
		if h.levels.run(h, levelsTurn) {
			h.bySets = false
			return
		}
		sets := &h.mem.sets
		if !setsBegun {
			sets.init(h)
			setsBegun = true
		}
		if !sets.full && sets.run(h, setsTurn) {
			h.bySets = true
			return
		}
	}
}

// levelSearch asks the Euler test which sets of the pieces in reach can be
// taken and where, by score from the heaviest down, until a score has one.
type levelSearch struct {
	kings, men [layout.NumSquares]uint8 // the pieces in reach, by kind
	nk, nm     int
	k, m       int    // the kings and men of the level being gone through
	value      int    // its value, kingValue·k + manValue·m, or MaxInt before the first
	bar        int    // the score a level must reach, as it was at init
	kc, mc     uint64 // the current combination, as bits of kings and men
	testing    bool   // the Euler test of set is under way
	set        uint64 // the set of the current combination
	hit        bool   // the current level has a set that can be taken
	lead       int    // the order the next test begins in: the sets of one piece are alike
	// The parity space of all the pieces in reach (see eulerSearch.fits)
	// and, reduced in it, the start and each piece's first jump (by bit):
	// a set whose parities fail there fails in its own space, a subspace,
	// for a few XORs where the test's own look costs a basis.
	all   gf2Basis
	start uint64
	first [64]uint64
}

// init readies the levels of h's piece.
func (l *levelSearch) init(h *hardSearch) {
	l.value, l.bar, l.testing, l.hit = math.MaxInt, h.bar-h.jg.kingBit, false, false
	l.lead, l.all, l.nk, l.nm = settleFirst, gf2Basis{}, 0, 0
	e := h.mem.test.search(settleFirst) // its labels are the pieces in reach, in order
	e.init(&h.jg, h.jg.start, h.reach, h.within)
	for i, r := 0, h.reach; r != 0; i, r = i+1, r&(r-1) {
		x := bits.TrailingZeros64(r)
		if h.jg.kings>>x&1 != 0 {
			l.kings[l.nk], l.nk = uint8(x), l.nk+1
		} else {
			l.men[l.nm], l.nm = uint8(x), l.nm+1
		}
		if l.first[x] = 0; e.label[i].n != 0 {
			e.label[i].span(&l.all, &l.first[x])
		}
	}
	for r := h.reach; r != 0; r &= r - 1 {
		x := bits.TrailingZeros64(r)
		l.first[x] = l.all.reduce(l.first[x])
	}
	l.start = l.all.reduce(1 << h.jg.start)
}

// run tries sets for budget units of work, and reports whether it is through.
func (l *levelSearch) run(h *hardSearch, budget int) bool {
	t := &h.mem.test
	for work := 0; work < budget; {
		if !l.testing {
			if !l.next() {
				return true
			}
			kings, r := l.spread(l.kc, &l.kings, l.start)
			men, r := l.spread(l.mc, &l.men, r)
			set := kings | men
			// Where a capture taking set can stop: no piece left to jump.
			stop := h.within
			for u := h.reach &^ set; u != 0; u &= u - 1 {
				stop &^= h.jg.target[bits.TrailingZeros64(u)].touch
				work++
			}
			if stop == 0 {
				continue
			}
			if !l.all.hasEnd(r, stop) {
				work += bits.OnesCount64(set) // what the test's own look costs
				continue
			}
			l.set, l.testing = set, true
			work += t.begin(&h.jg, h.jg.start, set, h.within, 0, stop, l.lead)
		}
		steps := t.steps
		through := t.run(&h.jg, steps+budget-work)
		work += t.steps - steps
		if !through {
			return false
		}
		l.testing, l.lead = false, t.cur
		if t.found != 0 {
			l.hit = true
			h.add(l.set, t.found, value(l.set, h.jg.kings)+h.jg.kingBit, false)
		}
	}
	return false
}

// next moves to the next combination, and reports false when the levels
// are through, or a level had a set that can be taken.
func (l *levelSearch) next() bool {
	if l.value < math.MaxInt {
		if c := nextCombination(l.mc); c < 1<<l.nm {
			l.mc = c
			return true
		}
		l.mc = 1<<l.m - 1
		if c := nextCombination(l.kc); c < 1<<l.nk {
			l.kc = c
			return true
		}
		if l.hit {
			return false
		}
	}
	// The heaviest level below the last; values differ from level to level.
	best := 0
	for k := 0; k <= l.nk && kingValue*k < l.value; k++ {
		m := min(l.nm, (l.value-1-kingValue*k)/manValue)
		if v := kingValue*k + manValue*m; v > best {
			best, l.k, l.m = v, k, m
		}
	}
	if l.value = best; best == 0 || 2*best < l.bar {
		return false
	}
	l.kc, l.mc = 1<<l.k-1, 1<<l.m-1
	return true
}

// nextCombination returns the next larger number with as many bits as c
// (Gosper's hack), or all bits set when c is 0: no next.
func nextCombination(c uint64) uint64 {
	if c == 0 {
		return ^uint64(0)
	}
	low := c & -c
	r := c + low
	return r | ((c^r)>>2)/low
}

// spread returns the pieces of list whose indices are the bits of c, and
// parity plus the parities of their first jumps, reduced in l.all.
func (l *levelSearch) spread(c uint64, list *[layout.NumSquares]uint8, parity uint64) (set, _ uint64) {
	for ; c != 0; c &= c - 1 {
		b := list[bits.TrailingZeros64(c)&63] & 63
		set |= 1 << b
		parity ^= l.first[b]
	}
	return set, parity
}
