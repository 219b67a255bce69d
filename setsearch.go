package frisian

import (
	"cmp"
	"context"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
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
	// kingDue is added to every score when the capturing piece is a
	// king, whose capture beats a man's of equal value (RULES.md §3.1).
	kingDue int
	// jumpable holds, for each square, the pieces that can be jumped
	// from it, and jumpBytes[k][v] those that can be jumped from a
	// square of byte k of a bitboard whose byte k is v (jumped).
	jumpable  [64]uint64
	jumpBytes [8][256]uint64
	// byteRows[k][v] holds what a square of byte k of a bitboard whose
	// byte k is v can jump, and where each jump lands, for an index of at
	// least rowsFrom pieces and at most 32 squares, when byRows is
	// set (toIndex).
	byteRows [4][256]byteRow
	byRows   bool
	// square maps the search's numbers of squares to the board's bits,
	// start0 is the start square's number, and narrow reports that
	// there are at most 32 (build).
	square [64]uint8
	start0 int
	narrow bool
	// The squares of each set: indexed by the set itself when there are
	// few pieces (then every set comes after its subsets), else in
	// tables of the sets of one size.
	dense  setIndex
	layers [2]setLayer
	// The complete captures of the best score found so far, recorded at
	// the end: as the score grows, captures recorded at once would
	// mostly be dropped again.
	setBest
	full bool // the last search ran out of room
	// tablesOnly makes every search keep to the tables, wideAlways
	// makes its index keep 64 bits of squares however few, rowsAlways
	// makes it read byteRows however few pieces it has, layerSlots,
	// when not 0, makes them run out of room sooner; helpAlways makes
	// every search on two cores ask for help as soon as it can,
	// helpRefused makes the helper never come, and helperAhead makes the
	// search pause once it asked, so that the helper runs ahead of it
	// and must wait where it should. For tests.
	tablesOnly  bool
	wideAlways  bool
	rowsAlways  bool
	layerSlots  int
	helpAlways  bool
	helpRefused bool
	helperAhead bool
	helps       int // the times help was asked, for tests

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

	// The sets found in the index so far, and those of them expanded.
	found, expanded int

	// A second goroutine's help (askHelp), on two cores. What the two
	// share has cache lines of its own: the search writes the fields
	// around it at every set, and a helper reading a line the search
	// keeps writing would wait for it each time.
	_      [64]byte
	help   atomic.Int32 // helpNone, helpAsked, …
	quit   atomic.Bool  // the search stopped: so does the helper
	marked setIndex     // the sets the helper finds
	helper setBest      // the helper's best captures
	// The blocks of the rest of the index (askHelp): blockBits is the
	// log of their length, blocks those either may take, in the order
	// they are taken, claimed the number taken so far, wave the fewest
	// bits of a block whose wave is not through, and waveLeft the blocks
	// of each wave not yet through, by their number of bits.
	blockBits int
	blocks    []uint32
	claimed   atomic.Int64
	wave      atomic.Int32
	waveLeft  [maxDensePieces + 1]atomic.Int32
	_         [64]byte

	began    time.Time // when the piece's search began, with help in view
	indexed  time.Time // when it turned to the index
	indexPos int       // where in the index it began
	// answered reports that the set search answered for the last hard
	// piece, side by side with the graph search: the next, on the same
	// board, most likely goes the same way. Not so when the graph search
	// spent the race probing other pieces first (probeAll): then the set
	// search won against the probes, and the graph search of the next
	// piece is often the quicker (climb25Kings2: 0.9 and 0.7 ms alone,
	// where the set search, betting on itself, answered in 2).
	answered bool

	// euler is the graph search's Euler test, kept here so that its
	// memory (a 192 KiB table, once a test runs long) is reused like the
	// set search's: made anew for every hard piece, it was most of what
	// the hardest positions allocate.
	euler eulerSearch
}

// eulerTests returns the Euler test for a new hard piece.
func (s *setSearch) eulerTests(ctx context.Context) *eulerSearch {
	s.euler.reset(ctx)
	return &s.euler
}

// setBest is the best score found (-1 for none) and the captures that
// have it.
type setBest struct {
	top  int
	ends []setEnds
}

// keep records that the captures taking the set taken, whose score is
// score, can end on any square of ends, unless they score less than the
// best or there are none (taking nothing is no capture).
func (b *setBest) keep(taken, ends uint64, score int) {
	if ends == 0 || taken == 0 || score < b.top {
		return
	}
	if score > b.top {
		b.top, b.ends = score, b.ends[:0]
	}
	b.ends = append(b.ends, setEnds{taken, ends})
}

// maxDensePieces is the most pieces whose sets may be indexed directly:
// 4 MiB of squares (20 pieces in reach leave at most 32 squares to stand
// on, 32 bits), and as much again for a helper's (askHelp). A set in the
// index costs about two thirds of what it does in the tables
// (climb6Mixed2, 20 pieces: 10 ms alone in tables, 6.4-7.2 ms by index),
// but clearing and going through its bits costs a node per 64 sets, so
// the search starts with tables and turns to the index only once a size
// holds at least one set in denseFrom of all: on a board where few sets
// can be taken, the index would cost more than the search. (One in 256
// rather than 64 was 3-4% quicker over the slowest table positions, on
// one core and on two, where only the index can be shared with a helper;
// one in 4096 rather than 256 made the set searches of the table's pieces
// 7% quicker on one core, 647.9 → 600.4 ms, none of them 10% slower.)
const (
	maxDensePieces = 20
	denseFrom      = 1 << 12
)

// setEnds are the squares on which the captures taking a set can end.
type setEnds struct{ taken, ends uint64 }

// build fills in the pieces of prey jumped in the capture graph cg of
// the piece on bit from. The search numbers the squares the piece can
// stand on (from, and where jumps land) from 0 up, in s.square: on a
// board with 18 or more pieces in reach there are at most 32, and the
// index of sets holds 32-bit squares, half the memory.
func (s *setSearch) build(cg *captureGraph, prey, oppKings uint64, from int) {
	var index [64]uint8 // piece bit → its place in pieces, plus one
	var local [64]uint8 // square bit → its number, plus one
	stand := uint64(1) << from
	for v := cg.verts; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 8 {
			if p := cg.piece[b][d]; p != noBit && prey&(1<<p) != 0 {
				stand |= cg.land[b][d]
			}
		}
	}
	m := 0
	for v := stand; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		k := m
		if s.wideAlways {
			k = 63 - m // the high half in use, in tests
		}
		s.square[k] = uint8(b)
		m++
		local[b] = uint8(k + 1)
	}
	s.narrow = m <= 32 && !s.wideAlways
	s.start0 = int(local[from]) - 1
	toLocal := func(set uint64) uint64 {
		var l uint64
		for ; set != 0; set &= set - 1 {
			l |= 1 << (local[bits.TrailingZeros64(set)] - 1)
		}
		return l
	}
	n := 0
	s.kings = 0
	clear(s.jumpable[:])
	for v := cg.verts & stand; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		lb := int(local[b]) - 1
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
			q.from[d] |= 1 << lb
			q.to[d] = toLocal(cg.land[b][d])
			s.jumpable[lb] |= 1 << (index[p] - 1)
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
		for ; k < 8; k++ {
			q.from[k], q.to[k] = 0, 0 // landing reads them
		}
	}
	s.all = 1<<n - 1
	// Each byte value's pieces are those of its lowest square and of the
	// rest of it, filled in before; byte value 0 has none, and stays so.
	for k := range s.jumpBytes {
		t := &s.jumpBytes[k]
		for v := 1; v < 256; v++ {
			low := v & -v
			t[v] = t[v&^low] | s.jumpable[(8*k+bits.TrailingZeros(uint(low)))&63]
		}
	}
}

// setTurn runs the set search on the piece on bit from within the turn's
// budget, going on where the last turn of the same hard piece stopped, and
// reports whether it finished. Out of room counts as finished; then
// g.sets.full is set.
func (g *generator) setTurn(from int, king bool) bool {
	s := g.setSearch()
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

// setSearches holds set searches no generator uses, for the next to need
// one. Their memory (up to about 9 MiB, set by the hardest positions) is
// what they cost: reused, it costs nothing, where made anew it cost more
// page faults and garbage collection than the search itself on the
// hardest table positions (about 1.5 ms for 2 MiB on this machine). Like
// the standard library's buffer pools, it changes no answer.
var setSearches = sync.Pool{New: func() any { return new(setSearch) }}

// setSearch returns the generator's set search, taken from setSearches
// on first use.
func (g *generator) setSearch() *setSearch {
	if g.sets == nil {
		g.sets = setSearches.Get().(*setSearch)
		s := g.sets
		s.tablesOnly, s.wideAlways, s.rowsAlways, s.layerSlots = false, false, false, 0
		s.helpAlways, s.helpRefused, s.helperAhead = false, false, false
		s.answered, s.helps = false, 0
		s.piece = 0 // belongs to no hard piece of this generator's
	}
	return g.sets
}

// release gives the generator's set search back to setSearches, once no
// search of the generator is running.
func (g *generator) release() {
	if g.sets != nil {
		setSearches.Put(g.sets)
		g.sets = nil
	}
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
			dst = g.recordScored(dst, int(s.square[bits.TrailingZeros64(ends)&63]), captured, s.top)
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
	s.build(cg, prey, g.oppKings, from)
	s.piece, s.n, s.index, s.cur, s.pos, s.waning = g.hardPiece, bits.OnesCount64(prey), false, 1, 0, false
	s.byRows = false
	s.kingDue = int(g.flags & flagKing)
	if g.graphStop != nil {
		s.began = time.Now()
	}
	s.top, s.ends = g.best, s.ends[:0]
	s.layers[0].max, s.layers[1].max = s.layerSlots, s.layerSlots
	s.layers[0].reset()
	s.layers[1].reset()
	s.expand(0, 1<<s.start0, &s.layers[1])
}

// search goes through the sets from where it stopped, one size after
// another, each size in a table, until a size is large enough to go on by
// index. It reports whether the search is over: finished, or out of room.
func (s *setSearch) search(g *generator) bool {
	for !s.index {
		cur, next := &s.layers[s.cur], &s.layers[1-s.cur]
		for ; s.pos < len(cur.used); s.pos++ {
			e := cur.slots[cur.used[s.pos]]
			work, ok := s.expand(e.key, e.val, next)
			if !ok {
				g.over = true
				return true
			}
			if !g.step(work) {
				s.pos++ // it was gone through
				return false
			}
		}
		switch {
		case next.n() == 0:
			return true
		case s.n <= maxDensePieces && !s.tablesOnly && next.n()*denseFrom >= 1<<s.n:
			s.toIndex(next)
			if !g.step(len(s.dense.has)) {
				return false
			}
			if g.graphStop != nil {
				s.indexed, s.indexPos = time.Now(), s.pos
			}
		default:
			s.waning = next.n() < cur.n()
			cur.reset()
			s.cur, s.pos = 1-s.cur, 0
		}
	}
	// The place in locals, written back when the search stops: it
	// changes at every set. The sets are gone through 64 at a time, by
	// the bits of those in use; a set can add others to its own 64, after
	// it, so each bit is looked for anew.
	dense, has := s.dense, s.dense.has
	work := 0 // not yet told to g.step: it is told every stepEvery nodes
	for w := s.pos >> 6; w < len(has); w++ {
		base := w << 6
		if base&helpEvery == 0 && g.graphStop != nil && s.n >= minHelpPieces && s.helpPays(base, g.piece.tie) {
			s.pos = base
			if !g.step(work) {
				return false
			}
			s.askHelp(g, base)
			if s.helperAhead {
				for until := time.Now().Add(300 * time.Microsecond); time.Now().Before(until); {
					runtime.Gosched()
				}
			}
			return s.shared(g)
		}
		for after := uint(max(s.pos-base, 0)); ; {
			sets := has[w] & (^uint64(0) << after)
			if sets == 0 {
				break
			}
			after = uint(bits.TrailingZeros64(sets))
			pos := base + int(after)
			after++
			s.expanded++
			// Not by a method choosing between the two, which Go does not
			// inline: that took 3% longer.
			var cost, added int
			if s.byRows {
				cost, added = s.expandRows(&s.dense, &s.setBest, uint64(pos), dense.at[pos])
			} else {
				cost, added = s.expandInto(&s.dense, &s.setBest, uint64(pos), dense.squares(pos))
			}
			s.found += added
			if work += cost; work >= stepEvery {
				if !g.step(work) {
					s.pos = pos + 1
					// Once as many sets are expanded as are waiting,
					// take the rest to cost about what is done. (Past
					// the middle of the index, as it once was, came
					// early in the work on 20 pieces.)
					s.waning = s.expanded >= s.found-s.expanded
					return false
				}
				work = 0
			}
		}
	}
	if !g.step(work) {
		s.pos = len(dense.at)
		return false
	}
	s.pos = len(dense.at)
	return true
}

// minHelpPieces is the fewest pieces whose set search asks for help, and
// helpEvery+1 the number of places in the index between two looks at
// whether to: a few microseconds.
const (
	minHelpPieces = 14
	helpEvery     = 1<<12 - 1
	// stepEvery is about the work, in nodes, after which the index loop
	// tells generator.step: a few microseconds.
	stepEvery = 1 << 6
	// shareBlocks is about the number of blocks the rest of the index
	// is cut into when help comes, each at least minShareBits long.
	shareBlocks  = 64
	minShareBits = 10
)

// The states of setSearch.help.
const (
	helpNone      = iota
	helpAsked     // the graph search is told to stop and help
	helpRunning   // the helper has taken its sets
	helpDone      // the helper is through them, or quit
	helpWithdrawn // the search got through its own first: they are its
)

// helpPays reports whether the set search, at the place pos in its index,
// should ask for the graph search's help. That bets that the graph search
// will not finish before the set search does: its time so far is the guide
// to its time to come, the set search's pace in the index to its own.
//
// Help makes what is left of the set search about 1.5 times quicker, not
// twice (BenchmarkSetsHelped), so the bet is placed late: once what is
// left would take at most half as long as the time both have had (the
// graph search, its Euler test searched in turns, often finishes late
// rather than never). A graph
// search that would then have finished soon after costs up to a quarter
// of its time again; asking at a quarter of the time, or never, did no
// better on the slowest positions.
//
// When the set search answered the last hard piece, the bet is placed
// much sooner, once what is left would take at most four times the time
// so far: not at once, which stopped graph searches of a millisecond for
// set searches of five (climb12Kings2). (At most eight times, as before
// the set search turned to its index sooner, stopped them again: then a
// set search that answers the first piece more often answers the next
// ones too, where the graph search would have been quicker.) Not so when
// this piece can at best tie (hardPiece.tie): then the graph search's
// first Euler test, of everything in reach, often answers at once
// (climb13Mixed1: 0.45 ms, where the set search with help took 10).
func (s *setSearch) helpPays(pos int, tie bool) bool {
	if s.helpAlways {
		return true
	}
	// Early in the index, its sets are sparse, and its pace tells
	// nothing; once as many sets have been expanded as are found and
	// waiting, it does.
	if s.expanded < s.found-s.expanded {
		return false
	}
	now := time.Now()
	done := pos - s.indexPos
	if done <= 0 {
		return false
	}
	left := time.Duration(float64(now.Sub(s.indexed)) * float64(len(s.dense.at)-pos) / float64(done))
	if s.answered && !tie {
		return left >= minHelpTime && left <= 4*now.Sub(s.began)
	}
	return left >= minHelpTime && 2*left <= now.Sub(s.began)
}

// minHelpTime is the least time the set search must have left for help to
// pay for the second goroutine's start.
const minHelpTime = 200 * time.Microsecond

// askHelp asks the goroutine of the graph search to stop it and share the
// rest of the index, from pos on, cut into blocks of 2^k sets by the sets'
// top bits: a block's sets need those of the blocks whose numbers are its
// own less one bit, and of none after it. So the blocks go in waves, by
// their number of bits, and a wave's blocks, which need nothing of each
// other, go to whichever of the two is free first: a block of the next
// wave waits for the last of the wave before to be through. The block pos
// is in is the search's, and it goes on there at once: the blocks it needs
// are all before pos. Neither writes where the other reads: the helper
// writes the sets it finds to s.marked, the search to s.dense, each into
// later waves' blocks or its own, and a set's squares are the two
// together. (The search and the helper once took blocks in the order of
// the index, each keeping behind the other wherever that held subsets of
// its own: help made the set search 1.1-1.6 times quicker, and at times
// slower.)
func (s *setSearch) askHelp(g *generator, pos int) {
	size := len(s.dense.at)
	k := max(bits.Len(uint((size-pos)/shareBlocks))-1, minShareBits)
	s.blockBits = k
	first, n := pos>>k, size>>k
	// The blocks after first, by number of bits, and in order within a
	// wave; first counts in its wave, but is the search's.
	var start [maxDensePieces + 2]int
	for i := range s.waveLeft {
		s.waveLeft[i].Store(0)
	}
	for b := first; b < n; b++ {
		c := bits.OnesCount(uint(b))
		s.waveLeft[c].Add(1)
		if b != first {
			start[c+1]++
		}
	}
	for c := 1; c < len(start); c++ {
		start[c] += start[c-1]
	}
	s.blocks = slices.Grow(s.blocks[:0], n-first-1)[:n-first-1]
	for b := first + 1; b < n; b++ {
		c := bits.OnesCount(uint(b))
		s.blocks[start[c]] = uint32(b)
		start[c]++
	}
	s.claimed.Store(0)
	s.wave.Store(0)
	s.advanceWaves()
	s.marked.reset(size, !s.narrow)
	s.helper = setBest{top: s.top, ends: s.helper.ends[:0]}
	s.quit.Store(false)
	s.helps++
	s.help.Store(helpAsked)
	g.graphStop.Store(true)
}

// dismissHelper ends the help once the search stopped, whether it finished
// or not: a helper not yet started never starts; one still going stops.
func (s *setSearch) dismissHelper() {
	s.help.CompareAndSwap(helpAsked, helpWithdrawn)
	s.quit.Store(true)
}

// shared is the search's part of the index once it asked for help, from
// s.pos on: the rest of its own block, then the blocks it takes, and the
// helper's best captures once all are through. It reports whether the
// search is over, as search does; a search stopped here starts again.
func (s *setSearch) shared(g *generator) bool {
	first := s.pos >> s.blockBits
	stop := func(work int) bool { return !g.step(work) }
	dense, marked := s.dense, s.marked
	if !s.expandBlock(&dense, &marked, &s.setBest, s.pos, (first+1)<<s.blockBits, stop) {
		s.piece = 0
		return false
	}
	s.blockThrough(first)
	// The helper may still be in a block of the last waves.
	if !s.takeBlocks(&dense, &marked, &s.setBest, stop) || !s.awaitWave(len(s.waveLeft), stop) {
		s.piece = 0
		return false
	}
	s.pos = len(dense.at)
	return s.helped(g)
}

// expandBlock expands the sets from place lo to hi that mine or theirs
// holds, into mine, and keeps their captures in best: the search passes
// s.dense as mine, the helper s.marked. It reports false when stop, told
// the work done every stepEvery nodes or so, says to stop.
func (s *setSearch) expandBlock(mine, theirs *setIndex, best *setBest, lo, hi int, stop func(work int) bool) bool {
	work := 0
	for w := lo >> 6; w < hi>>6; w++ {
		base := w << 6
		// The other side writes nothing here while this block is taken
		// (askHelp): its sets in use are read once per word, not at each
		// set. (Helped set searches, alternating in one process: 29.8 →
		// 28.3 and 24.8 → 22.6 ms over 12 of the slowest pieces.)
		theirsHas := theirs.has[w]
		for after := uint(max(lo-base, 0)); ; {
			sets := (mine.has[w] | theirsHas) & (^uint64(0) << after)
			if sets == 0 {
				break
			}
			after = uint(bits.TrailingZeros64(sets))
			pos := base + int(after)
			at := mine.get(pos) | theirs.getIn(pos, theirsHas)
			after++
			var cost int
			if s.byRows {
				cost, _ = s.expandRows(mine, best, uint64(pos), uint32(at))
			} else {
				cost, _ = s.expandInto(mine, best, uint64(pos), at)
			}
			if work += cost; work >= stepEvery {
				if stop(work) {
					return false
				}
				work = 0
			}
		}
	}
	return !stop(work)
}

// takeBlocks takes the blocks neither side has, each once its wave may
// start, and expands their sets as expandBlock does, until all are taken.
// It reports false when stop says to stop first.
func (s *setSearch) takeBlocks(mine, theirs *setIndex, best *setBest, stop func(work int) bool) bool {
	k := s.blockBits
	for {
		i := int(s.claimed.Add(1)) - 1
		if i >= len(s.blocks) {
			return true
		}
		b := int(s.blocks[i])
		if !s.awaitWave(bits.OnesCount(uint(b)), stop) || !s.expandBlock(mine, theirs, best, b<<k, (b+1)<<k, stop) {
			return false
		}
		s.blockThrough(b)
	}
}

// blockThrough counts block b through, and the waves through with it.
func (s *setSearch) blockThrough(b int) {
	if s.waveLeft[bits.OnesCount(uint(b))].Add(-1) == 0 {
		s.advanceWaves()
	}
}

// advanceWaves moves s.wave past the waves that are through.
func (s *setSearch) advanceWaves() {
	for {
		w := s.wave.Load()
		if int(w) >= len(s.waveLeft) || s.waveLeft[w].Load() > 0 {
			return
		}
		s.wave.CompareAndSwap(w, w+1)
	}
}

// awaitWave waits until every wave before wave c is through, and reports
// false when stop, told a unit of work at each look, says to stop first.
func (s *setSearch) awaitWave(c int, stop func(work int) bool) bool {
	for int(s.wave.Load()) < c {
		if stop(1) {
			return false
		}
		runtime.Gosched()
	}
	return true
}

// helped ends the set search's part of the index once every block is
// through: it waits for the helper to return, unless it never started.
// It reports whether the search is over, as search does.
func (s *setSearch) helped(g *generator) bool {
	// A helper that never started took no block: the search did them all.
	if !s.help.CompareAndSwap(helpAsked, helpWithdrawn) {
		for s.help.Load() != helpDone {
			if !g.step(1) {
				s.piece = 0
				return false
			}
			runtime.Gosched()
		}
	}
	switch h := &s.helper; {
	case h.top > s.top:
		s.top, s.ends = h.top, append(s.ends[:0], h.ends...)
	case h.top == s.top:
		s.ends = append(s.ends, h.ends...)
	}
	return true
}

// helpSets is the helper's part of askHelp, run by the graph search's
// goroutine once that stopped, when the help is still wanted.
func (s *setSearch) helpSets() {
	if !s.helpRefused && s.help.CompareAndSwap(helpAsked, helpRunning) {
		s.markedSets()
		s.help.Store(helpDone)
	}
}

// markedSets is the helper's work: it takes the blocks neither has, each
// once its wave may start, until all are taken or it is told to quit.
func (s *setSearch) markedSets() {
	// Its arrays in locals, and its captures too, kept in s.helper at
	// the end: the search writes near them.
	dense, marked := s.dense, s.marked
	best := s.helper
	s.takeBlocks(&marked, &dense, &best, func(int) bool { return s.quit.Load() })
	s.helper = best
}

// toIndex goes on by index from the sets of layer, all of one size: a
// set's index is larger than its subsets', so in the order of indices
// every set comes after those one piece smaller.
func (s *setSearch) toIndex(layer *setLayer) {
	size := 1 << s.n
	s.dense.reset(size, !s.narrow)
	s.pos = size
	s.found, s.expanded = len(layer.used), 0
	for _, i := range layer.used {
		e := layer.slots[i]
		s.dense.add(int(e.key), e.val)
		s.pos = min(s.pos, int(e.key))
	}
	s.index = true
	s.byRows = s.narrow && (s.n >= rowsFrom || s.rowsAlways)
	if s.byRows {
		s.buildRows()
	}
}

// rowsFrom is the fewest pieces for whose index the set search makes
// byteRows: 64K sets or more, where making them (about 20 000 entries)
// costs a few hundredths of the search.
const rowsFrom = 16

// byteRow is what the squares of one byte value of a bitboard can do
// (setSearch.byteRows): jump the pieces of jump, landing on land[i] when
// they jump piece i. A set's four rows hold all its jumps: expandRows
// reads them, not a table per piece, whose 80 KiB did not stay in the
// first-level cache.
//
// jump is jumpBytes[k][v], kept beside the landings: one row, one load.
type byteRow struct {
	jump uint64
	land [maxDensePieces]uint32
}

// buildRows fills in s.byteRows.
func (s *setSearch) buildRows() {
	// Where a jump over each piece from each square lands.
	var from [maxDensePieces][32]uint32
	for i := range bits.OnesCount64(s.all) {
		q := &s.pieces[i]
		for d := range int(q.n) {
			for f := q.from[d]; f != 0; f &= f - 1 {
				from[i][bits.TrailingZeros64(f)&31] |= uint32(q.to[d])
			}
		}
	}
	// Each byte value's row is that of its lowest square and of the rest
	// of it, filled in before; byte value 0 has none, and stays so.
	for k := range s.byteRows {
		rows := &s.byteRows[k]
		for v := 1; v < 256; v++ {
			low := v & -v
			sq := 8*k + bits.TrailingZeros(uint(low))
			r, rest := &rows[v], &rows[v&^low]
			r.jump = s.jumpBytes[k][v]
			for i := range r.land {
				r.land[i] = rest.land[i] | from[i][sq]
			}
		}
	}
}

// expand goes on from the set taken (indices into s.pieces), standing on
// any square of at: it adds the sets one piece larger to next, and keeps
// the captures that stop here. It returns the work done, in nodes, and
// false when next is out of room.
func (s *setSearch) expand(taken, at uint64, next *setLayer) (work int, ok bool) {
	left := s.all &^ taken
	jumped := s.jumped(at, left)
	work = 1 + bits.OnesCount64(jumped)
	for ; jumped != 0; jumped &= jumped - 1 {
		i := bits.TrailingZeros64(jumped)
		if !next.add(taken|1<<i, s.landing(i, at)) {
			s.full = true // the graph search answers
			return work, false
		}
	}
	s.keepComplete(&s.setBest, taken, at, left)
	return work, true
}

// expandInto is expand by index: it adds the sets one piece larger to dst,
// and keeps the captures in best. The search passes s.dense and its own
// captures, the helper s.marked and its own. It returns the work done, in
// nodes, and the sets it added anew.
func (s *setSearch) expandInto(dst *setIndex, best *setBest, taken, at uint64) (work, added int) {
	left := s.all &^ taken
	jumped := s.jumped(at, left)
	work = 1 + bits.OnesCount64(jumped)
	for ; jumped != 0; jumped &= jumped - 1 {
		i := bits.TrailingZeros64(jumped)
		added += dst.add(int(taken|1<<i), s.landing(i, at))
	}
	s.keepComplete(best, taken, at, left)
	return work, added
}

// expandRows is expandInto by s.byteRows, which must be made: the set
// searches of the slowest positions' pieces spend most of their time here.
// It is written for Go's register allocator: one counter for both results
// and no call in the loop, where expandInto's calls and counts kept
// values on the stack; setIndex.add is written out in it (the index is
// narrow: no hi), where calling it took 3-10% longer. (With it, 12 of the slowest pieces' set searches
// took 12-22% less time on one core, medians of 20, alternating in one
// process; tables per piece, as before, had taken 8% less than a test of
// each direction of the piece.)
func (s *setSearch) expandRows(dst *setIndex, best *setBest, taken uint64, at uint32) (work, added int) {
	left := s.all &^ taken
	r0, r1 := &s.byteRows[0][at&255], &s.byteRows[1][at>>8&255]
	r2, r3 := &s.byteRows[2][at>>16&255], &s.byteRows[3][at>>24]
	jumped := (r0.jump | r1.jump | r2.jump | r3.jump) & left
	has, squares := dst.has, dst.at
	count := 1 << 32 // the work in the top half, the sets added in the bottom one
	for ; jumped != 0; jumped &= jumped - 1 {
		i := bits.TrailingZeros64(jumped)
		set := taken | 1<<i
		had := has[set>>6] >> (set & 63) & 1
		squares[set] = squares[set]&-uint32(had) | r0.land[i] | r1.land[i] | r2.land[i] | r3.land[i]
		has[set>>6] |= 1 << (set & 63)
		count += 1<<32 + int(1-had)
	}
	// Most sets score too little to be kept, and their number says so.
	if 2*kingValue*bits.OnesCount64(taken)+s.kingDue >= best.top {
		s.keepComplete(best, taken, uint64(at), left)
	}
	return count >> 32, count & (1<<32 - 1)
}

// keepComplete keeps in best the captures that take the set taken and
// stop on a square of at, where no piece of left can be jumped. The
// squares matter only to a set that can score the best: most sets are on
// their way to a heavier one.
func (s *setSearch) keepComplete(best *setBest, taken, at, left uint64) {
	if score := s.value(taken) + s.kingDue; score >= best.top {
		best.keep(taken, at&^s.goesOn(at, left), score)
	}
}

// value returns twice the value of the pieces of set (RULES.md §3.1).
func (s *setSearch) value(set uint64) int {
	kings := bits.OnesCount64(set & s.kings)
	return 2 * (kingValue*kings + manValue*(bits.OnesCount64(set)-kings))
}

// jumped returns the pieces of left that can be jumped from a square of
// at: a load per byte of at, that do not wait for each other, and only
// four when there are at most 32 squares. (A loop over the squares of at,
// or over the pieces of left when they were fewer, took 12% longer over
// the set searches of the worst-case table's pieces; four loads rather
// than eight, 7% less, 33.2 → 30.9 ms over 12 of the slowest pieces,
// medians of 30, alternating.)
func (s *setSearch) jumped(at, left uint64) uint64 {
	t := &s.jumpBytes
	j := t[0][at&255] | t[1][at>>8&255] | t[2][at>>16&255] | t[3][at>>24&255]
	if !s.narrow {
		j |= t[4][at>>32&255] | t[5][at>>40&255] | t[6][at>>48&255] | t[7][at>>56]
	}
	return j & left
}

// goesOn returns the squares of at with a jump over a piece of left.
func (s *setSearch) goesOn(at, left uint64) uint64 {
	var on uint64
	for a := at; a != 0; a &= a - 1 {
		on |= a & -a & meets(s.jumpable[bits.TrailingZeros64(a)&63], left)
	}
	return on
}

// landing returns the squares on which a jump over piece i from a square
// of at lands.
func (s *setSearch) landing(i int, at uint64) uint64 {
	q := &s.pieces[i&63]
	// All of to[k] when at meets from[k], without a branch: half of them
	// would be mispredicted. Most pieces can be jumped in four directions
	// at most; the rest of from is zero.
	land := q.to[0]&meets(at, q.from[0]) | q.to[1]&meets(at, q.from[1]) |
		q.to[2]&meets(at, q.from[2]) | q.to[3]&meets(at, q.from[3])
	if q.n > 4 {
		land |= q.to[4]&meets(at, q.from[4]) | q.to[5]&meets(at, q.from[5]) |
			q.to[6]&meets(at, q.from[6]) | q.to[7]&meets(at, q.from[7])
	}
	return land
}

// meets returns all ones when a and b meet, else zero.
func meets(a, b uint64) uint64 {
	m := a & b
	return uint64(int64(m|-m) >> 63)
}

// setIndex holds the squares of sets by their index, with a bit for each
// set in use: only the bits are cleared for a new search, and a search goes
// through them 64 sets at a time rather than one index at a time. (The
// squares of a set were once cleared and gone through one by one: 4 MiB
// for 19 pieces, of which the hardest positions use a tenth.)
//
// The squares are the search's numbers (setSearch.build), 32 bits of them
// in at, and the rest in hi only when there are more than 32 (wide): a
// board with 18 pieces or more in reach has at most 32, and the index is
// as large as it gets there. Every jump into a set writes to a place 2^k
// sets away, most of them out of the cache; at half the size, the set
// searches of the worst-case table's pieces took 11% less time.
type setIndex struct {
	at   []uint32 // the squares of set i, when it is in use
	hi   []uint32 // the squares from 32 on, when wide
	has  []uint64 // bit i%64 of has[i/64]: set i is in use
	wide bool
}

// reset makes x an empty index of size sets, wide or not.
func (x *setIndex) reset(size int, wide bool) {
	words := (size + 63) / 64
	if cap(x.at) < size {
		x.at = make([]uint32, size)
	}
	if wide && cap(x.hi) < size {
		x.hi = make([]uint32, size)
	}
	if cap(x.has) < words {
		x.has = make([]uint64, words)
	}
	x.at, x.has, x.wide = x.at[:size], x.has[:words], wide
	if wide {
		x.hi = x.hi[:size]
	}
	clear(x.has)
}

// add adds the squares at to set i's, and returns 1 if the set is new,
// else 0. Whether it is does not take a branch: that would be
// mispredicted often.
func (x *setIndex) add(i int, at uint64) int {
	had := x.has[i>>6] >> (i & 63) & 1
	x.at[i] = x.at[i]&-uint32(had) | uint32(at)
	if x.wide {
		x.hi[i] = x.hi[i]&-uint32(had) | uint32(at>>32)
	}
	x.has[i>>6] |= 1 << (i & 63)
	return int(1 - had)
}

// squares returns the squares of set i, which must be in use.
func (x *setIndex) squares(i int) uint64 {
	at := uint64(x.at[i])
	if x.wide {
		at |= uint64(x.hi[i]) << 32
	}
	return at
}

// get returns the squares of set i, none when it is not in use. A set not
// in use is read at place 0, the empty set's, which is never in the index
// and so holds none, and most likely in the cache: the helped search
// (expandBlock) asks both sides' indices for every set, and a line the
// other core wrote costs a wait for it. (Set searches helped at once,
// alternating in one process: 33.0 → 31.4 and 31.7 → 29.4 ms over 12 of
// the slowest pieces, against reading set i's place and masking it.)
func (x *setIndex) get(i int) uint64 {
	return x.getIn(i, x.has[i>>6])
}

// getIn is get with the word of has that holds set i read already.
func (x *setIndex) getIn(i int, has uint64) uint64 {
	return x.squares(i & -int(has>>(i&63)&1))
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
