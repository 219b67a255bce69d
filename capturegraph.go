package frisian

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
)

// The capture graph: one jump primitive, and the exact search built on it.
//
// Taken pieces stay on the board until a capture ends (Art. 14), so which
// squares are empty never changes during a capture. Every jump is then an
// edge between two empty squares, labelled with the piece it takes: a man's
// from the square before an enemy piece to the one after it, a king's from
// any empty square before it on a line to any empty square after it. The
// capturing piece's start square counts as empty. A capture is a trail in
// this graph that uses each label at most once, and it is complete when no
// unused label has an edge at its end.
//
// Everything that follows captures uses this: the move generator's
// search once the plain one runs long, Path and Paths, NextSquares and
// move-text resolution.

// jump returns the piece a man (or king) on bit at would jump in direction
// index d, with the pieces of occ standing, and the squares it could land
// on; piece is noBit when there is nothing to jump. The caller checks that
// the piece is an enemy not taken yet.
func jump(d, at int, occ uint64, king bool) (piece uint8, landings uint64) {
	if king {
		f, landings := lineJump(d, rays[d][at], occ)
		if f == 0 {
			return noBit, 0
		}
		return uint8(bits.TrailingZeros64(f)), landings
	}
	if piece = neighbour[d][at]; piece == noBit || occ&(1<<piece) == 0 {
		return noBit, 0
	}
	if n := neighbour[d][piece]; n != noBit && occ&(1<<n) == 0 {
		return piece, 1 << n
	}
	return piece, 0
}

// captureGraph holds every jump of one capturing piece: from each square it
// can stand on, in each direction, the enemy piece it would take and where
// it could land.
type captureGraph struct {
	verts uint64 // the empty squares and the start square
	piece [64][8]uint8
	land  [64][8]uint64
}

// newCaptureGraph builds the graph of the man or king on bit from, with
// the pieces of all on the board and prey the enemy pieces.
func newCaptureGraph(from int, all, prey uint64, king bool) *captureGraph {
	cg := new(captureGraph)
	occ := all &^ (1 << from)
	cg.verts = boardMask &^ occ
	for v := cg.verts; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 8 {
			p, l := jump(d, b, occ, king)
			if p == noBit || prey&(1<<p) == 0 || l == 0 {
				p, l = noBit, 0
			}
			cg.piece[b][d], cg.land[b][d] = p, l
		}
	}
	return cg
}

// steps calls f with every jump from bit at over a piece of left: where it
// lands and the piece it takes. No two jumps share a landing square.
func (cg *captureGraph) steps(at int, left uint64, f func(land, taken int)) {
	for d := range 8 {
		p := cg.piece[at][d]
		if p == noBit || left&(1<<p) == 0 {
			continue
		}
		for l := cg.land[at][d]; l != 0; l &= l - 1 {
			f(bits.TrailingZeros64(l), int(p))
		}
	}
}

// jumpBetween returns the piece jumped going from bit a to bit b in one
// jump, and false when no jump over an enemy piece goes from a to b.
func (cg *captureGraph) jumpBetween(a, b int) (int, bool) {
	if cg.verts&(1<<a) == 0 {
		return 0, false
	}
	for d := range 8 {
		if cg.land[a][d]&(1<<b) != 0 {
			return int(cg.piece[a][d]), true
		}
	}
	return 0, false
}

// reach returns the pieces not in taken that some trail from bit at could
// take, ignoring that each piece is taken once, and the squares such trails
// visit: a bound on what any capture from there takes.
func (cg *captureGraph) reach(at int, taken uint64) (pieces, squares uint64) {
	squares = uint64(1) << at
	for todo := squares; todo != 0; {
		v := bits.TrailingZeros64(todo)
		todo &= todo - 1
		for d := range 8 {
			p := cg.piece[v][d]
			if p == noBit || taken&(1<<p) != 0 {
				continue
			}
			pieces |= 1 << p
			n := cg.land[v][d] &^ squares
			squares |= n
			todo |= n
		}
	}
	return pieces, squares
}

// mustLeave returns a lower bound on the number of pieces of r that every
// capture standing on bit at leaves untaken, where r are the pieces it can
// reach and squares the squares it can visit. It counts parity: a piece
// with a single jump adds one to the degree of both its squares in every
// capture that takes it, and a square that only such pieces touch keeps
// the parity those pieces give it unless one of them is left. A trail has
// at most one odd square besides its start, and leaving a piece fixes at
// most two.
func (cg *captureGraph) mustLeave(at int, r, squares uint64) int {
	var jumps [64]uint8  // jumps over each piece, counted up to 2
	var touch [64]uint64 // the squares of those jumps
	for v := squares; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 4 { // each jump once, from its lower square
			p := cg.piece[b][d]
			if p == noBit || r&(1<<p) == 0 {
				continue
			}
			l := cg.land[b][d]
			jumps[p] = min(jumps[p]+uint8(bits.OnesCount64(l)), 2)
			touch[p] |= 1<<b | l
		}
	}
	var odd, free uint64
	for x := r; x != 0; x &= x - 1 {
		p := bits.TrailingZeros64(x)
		if jumps[p] == 1 {
			odd ^= touch[p]
		} else {
			free |= touch[p] // either parity is possible here
		}
	}
	return bits.OnesCount64(odd&^free&^(1<<at)) / 2 // ⌈(n−1)/2⌉
}

// ends returns the squares of want on which a capture standing on bit at
// can end after taking exactly the pieces of left, always exactly: when
// the Euler test runs out of budget it splits on the first jump, each part
// with one piece fewer. The test looks only for the squares wanted, and
// stops once it has them: asking for one end square, as a walk along a
// move's path does, costs a small part of asking for all. The tests run in
// s, whose memory a walk keeps from one step to the next (each test sets
// up its own state: s needs no reset between them).
func (cg *captureGraph) ends(s *eulerSearch, at int, left, want uint64) uint64 {
	if left == 0 || want == 0 { // to the test, no end wanted means all
		return want & (1 << at)
	}
	s.end, s.visit, s.ctx = want, nil, nil
	if found, ok := s.ends(cg, at, left); ok {
		return found
	}
	var found uint64
	cg.steps(at, left, func(l, p int) {
		found |= cg.ends(s, l, left&^(1<<p), want)
	})
	return found
}

// scratch returns the Euler test memory *s of a walk, made on first use:
// a walk that needs no test makes none.
func scratch(s **eulerSearch) *eulerSearch {
	if *s == nil {
		*s = new(eulerSearch)
	}
	return *s
}

// canFinish reports whether a capture standing on bit at can take exactly
// the pieces of left and end on bit to, landing on every square of visit
// (in any order) before its end. Exact, as ends, unless ctx is done: then
// it answers no at once, and the caller must not trust the answer. The
// tests run in s, as in ends.
func (cg *captureGraph) canFinish(ctx context.Context, s *eulerSearch, at int, left uint64, to int, visit []uint8) bool {
	if ctx.Err() != nil {
		return false
	}
	if left == 0 {
		return len(visit) == 0 && at == to
	}
	s.end, s.visit, s.ctx = 1<<to, visit, nil
	if ctx.Done() != nil {
		s.ctx = ctx
	}
	if found, ok := s.ends(cg, at, left); ok {
		return found != 0
	}
	yes := false
	cg.steps(at, left, func(l, p int) {
		if yes || (left == 1<<p && l != to) {
			return
		}
		rest := visit
		if i := slices.Index(visit, uint8(l)); i >= 0 && left != 1<<p {
			rest = slices.Delete(slices.Clone(visit), i, i+1)
		}
		yes = cg.canFinish(ctx, s, l, left&^(1<<p), to, rest)
	})
	return yes
}

// The generator's exact search. Each node is a state (square, pieces
// taken) of one piece's capture:
//
//   - states met before are skipped (a table of bounded size: forgetting
//     one costs time, never an answer);
//   - the pieces still reachable bound what the node can add, and a node
//     that cannot reach the best score found is cut;
//   - otherwise the node is settled without search when it can be: the
//     Euler test asks whether the piece can take every reachable piece,
//     then every set that leaves out a little, lightest first, down to the
//     best score; the first sets it can take are the node's best captures,
//     with all their end squares. Only when there are too many such sets,
//     or the test runs out of budget, are the node's jumps searched.

// What one node may spend trying to settle itself: the sets it may test
// and the Euler test steps of each and of all (two steps cost about one
// node). The first node may spend the whole turn, since settling it saves
// the whole search (rootLimits); a node below it little, since there the
// search is the cheaper tool unless the best captures are a set or two
// away.
type settleLimits struct{ sets, perSet, total int }

const (
	innerSets   = 1 << 2
	innerPerSet = 1 << 11
	innerTotal  = 1 << 12
)

// rootLimits are the settle limits of the first node in a turn of budget
// nodes.
func rootLimits(budget int) settleLimits {
	return settleLimits{sets: budget / linearTestCost, perSet: 2 * budget, total: 2 * budget}
}

// Costs in nodes of the graph search's work, for the budgets.
const (
	graphNodeCost  = 16 // finding what is in reach and the parity bound
	linearTestCost = 8  // linearPossible
	eulerTestCost  = 32 // setting up one Euler test
)

// graphSearch is one piece's exact capture search.
type graphSearch struct {
	g      *generator
	cg     *captureGraph
	euler  *eulerSearch
	linear **pieceSpans      // made on first use
	tests  map[uint64]uint64 // the hard piece's rootTests; nil for none
}

// maxRootTests bounds the Euler tests of the first node a hard piece keeps
// (hardPiece.rootTests): the memory of a search must not grow with its time.
const maxRootTests = 1 << 10

// pieceSpans are the pieces' spaces, their bases end to end.
type pieceSpans struct {
	by    [64]pieceSpan // by piece bit
	basis []uint64
}

// pieceSpan is what the linear part of the Euler test (linearEnds) needs
// of a piece: the parities of its first edge, the space of the
// differences to its other edges, and the squares its edges touch.
type pieceSpan struct {
	first, touch uint64
	basis        [2]uint16 // where its basis lies in pieceSpans.basis
}

// linearPossible reports whether the parities allow a capture standing on
// bit at to take exactly the pieces of set, as linearEnds does, from
// spaces made once per piece: a fraction of the Euler test's cost, and it
// turns down nearly every set that the test would.
func (s *graphSearch) linearPossible(at int, set uint64) bool {
	if *s.linear == nil {
		*s.linear = s.cg.pieceSpans()
	}
	return (*s.linear).possible(at, set)
}

// possible is linearPossible given the spans.
func (linear *pieceSpans) possible(at int, set uint64) bool {
	var sp gf2Space
	var sum, touched uint64
	for x := set; x != 0; x &= x - 1 {
		ps := &linear.by[bits.TrailingZeros64(x)]
		sum ^= ps.first
		touched |= ps.touch
		for _, v := range linear.basis[ps.basis[0]:ps.basis[1]] {
			sp.add(v)
		}
	}
	start := uint64(1) << at
	if sp.reduce(sum) == 0 {
		return true // a trail back to the start
	}
	return sp.matching(touched&^start, sp.reduce(sum^start)) != 0
}

// scoreBound returns a bound on the score of every capture of the piece
// on bit at, whose reach is r over squares: taking all of r, unless
// mustLeave or the parities (linearPossible) rule that out, else leaving
// the fewest pieces mustLeave allows, or one, the lightest. It makes the
// pieces' spans, which the graph search then uses too. (Trying the sets
// of the lighter levels as settle does cost more than it saved.)
func (cg *captureGraph) scoreBound(g *generator, at int, r, squares uint64) (int, *pieceSpans) {
	linear := cg.pieceSpans()
	leave := cg.mustLeave(at, r, squares)
	if leave == 0 && !linear.possible(at, r) {
		leave = 1
	}
	men := min(leave, bits.OnesCount64(r&^g.oppKings))
	return g.score(r) - 2*(manValue*men+kingValue*(leave-men)), linear
}

// pieceSpans returns the spans of the pieces jumped in cg.
func (cg *captureGraph) pieceSpans() *pieceSpans {
	all := new(pieceSpans)
	spans := &all.by
	var seen uint64
	var own [64]gf2Space
	for v := cg.verts; v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		for d := range 4 {
			p := cg.piece[b][d]
			if p == noBit {
				continue
			}
			ps := &spans[p]
			for l := cg.land[b][d]; l != 0; l &= l - 1 {
				e := uint64(1)<<b | l&-l
				ps.touch |= e
				if seen&(1<<p) == 0 {
					seen |= 1 << p
					ps.first = e
				} else {
					own[p].add(ps.first ^ e)
				}
			}
		}
	}
	n := 0
	for x := seen; x != 0; x &= x - 1 {
		n += bits.OnesCount64(own[bits.TrailingZeros64(x)].pivots)
	}
	all.basis = make([]uint64, 0, n)
	for x := seen; x != 0; x &= x - 1 {
		p := bits.TrailingZeros64(x)
		ps := &spans[p]
		ps.basis[0] = uint16(len(all.basis))
		for q := own[p].pivots; q != 0; q &= q - 1 {
			all.basis = append(all.basis, own[p].basis[bits.TrailingZeros64(q)])
		}
		ps.basis[1] = uint16(len(all.basis))
	}
	return all
}

// graphSearch appends the best captures of the piece on bit from that it
// finds within the turn's budget (see graphTurn).
func (g *generator) graphSearch(dst []Move, from int, king bool) []Move {
	// The Euler test's state lives apart: it holds the context, and so
	// must not hold g, which then could not stay on the stack.
	hp := g.pieceOf(from, king)
	if hp.rootTests == nil && g.hardPiece != 0 {
		hp.rootTests = make(map[uint64]uint64)
	}
	s := &graphSearch{g: g, cg: hp.cg, euler: hp.euler, linear: &hp.linear, tests: hp.rootTests}
	s.euler.pause = g.eulerPause // see searchBoth
	return s.node(dst, from, 0)
}

// node searches the state (at, taken).
func (s *graphSearch) node(dst []Move, at int, taken uint64) []Move {
	g := s.g
	// The first state comes once: no need to remember it (and to make
	// the table, when the first node settles everything).
	if !g.step(graphNodeCost) || taken != 0 && g.table.visit(0, uint8(at), taken) {
		return dst
	}
	r, squares := s.cg.reach(at, taken)
	if r == 0 {
		if taken != 0 {
			dst = g.record(dst, at, taken)
		}
		return dst
	}
	leave := s.cg.mustLeave(at, r, squares)
	bound := g.score(taken|r) - 2*manValue*leave
	if bound < g.best {
		return dst
	}
	lim := settleLimits{innerSets, innerPerSet, innerTotal}
	if taken == 0 {
		lim = rootLimits(g.limit)
	}
	dst, settled := s.settle(dst, at, taken, r, leave, lim)
	if settled {
		return dst
	}
	for d := range 8 {
		p := s.cg.piece[at][d]
		if p == noBit || taken&(1<<p) != 0 {
			continue
		}
		for l := s.cg.land[at][d]; l != 0 && !g.over; l &= l - 1 {
			dst = s.node(dst, bits.TrailingZeros64(l), taken|1<<p)
		}
	}
	return dst
}

// settle tries to find the best captures from the state (at, taken), whose
// reachable pieces are r, of which at least leave are left whatever the
// capture, with the Euler test alone. It tries the sets that leave out the
// least value first, all sets leaving out the same value together: a men
// and b kings left out weigh 100a + 199b, and no two (a, b) weigh the
// same. The first value at which the piece can take such a set exactly
// gives the best captures from here, and they are complete: one that could
// go on would take a heavier set, tried before. Past the value that cannot
// reach the best score found, nothing from here can. settle reports
// whether it got that far within budget (Euler test steps); then every
// capture from this state that could be legal is recorded.
func (s *graphSearch) settle(dst []Move, at int, taken, r uint64, leave int, lim settleLimits) ([]Move, bool) {
	g := s.g
	men, kings := r&^g.oppKings, r&g.oppKings
	nm, nk := bits.OnesCount64(men), bits.OnesCount64(kings)
	full := g.score(taken | r)
	var levelBuf [26 * 26][2]uint8
	levels, total := levelBuf[:0], 0
	for a := 0; a <= nm; a++ {
		for b := 0; b <= nk; b++ {
			if a+b < leave || a+b == nm+nk {
				continue // impossible by parity; or nothing taken at all
			}
			if g.best >= 0 && full-2*(manValue*a+kingValue*b) < g.best {
				continue
			}
			levels = append(levels, [2]uint8{uint8(a), uint8(b)})
			total += binomial(nm, a) * binomial(nk, b)
		}
	}
	if taken != 0 && total > lim.sets {
		// Below the first node, settling pays only when it can finish:
		// a set that happens to work is rare there.
		return dst, false
	}
	slices.SortFunc(levels, func(x, y [2]uint8) int {
		return cmp.Compare(manValue*int(x[0])+kingValue*int(x[1]), manValue*int(y[0])+kingValue*int(y[1]))
	})
	work, sets := 0, 0
	for _, lv := range levels {
		found := false
		for mi := newSubsets(men, int(lv[0])); mi.next(); {
			for ki := newSubsets(kings, int(lv[1])); ki.next(); {
				set := r &^ (mi.subset | ki.subset)
				if sets++; sets > lim.sets {
					return dst, false
				}
				// The Euler test asks the parities itself: the shared
				// spaces pay off only once several sets are tried.
				if sets > 1 && !s.linearPossible(at, set) {
					if !g.step(linearTestCost) {
						return dst, false
					}
					continue
				}
				var ends uint64
				known := false
				if taken == 0 {
					ends, known = s.tests[set]
				}
				if known {
					if !g.step(linearTestCost) {
						return dst, false
					}
				} else {
					s.euler.budget = min(lim.perSet, lim.total-work)
					g.eulerPaused, g.eulerCharged = 0, 0
					var ok bool
					ends, ok = s.euler.ends(s.cg, at, set)
					work += s.euler.work
					g.slice += g.eulerCharged // charged again in full by step
					if g.over || !g.step(eulerTestCost+s.euler.work/2) || !ok || work > lim.total {
						return dst, false
					}
					if taken == 0 && s.tests != nil && len(s.tests) < maxRootTests {
						s.tests[set] = ends
					}
				}
				for e := ends; e != 0; e &= e - 1 {
					dst = g.record(dst, bits.TrailingZeros64(e), taken|set)
					found = true
				}
			}
		}
		if found {
			return dst, true
		}
	}
	return dst, true
}

// binomial returns n choose k, saturating at a million.
func binomial(n, k int) int {
	c := 1
	for i := range k {
		if c = c * (n - i) / (i + 1); c > 1e6 {
			return 1e6
		}
	}
	return c
}

// stateTable remembers capture states. It is a table indexed by a hash
// that starts small and grows up to maxStateSlots: a state that falls out
// is searched again, which costs time but never changes an answer.
type stateTable struct {
	slots []stateSlot
	added int    // states stored since the last growth
	epoch uint32 // slots of other epochs are empty
}

type stateSlot struct {
	taken   uint64
	at, tag uint8
	epoch   uint32
}

// clear forgets every state, at once.
func (t *stateTable) clear() {
	t.epoch++
	t.added = 0
}

const (
	minStateSlots = 1 << 10
	maxStateSlots = 1 << 18 // 4 MiB
)

// visit reports whether the state (at, taken) was seen with the same tag,
// and remembers it. The tag tells apart states of different searches
// sharing a table, such as the squares of a text matched so far.
func (t *stateTable) visit(tag, at uint8, taken uint64) bool {
	if t.epoch == 0 {
		t.epoch = 1 // new slots hold epoch 0
	}
	if t.added >= len(t.slots) && len(t.slots) < maxStateSlots {
		// Full enough that states are being forgotten: start a larger
		// table. Forgetting the old states costs a little time once.
		t.slots = make([]stateSlot, max(minStateSlots, 4*len(t.slots)))
		t.added = 0
	}
	h := taken*0x9e3779b97f4a7c15 ^ (uint64(at)|uint64(tag)<<8)*0xc2b2ae3d27d4eb4f
	e := &t.slots[h>>32%uint64(len(t.slots))]
	if e.epoch == t.epoch && e.taken == taken && e.at == at && e.tag == tag {
		return true
	}
	*e = stateSlot{taken, at, tag, t.epoch}
	t.added++
	return false
}

// subsets enumerates the subsets of set with n elements, as combinations
// of n of its len bits (Gosper's hack) spread onto its squares.
type subsets struct {
	set    uint64
	size   int    // bits in set
	comb   uint64 // the current combination of bit positions
	subset uint64 // comb spread onto set
	n      int
	done   bool
}

func newSubsets(set uint64, n int) subsets {
	return subsets{set: set, size: bits.OnesCount64(set), n: n}
}

// next moves to the next subset and reports whether there is one.
func (it *subsets) next() bool {
	switch {
	case it.done || it.n > it.size:
		return false
	case it.n == 0:
		// One subset, the empty one.
		it.done, it.subset = true, 0
		return true
	case it.comb == 0:
		it.comb = 1<<it.n - 1
	default:
		c := it.comb & -it.comb
		r := it.comb + c
		it.comb = (r^it.comb)>>2/c | r
	}
	if it.comb>>it.size != 0 {
		it.done = true
		return false
	}
	it.subset = 0
	i := 0
	for s := it.set; s != 0; s &= s - 1 {
		if it.comb&(1<<i) != 0 {
			it.subset |= s & -s
		}
		i++
	}
	return true
}
