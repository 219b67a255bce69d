package frisian

import (
	"context"
	"math/bits"
	"slices"
)

// Capture search. Every complete capture of every piece is scored, and only
// those of the best score are kept (RULES.md §3.1):
//
//	score = 2·(199·kings + 100·men) + 1 if made by a king
//
// 199·k + 100·m orders by value 2k+m and then by fewer kings; the last bit
// makes a king's capture beat a man's of equal value.
//
// Each capturing piece is searched plainly, depth first, as the C++ engines
// do: in real positions a capture tree has a few to a few hundred nodes, and
// nothing beats the plain search there. A piece whose tree outgrows its
// budget is hard, and hardSearch (hard.go) finishes it exactly. The search
// runs on the caller's goroutine and does the same work in the same order
// on every machine.

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
	if g.limit == earlyBudget {
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
	nodes      int    // nodes of the current piece's plain search
	limit      int    // its budget, in nodes
	over       bool   // the plain search ran past its budget: the piece is hard

	jumpFrom [8]uint64 // where a king could jump from, by direction (kingfill.go)
	offAxis  [4]uint64 // the union of jumpFrom off each line d, d+4

	ctx context.Context // when not nil, a hard search stops when it is done
	err error           // why the search stopped early; then the moves are void
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

// searchHardPieces finishes the pieces whose plain search ran out of
// budget, those whose captures could be worth the most first: the best
// score they find lets the others skip what cannot reach it.
func (g *generator) searchHardPieces(dst []Move, kings, men uint64) []Move {
	var h hardSearch
	h.ctx = g.ctx
	defer func() {
		if h.sets != nil {
			setSearches.Put(h.sets)
		}
	}()
	type hardPiece struct {
		b, bound int
		king     bool
	}
	var buf [NumSquares]hardPiece
	pieces := buf[:0]
	for k := kings | men; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		king := kings&(1<<b) != 0
		h.jg.init(b, g.own|g.opp, g.opp, g.oppKings, king)
		r, _ := h.jg.reach(1<<b, 0)
		pieces = append(pieces, hardPiece{b, h.jg.value(r), king})
	}
	slices.SortStableFunc(pieces, func(x, y hardPiece) int { return y.bound - x.bound })
	var res hardResult
	for _, pc := range pieces {
		if pc.bound < g.best {
			continue
		}
		// The captures its plain search kept are found again.
		kept := dst[:g.start]
		for _, m := range dst[g.start:] {
			if int(m.from) != pc.b {
				kept = append(kept, m)
			}
		}
		dst = kept
		h.jg.init(pc.b, g.own|g.opp, g.opp, g.oppKings, pc.king)
		h.bar = max(g.best, 0)
		if !h.search(&res) {
			g.err = h.err
			return dst
		}
		g.setPiece(pc.b, pc.king, len(dst))
		for _, se := range res.ends {
			for e := se.ends; e != 0; e &= e - 1 {
				dst = g.recordScored(dst, bits.TrailingZeros64(e), se.set, res.best)
			}
		}
	}
	return dst
}

// setPiece makes the piece on bit b the capturing piece, whose captures
// are recorded from start in dst on.
func (g *generator) setPiece(b int, king bool, start int) {
	g.from = uint8(b)
	g.pieceStart, g.seen = start, 0
	g.flags = 0
	if king {
		g.flags = flagKing
	}
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

// lineJumpAfter returns, given a king's ray in direction index d and the
// pieces on the board, the nearest piece on the ray as a bit and the
// squares behind it up to the next one (where the king lands if it jumps
// that piece), and that next piece as a bit, or 0 when the line ends
// first. The piece is 0 when the ray is empty, and then the landings mean
// nothing. Directions towards square 50 find pieces by the lowest bit,
// the others by the highest; the landing squares come from the ray
// itself, not from a table looked up after finding the piece, which would
// have to wait for it.
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
	} else if g.seen&bit != 0 {
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
