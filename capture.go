package frisian

import (
	"cmp"
	"context"
	"iter"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// Capture search. Every complete capture of every piece is scored, and only
// those of the best score are kept (RULES.md §3.1):
//
//	score = 2·(199·kings + 100·men) + 1 if made by a king
//
// 199·k + 100·m orders by value 2k+m and then by fewer kings; the last bit
// makes a king's capture beat a man's of equal value.
//
// Each capturing piece is first searched plainly, depth first, as the C++
// engines do: in real positions a capture tree has a few to a few hundred
// nodes, and nothing beats the plain search there. A piece whose tree
// outgrows plainBudget (earlyBudget on a crowded board) is hard, and no
// one method is fast on every hard position: the search by taken sets
// (setsearch.go) wins where the sets a capture can take are few enough to
// list, the graph search of capturegraph.go (value and parity bounds,
// Euler settling) where they are countless but the best captures take
// nearly everything within reach. So the two run side by side until one
// finishes (searchHard): on two cores at once when the program has them,
// else on one, after a short graph search alone, the graph search as a
// coroutine, in short turns that share the time evenly. Whichever suits
// the position, a hard piece costs about twice what that one needs alone,
// in CPU time; on two cores the answer comes in about that one's time.
// Both are exact, so which one answers never changes the answer; the
// captures an unfinished search recorded are real and stay. Where several
// pieces are hard, the best score found first cuts the graph searches of
// the rest, so on two cores the first race's graph search begins with
// short searches of the pieces still to come (probeAll).

const (
	manValue  = 100
	kingValue = 199
)

// plainBudget is the number of nodes of one piece's plain capture search
// after which it is searched by both methods (see above). One node is the
// unit of every budget: about 50 ns.
//
// A search still going after earlyBudget nodes on a board where at least
// crowdedPrey enemy pieces have an empty square on both sides along some
// line (any of them could be taken) stops there: that is where captures
// get long and the graph search's bounds pay off at once (lidraughts' 32
// kings: 40 µs to 10 µs). Real positions rarely get there: in the perft
// suite to depth 6, no plain search that ran past earlyBudget had more
// than 12.
const (
	plainBudget = 1 << 10
	earlyBudget = 1 << 7
	crowdedPrey = 16
)

// outOfBudget is called when a search has used up its budget, and reports
// whether it must stop: always, but at the early check of a plain search
// on a board that is not crowded, which then goes on to plainBudget.
func (g *generator) outOfBudget() bool {
	if !g.hard && g.limit == earlyBudget {
		if bits.OnesCount64(g.takeable(g.empty|g.own)) < crowdedPrey {
			g.limit = plainBudget
			return false
		}
	}
	g.over = true
	return true
}

// captureState is the part of generator that one capture search uses.
type captureState struct {
	from       uint8
	flags      uint8
	occ        uint64 // occupied squares with the capturing piece lifted
	open       uint64 // empty squares with the capturing piece lifted
	best       int    // best score recorded so far, -1 for none
	start      int    // where this search's moves start in dst
	pieceStart int    // where the current piece's moves start in dst
	seen       uint64 // a bit for each capture of three pieces or more kept since pieceStart (keep)
	nodes      int    // nodes of the current turn
	limit      int    // the current turn's budget, in nodes
	over       bool   // the current turn ran past its budget
	hard       bool   // the piece is searched by both methods (see above)
	hardPiece  int    // counts the hard pieces, so that a turn knows its piece
	solved     int    // the budget of the round that finished the last hard piece

	jumpFrom [8]uint64 // where a king could jump from, by direction (kingfill.go)
	offAxis  [4]uint64 // the union of jumpFrom off each line d, d+4

	ctx   context.Context // when not nil, the turns stop when it is done
	err   error           // why the search stopped early; then the moves are void
	check int             // the nodes at which ctx is checked next
	table *stateTable     // the graph search's memory of states, made on first use
	sets  *setSearch      // the search by taken sets, made on first use
	piece hardPiece       // what both methods build for the current hard piece

	// The graph search's coroutine (searchBoth).
	yield   func(struct{}) bool // pauses it
	inGraph bool                // it is running
	stopped bool                // it was told to stop
	slice   int                 // the work left in its current slice
	// eulerPause is the Euler tests' pause (eulerSearch.pause); the work
	// of the current test when it last told the slice, and what it charged
	// the slice since it began.
	eulerPause                func(work int) bool
	eulerPaused, eulerCharged int
	// halt, when not nil, stops the search once set (searchParallel);
	// graphStop, when not nil, stops the graph search running beside
	// the set search, which then may ask for its help.
	halt, graphStop *atomic.Bool

	// The hard pieces still to come, which the graph search of the first
	// race tries first (probeAll), and those it finished, by bit.
	probes []hardCandidate
	probed uint64

	// worker, on two cores, runs the other side of each race
	// (searchParallel) while searchHardPieces runs.
	worker *raceWorker
}

// appendCaptures appends the best captures of the side to move to dst, and
// nothing when it has none.
func (g *generator) appendCaptures(dst []Move) []Move {
	kings, men := g.jumpers()
	return g.capturesOf(dst, kings, men)
}

// jumpers returns the side to move's kings and men that can jump now, and
// fills in g.jumpFrom when some king can.
func (g *generator) jumpers() (kings, men uint64) {
	kings = g.ownKings
	if bits.OnesCount64(g.opp) <= sparseKings {
		kings = g.kingsJumping(kings)
	}
	if kings != 0 {
		kings &= g.initKingJumps()
	}
	// Kings alone are common in the positions with kings, and then the
	// men's fill is wasted.
	if g.ownMen != 0 {
		men = jumpSources(g.opp, g.empty) & g.ownMen
	}
	return kings, men
}

// capturesOf appends the best captures of the given kings and men, which
// must be the side to move's, the kings among those initKingJumps allows,
// and the men among those that can jump.
func (g *generator) capturesOf(dst []Move, kings, men uint64) []Move {
	if men == 0 {
		return g.searchCapturesFrom(dst, kings, 0, 0)
	}
	multi := g.jumpTwice(men)
	return g.searchCapturesFrom(dst, kings, multi, men&^multi)
}

// searchCapturesFrom appends the best captures of the given kings and men,
// which must all be the side to move's, the kings among those that
// initKingJumps allows; the men of single can only jump once. Kings go
// first: their captures are usually the heavier, and a high best lets the
// graph search cut the rest early. Hard pieces go last (searchHardPieces).
func (g *generator) searchCapturesFrom(dst []Move, kings, men, single uint64) []Move {
	g.start = len(dst)
	g.best = -1
	if kings != 0 {
		g.initOffAxis()
	}
	var hardKings, hardMen uint64
	for k := kings; k != 0 && g.err == nil; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if dst = g.searchPiece(dst, b, true); g.over {
			hardKings |= 1 << b
		}
	}
	for k := men; k != 0 && g.err == nil; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if dst = g.searchPiece(dst, b, false); g.over {
			hardMen |= 1 << b
		}
	}
	if hardKings|hardMen != 0 && g.err == nil {
		dst = g.searchHardPieces(dst, hardKings, hardMen)
	}
	if g.err != nil {
		return dst[:g.start]
	}
	// A single jump is worth a king at most, and a man's capture of equal
	// value loses to a king's.
	if single != 0 && g.best <= 2*kingValue {
		dst = g.recordSingleJumps(dst, single)
	}
	return dst
}

// jumpTwice returns those of men that have a jump after which they can
// jump again. A man that lands on a square from which it can jump again
// can do so over another piece than the one it took, since the only jump
// over that one goes back to its start square, which jumpSources counts as
// taken (it is, by the man itself).
func (g *generator) jumpTwice(men uint64) uint64 {
	opp, again := g.opp, g.empty&jumpSources(g.opp, g.empty)
	return ((men<<dirE&opp)<<dirE&again)>>(2*dirE) | ((men<<dirSW&opp)<<dirSW&again)>>(2*dirSW) |
		((men<<dirSE&opp)<<dirSE&again)>>(2*dirSE) | ((men<<dirS&opp)<<dirS&again)>>(2*dirS) |
		((men>>dirE&opp)>>dirE&again)<<(2*dirE) | ((men>>dirSW&opp)>>dirSW&again)<<(2*dirSW) |
		((men>>dirSE&opp)>>dirSE&again)<<(2*dirSE) | ((men>>dirS&opp)>>dirS&again)<<(2*dirS)
}

// recordSingleJumps records the jumps of men, each of which can only
// jump once.
func (g *generator) recordSingleJumps(dst []Move, men uint64) []Move {
	g.flags = 0
	for _, o := range [4]int{dirE, dirSW, dirSE, dirS} {
		for l := (men << o & g.opp) << o & g.empty; l != 0; l &= l - 1 {
			t := bits.TrailingZeros64(l)
			g.from = uint8(t - 2*o)
			dst = g.record(dst, t, 1<<(t-o))
		}
		for l := (men >> o & g.opp) >> o & g.empty; l != 0; l &= l - 1 {
			t := bits.TrailingZeros64(l)
			g.from = uint8(t + 2*o)
			dst = g.record(dst, t, 1<<(t+o))
		}
	}
	return dst
}

// takeable returns the enemy pieces that have an open square on both
// sides along some line, where open holds the squares counted as open.
func (g *board) takeable(open uint64) uint64 {
	return g.opp & (open<<dirE&(open>>dirE) | open<<dirSW&(open>>dirSW) |
		open<<dirSE&(open>>dirSE) | open<<dirS&(open>>dirS))
}

// kingsJumping returns those of kings, the side to move's, that can jump
// an enemy piece now. It looks at the enemy pieces on each king's lines,
// one by one: when they are few, that is quicker than initKingJumps,
// which most positions with kings then need not call at all.
func (g *board) kingsJumping(kings uint64) uint64 {
	occ := g.own | g.opp
	var out uint64
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k) & 63
		for c := kingTargets[b] & g.opp; c != 0; c &= c - 1 {
			if jumpPath[b][bits.TrailingZeros64(c)&63]&occ == 0 {
				out |= 1 << b
				break
			}
		}
	}
	return out
}

// sparseKings is the most enemy pieces for which kingsJumping runs before
// initKingJumps.
const sparseKings = 6

// initKingJumps fills in where kings could jump from (kingfill.go) and
// returns its union.
func (g *generator) initKingJumps() uint64 {
	return kingJumpFrom(&g.jumpFrom, g.opp, g.empty|g.ownKings)
}

// initOffAxis fills in g.offAxis from g.jumpFrom, for a king search.
func (g *generator) initOffAxis() {
	jf := &g.jumpFrom
	l0, l1, l2, l3 := jf[0]|jf[4], jf[1]|jf[5], jf[2]|jf[6], jf[3]|jf[7]
	g.offAxis = [4]uint64{l1 | l2 | l3, l0 | l2 | l3, l0 | l1 | l3, l0 | l1 | l2}
}

// searchPiece appends the best captures of the piece on bit b that the
// plain search finds within budget. When it runs out, g.over is set and
// the piece is hard: searchHardPieces finishes it.
func (g *generator) searchPiece(dst []Move, b int, king bool) []Move {
	g.from = uint8(b)
	g.pieceStart, g.seen = len(dst), 0
	g.nodes, g.limit, g.over = 0, earlyBudget, false
	if king {
		g.flags = flagKing
		g.occ = (g.own | g.opp) &^ (1 << b)
		dst = g.kingJumps(dst, b, 0, 1, 0, false)
	} else {
		g.flags = 0
		g.open = g.empty | 1<<b
		if land := jumpLandings(1<<b, g.opp, g.open); land != 0 {
			dst = g.manJumps(dst, b, 0, 0, land)
		}
	}
	return dst
}

// searchHardPieces searches the pieces whose plain search ran out, those
// with the highest bound on their score first (the value in reach, or
// scoreBound's): the best score they find can cut the others at once, or
// at least their searches' bounds.
func (g *generator) searchHardPieces(dst []Move, kings, men uint64) []Move {
	// Two cores or one is decided here, once for the position: the race
	// worker exists exactly when its races run on two (searchBoth).
	if runtime.GOMAXPROCS(0) > 1 {
		// Woken now, while the pieces' bounds are worked out, and ended
		// with this call, even one a panic ends.
		g.worker = newRaceWorker()
		defer func() {
			g.worker.stop()
			g.worker = nil
		}()
	}
	var buf [NumSquares]hardCandidate
	pieces := buf[:0]
	for i, side := range [2]uint64{kings, men} {
		king := i == 0
		for k := side; k != 0; k &= k - 1 {
			b := bits.TrailingZeros64(k)
			g.setPiece(b, king)
			cg := newCaptureGraph(b, g.own|g.opp, g.opp, king)
			r, squares := cg.reach(b, 0)
			p := hardCandidate{b: b, bound: g.score(r), reach: bits.OnesCount64(r), king: king, cg: cg}
			// Where several pieces reach many, the parities can tell which
			// cannot take them all: the piece that can goes first, and
			// its score may cut the others at once.
			if bits.OnesCount64(kings|men) > 1 && p.reach >= minHelpPieces {
				p.bound, p.linear = cg.scoreBound(g, b, r, squares)
			}
			pieces = append(pieces, p)
		}
	}
	slices.SortStableFunc(pieces, func(x, y hardCandidate) int { return cmp.Compare(y.bound, x.bound) })
	g.probed = 0
	raced := false
	for i, p := range pieces {
		if p.bound < g.best || g.err != nil || g.probed&(1<<p.b) != 0 {
			continue // nothing it can take is worth keeping, or searched
		}
		g.setPiece(p.b, p.king)
		// The captures its plain search kept may lie anywhere after start.
		g.pieceStart = g.start
		// Where at least three pieces are hard, the graph search of the
		// first race tries those still to come first (probeAll), but for
		// those that reach too many for the set search's index: there the
		// probes cost more and did not pay.
		g.probes = g.probes[:0]
		if len(pieces) >= 3 && !raced && g.worker != nil {
			for _, q := range pieces[i+1:] {
				if q.reach <= maxDensePieces {
					g.probes = append(g.probes, q)
				}
			}
		}
		dst = g.searchHard(dst, p.b, p.king, hardPiece{cg: p.cg, linear: p.linear, tie: p.bound == g.best})
		g.probes, raced = g.probes[:0], true
	}
	return dst
}

// hardCandidate is a piece whose plain search ran out, with its capture
// graph and a bound on its score (searchHardPieces).
type hardCandidate struct {
	b, bound int
	reach    int // the enemy pieces in reach
	king     bool
	cg       *captureGraph
	linear   *pieceSpans
}

// probeBudget is the budget of each of probeAll's graph searches. One
// search of 2048 nodes for each piece, in the first race only, did better
// on the slowest positions than rounds of 2048 and 8192 in the first race
// and 32 768 in the second, which cost up to 3 ms where no probe finished
// a piece (calls alternating, the positions of at most 20 pieces a side:
// 303.0 → 297.6 ms and 309.8 → 304.6 in two runs, the slowest 8.4 → 7.7
// and 10.0 → 9.4 ms; up to 2 ms more on climb10Kings1 and climb19Kings1).
// 4096 nodes: 308.5.
const probeBudget = 2 * plainBudget

// probeAll is the start of the graph search of the hard piece on bit b,
// on two cores, when other hard pieces are still to come (g.probes): it
// searches each of them with a small budget (probeBudget). Which piece takes the most is not known in advance
// (their bounds are often equal), and it is often one the graph search
// finishes soon; once its score is the best, the graph searches of the
// others cut most of their states (climb17Mixed2: 10.6 to 4.3 ms). The set
// search of the piece on b runs meanwhile, and may ask for help as ever.
// A piece probeAll finishes is in g.probed; the captures it finds are real
// and stay. A piece whose bound is no more than the best score found is
// not probed: it cannot raise that score, and its probe only delays the
// piece on b (climb22Kings1, three kings that each take all 19 in reach:
// 10.5 to 7.1 ms). It reports whether the search must stop (halted, or
// the context done) rather than go on with the piece on b.
func (g *generator) probeAll(dst []Move, b int, king bool) ([]Move, bool) {
	cur, s := g.piece, g.sets
	defer func() {
		// The piece on b back, and the Euler test memory reset for it.
		g.setPiece(b, king)
		cur.euler = s.eulerTests(g.ctx)
		g.piece = cur
	}()
	for _, t := range g.probes {
		if t.bound <= g.best || g.probed&(1<<t.b) != 0 {
			continue
		}
		g.setPiece(t.b, t.king)
		g.piece = hardPiece{id: g.hardPiece, cg: t.cg, linear: t.linear, euler: s.eulerTests(g.ctx)}
		dst = g.graphTurn(dst, t.b, t.king, probeBudget)
		if g.err != nil || g.halt != nil && g.halt.Load() {
			// Stopped, even if this probe had finished: the piece on b
			// is not searched.
			g.over = true
			return dst, true
		}
		if !g.over {
			g.probed |= 1 << t.b
		}
	}
	return dst, false
}

// setPiece makes the piece on bit b the capturing piece.
func (g *generator) setPiece(b int, king bool) {
	g.from = uint8(b)
	if king {
		g.flags = flagKing
		g.occ = (g.own | g.opp) &^ (1 << b)
	} else {
		g.flags = 0
		g.open = g.empty | 1<<b
	}
}

// hardPiece holds what the turns of one hard piece share: its capture
// graph, which both methods search, and the graph search's Euler test
// state (with its memory) and parity spaces. Made on the piece's first
// turn, not on every one.
type hardPiece struct {
	id     int // generator.hardPiece when made; 0 for none
	cg     *captureGraph
	euler  *eulerSearch
	linear *pieceSpans // made by scoreBound, or on first use
	// tie reports that the piece can at best tie the best score found
	// (its bound, searchHardPieces, is that score): only a capture of
	// all it reaches counts.
	tie bool
	// The Euler tests of the first node that finished, by set: a round
	// that starts again after running out of budget does not repeat them.
	rootTests map[uint64]uint64
}

// pieceOf returns what the turns of the hard piece on bit from share
// (searchHard makes it). A turn outside searchHard (hardPiece 0, in tests)
// gets its own.
func (g *generator) pieceOf(from int, king bool) *hardPiece {
	if g.hardPiece != 0 && g.piece.id == g.hardPiece {
		return &g.piece
	}
	g.piece = hardPiece{
		id:    g.hardPiece,
		cg:    newCaptureGraph(from, g.own|g.opp, g.opp, king),
		euler: &eulerSearch{ctx: g.ctx},
	}
	return &g.piece
}

// graphSlice and setSlice are the work of one turn of each method in
// searchHard: about 0.1 ms, small enough that the time stays evenly
// shared, large enough that switching costs nothing measurable.
const (
	graphSlice = 1 << 11
	setSlice   = 1 << 12
)

// searchHard searches a piece whose plain search ran out of budget, whose
// capture graph, and spans when scoreBound made them, are in hp, by the
// two methods at once (searchBoth), and the first to finish answers.
// Neither repeats work for the other, so a piece costs about twice what
// the faster method needs alone, whichever it is.
func (g *generator) searchHard(dst []Move, b int, king bool, hp hardPiece) []Move {
	g.hard = true
	g.hardPiece++
	// The set search's memory, taken here, holds the Euler tests' too;
	// searchParallel shares it with the helper.
	hp.id, hp.euler = g.hardPiece, g.setSearch().eulerTests(g.ctx)
	g.piece = hp
	// On one core, most hard pieces need no more than a short graph
	// search, which needs no coroutine. On two, the graph search starts
	// at once, with the set search beside it (searchParallel).
	answered := false
	if g.worker == nil {
		dst = g.graphTurn(dst, b, king, 4*plainBudget)
		answered = !g.over || g.err != nil
	}
	if !answered {
		// The coroutine holds its generator and its moves: copies, so
		// that g and dst can stay on the caller's stack.
		h := new(generator)
		*h = *g
		h.stopped = false
		h.start, h.pieceStart = 0, g.pieceStart-g.start
		moves := h.searchBoth(slices.Clone(dst[g.start:]), b, king)
		h.yield, h.inGraph, h.eulerPause = nil, false, nil
		start := g.start
		*g = *h
		g.start, g.pieceStart = start, g.pieceStart+start
		dst = append(dst[:start], moves...)
	}
	// Which method answers depends on time and on the cores: the order
	// must not.
	slices.SortFunc(dst[g.pieceStart:], Move.Compare)
	g.hard = false
	return dst
}

// searchBoth runs the two methods on the piece on bit b side by side until
// one finishes: on two cores when the race worker runs (searchParallel), else
// in turns on this one, the graph search first (its first node cuts a
// piece that cannot reach the best score at once, and settles those whose
// best captures take everything in reach). The turns share the time
// evenly: the cost of a unit of work differs between the methods, and
// within one as it goes, by more than a fixed share of units could follow.
// The time decides only which exact method answers, never the answer.
func (g *generator) searchBoth(dst []Move, b int, king bool) []Move {
	if g.worker != nil {
		return g.searchParallel(dst, b, king)
	}
	var graphDst []Move
	// A long Euler test counts against the slice as it goes, at the rate
	// settle charges it.
	g.eulerPause = func(work int) bool {
		d := (work - g.eulerPaused) / 2
		g.eulerPaused, g.eulerCharged = work, g.eulerCharged+d
		return g.charge(d)
	}
	graph := func(yield func(struct{}) bool) {
		g.yield = yield
		// The set search bounds the time: the graph search need not.
		graphDst = g.graphTurn(dst, b, king, unbounded)
	}
	next, stop := iter.Pull(graph)
	defer stop()
	var graphTime, setTime time.Duration
	for {
		start := time.Now()
		if graphTime <= setTime && !g.setsWaning() {
			g.inGraph, g.slice = true, graphSlice
			_, paused := next()
			g.inGraph = false
			graphTime += time.Since(start)
			if !paused || g.err != nil {
				stop()
				return graphDst
			}
			continue
		}
		g.nodes, g.limit, g.over, g.check = 0, setSlice, false, 0
		done := g.setTurn(b, king)
		setTime += time.Since(start)
		switch {
		case g.err != nil:
			stop()
			return graphDst
		case done:
			stop() // the graph search returns what it found so far
			g.stopped = false
			return g.afterSets(graphDst, b, king)
		}
	}
}

// searchParallel is searchBoth on two cores: one method runs here, the
// other on a copy of g on the race worker (raceWorker), and the first to
// finish stops the other. They use as much time in all as the coroutine's
// turns on one core, and answer in half of it.
//
// The worker's thread may still be waking for the first race, so the
// method likelier to answer runs here: the graph search, which answers
// most hard pieces in microseconds (then the set search never starts),
// unless the set search answered the last hard piece on this board.
func (g *generator) searchParallel(dst []Move, b int, king bool) []Move {
	// graphStop stops the graph search: the set search finished, or
	// wants its help (setSearch.askHelp); graphDone stops the set search.
	var graphStop, graphDone atomic.Bool
	other := new(generator) // with g.sets, taken by searchHard
	*other = *g
	gr, sg := g, other
	setsHere := g.sets.answered
	if setsHere {
		gr, sg = other, g
	}
	gr.halt = &graphStop
	gr.eulerPause = func(int) bool { return !graphStop.Load() }
	sg.halt, sg.graphStop = &graphDone, &graphStop
	sg.nodes, sg.limit, sg.over, sg.check = 0, unbounded, false, 0
	var graphDst []Move
	graph := func() {
		graphDst = dst // its alone until then
		over := false
		if len(gr.probes) > 0 {
			graphDst, over = gr.probeAll(graphDst, b, king)
		}
		if !over {
			graphDst = gr.graphTurn(graphDst, b, king, unbounded)
		}
		if !gr.over || gr.err != nil {
			graphDone.Store(true)
		} else {
			gr.sets.helpSets() // when asked, and still wanted
		}
	}
	var done bool
	probing := len(gr.probes) > 0
	sets := func() {
		done = sg.setTurn(b, king)
		s := sg.sets
		s.dismissHelper()
		s.answered = done && sg.err == nil && !s.full && !probing
		if done || sg.err != nil {
			graphStop.Store(true)
		}
	}
	w := g.worker
	if setsHere {
		w.run(graph)
		sets()
	} else {
		var state atomic.Int32 // setsWaiting, setsRunning or setsCancelled
		w.run(func() {
			if state.CompareAndSwap(setsWaiting, setsRunning) {
				sets()
			}
		})
		graph()
		if graphDone.Load() && state.CompareAndSwap(setsWaiting, setsCancelled) {
			w.withdraw() // the set search never started
			return graphDst
		}
	}
	w.wait()
	gr.halt, gr.eulerPause, sg.halt, sg.graphStop = nil, nil, nil, nil
	graphFinished := !gr.over || gr.err != nil
	if gr.err == nil {
		gr.err = sg.err
	}
	if gr.err != nil || graphFinished || !done {
		// The graph search's answer, and its account of it.
		if gr != g {
			s := g.sets
			*g = *gr
			g.sets = s
		}
		return graphDst
	}
	// The set search finished: what the graph search kept is where the
	// rest goes.
	g.best, g.pieceStart, g.seen = gr.best, gr.pieceStart, gr.seen
	g.probed = gr.probed
	return g.afterSets(graphDst, b, king)
}

// raceWorker is the second goroutine of the races of one position's hard
// pieces (searchParallel). It stays awake between races, yielding to any
// other goroutine that can run, because a goroutine started for each race
// took 0.1-0.2 ms to start on this virtual machine, and at times over
// 1 ms, while the thread of an idle core woke: a race lasts 0.2-5 ms on
// the slowest positions of the worst-case table, which have up to six hard
// pieces. With the worker, the 102 positions of at most 20 pieces a side
// took 12% less time (sums of means, 366.5 to 322.1 ms, the two builds
// alternating position by position), the 15 slowest 15% less.
type raceWorker struct {
	task atomic.Pointer[raceTask] // the task given and not yet taken
	last *raceTask                // the last task given
	quit atomic.Bool
}

// raceTask is a task of a raceWorker: f, and done, closed once f returned.
type raceTask struct {
	f    func()
	done chan struct{}
}

// newRaceWorker starts a worker, which runs until stopped.
func newRaceWorker() *raceWorker {
	w := new(raceWorker)
	go w.loop()
	return w
}

func (w *raceWorker) loop() {
	for !w.quit.Load() {
		if t := w.task.Swap(nil); t != nil {
			t.f()
			close(t.done)
			continue
		}
		runtime.Gosched()
	}
}

// run hands f to the worker, which must be through its last task.
func (w *raceWorker) run(f func()) {
	w.last = &raceTask{f: f, done: make(chan struct{})}
	w.task.Store(w.last)
}

// withdraw takes back the last task unless the worker took it, and then
// waits for it: a race's graph search that finished before the worker
// woke need not wait for it.
func (w *raceWorker) withdraw() {
	if !w.task.CompareAndSwap(w.last, nil) {
		w.wait()
	}
}

// wait returns once the worker is through its task. Its side of a race
// mostly stops within microseconds of the other's end: wait looks for
// that for up to waitSpin, yielding to any other goroutine that can run,
// and then blocks, so that a worker that goes on (the set search the
// graph search helped, for a few milliseconds) leaves the core to others.
func (w *raceWorker) wait() {
	t := w.last
	for start := time.Now(); time.Since(start) <= waitSpin; runtime.Gosched() {
		select {
		case <-t.done:
			return
		default:
		}
	}
	<-t.done
}

// waitSpin is how long raceWorker.wait looks before it blocks.
const waitSpin = 50 * time.Microsecond

// stop ends the worker once idle.
func (w *raceWorker) stop() { w.quit.Store(true) }

// The states of searchParallel's set search.
const (
	setsWaiting = iota
	setsRunning
	setsCancelled
)

// afterSets ends searchBoth once the set search is done, the graph search
// stopped with its captures in dst: the set search's captures join them,
// or, when it ran out of room, the graph search answers alone, in rounds
// of growing budget.
func (g *generator) afterSets(dst []Move, b int, king bool) []Move {
	if g.sets.full {
		return g.graphRounds(dst, b, king)
	}
	return g.recordSets(dst)
}

// setsWaning reports that the set search of the current hard piece is
// past its largest size of sets: what is left of it costs less than what
// it has done, and the graph search, which has had as long without
// finishing, waits for it. Where the set search answers, that saves up to
// a quarter of the time; where the graph search would have answered soon
// after, it costs up to half again as much.
func (g *generator) setsWaning() bool {
	return g.sets != nil && g.sets.piece == g.hardPiece && g.sets.waning
}

// unbounded is a turn's budget when nothing but time bounds it.
const unbounded = math.MaxInt / 4

// graphRounds runs the graph search alone on the piece on bit b, in rounds
// of growing budget, which bounds how much of it the Euler tests of one
// node may use before it searches the nodes after: a round that runs out
// starts again with four times the budget. A piece starts at the round
// that finished the last hard piece the generator searched (in a position,
// or in a whole perft tree): that changes only how long it takes.
func (g *generator) graphRounds(dst []Move, b int, king bool) []Move {
	for budget := max(4*plainBudget, g.solved); ; budget *= 4 {
		dst = g.graphTurn(dst, b, king, budget)
		if !g.over {
			g.solved = budget
			return dst
		}
		if g.err != nil || g.stopped {
			return dst
		}
	}
}

// pause hands the turn to the set search, from inside a step of the graph
// search's coroutine, and reports false when the graph search must stop:
// the set search finished, or the context is done.
func (g *generator) pause() bool {
	nodes, limit, check := g.nodes, g.limit, g.check
	if !g.yield(struct{}{}) {
		g.stopped = true
		return false
	}
	g.nodes, g.limit, g.check, g.over = nodes, limit, check, false
	return g.err == nil
}

// graphTurn runs the graph search of the piece on bit b within budget.
func (g *generator) graphTurn(dst []Move, b int, king bool, budget int) []Move {
	g.nodes, g.limit, g.over, g.check = 0, budget, false, 0
	if g.table == nil {
		g.table = new(stateTable)
	}
	g.table.clear()
	return g.graphSearch(dst, b, king)
}

// step counts a node of the current turn, and reports false when the turn
// must stop: out of budget, or its context done.
func (g *generator) step(cost int) bool {
	if g.nodes += cost; g.nodes > g.limit {
		g.over = true
	}
	if g.ctx != nil && g.nodes >= g.check {
		g.check = g.nodes + 1024
		if g.err = g.ctx.Err(); g.err != nil {
			g.over = true
		}
	}
	if g.halt != nil && g.halt.Load() {
		g.over = true // the other search of searchParallel finished
	}
	if !g.over {
		g.charge(cost)
	}
	return !g.over
}

// charge counts work against the graph search's slice, and pauses it when
// the slice is used up. It reports false when the graph search must stop;
// then g.over is set.
func (g *generator) charge(cost int) bool {
	if g.slice -= cost; g.slice < 0 && g.inGraph && !g.pause() {
		g.over = true
		return false
	}
	return true
}

// manJumps extends a man's capture standing on bit at having taken
// captured, whose score is score, given where it can jump next (not
// nowhere). Where a jump cannot go on, the capture is recorded here rather
// than in a call of its own: most jumps end a capture.
func (g *generator) manJumps(dst []Move, at int, captured uint64, score int, land uint64) []Move {
	if g.nodes++; g.nodes > g.limit && g.outOfBudget() {
		return dst
	}
	for ; land != 0 && !g.over; land &= land - 1 {
		l := bits.TrailingZeros64(land) & 63
		// The eight landing squares are distinct, and each jumped piece
		// lies half-way between start and landing.
		x := (at + l) >> 1 & 63
		taken := captured | 1<<x
		sc := score + g.jumpScore(x)
		if next := jumpLandings(1<<l, g.opp&^taken, g.open); next != 0 {
			dst = g.manJumps(dst, l, taken, sc, next)
		} else {
			g.nodes++
			dst = g.recordScored(dst, l, taken, sc)
		}
	}
	return dst
}

// kingJumps extends a king's capture standing on bit at having taken
// captured. A king jumps the first piece along a line if it is an enemy not
// yet taken and may land on any empty square behind it. It looks only in
// the directions g.jumpFrom allows (kingfill.go).
//
// skip holds the directions (bit d for direction index d) not to look in,
// and ext whether the capture goes on in one of them anyway. After a jump
// the way back is always blocked, by the piece just taken; and straight on
// from any landing square but the first finds the same piece and the same
// landings as from the first, so only the first goes on that way (the
// others would repeat its captures, path for path).
func (g *generator) kingJumps(dst []Move, at int, captured uint64, score int, skip uint8, ext bool) []Move {
	if g.nodes++; g.nodes > g.limit && g.outOfBudget() {
		return dst
	}
	extended := ext
	prey := g.opp &^ captured
	at &= 63 // lets the compiler drop its checks on shifts and indices
	// The directions to look in, without a branch per direction: the
	// branches would be mispredicted half the time.
	jf := &g.jumpFrom
	dirs := (jf[0]>>at&1 | jf[1]>>at&1<<1 | jf[2]>>at&1<<2 | jf[3]>>at&1<<3 |
		jf[4]>>at&1<<4 | jf[5]>>at&1<<5 | jf[6]>>at&1<<6 | jf[7]>>at&1<<7) &^ uint64(skip)
	for ; dirs != 0 && !g.over; dirs &= dirs - 1 {
		d := bits.TrailingZeros64(dirs) & 7
		f, landings, after := lineJumpAfter(d, rays[d][at], g.occ)
		if prey&f == 0 || landings == 0 {
			continue
		}
		extended = true
		taken := captured | f
		fb := bits.TrailingZeros64(f) & 63
		sc := score + g.jumpScore(fb)
		// Where the capture may go on from a landing square, as
		// g.jumpFrom sees it: never back over f (the way it came is open,
		// so the picture always says yes there), and straight on only from
		// the first square (see above). Other squares end the capture.
		a := d & 3
		back := uint8(1) << ((d + 4) & 7)
		// The captures that end here are recorded last, in one go: those
		// that go on first raise the best score, and then most of the
		// others fall short of it at once.
		//
		// The picture does not know what the capture has taken: a square
		// whose lines hold no enemy piece left to take ends the capture
		// too, without a call. Most calls that find nothing are such.
		left := prey &^ f
		fi := neighbour[d][fb] & 63
		first := uint64(1) << fi
		var ends uint64
		// Enemy pieces left on the first square's lines, if the picture
		// lets it go on at all: one unpredictable branch rather than two.
		if (crossRays[a][fi]|rays[d][fi])&left&-((g.offAxis[a]|jf[d])>>fi&1) != 0 {
			dst = g.kingJumps(dst, int(fi), taken, sc, back, false)
		} else {
			ends = first
		}
		if rest := landings &^ first; rest != 0 && !g.over {
			// Whether the capture goes straight on from these squares.
			on := false
			if after&prey != 0 {
				n := neighbour[d][bits.TrailingZeros64(after)]
				on = n != noBit && g.occ&(1<<n) == 0
			}
			more := rest & g.offAxis[a]
			if !on {
				ends |= rest &^ more
			}
			for ; more != 0 && !g.over; more &= more - 1 {
				m := bits.TrailingZeros64(more) & 63
				if crossRays[a][m]&left != 0 {
					dst = g.kingJumps(dst, m, taken, sc, back|1<<d, on)
				} else if !on {
					ends |= 1 << m
				}
			}
		}
		if ends != 0 {
			dst = g.recordEnds(dst, ends, taken, sc)
		}
	}
	if !extended && captured != 0 {
		dst = g.recordScored(dst, at, captured, score)
	}
	return dst
}

// recordEnds records the captures taking captured, of score score, that
// end on each square of ends, as one node.
//
// It is small enough to be inlined in kingJumps, so that the common
// capture of too low a score costs no call: keepEnds does the rest.
func (g *generator) recordEnds(dst []Move, ends, captured uint64, score int) []Move {
	if g.nodes++; score < g.best {
		return dst
	}
	return g.keepEnds(dst, ends, captured, score)
}

// keepEnds is the rest of recordEnds, for a score that may be kept.
func (g *generator) keepEnds(dst []Move, ends, captured uint64, score int) []Move {
	if g.nodes > g.limit {
		g.outOfBudget()
	}
	if rest := captured & (captured - 1); rest&(rest-1) != 0 {
		// Its score is kept: no need to compare it again per square.
		for ; ends != 0; ends &= ends - 1 {
			dst = g.keep(dst, bits.TrailingZeros64(ends), captured, score)
		}
		return dst
	}
	// Captures of two pieces at most: none of them was found before (see
	// record), and a king is never crowned.
	if score > g.best {
		dst = g.raise(dst, score)
	}
	for ; ends != 0; ends &= ends - 1 {
		dst = append(dst, Move{from: g.from, to: uint8(bits.TrailingZeros64(ends)), flags: g.flags, captured: captured})
	}
	return dst
}

// jumpScore returns what taking the piece on bit b adds to a score: see
// the top of this file.
func (g *generator) jumpScore(b int) int {
	return 2*manValue + 2*(kingValue-manValue)*int(g.oppKings>>(b&63)&1)
}

// lineJump returns, given a king's ray in direction index d and the
// pieces on the board, the nearest piece on the ray as a bit and the
// squares behind it up to the next one: where the king lands if it jumps
// that piece. The piece is 0 when the ray is empty, and then the
// landings mean nothing.
func lineJump(d int, ray, occ uint64) (nearest, landings uint64) {
	nearest, landings, _ = lineJumpAfter(d, ray, occ)
	return nearest, landings
}

// lineJumpAfter is lineJump that also returns the piece after the
// landing squares as a bit, or 0 when the line ends first. Directions
// towards square 50 find pieces by the lowest bit, the others by the
// highest; the landing squares come from the ray itself, not from a table
// looked up after finding the piece, which would have to wait for it.
func lineJumpAfter(d int, ray, occ uint64) (nearest, landings, after uint64) {
	blockers := ray & occ
	if d < 4 {
		nearest = blockers & -blockers
		beyond := blockers &^ nearest
		after = beyond & -beyond
		return nearest, ray & -(nearest << 1) & (after - 1), after
	}
	nearest = uint64(1) << bits.Len64(blockers) >> 1
	// Twice the piece after the next one, or 1 for none. Bit 63 is no
	// square: the mask only tells the compiler so.
	past := uint64(1) << (bits.Len64(blockers&^nearest) & 63)
	return nearest, ray & (nearest - 1) & -past, past >> 1
}

// score returns the precedence score of taking captured with the current
// piece (see the top of this file).
func (g *generator) score(captured uint64) int {
	kings := bits.OnesCount64(captured & g.oppKings)
	s := 2 * (kingValue*kings + manValue*(bits.OnesCount64(captured)-kings))
	if g.flags&flagKing != 0 {
		s++
	}
	return s
}

// record keeps a complete capture if it scores at least as well as the best
// so far, dropping the worse ones and the duplicates of a move already kept.
//
// A duplicate is another path of the same piece from the same start to
// the same end over the same pieces. The plain search never finds one
// taking one or two pieces: a man's jumps fix its path, and a king's two
// paths over the same two pieces would either take them in the same order,
// and then differ only in where the king lands between them, which the
// king search does not repeat (kingJumps), or in both orders, which needs
// the two lines from start to end to cross each other twice. The turns of
// a hard piece can find a capture again, so there every capture is
// checked.
func (g *generator) record(dst []Move, at int, captured uint64) []Move {
	return g.recordScored(dst, at, captured, g.score(captured))
}

// recordScored is record given the score of the capture. It is small
// enough to be inlined, so that a capture of too low a score costs no call:
// keep does the rest.
func (g *generator) recordScored(dst []Move, at int, captured uint64, score int) []Move {
	if score < g.best {
		return dst
	}
	return g.keep(dst, at, captured, score)
}

// keep is the rest of recordScored, for a score that may be kept.
func (g *generator) keep(dst []Move, at int, captured uint64, score int) []Move {
	m := Move{from: g.from, to: uint8(at), flags: g.flags, captured: captured}
	if m.flags&flagKing == 0 && promotionRow[g.us&1]&(1<<(at&63)) != 0 {
		m.flags |= flagPromotion
	}
	// A capture of three pieces or more may have been found before: its
	// bit in g.seen says whether it may, so that most need no look.
	var bit uint64
	if rest := captured & (captured - 1); rest&(rest-1) != 0 {
		bit = uint64(1) << ((captured ^ uint64(at)) * 0x9e3779b97f4a7c15 >> 58)
	}
	if score > g.best {
		dst = g.raise(dst, score)
	} else if g.hard || g.seen&bit != 0 {
		// Only the current piece's moves can be the same move.
		for _, old := range dst[g.pieceStart:] {
			if old == m {
				return dst
			}
		}
	}
	g.seen |= bit
	return append(dst, m)
}

// raise makes score the best, dropping the captures kept before.
func (g *generator) raise(dst []Move, score int) []Move {
	g.best, g.pieceStart, g.seen = score, g.start, 0
	return dst[:g.start]
}

// Single jumps. Most captures in real games are one jump by a man, and a
// side without kings can see with a few shifts that no man can jump twice.
// Then every (man, direction) pair is its own move worth one piece, and
// precedence only asks whether some jump takes a king.

// jumpOnce describes the captures of a side without kings when none of
// them can go on after its first jump. ok is false when some man may jump
// twice (the caller then searches in full); prey is the set of pieces worth
// taking: the kings if any jump takes a king, else every enemy piece.
//
// When some man can jump twice, prey is instead the set of men that can:
// only their captures, worth at least two pieces, can be legal, since a
// single jump is worth one piece at most.
func (g *board) jumpOnce() (prey uint64, any, ok bool) {
	landed := jumpLandings(g.ownMen, g.opp, g.empty)
	if landed == 0 {
		return 0, false, true
	}
	// jumpSources sees every further jump exactly: the only other one would
	// go straight back over the piece just taken onto the start square,
	// which it counts as occupied.
	if again := landed & jumpSources(g.opp, g.empty); again != 0 {
		return jumpSources(g.opp, again) & g.ownMen, true, false
	}
	if jumpLandings(g.ownMen, g.oppKings, g.empty) != 0 {
		return g.oppKings, true, true
	}
	return g.opp, true, true
}

// jumpLandings returns the squares where men land after jumping a piece
// of prey onto an empty square, in any direction. It is the bitboard form
// of jump for men, all at once.
func jumpLandings(men, prey, empty uint64) uint64 {
	return ((men<<dirE&prey)<<dirE | (men<<dirSW&prey)<<dirSW |
		(men<<dirSE&prey)<<dirSE | (men<<dirS&prey)<<dirS |
		(men>>dirE&prey)>>dirE | (men>>dirSW&prey)>>dirSW |
		(men>>dirSE&prey)>>dirSE | (men>>dirS&prey)>>dirS) & empty
}

// jumpSources returns the squares from which a man could jump a piece of
// prey onto an empty square, in any direction.
func jumpSources(prey, empty uint64) uint64 {
	return ((empty>>dirE&prey)>>dirE | (empty>>dirSW&prey)>>dirSW |
		(empty>>dirSE&prey)>>dirSE | (empty>>dirS&prey)>>dirS |
		(empty<<dirE&prey)<<dirE | (empty<<dirSW&prey)<<dirSW |
		(empty<<dirSE&prey)<<dirSE | (empty<<dirS&prey)<<dirS) & boardMask
}

// countJumps counts the (man, direction) pairs of single jumps over prey.
func countJumps(men, prey, empty uint64) int {
	return bits.OnesCount64((men<<dirE&prey)<<dirE&empty) + bits.OnesCount64((men<<dirSW&prey)<<dirSW&empty) +
		bits.OnesCount64((men<<dirSE&prey)<<dirSE&empty) + bits.OnesCount64((men<<dirS&prey)<<dirS&empty) +
		bits.OnesCount64((men>>dirE&prey)>>dirE&empty) + bits.OnesCount64((men>>dirSW&prey)>>dirSW&empty) +
		bits.OnesCount64((men>>dirSE&prey)>>dirSE&empty) + bits.OnesCount64((men>>dirS&prey)>>dirS&empty)
}

// appendJumps appends the single jumps over prey.
func (g *board) appendJumps(dst []Move, prey uint64) []Move {
	promo := promotionRow[g.us]
	for _, off := range directions {
		for l := shift(shift(g.ownMen, off)&prey, off) & g.empty; l != 0; l &= l - 1 {
			t := bits.TrailingZeros64(l)
			m := Move{from: uint8(t - 2*off), to: uint8(t), captured: 1 << (t - off)}
			if promo&(1<<t) != 0 {
				m.flags = flagPromotion
			}
			dst = append(dst, m)
		}
	}
	return dst
}
