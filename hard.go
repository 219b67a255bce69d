package frisian

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
)

// jumpGraph holds every jump one capturing piece could make. Captured
// pieces stay on the board until the capture ends, so which squares are
// empty never changes during a capture (the piece's own start square
// counts as empty): a jump over piece x along line a goes from any square
// of the empty run on one side of x to any square of the run on the other
// side. For a man both runs are the single next squares.
type jumpGraph struct {
	start int
	// run[x][a] are the two runs of line a (0..3, direction indices a and
	// a+4) either side of the piece on bit x; both empty when the piece
	// cannot be jumped along that line.
	run [64][4][2]uint64
	// jumpable[q] holds the pieces that can be jumped from square q.
	jumpable [64]uint64
	prey     uint64 // the pieces that can be jumped at all
	kings    uint64 // the enemy kings
	kingBit  int    // 1 when the capturing piece is a king (see score)
}

// init builds the graph of the man or king on bit from, given every piece
// on the board and the enemy pieces.
func (jg *jumpGraph) init(from int, all, enemy, kings uint64, king bool) {
	*jg = jumpGraph{start: from, kings: enemy & kings}
	occ := all &^ (1 << from)
	if king {
		jg.kingBit = 1
	}
	for e := enemy; e != 0; e &= e - 1 {
		x := bits.TrailingZeros64(e)
		for a := range 4 {
			var lo, hi uint64
			if king {
				lo, hi = slide(a+4, x, occ), slide(a, x, occ)
			} else if n, m := neighbour[a+4][x], neighbour[a][x]; n != noBit && m != noBit && occ&(1<<n|1<<m) == 0 {
				lo, hi = 1<<n, 1<<m
			}
			if lo == 0 || hi == 0 {
				continue
			}
			jg.run[x][a] = [2]uint64{lo, hi}
			jg.prey |= 1 << x
			for q := lo | hi; q != 0; q &= q - 1 {
				jg.jumpable[bits.TrailingZeros64(q)] |= 1 << x
			}
		}
	}
}

// touch returns the squares from which the piece on bit x can be jumped.
func (jg *jumpGraph) touch(x int) uint64 {
	r := &jg.run[x]
	return r[0][0] | r[0][1] | r[1][0] | r[1][1] | r[2][0] | r[2][1] | r[3][0] | r[3][1]
}

// landings returns where jumps over the piece on bit x land from the
// squares of from.
func (jg *jumpGraph) landings(x int, from uint64) uint64 {
	var l uint64
	for _, r := range &jg.run[x] {
		if from&r[0] != 0 {
			l |= r[1]
		}
		if from&r[1] != 0 {
			l |= r[0]
		}
	}
	return l
}

// reach returns the pieces outside taken that some capture standing on
// squares could still jump, ignoring that each is jumped once, and the
// squares such captures visit: a bound on any capture from there.
func (jg *jumpGraph) reach(squares, taken uint64) (pieces, visited uint64) {
	for {
		var j uint64
		for q := squares; q != 0; q &= q - 1 {
			j |= jg.jumpable[bits.TrailingZeros64(q)]
		}
		pieces = j &^ taken
		next := squares
		for x := pieces; x != 0; x &= x - 1 {
			next |= jg.landings(bits.TrailingZeros64(x), next)
		}
		if next == squares {
			return pieces, squares
		}
		squares = next
	}
}

// value returns the precedence score of taking the pieces of set
// (RULES.md §3.1): twice 199 a king and 100 a man, plus one when the
// capturing piece is a king.
func (jg *jumpGraph) value(set uint64) int {
	k := bits.OnesCount64(set & jg.kings)
	return 2*(kingValue*k+manValue*(bits.OnesCount64(set)-k)) + jg.kingBit
}

// setEnds are the squares on which captures taking exactly a set can end.
type setEnds struct{ set, ends uint64 }

// hardResult is what a finished search of one piece found: the best score
// above the bar it was given, and the captures that have it.
type hardResult struct {
	best int
	ends []setEnds
}

func (r *hardResult) reset() { r.best, r.ends = -1, r.ends[:0] }

// add records that captures taking set, of score score, can end on ends.
func (r *hardResult) add(set, ends uint64, score int) {
	switch {
	case score > r.best:
		r.best, r.ends = score, append(r.ends[:0], setEnds{set, ends})
	case score == r.best:
		r.ends = append(r.ends, setEnds{set, ends})
	}
}

// hardSearch finds the best captures of one piece whose plain search ran
// long. Two exact methods take turns of growing length, counted in units
// of work, never of time, and the first to finish answers:
//
//   - levels, top down: the sets a capture could take, from the heaviest,
//     each asked of the Euler test (euler) until a score level has one
//     that can be taken. Where the best captures take all or nearly all
//     of what is in reach, as on the crowded boards that make captures
//     long, that is a handful of tests;
//   - sets, bottom up: for each set of pieces, every square the piece can
//     stand on having taken exactly that set, one size after the other
//     (setSearch). Where few sets can be taken it answers at once.
type hardSearch struct {
	jg     jumpGraph
	reach  uint64 // the pieces in reach of the start
	within uint64 // the squares in reach
	bar    int    // the score the captures must reach to matter
	// setsFirst reports that the set search answered for the last piece:
	// the next, on the same board, most likely goes the same way.
	setsFirst bool
	ctx       context.Context
	err       error
	levels    levelSearch
	sets      *setSearch
	euler     eulerSearch
}

// The turns, in units of work: an Euler test step or a combination tried
// is one, a set expanded is setCost (each takes about 35 ns, a set 60 ns).
// A piece begins with a turn of firstTurn units of the method that
// answered the last hard piece of the position, or of the levels search,
// which answers most pieces within it: then the set search has setShare
// times the levels search's time, in turns, since where it is needed the
// levels search is mostly far slower.
const (
	firstTurn = 1 << 15
	turn      = 1 << 10
	setShare  = 4
	setCost   = 2
	ctxEvery  = 1 << 12
)

// search returns the best captures of the piece that score at least bar.
// It fails only when h.ctx is done (h.err says so). It sets h.setsFirst
// to which method answered, for the next piece.
func (h *hardSearch) search(res *hardResult) bool {
	if h.stopped() {
		return false
	}
	h.euler.ctx, h.euler.err = h.ctx, nil
	h.reach, h.within = h.jg.reach(1<<h.jg.start, 0)
	h.levels.init(h)
	levels, sets := turn, setShare*turn/setCost
	// Where only a capture of everything in reach would do, the levels
	// search has one set to test.
	if len(h.levels.levels) == 1 && h.levels.levels[0] == [2]int{h.levels.nk, h.levels.nm} {
		h.setsFirst = false
	}
	if h.setsFirst {
		sets = firstTurn / setCost
	} else {
		levels = firstTurn
	}
	for first := true; ; first = false {
		if !first || !h.setsFirst {
			if done, ok := h.levels.run(h, levels); done {
				*res, h.levels.res = h.levels.res, *res
				h.setsFirst = false
				return ok
			}
		}
		if first {
			if h.sets == nil {
				h.sets = setSearches.Get().(*setSearch)
			}
			h.sets.init(h)
		}
		if !h.sets.full && h.sets.run(h, sets) {
			if h.err != nil {
				return false
			}
			*res, h.sets.res = h.sets.res, *res
			h.setsFirst = true
			return true
		}
		levels, sets = turn, setShare*turn/setCost
	}
}

// stopped looks at the context, and reports whether the search must stop.
func (h *hardSearch) stopped() bool {
	if h.ctx != nil && h.err == nil {
		h.err = h.ctx.Err()
	}
	return h.err != nil
}

// levelSearch goes through the sets of the pieces in reach by score, from
// the heaviest down, and asks the Euler test which can be taken exactly and
// where such captures end. The first score level with such a set is the
// best, and its captures are all those of the sets of that level.
type levelSearch struct {
	kings, men [NumSquares]uint8 // the pieces in reach, by kind
	nk, nm     int
	levels     [][2]int // (kings, men) of each score level, heaviest first
	level      int      // the level being gone through
	kc, mc     uint64   // the current combination, as bits of kings and men
	inLevel    bool     // kc, mc are a combination of the current level
	testing    bool     // the Euler test of set is under way
	set        uint64   // the set of the current combination
	hit        bool     // the current level has a set that can be taken
	res        hardResult
	touch      [64]uint64 // the squares each piece in reach can be jumped from
	buf        [(NumSquares/2 + 1) * (NumSquares/2 + 1)][2]int
}

func (l *levelSearch) init(h *hardSearch) {
	l.nk, l.nm = 0, 0
	for r := h.reach; r != 0; r &= r - 1 {
		b := uint8(bits.TrailingZeros64(r))
		l.touch[b] = h.jg.touch(int(b))
		if h.jg.kings&(1<<b) != 0 {
			l.kings[l.nk] = b
			l.nk++
		} else {
			l.men[l.nm] = b
			l.nm++
		}
	}
	l.levels = l.buf[:0]
	for k := 0; k <= l.nk; k++ {
		for m := 0; m <= l.nm; m++ {
			if k+m > 0 && 2*(kingValue*k+manValue*m)+h.jg.kingBit >= h.bar {
				l.levels = append(l.levels, [2]int{k, m})
			}
		}
	}
	slices.SortFunc(l.levels, func(a, b [2]int) int {
		return cmp.Compare(kingValue*b[0]+manValue*b[1], kingValue*a[0]+manValue*a[1])
	})
	l.level, l.inLevel, l.testing, l.hit = 0, false, false, false
	l.res.reset()
}

// run tries sets within budget units of work. It reports done once the
// search is through, and ok when it found the answer (res); done without
// ok means the context stopped it.
func (l *levelSearch) run(h *hardSearch, budget int) (done, ok bool) {
	e := &h.euler
	for work := 0; work < budget; {
		if !l.testing {
			if !l.next() {
				return true, true
			}
			set := spread(l.kc, &l.kings) | spread(l.mc, &l.men)
			// The squares a capture taking set can stop on: none of the
			// pieces it leaves can be jumped from them.
			stop := h.within
			for u := h.reach &^ set; u != 0; u &= u - 1 {
				stop &^= l.touch[bits.TrailingZeros64(u)]
				work++
			}
			if stop == 0 {
				continue
			}
			l.set, l.testing = set, true
			e.init(&h.jg, h.jg.start, set, h.within)
			work += e.begin(stop)
		}
		steps := e.steps
		through := e.run(steps + budget - work)
		work += e.steps - steps
		if e.err != nil {
			h.err = e.err
			return true, false
		}
		if !through {
			return false, false
		}
		l.testing = false
		if e.found != 0 {
			l.hit = true
			l.res.add(l.set, e.found, h.jg.value(l.set))
		}
	}
	return false, false
}

// next moves to the next combination, and reports false when there is
// none: the levels are through, or a level had a set that can be taken.
func (l *levelSearch) next() bool {
	for l.level < len(l.levels) {
		k, m := l.levels[l.level][0], l.levels[l.level][1]
		if !l.inLevel {
			l.kc, l.mc, l.inLevel = 1<<k-1, 1<<m-1, true
			return true
		}
		if c := nextCombination(l.mc); m > 0 && c < 1<<l.nm {
			l.mc = c
			return true
		}
		l.mc = 1<<m - 1
		if c := nextCombination(l.kc); k > 0 && c < 1<<l.nk {
			l.kc = c
			return true
		}
		if l.hit {
			return false
		}
		l.level, l.inLevel = l.level+1, false
	}
	return false
}

// nextCombination returns the next larger number with as many bits as c
// (Gosper's hack), or all bits set when c is 0: no number of no bits
// follows it.
func nextCombination(c uint64) uint64 {
	if c == 0 {
		return ^uint64(0)
	}
	low := c & -c
	r := c + low
	return r | ((c^r)>>2)/low
}

// spread returns the pieces of list whose indices are the bits of c.
func spread(c uint64, list *[NumSquares]uint8) uint64 {
	var set uint64
	for ; c != 0; c &= c - 1 {
		set |= 1 << list[bits.TrailingZeros64(c)&63]
	}
	return set
}
