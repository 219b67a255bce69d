package frisian

import (
	"context"
	"math"
	"math/bits"
	"slices"
)

// The Euler test: can a piece take exactly a given set of pieces, and where
// can it end?
//
// In the capture graph (capturegraph.go) a capture taking exactly the set
// S uses one edge of each piece of S. For one chosen edge per piece, a
// trail from the start using them all exists exactly when the chosen edges
// are connected to the start and at most the start and the end have odd
// degree. So the test chooses one edge per piece, keeping the parity of
// every square's degree, and checks connection at the end.
//
// The pieces are ordered so that squares are settled early: a square no
// later piece touches has a final degree, and two settled odd squares
// besides the start cut a branch at once. On crowded boards, where trails
// are astronomically many, this answers in microseconds; its budget keeps
// the rare hard case bounded, and the callers then fall back to search.

// eulerBudget bounds the edge choices of one test, unless its caller
// gives another.
const eulerBudget = 1 << 13

// pieceEdges lists the ways to jump one piece: a king's runs across the
// whole empty line on each side of it, a man's only the next squares. No
// square has more than 48 (two diagonals of up to 4×5 and two short
// lines of 2×2).
type pieceEdges struct {
	n     int
	touch uint64       // every square of every edge
	edges [48][2]uint8 // bit indices of the two squares
}

// eulerSearch is one run of the test.
type eulerSearch struct {
	start  uint64
	budget int             // edge choices allowed; 0 means eulerBudget
	end    uint64          // when not 0, the end squares wanted
	visit  []uint8         // squares the capture must land on before its end
	ctx    context.Context // when not nil, the test stops when it is done
	// pause, when not nil, is told the work done so far every 1024
	// steps, and stops the test when it returns false.
	pause func(work int) bool
	look  int // the work at which ctx, pause and the turn are looked at next
	// lookEvery, when not 0, is the work between two looks in place of
	// 1024. For tests.
	lookEvery int
	n         int
	pieces    [NumSquares]pieceEdges
	// masks holds each edge's two squares as a set, by piece in order:
	// the choice's inner loop reads them.
	masks   [NumSquares][48]uint64
	settled [NumSquares]uint64     // squares no piece after i touches
	later   [NumSquares + 1]uint64 // squares piece i or a later one touches
	// Once many trails fall apart at the end, comps[i] holds the parts
	// the edges chosen before piece i join (see join).
	joining      bool
	disconnected int
	comps        *[NumSquares + 1]components // made the first time it is needed
	chosen       [NumSquares][2]uint8
	found        uint64
	touched      uint64       // every square of every edge
	possible     uint64       // the ends linearEnds allows
	suffix       *eulerSuffix // made once a test runs long
	suffixOf     uint32       // the test suffix was filled in for
	work         int
	parity       uint64       // the ends by parity of the current state's choices
	memo         *parityTable // made once a test runs long
	remember     bool         // a test of this piece ran long: the rest use memo
	// The prefixes (startChoice): the pieces whose edges make them, how
	// many there are, and each one's state while it waits; the one whose
	// turn it is, the prefixes waiting, and the work at which its turn
	// ends unless it finds an end.
	prefixLen, prefixes int
	stride              [NumSquares]int
	waiting             *[maxPrefixes]waitingPrefix
	prefix, others      int
	turnEnd, slice      int
	// firstSlice, when not 0, is the work of a prefix's first turn in
	// place of prefixSlice, and turns counts the turns that ended before
	// their prefix did. For tests.
	firstSlice, turns int
	stack             [NumSquares + 1]chooseFrame // the choice's, by piece
	test              uint32                      // tells the tests that share memo apart
	// The queue of the prefixes waiting, from head, count of them; the
	// work at which the test pauses for the second order, which alt
	// runs (portfolio), and the work of the other order, for pause.
	queue       [maxPrefixes]uint8
	head, count int
	pauseAt     int
	workBase    int
	alt         *eulerSearch
	// altAt, when not 0, is the work after which the second order joins,
	// in place of altAfter and whatever the pieces; when negative, it
	// never does. altWork is the work the second order did. For tests.
	altAt, altWork int
}

// reset readies s for the tests of a new piece, keeping the memory it
// made for earlier pieces.
func (s *eulerSearch) reset(ctx context.Context) {
	memo, test := s.memo, s.test
	if test > math.MaxUint32/2 {
		memo = nil // a slot of long ago could pass for one of this test
	}
	*s = eulerSearch{ctx: ctx, comps: s.comps, suffix: s.suffix, memo: memo, test: test, waiting: s.waiting, alt: s.alt}
}

// ends returns the squares on which a capture standing on bit at can end
// after taking exactly the pieces of set, and false when the budget ran out
// first.
func (s *eulerSearch) ends(cg *captureGraph, at int, set uint64) (uint64, bool) {
	s.start, s.n, s.found, s.work, s.parity, s.look = 1<<at, 0, 0, 0, 0, s.every()
	var index [64]uint8 // piece bit → its place in pieces, plus one
	var takes uint64
	// Each edge is seen once, from its end with the lower bit, in one of
	// the four directions towards square 50.
	for v := cg.verts; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 4 {
			p := cg.piece[b][d]
			if p == noBit || set&(1<<p) == 0 {
				continue
			}
			if index[p] == 0 {
				s.pieces[s.n].n, s.pieces[s.n].touch = 0, 0
				s.n++
				index[p] = uint8(s.n)
				takes |= 1 << p
			}
			pe := &s.pieces[index[p]-1]
			for l := cg.land[b][d]; l != 0; l &= l - 1 {
				e := [2]uint8{uint8(b), uint8(bits.TrailingZeros64(l))}
				pe.edges[pe.n] = e
				pe.touch |= 1<<e[0] | 1<<e[1]
				pe.n++
			}
		}
	}
	if takes != set {
		return 0, true // a piece of set that cannot be jumped at all
	}
	if s.budget == 0 {
		s.budget = eulerBudget
	}
	s.order(firstOrder())
	s.prepare()
	if s.possible = s.linearEnds(); s.end != 0 {
		s.possible &= s.end
	}
	if s.possible == 0 {
		return 0, true
	}
	s.startChoice()
	s.pauseAt = math.MaxInt
	switch {
	case s.altAt > 0:
		s.pauseAt = s.altAt
	case s.altAt == 0 && s.n >= altFrom:
		s.pauseAt = altAfter
	}
	r := s.continueChoice()
	if r == paused {
		r = s.portfolio()
	}
	if r == stopped {
		return 0, false
	}
	return s.found, true
}

// prepare fills in what the choice reads of the pieces in their order.
func (s *eulerSearch) prepare() {
	s.test++
	s.suffixOf = 0
	var later uint64
	s.later[s.n] = 0
	for i := s.n - 1; i >= 0; i-- {
		pe := &s.pieces[i]
		for k, e := range pe.edges[:pe.n] {
			s.masks[i][k] = 1<<e[0] | 1<<e[1]
		}
		s.settled[i] = s.pieces[i].touch &^ later
		later |= s.pieces[i].touch
		s.later[i] = later
	}
	s.touched = later
	s.joining, s.disconnected = false, 0
}

// altAfter is the work after which a test in the first order goes on in
// turns with the second order, turns that double in length, until either
// finishes; the ends either finds are shared. Which order of the pieces
// makes a test fast depends on the position, by up to a hundred times
// either way, and none of the measures of an order tried (the squares
// that stay open at each piece, and two estimates of the states) told the
// fast ones apart. A long test then costs about twice what the faster
// order needs from the switch on, at most. A switch after 8192 steps did
// not pay: on the tests that end soon after it, the second order cost
// more than it saved.
const altAfter = 1 << 15

// altFrom is the fewest pieces for which the second order is tried.
const altFrom = 8

// portfolio goes on with a test that ran altAfter steps in its first
// order, in turns with the second (see altAfter). It returns finished or
// stopped, as continueChoice does; s.work is then the work of both.
func (s *eulerSearch) portfolio() int {
	if s.alt == nil {
		s.alt = new(eulerSearch)
	}
	a := s.alt
	a.reset(s.ctx)
	a.start, a.end, a.visit, a.pause, a.lookEvery = s.start, s.end, s.visit, s.pause, s.lookEvery
	a.firstSlice = s.firstSlice
	a.n, a.found, a.possible, a.look = s.n, s.found, s.possible, a.every()
	copy(a.pieces[:s.n], s.pieces[:s.n])
	a.order(secondOrder())
	a.prepare()
	a.startChoice()
	budget, slice := s.budget, s.work
	r := paused
	for r == paused {
		a.found |= s.found
		a.budget, a.workBase, a.pauseAt = budget-s.work, s.work, a.work+slice
		if r = a.continueChoice(); r != paused {
			break
		}
		s.found |= a.found
		s.budget, s.workBase, s.pauseAt = budget-a.work, a.work, s.work+slice
		r = s.continueChoice()
		slice *= 2
	}
	s.found |= a.found
	s.work += a.work
	s.altWork += a.work
	s.budget, s.workBase = budget, 0
	return r
}

// linearEnds returns the squares where the parities allow an end, ignoring
// that each piece has one edge: every end lies among them. Each piece
// adds the parities of one of its edges; write that as its first edge's
// plus the difference to the one chosen. The differences of all pieces
// gf2Space a space, and the parities the choices can give, as vectors of
// squares over GF(2), lie in the sum of the first edges plus that space;
// so the parities of a trail ending on t (the start and t odd, or none
// when t is the start) must too. One elimination answers for every t, in
// microseconds, where the search of choices can take milliseconds to find
// that no choice works.
func (s *eulerSearch) linearEnds() uint64 {
	var sp gf2Space
	var sum uint64
	for _, pe := range s.pieces[:s.n] {
		first := uint64(1)<<pe.edges[0][0] | uint64(1)<<pe.edges[0][1]
		sum ^= first
		for _, e := range pe.edges[1:pe.n] {
			sp.add(first ^ uint64(1)<<e[0] ^ uint64(1)<<e[1])
		}
	}
	var ends uint64
	if sp.reduce(sum) == 0 {
		ends = s.start
	}
	// sum + start + t lies in the space exactly when t and sum + start
	// reduce to the same vector.
	return ends | sp.matching(s.touched&^s.start, sp.reduce(sum^s.start))
}

// gf2Space is a space of vectors over GF(2), by a basis in reduced
// echelon form: each vector has a distinct highest bit (its pivot), and
// no vector holds another's pivot.
type gf2Space struct {
	pivots uint64
	basis  [64]uint64 // by pivot
}

// add adds x to the space.
func (sp *gf2Space) add(x uint64) {
	if x = sp.reduce(x); x == 0 {
		return
	}
	p := 63 - bits.LeadingZeros64(x)
	// Clear the new pivot from the vectors that hold it.
	for q := sp.pivots; q != 0; q &= q - 1 {
		b := bits.TrailingZeros64(q)
		if sp.basis[b]&(1<<p) != 0 {
			sp.basis[b] ^= x
		}
	}
	sp.basis[p] = x
	sp.pivots |= 1 << p
}

// reduce returns the vector of x's class that holds no pivot: the same
// for two vectors exactly when they differ by one of the space.
func (sp *gf2Space) reduce(x uint64) uint64 {
	// No vector of the basis holds another's pivot, so one pass does.
	for m := x & sp.pivots; m != 0; m &= m - 1 {
		x ^= sp.basis[bits.TrailingZeros64(m)]
	}
	return x
}

// matching returns the squares of among whose single bit reduces to want,
// which holds no pivot: a square that is no pivot reduces to itself, and
// a pivot p to its vector less p.
func (sp *gf2Space) matching(among, want uint64) uint64 {
	var found uint64
	if want&(want-1) == 0 {
		found = want & among
	}
	for q := among & sp.pivots; q != 0; q &= q - 1 {
		p := q & -q
		if sp.basis[bits.TrailingZeros64(q)]^p == want {
			found |= p
		}
	}
	return found
}

// order arranges the pieces so that squares are settled early: each next
// piece is the one of the highest score by w, which counts above all the
// squares it settles (touched by no piece after it). The order decides
// how soon the choice of edges can cut a branch, and so the time of a
// long test, by up to a hundred times either way.
func (s *eulerSearch) order(w orderWeights) {
	var count [64]uint8 // pieces not yet placed touching each square
	for _, pe := range s.pieces[:s.n] {
		for t := pe.touch; t != 0; t &= t - 1 {
			count[bits.TrailingZeros64(t)]++
		}
	}
	var seen uint64
	for i := 0; i < s.n; i++ {
		var last uint64 // squares only one unplaced piece touches
		for b, c := range count {
			if c == 1 {
				last |= 1 << b
			}
		}
		best, bestScore := i, 0
		for j := i; j < s.n; j++ {
			pe := &s.pieces[j]
			score := w.settles*bits.OnesCount64(pe.touch&last) - w.edges*pe.n -
				w.adds*bits.OnesCount64(pe.touch&^seen) + w.shares*bits.OnesCount64(pe.touch&seen)
			if j == i || score > bestScore {
				best, bestScore = j, score
			}
		}
		s.pieces[i], s.pieces[best] = s.pieces[best], s.pieces[i]
		seen |= s.pieces[i].touch
		for t := s.pieces[i].touch; t != 0; t &= t - 1 {
			count[bits.TrailingZeros64(t)]--
		}
	}
}

// orderWeights weigh what order looks at in the next piece: the squares it
// settles, its edges, the squares it adds to those of the pieces before
// it, and those it shares with them.
type orderWeights struct{ settles, edges, adds, shares int }

// firstOrder is the order of every test. Over the Euler tests that the
// worst-case table's positions of at most 20 a side ask, 2170 of them,
// each stopped at 2^18 steps, it needs 7.6M steps in all, where the order
// before it (256, 16, 1, 0) needed 10.9M; LegalMoves on those positions
// took 13% less time.
func firstOrder() orderWeights { return orderWeights{settles: 256, edges: 16, adds: 64} }

// secondOrder is the order of a test that runs long (see altAfter). It is
// the one of seven tried that best makes up for the first: the graph
// search of climb20Mixed1's king on 2 takes 0.5 ms in it, 6.4 ms in the
// first.
func secondOrder() orderWeights {
	return orderWeights{settles: 256, edges: 16, adds: 1, shares: 64}
}

// every returns the work between two looks at ctx, pause and the turn.
func (s *eulerSearch) every() int {
	if s.lookEvery != 0 {
		return s.lookEvery
	}
	return 1024
}

// The choice goes through the pieces in order, an edge of each, depth
// first. It is cut into prefixes, the edges of the first pieces (up to
// maxPrefixes combinations of them), searched in turns: a prefix that goes
// a turn's work without finding a new end waits at the back, its stack
// kept, so no work is done twice, and its next turn is twice as long.
// Where the ends lie in a few branches and a large fruitless one comes
// first, the order of a plain depth-first search decides its time: on
// climb6Mixed1's second king the same test took 1.48M steps in one order
// of the pieces and 19k with the first two swapped.

// maxPrefixes bounds the prefixes of a test, and prefixSlice is the least
// work of a prefix's first turn. A turn ends only where the test looks at
// its context (every 1024 steps): turns that ended at once, after exactly
// their work, lost their memory's locality and cost up to half again on
// tests whose time goes to ruling ends out.
const (
	maxPrefixes = 64
	prefixSlice = 1 << 9
)

// maxPrefixLen bounds the pieces whose edges make the prefixes: each turn
// walks its prefix from the first piece again, where a depth-first search
// goes back only to the last piece with another edge, and the first pieces
// often have one edge each (28 of them in lidraughts' 32 kings).
const maxPrefixLen = 8

// firstTurn is the work of the first prefix's first turn: most tests end
// within it, in a depth-first search's order, as they did before turns.
const firstTurn = 1 << 13

// chooseFrame is a state whose edges are being tried.
type chooseFrame struct {
	odd, settled uint64 // settled holds the squares piece i settles
	before       uint64 // the caller's s.parity
	slot         *paritySlot
	next, end    uint8 // the next edge to try, and one past the last
}

// waitingPrefix is a prefix whose turn ended: its stack and chosen edges
// up to the state it enters next, and that state; whether it has begun,
// and the work of its next turn.
type waitingPrefix struct {
	frames       []chooseFrame
	chosen       [][2]uint8
	parity       uint64
	odd, settled uint64
	started      bool
	slice        int
}

// What entering a state led to.
const (
	expanding = iota // a frame is pushed: its edges are to be tried
	finished         // nothing (more) to do there
	stopped          // the budget ran out, or ctx or pause stopped the test
	yielded          // the prefix's turn is over: enter the state again later
	paused           // the test's turn is over (portfolio)
)

// startChoice readies the choice of edges: its prefixes, all waiting.
func (s *eulerSearch) startChoice() {
	s.prefixLen, s.prefixes = 0, 1
	for s.prefixLen < min(s.n, maxPrefixLen) && s.prefixes*s.pieces[s.prefixLen].n <= maxPrefixes {
		s.prefixes *= s.pieces[s.prefixLen].n
		s.prefixLen++
	}
	// The first piece's edge is the prefix's highest digit, so that the
	// prefixes in order are the branches in a depth-first search's order.
	for i, stride := s.prefixLen-1, 1; i >= 0; i-- {
		s.stride[i] = stride
		stride *= s.pieces[i].n
	}
	if s.waiting == nil {
		s.waiting = new([maxPrefixes]waitingPrefix)
	}
	first := prefixSlice
	if s.firstSlice != 0 {
		first = s.firstSlice
	}
	for c := range s.prefixes {
		s.queue[c] = uint8(c)
		s.waiting[c].started, s.waiting[c].slice = false, first
	}
	if s.firstSlice == 0 {
		s.waiting[0].slice = firstTurn
	}
	s.head, s.count = 0, s.prefixes
}

// continueChoice runs the choice of edges until it is finished, or
// stopped, or paused: its work reached pauseAt.
func (s *eulerSearch) continueChoice() int {
	for s.count > 0 {
		c := int(s.queue[s.head])
		s.head, s.count = (s.head+1)%maxPrefixes, s.count-1
		w := &s.waiting[c]
		s.prefix, s.others, s.slice = c, s.count, w.slice
		s.turnEnd = s.work + s.slice
		switch s.resume(w) {
		case stopped:
			return stopped
		case yielded:
			s.turns++
			w.slice *= 2
			s.queue[(s.head+s.count)%maxPrefixes] = uint8(c)
			s.count++
			if s.work >= s.pauseAt {
				return paused
			}
		}
	}
	return finished
}

// resume goes on with the prefix w from where its last turn ended, and
// keeps where this one ends in w.
func (s *eulerSearch) resume(w *waitingPrefix) int {
	depth, odd, settled := 0, uint64(0), uint64(0)
	s.parity = 0
	if w.started {
		depth, odd, settled = len(w.frames), w.odd, w.settled
		copy(s.stack[:depth], w.frames)
		copy(s.chosen[:depth], w.chosen)
		s.parity = w.parity
	}
	// Edges chosen before the test followed the parts they join, and that
	// another prefix's turn overwrote, are joined again. When they are cut
	// off, the state is left out, as joinNext leaves out an edge.
	enter := !s.joining || s.joinPath(depth)
	if !enter {
		s.parity |= s.possible
	}
	r, depth, odd, settled := s.run(depth, odd, settled, enter)
	if r == yielded {
		w.started = true
		w.frames = append(w.frames[:0], s.stack[:depth]...)
		w.chosen = append(w.chosen[:0], s.chosen[:depth]...)
		w.parity, w.odd, w.settled = s.parity, odd, settled
	}
	return r
}

// run enters the state of piece i with parities odd and squares settled
// (unless not enter), the frames of the pieces before it on the stack, and
// goes on depth first until the prefix is finished, or stopped, or its
// turn is over; then it returns the state to enter next.
func (s *eulerSearch) run(i int, odd, settled uint64, enter bool) (int, int, uint64, uint64) {
	r := finished
	if enter {
		r = s.enter(i, odd, settled)
	}
	top := i // the piece whose edges are being tried
	for {
		switch r {
		case stopped, yielded:
			return r, i, odd, settled
		case finished:
			top = i - 1
		case expanding:
			top = i
		}
		if top < 0 {
			return finished, 0, 0, 0
		}
		f := &s.stack[top]
		// The loop's state in locals: it runs at every edge.
		pe := &s.pieces[top]
		fOdd, fSettled, start, found := f.odd, f.settled, s.start, s.found
		i = -1
		for k, m := range s.masks[top][f.next:f.end] {
			next := fOdd ^ m
			// A settled square of odd degree other than the start must be
			// the end: two of them, or one already found, end this branch.
			fixed := next & fSettled &^ start
			if fixed&(fixed-1) != 0 || fixed&found != 0 || (s.end != 0 && fixed&^s.end != 0) {
				continue
			}
			if fSettled&start != 0 && next&start == 0 && fixed != 0 {
				continue // an even start cannot pair with an odd end
			}
			e := pe.edges[int(f.next)+k]
			s.chosen[top] = e
			if s.joining && !s.joinNext(top, e) {
				// The edges cannot all join up: a part no later piece
				// touches is cut off. What parity alone would have given
				// here is not known; the memory must not count on it.
				s.parity |= s.possible
				continue
			}
			f.next += uint8(k + 1)
			i, odd, settled = top+1, next, fSettled
			break
		}
		if i < 0 {
			// Every edge is tried: the state is done.
			if f.slot != nil && top >= s.prefixLen {
				*f.slot = paritySlot{odd: f.odd, ends: s.parity | s.found, i: uint8(top), test: s.test}
			}
			s.parity |= f.before
			i, r = top, finished
			continue
		}
		r = s.enter(i, odd, settled)
	}
}

// enter begins the state of piece i given the parity so far and the
// squares already settled: a whole trail when i is s.n, else a frame for
// the edges of piece i, unless the state can give no end not found yet.
func (s *eulerSearch) enter(i int, odd, settled uint64) int {
	if s.work++; s.work > s.budget {
		return stopped
	}
	// Work can grow by more than one a step: a test of its bits could
	// miss every multiple.
	if s.work >= s.look {
		s.look = s.work + s.every()
		if s.ctx != nil && s.ctx.Err() != nil {
			return stopped // the caller sees the context too
		}
		if s.pause != nil && !s.pause(s.workBase+s.work) {
			return stopped
		}
		if s.work >= s.turnEnd && s.others > 0 || s.work >= s.pauseAt {
			return yielded
		}
	}
	if i == s.n {
		end := s.trailEnd(odd)
		if s.end != 0 {
			end &= s.end
		}
		s.parity |= end
		if end&^s.found != 0 && s.lands(end) {
			switch {
			// Joining (startJoining) has already left only the start's
			// part; before that, the chosen edges must connect.
			case s.joining || s.connected():
				s.found |= end
				s.turnEnd = s.work + s.slice // a turn goes on while it finds ends
			default:
				// Many trails that parity allows but that fall apart:
				// from here on, find them while choosing.
				if s.disconnected++; s.disconnected == joinAfter {
					s.startJoining()
				}
			}
		}
		return finished
	}
	if odd&settled&^s.start == 0 {
		// No end fixed yet: it will be an unsettled square or the start.
		// When all of those are found already, nothing new can come.
		cand := (s.touched&^settled | s.start) & s.possible
		if cand&^s.found == 0 {
			return finished
		}
	}
	if s.work > suffixAfter {
		s.work++ // it costs about a step
		if !s.linearCanEnd(i, odd, settled) {
			return finished
		}
	}
	// A state met before whose ends are all found gives nothing new.
	var slot *paritySlot
	if !s.remember && s.work > parityMemoAfter {
		if s.memo == nil {
			s.memo = new(parityTable)
			s.test = 1
		}
		s.remember = true
	}
	if s.remember {
		slot = s.memo.slot(odd, i)
		if slot.test == s.test && slot.i == uint8(i) && slot.odd == odd && slot.ends&^s.found == 0 {
			return finished
		}
	}
	f := &s.stack[i]
	f.odd, f.settled, f.before, f.slot = odd, settled|s.settled[i], s.parity, slot
	s.parity = 0
	f.next, f.end = 0, uint8(s.pieces[i].n)
	if i < s.prefixLen {
		d := s.prefix / s.stride[i] % s.pieces[i].n
		f.next, f.end = uint8(d), uint8(d+1)
	}
	return expanding
}

// lands reports whether every trail over the chosen edges from start to end
// lands on each square of visit before its end, as often as it is listed.
// A trail uses every edge, so it enters a square once for each two of its
// edges, less the first leaving of the start, plus the last arrival at the
// end; the landings before the end are the entries less that last one.
func (s *eulerSearch) lands(end uint64) bool {
	for i, q := range s.visit {
		if slices.Index(s.visit, q) < i {
			continue // counted already
		}
		times := 0
		for _, v := range s.visit {
			if v == q {
				times++
			}
		}
		d := 0
		for _, e := range s.chosen[:s.n] {
			if e[0] == q || e[1] == q {
				d++
			}
		}
		b := uint64(1) << q
		atEnd, atStart := 0, 0
		if b&end != 0 {
			atEnd = 1
		}
		if b&s.start != 0 {
			atStart = 1
		}
		if (d-atStart+atEnd)/2-atEnd < times {
			return false
		}
	}
	return true
}

// The linear test of the choices left. Once a test runs long, each state
// asks linearEnds' question of the pieces still to choose: the parities so
// far plus those of their first edges must differ from those of an end not
// yet found by a vector of their differences' space.

// suffixAfter is the work after which a test asks at every state. Many
// tests of the root's sets (settle) that no capture can take end within a
// few hundred steps once they ask: after 1024 steps, LegalMoves over the
// worst-case table's positions of at most 20 a side took 6% longer, and
// asking from the first step made lidraughts' 32 kings 10-20% slower,
// where tests are short and the spaces cost more than they save.
const suffixAfter = 1 << 8

// eulerSuffix holds, for each i, the first edges' parities of pieces i and
// after, and the space of their differences.
type eulerSuffix struct {
	sum   [NumSquares + 1]uint64
	space []gf2Space // n+1 of them
	// The reductions by parities (fastReduce): for each i, the squares
	// that are no pivot of space[i] but some piece i or after touches,
	// and for each such square f, in order, f with the pivots whose
	// vectors hold f. None when they are more than maxFree.
	free   [NumSquares + 1]uint64
	nFree  [NumSquares + 1]int
	parity [NumSquares + 1][maxFree]uint64
}

// maxFree is the most squares a space leaves free for fastReduce; on the
// worst-case table's long tests they are 0-11, mostly 2-7.
const maxFree = 12

// fastReduce returns space[i].reduce(v). The vectors of space[i] lie on
// the squares piece i or a later one touches, so v keeps its other
// squares; there a reduced vector has no pivot, and on each free square f
// it has the parity of v on f and the pivots whose vectors hold f. A few
// parities cost less than a pass over the pivots v holds, 10-20 of them.
func (sf *eulerSuffix) fastReduce(i int, v, later uint64) uint64 {
	if sf.nFree[i] < 0 {
		return sf.space[i].reduce(v)
	}
	r := v &^ later
	f := sf.free[i]
	for _, w := range sf.parity[i][:sf.nFree[i]] {
		b := f & -f
		f &= f - 1
		r |= b & -uint64(bits.OnesCount64(v&w)&1)
	}
	return r
}

// linearCanEnd reports whether the state before piece i, with parities
// odd, might still give an end not found yet.
func (s *eulerSearch) linearCanEnd(i int, odd, settled uint64) bool {
	if s.suffixOf != s.test {
		s.fillSuffix()
	}
	ends := s.possible &^ s.found
	if fixed := odd & settled &^ s.start; fixed != 0 {
		ends &= fixed // the one square that can end it
	}
	sf := s.suffix
	x := odd ^ sf.sum[i]
	if ends&s.start != 0 && sf.fastReduce(i, x, s.later[i]) == 0 {
		return true
	}
	return sf.space[i].matching(ends&^s.start, sf.fastReduce(i, x^s.start, s.later[i])) != 0
}

// fillSuffix fills in s.suffix for the current test.
func (s *eulerSearch) fillSuffix() {
	if s.suffix == nil {
		s.suffix = new(eulerSuffix)
	}
	sf := s.suffix
	if len(sf.space) < s.n+1 {
		sf.space = make([]gf2Space, s.n+1)
	}
	sf.sum[s.n], sf.space[s.n] = 0, gf2Space{}
	for i := s.n - 1; i >= 0; i-- {
		pe := &s.pieces[i]
		first := uint64(1)<<pe.edges[0][0] | uint64(1)<<pe.edges[0][1]
		sf.sum[i] = sf.sum[i+1] ^ first
		sf.space[i] = sf.space[i+1]
		for _, e := range pe.edges[1:pe.n] {
			sf.space[i].add(first ^ uint64(1)<<e[0] ^ uint64(1)<<e[1])
		}
	}
	for i := 0; i <= s.n; i++ {
		sp := &sf.space[i]
		sf.free[i] = s.later[i] &^ sp.pivots
		if bits.OnesCount64(sf.free[i]) > maxFree {
			sf.nFree[i] = -1
			continue
		}
		n := 0
		for f := sf.free[i]; f != 0; f &= f - 1 {
			b := f & -f
			w := b
			for q := sp.pivots; q != 0; q &= q - 1 {
				if sp.basis[bits.TrailingZeros64(q)]&b != 0 {
					w |= q & -q
				}
			}
			sf.parity[i][n] = w
			n++
		}
		sf.nFree[i] = n
	}
	s.suffixOf = s.test
}

// The memory of the choice. The state after the edges of the first i pieces
// are chosen is their degree parities: the later pieces see nothing else.
// Connection and the landings asked for are checked only at the end, so a
// state remembers the ends its choices give by parity alone (and those
// found when it was left), and is searched again while one is missing.

// parityMemoAfter is the work after which a test starts to remember.
const parityMemoAfter = 1 << 11

type parityTable struct {
	slots [1 << 13]paritySlot
}

type paritySlot struct {
	odd, ends uint64
	test      uint32 // the test the slot belongs to
	i         uint8
}

// slot returns where the state (odd, i) is kept.
func (t *parityTable) slot(odd uint64, i int) *paritySlot {
	h := (odd ^ uint64(i)<<58) * 0x9e3779b97f4a7c15
	return &t.slots[h>>51]
}

// trailEnd returns the end square of an Euler trail from start for the
// degree parities odd, or 0 when they allow none.
func (s *eulerSearch) trailEnd(odd uint64) uint64 {
	switch {
	case odd == 0:
		return s.start
	case bits.OnesCount64(odd) == 2 && odd&s.start != 0:
		return odd &^ s.start
	}
	return 0
}

// joinAfter is the number of trails that parity allows but that fall
// apart after which a test follows the parts its edges join while it
// chooses them: that costs as much as the rest of a step, and pays only
// where such trails are many, but there it cuts whole branches (on the
// hardest known positions, tests of 500 000 steps end in 500).
const joinAfter = 64

// startJoining begins to follow the parts of the edges chosen, from the
// current choices up.
func (s *eulerSearch) startJoining() {
	s.joining = true
	if s.comps == nil {
		s.comps = new([NumSquares + 1]components)
	}
	// The choices so far joined up; those past the current branch are
	// overwritten before they are read.
	_ = s.joinPath(s.n)
}

// joinPath sets comps up to depth for the edges chosen so far: a
// prefix's turn that comes back finds those of another prefix there.
// It reports whether they can still join into one trail.
func (s *eulerSearch) joinPath(depth int) bool {
	s.comps[0] = components{n: 1}
	s.comps[0].m[0] = s.start
	ok := true
	for i := range depth {
		s.comps[i+1] = s.comps[i]
		ok = s.comps[i+1].join(s.chosen[i], s.later[i+1], i+1 == s.n) && ok
	}
	return ok
}

// joinNext sets comps[i+1] to comps[i] with the edge e of piece i, and
// reports whether the edges can still join into one trail.
func (s *eulerSearch) joinNext(i int, e [2]uint8) bool {
	s.work++ // joining costs about as much as a step
	c, p := &s.comps[i+1], &s.comps[i]
	c.n = p.n
	copy(c.m[:p.n], p.m[:p.n])
	return c.join(e, s.later[i+1], i+1 == s.n)
}

// components are the squares joined by the chosen edges, the start's
// first. Every other one has two squares at least.
type components struct {
	n int
	m [maxComponents]uint64
}

// maxComponents bounds the components: each one but the start's holds two
// squares of a board of 50 at least, and every one but the start's holds
// a square some later piece touches (join).
const maxComponents = 26

// join adds the edge e, and reports whether the edges can still be joined
// into one trail from the start: a component none of whose squares is in
// open (no later piece touches it) is finished, which is fine only for the
// start's once every piece has its edge (last).
func (c *components) join(e [2]uint8, open uint64, last bool) bool {
	merged := uint64(1)<<e[0] | uint64(1)<<e[1]
	withStart := false
	k := 0
	for j := range c.n {
		m := c.m[j]
		if m&merged == 0 {
			c.m[k] = m
			k++
			continue
		}
		if j == 0 {
			withStart = true
		}
		merged |= m
	}
	if withStart {
		copy(c.m[1:k+1], c.m[:k])
		c.m[0] = merged
	} else {
		c.m[k] = merged
	}
	c.n = k + 1
	for j := range c.n {
		if c.m[j]&open == 0 && (!last || j != 0) {
			return false
		}
	}
	return true
}

// connected reports whether every chosen edge can be reached from start.
func (s *eulerSearch) connected() bool {
	reach := s.start
	for grew := true; grew; {
		grew = false
		for _, e := range s.chosen[:s.n] {
			ab := uint64(1)<<e[0] | uint64(1)<<e[1]
			if reach&ab != 0 && ab&^reach != 0 {
				reach |= ab
				grew = true
			}
		}
	}
	for _, e := range s.chosen[:s.n] {
		if reach&(1<<e[0]) == 0 {
			return false
		}
	}
	return true
}
