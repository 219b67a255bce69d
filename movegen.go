package frisian

import "math/bits"

// board holds what move generation derives from a position once: all
// that the simple cases need (no king to move, and no man that can jump
// twice).
type board struct {
	us         Color
	own, opp   uint64
	ownMen     uint64
	ownKings   uint64
	oppKings   uint64
	empty      uint64
	restricted uint64 // the king the three-move rule stops from a quiet move
}

// generator is a board and what a capture search needs besides. The
// simple cases use a board alone, which is quicker to set up.
type generator struct {
	board
	captureState // see capture.go
}

// init fills in what every kind of generation needs.
func (g *board) init(p *Position) {
	g.initBoard(p.side[0], p.side[1], p.kings, p.turn)
	g.restrict(p.kingRun[g.us])
}

// initBoard fills in the pieces: own are the side to move's, of color us.
func (g *board) initBoard(own, opp, kings uint64, us Color) {
	g.us = us & 1
	g.own = own
	g.opp = opp
	g.ownKings = own & kings
	g.ownMen = own &^ kings
	g.oppKings = opp & kings
	g.empty = boardMask &^ (own | opp)
}

// restrict records the king the three-move rule holds, if any.
func (g *board) restrict(r quietRun) {
	g.restricted = 0
	if r.count >= KingRunLimit {
		g.restricted = uint64(1) << (r.sq & 63)
	}
}

// shift moves every bit of x by d places (towards square 50 when d > 0).
func shift(x uint64, d int) uint64 {
	if d > 0 {
		return x << d
	}
	return x >> -d
}

// forward returns the two diagonal directions in which men of color c move.
func forward(c Color) (int, int) {
	if c == White {
		return -dirSW, -dirSE
	}
	return dirSW, dirSE
}

// appendQuiet appends every quiet move: men one step diagonally forward,
// kings any distance along a diagonal, except the king held by the
// three-move rule.
func (g *board) appendQuiet(dst []Move) []Move {
	d1, d2 := forward(g.us)
	promo := promotionRow[g.us]
	for _, d := range [2]int{d1, d2} {
		for to := shift(g.ownMen, d) & g.empty; to != 0; to &= to - 1 {
			t := bits.TrailingZeros64(to)
			m := Move{from: uint8(t - d), to: uint8(t)}
			if promo&(1<<t) != 0 {
				m.flags = flagPromotion
			}
			dst = append(dst, m)
		}
	}
	occ := g.own | g.opp
	for k := g.ownKings &^ g.restricted; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		// The four diagonals' squares are distinct: one loop over all.
		to := slide(1, b, occ) | slide(2, b, occ) | slide(5, b, occ) | slide(6, b, occ)
		for ; to != 0; to &= to - 1 {
			dst = append(dst, Move{from: uint8(b), to: uint8(bits.TrailingZeros64(to)), flags: flagKing})
		}
	}
	return dst
}

// slide returns the empty squares a king on bit b reaches in direction index
// d before the first occupied square. They come from the ray itself: the
// squares before its nearest piece, the lowest bit towards square 50 and
// the highest the other way.
func slide(d, b int, occ uint64) uint64 {
	ray := rays[d&7][b&63]
	blockers := ray & occ
	if d < 4 {
		return ray & (blockers&-blockers - 1)
	}
	return ray &^ (1<<bits.Len64(blockers) - 1)
}

// countQuiet returns the number of quiet moves without listing them.
func (g *board) countQuiet() int {
	return countManSteps(g.ownMen, g.empty, g.us) + countSlides(g.ownKings&^g.restricted, g.empty)
}

// countSlides returns the number of quiet moves of the kings on the
// squares of kings, given the empty squares. Along one direction the
// squares two kings reach never meet (the one behind stops at the other),
// so each direction's fill from all kings at once counts each move once.
// A fill step doubles the distance covered: four cover the nine squares a
// king can slide along the long diagonal.
func countSlides(kings, empty uint64) int {
	if kings&(kings-1) == 0 {
		// One king at most, the most common case by far: its four rays
		// take fewer steps than the four fills.
		if kings == 0 {
			return 0
		}
		b := bits.TrailingZeros64(kings)
		occ := boardMask &^ empty
		return bits.OnesCount64(slide(1, b, occ) | slide(2, b, occ) | slide(5, b, occ) | slide(6, b, occ))
	}
	return bits.OnesCount64(slideUp(kings, empty, dirSW)) + bits.OnesCount64(slideUp(kings, empty, dirSE)) +
		bits.OnesCount64(slideDown(kings, empty, dirSW)) + bits.OnesCount64(slideDown(kings, empty, dirSE))
}

// slideUp returns the empty squares that kings reach going o bits up (towards
// square 50) a step.
func slideUp(kings, empty uint64, o uint) uint64 {
	f := kings | empty&(kings<<o)
	e := empty & (empty << o)
	f |= e & (f << (2 * o))
	e &= e << (2 * o)
	f |= e & (f << (4 * o))
	e &= e << (4 * o)
	f |= e & (f << (8 * o))
	return f &^ kings
}

// slideDown is slideUp going down.
func slideDown(kings, empty uint64, o uint) uint64 {
	f := kings | empty&(kings>>o)
	e := empty & (empty >> o)
	f |= e & (f >> (2 * o))
	e &= e >> (2 * o)
	f |= e & (f >> (4 * o))
	e &= e >> (4 * o)
	f |= e & (f >> (8 * o))
	return f &^ kings
}

// countManSteps counts the quiet steps of the men of color c.
func countManSteps(men, empty uint64, c Color) int {
	if c == White {
		return bits.OnesCount64(men>>dirSW&empty) + bits.OnesCount64(men>>dirSE&empty)
	}
	return bits.OnesCount64(men<<dirSW&empty) + bits.OnesCount64(men<<dirSE&empty)
}

// countLegal returns len(p.LegalMoves()) with less work, in g (see
// countMoves).
func (p *Position) countLegal(g *generator, scratch []Move) int {
	return countMoves(g, p.side[0], p.side[1], p.kings, p.turn, p.kingRun[p.turn&1], 0, scratch)
}

// countMoves counts the legal moves of the side to move, given its pieces
// (own), the others (opp), the kings, its color, and its three-move state
// before the move just played, which took the pieces of taken (see
// quietRun.after).
// It is perft's leaf counter, so the common case of a side without kings
// is done here with shifts and population counts alone.
//
// scratch is room for the captures it lists on the way; with enough
// capacity it does not allocate. g is the generator to work in, given
// rather than made here so that perft's leaves share one: the generator
// is large, and zeroing it took a good part of a leaf's time. It needs no
// reset between uses but that of its context (none, in perft): what else
// carries over, the hard search's starting budget (g.solved), changes how
// long a hard piece takes, never its moves.
func countMoves(g *generator, own, opp, kings uint64, turn Color, run quietRun, taken uint64, scratch []Move) int {
	if own&kings == 0 {
		empty := boardMask &^ (own | opp)
		if landed := jumpLandings(own, opp, empty); landed == 0 {
			return countManSteps(own, empty, turn)
		} else if again := landed & jumpSources(opp, empty); again == 0 {
			if oppKings := opp & kings; jumpLandings(own, oppKings, empty) != 0 {
				return countJumps(own, oppKings, empty)
			}
			return countJumps(own, opp, empty)
		} else {
			// Only men that can jump twice have legal captures (see
			// jumpOnce).
			g.initBoard(own, opp, kings, turn)
			return len(g.searchCapturesFrom(scratch[:0], 0, jumpSources(opp, again)&own, 0))
		}
	}
	g.initBoard(own, opp, kings, turn)
	g.restricted = 0
	if run.count >= KingRunLimit {
		g.restrict(run.after(taken, own, kings))
	}
	jumpers, men := g.jumpers()
	if jumpers|men != 0 {
		if n := len(g.capturesOf(scratch[:0], jumpers, men)); n > 0 {
			return n
		}
	}
	return g.countQuiet()
}
