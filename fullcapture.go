package frisian

import (
	"cmp"
	"math/bits"
	"slices"
)

// Captures that take every enemy piece.
//
// A king's capture moves between empty squares, and which empty squares
// there are never changes during a capture (taken pieces stay until the
// end). So every way to jump a piece x is an edge between an empty square
// a on one side of x and an empty square b on the other, on one of the four
// lines through x, and a capture is a trail in the multigraph of these
// edges that uses at most one edge per piece. A capture of every piece is
// then an Euler trail of the graph made of one chosen edge per piece: it
// exists exactly when those edges are connected to the king's square and
// at most the king's square and the end square have odd degree.
//
// The edges are chosen piece by piece; a square no later piece touches has
// a settled degree, and two settled odd squares besides the king's end a
// branch early.
//
// Positions where a king can take everything are where plain depth-first
// search explodes (lidraughts' worst case has 32 kings taken in
// astronomically many orders), and there this test answers at once: such
// a capture is worth more than any other, so its end squares are all the
// legal moves. When no king can take everything, the same test tried on
// the sets that leave out a few pieces, lightest first, usually finds the
// heaviest captures as quickly (appendNearFullCaptures).
//
// The same test also keeps the path walks of path.go and clicks.go out of
// dead ends (canTakeAll).

// eulerBudget bounds the work of fullCaptureEnds (choices tried); past it
// the caller searches as usual.
const eulerBudget = 1 << 16

// pieceEdges lists the ways to jump one piece.
type pieceEdges struct {
	n     int
	touch uint64       // every square of every edge
	edges [32][2]uint8 // bit indices of the two squares
}

// fullCaptureEnds looks for captures by the king on bit k that take every
// piece of prey that can be jumped at all (takes). It returns the squares
// where such captures end, and false when it could not tell within its
// budget.
func fullCaptureEnds(k int, prey, occupied uint64) (ends, takes uint64, ok bool) {
	var s eulerSearch
	takes, ok = s.build(k, prey, occupied, true)
	if !ok || takes == 0 {
		return 0, 0, ok
	}
	if !s.run() {
		return 0, 0, false
	}
	return s.found, takes, true
}

// canTakeAll reports whether the piece on bit at (a king, or a man) can
// go on to take exactly the pieces of set and end on bit end, with the
// pieces on occupied standing (taken ones stay until the capture ends).
// known is false when the budget ran out before an answer.
func canTakeAll(at int, set, occupied uint64, king bool, end int) (yes, known bool) {
	var s eulerSearch
	takes, ok := s.build(at, set, occupied, king)
	if !ok {
		return false, false
	}
	if takes != set {
		return false, true // a piece of set nobody can jump
	}
	if !s.run() {
		return false, false
	}
	return s.found&(1<<end) != 0, true
}

// build lists the edges of every piece of prey for a capture from bit k:
// a king's run the whole empty line on each side of a piece, a man's only
// the next square. It returns the pieces that have an edge, and false
// when a piece has more edges than it can hold.
func (s *eulerSearch) build(k int, prey, occupied uint64, king bool) (takes uint64, ok bool) {
	occ := occupied &^ (1 << k)
	s.start = uint64(1) << k
	for x := prey; x != 0; x &= x - 1 {
		b := bits.TrailingZeros64(x)
		pe := &s.pieces[s.n]
		pe.n, pe.touch = 0, 0
		for d := range 4 {
			var before, after uint64
			if king {
				before, after = slide(d+4, b, occ), slide(d, b, occ)
			} else if n1, n2 := neighbour[d+4][b], neighbour[d][b]; n1 != noBit && n2 != noBit {
				before, after = 1<<n1&^occ, 1<<n2&^occ
			}
			for a := before; a != 0; a &= a - 1 {
				for c := after; c != 0; c &= c - 1 {
					if pe.n == len(pe.edges) {
						return 0, false
					}
					e := [2]uint8{uint8(bits.TrailingZeros64(a)), uint8(bits.TrailingZeros64(c))}
					pe.edges[pe.n] = e
					pe.touch |= 1<<e[0] | 1<<e[1]
					pe.n++
				}
			}
		}
		if pe.n > 0 {
			s.n++
			takes |= 1 << b
		}
	}
	return takes, true
}

// run searches the edge choices; false when the budget ran out.
func (s *eulerSearch) run() bool {
	s.order()
	var later uint64
	for i := s.n - 1; i >= 0; i-- {
		s.settled[i] = s.pieces[i].touch &^ later
		later |= s.pieces[i].touch
	}
	return s.choose(0, 0, 0)
}

// order arranges the pieces so that squares are settled early: each next
// piece is the one that settles the most squares (touched by no piece
// after it) and adds the fewest new ones, with fewer edges first among
// equals. The order decides how soon choose can cut a branch.
func (s *eulerSearch) order() {
	var count [64]int // pieces not yet placed touching each square
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
			score := 64*(bits.OnesCount64(pe.touch&last)-bits.OnesCount64(pe.touch&^seen)) - pe.n
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

// eulerSearch chooses one edge per piece, keeping the parity of every
// square's degree, and collects the end squares of the choices that form
// an Euler trail from start.
type eulerSearch struct {
	start   uint64
	n       int
	pieces  [NumSquares]pieceEdges
	settled [NumSquares]uint64 // squares no piece after i touches
	chosen  [NumSquares][2]uint8
	found   uint64
	work    int
}

// choose picks an edge for piece i given the parity so far and the
// squares already settled. It returns false when the budget runs out.
func (s *eulerSearch) choose(i int, odd, settled uint64) bool {
	if s.work++; s.work > eulerBudget {
		return false
	}
	if i == s.n {
		if end := s.trailEnd(odd); end&^s.found != 0 && s.connected() {
			s.found |= end
		}
		return true
	}
	settled |= s.settled[i]
	pe := &s.pieces[i]
	for _, e := range pe.edges[:pe.n] {
		next := odd ^ 1<<e[0] ^ 1<<e[1]
		// A settled square of odd degree other than the start must be
		// the end: two of them, or one already found, end this branch.
		fixed := next & settled &^ s.start
		if fixed&(fixed-1) != 0 || fixed&s.found != 0 {
			continue
		}
		if settled&s.start != 0 && next&s.start == 0 && fixed != 0 {
			continue // an even start cannot pair with an odd end
		}
		s.chosen[i] = e
		if !s.choose(i+1, next, settled) {
			return false
		}
	}
	return true
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

// nearFullBudget bounds the sets of pieces appendNearFullCaptures tries.
const nearFullBudget = 1 << 10

// appendNearFullCaptures appends the heaviest captures by the given kings
// when none can take all of takeable (the pieces some capture could take; takes[b]
// those the king on bit b could) and no man can capture. It tries the sets
// that leave out the least value first, all sets leaving out the same
// value together: a men and b kings left out weigh 100a + 199b, and no two
// (a, b) weigh the same. The first value at which some king can take such a
// set exactly gives the legal moves; those captures are complete, since a
// capture that could go on would take a heavier set, tried before. It
// reports false when the budget runs out first.
func (g *generator) appendNearFullCaptures(dst []Move, kings, takeable uint64, takes *[64]uint64) ([]Move, bool) {
	all := g.own | g.opp
	preyMen, preyKings := takeable&^g.oppKings, takeable&g.oppKings
	tried := 0
	for _, lv := range leaveOutLevels(bits.OnesCount64(preyMen), bits.OnesCount64(preyKings)) {
		n := len(dst)
		for mi := newSubsets(preyMen, lv[0]); mi.next(); {
			for ki := newSubsets(preyKings, lv[1]); ki.next(); {
				set := takeable &^ (mi.subset | ki.subset)
				if tried++; tried > nearFullBudget {
					return dst[:n], false
				}
				for k := kings; k != 0; k &= k - 1 {
					b := bits.TrailingZeros64(k)
					if set&^takes[b] != 0 {
						continue
					}
					var s eulerSearch
					if _, ok := s.build(b, set, all, true); !ok || !s.run() {
						return dst[:n], false
					}
					for e := s.found; e != 0; e &= e - 1 {
						dst = append(dst, Move{from: uint8(b), to: uint8(bits.TrailingZeros64(e)), flags: flagKing, captured: set})
					}
				}
			}
		}
		if len(dst) > n {
			return dst, true
		}
	}
	return dst, false
}

// leaveOutLevels lists the (men, kings) counts to leave out, lightest
// first, but not all or none.
func leaveOutLevels(nm, nk int) [][2]int {
	var levels [][2]int
	for a := 0; a <= nm; a++ {
		for b := 0; b <= nk; b++ {
			if (a > 0 || b > 0) && (a < nm || b < nk) {
				levels = append(levels, [2]int{a, b})
			}
		}
	}
	slices.SortFunc(levels, func(x, y [2]int) int {
		return cmp.Compare(manValue*x[0]+kingValue*x[1], manValue*y[0]+kingValue*y[1])
	})
	return levels
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
