// Package capture finds the legal captures of a position: those of the best
// score (RULES.md §3.1), 2·(199·kings + 100·men), plus 1 for a king's.
//
// Each piece is searched plainly, depth first. A piece whose search
// outgrows its budget is hard, and hardSearch finishes it with two exact
// methods taking turns counted in work: levels by the Euler test (euler.go)
// and sets (setsearch.go). All runs on the caller's goroutine, so the same
// position does the same work everywhere. docs/captures.md is the design.
package capture

import (
	"context"
	"math/bits"
	"slices"

	"github.com/frisian-draughts/frisian/internal/layout"
)

const (
	manValue  = 100
	kingValue = 199
)

// The tuning, in nodes of the plain search or units of hard work: an Euler
// test step (some 120 ns) or a set expanded in the dense index (45 ns).
//
//   - plainBudget: the nodes after which a piece is hard; earlyBudget where
//     at least crowdedPrey enemy pieces are open on both sides of a line.
//   - turn, setShare: a hard piece with at most 2·setShare·turn sets (17
//     pieces in reach) goes to the sets alone; for any other, levels and
//     sets take turns of turn and setShare·turn units, levels first and the
//     first sets turn turn/4.
//   - orderTurn: an Euler test runs in the order asked for alone for turn/4
//     steps, then in every order in turns of orderTurn steps.
//   - tableCost: the units of a set expanded in the set search's hash tables.
const (
	plainBudget = 1 << 10
	earlyBudget = 1 << 7
	crowdedPrey = 16
	turn        = 1 << 14
	setShare    = 6
	orderTurn   = 1 << 10
	tableCost   = 64
)

// Search is a Board and what a capture search needs besides. The zero
// value is ready to use once its Board is filled in.
type Search struct {
	Board
	// Ctx, when not nil, stops a hard search once it is done; Err then
	// says why, and the captures are void.
	Ctx context.Context
	Err error

	from, flags uint8      // of the capturing piece's moves
	occ         uint64     // occupied squares with the capturing piece lifted
	open        uint64     // empty squares with the capturing piece lifted
	best        int        // best score recorded so far, -1 for none
	start       int        // where this search's moves start in dst
	pieceStart  int        // where the current piece's moves start in dst
	seen        uint64     // a bit for each capture of three pieces or more kept since pieceStart
	nodes       int        // nodes of the current piece's plain search
	limit       int        // its budget, in nodes
	over        bool       // the plain search ran past its budget: the piece is hard
	unique      bool       // the captures come from the hard search, each once
	counting    bool       // only the number of captures matters (CountCaptures)
	lo, hi      uint64     // the enemy pieces spread (layout.Spread), set by CapturesOf for its men's searches
	lastKept    [65]uint32 // by hash, where in dst the last capture kept with it lies ([64]: one or two pieces); never below 0
}

// outOfBudget reports whether a search past its budget must stop: always,
// but at the early budget when the board is not crowded (crowdedPrey).
func (g *Search) outOfBudget() bool {
	if g.limit == earlyBudget {
		open := g.Empty | g.Own
		crowd := g.Opp & (open<<layout.E&(open>>layout.E) | open<<layout.SW&(open>>layout.SW) |
			open<<layout.SE&(open>>layout.SE) | open<<layout.S&(open>>layout.S))
		if bits.OnesCount64(crowd) < crowdedPrey {
			g.limit = plainBudget
			return false
		}
	}
	g.over = true
	return true
}

// Jumpers returns the kings and men of the side to move that can jump.
func (g *Search) Jumpers() (kings, men uint64) {
	if g.OwnKings != 0 {
		kings = g.kingsJumping(g.OwnKings)
	}
	if g.OwnMen != 0 { // kings alone are common
		men = JumpSources(g.Opp, g.Empty) & g.OwnMen
	}
	return kings, men
}

// CapturesOf appends the best captures of the given kings and men, those
// of Jumpers or fewer. Kings go first, since their heavier captures cut
// the rest; hard pieces go last.
func (g *Search) CapturesOf(dst []Move, kings, men uint64) []Move {
	g.start, g.best, g.Err = len(dst), -1, nil
	var hardKings, hardMen uint64
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if dst = g.searchPiece(dst, b, true, earlyBudget); g.over {
			hardKings |= 1 << b
			dst = dst[:g.pieceStart] // found again by the hard search
		}
	}
	if men != 0 {
		g.lo, g.hi = layout.Spread(uint32(g.Opp)), layout.Spread(uint32(g.Opp>>32))
	}
	for k := men; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if dst = g.searchPiece(dst, b, false, earlyBudget); g.over {
			hardMen |= 1 << b
			dst = dst[:g.pieceStart]
		}
	}
	if hardKings|hardMen != 0 {
		dst = g.searchHardPieces(dst, hardKings, hardMen)
	}
	if g.Err != nil {
		return dst[:g.start]
	}
	return dst
}

// CountCaptures returns the number of captures CapturesOf would append to
// scratch. It uses scratch's room but leaves no list there: a king's
// captures of one or two pieces, never duplicates, are counted unwritten.
func (g *Search) CountCaptures(scratch []Move, kings, men uint64) int {
	g.counting = true
	n := len(g.CapturesOf(scratch, kings, men)) - len(scratch)
	g.counting = false
	return n
}

// searchPiece appends the best captures of the piece on bit b found within
// the budget; g.over reports that it ran out.
func (g *Search) searchPiece(dst []Move, b int, king bool, limit int) []Move {
	g.setPiece(b, king, len(dst))
	g.nodes, g.limit, g.over = 0, limit, false
	if king {
		g.occ = (g.Own | g.Opp) &^ (1 << b)
		dst = g.kingRoot(dst, b)
	} else {
		g.open = g.Empty | 1<<b
		if land := manLandings(b, g.open, g.lo, g.hi); land != 0 {
			dst = g.manJumps(dst, b, 0, land, g.lo, g.hi)
		}
	}
	return dst
}

// setPiece makes the piece on bit b the capturing piece, its captures
// recorded in dst from start on.
func (g *Search) setPiece(b int, king bool, start int) {
	g.from, g.pieceStart, g.seen, g.flags = uint8(b), start, 0, 0
	if king {
		g.flags = FlagKing
	}
}

// manJumps extends a man's capture standing on bit at, having taken
// captured, that can jump on to land. lo and hi are the prey not yet
// taken, spread (layout.Spread) for manLandings. A jump that ends is
// recorded here, not in a call of its own, and the last landing's jumps
// go on in this call.
func (g *Search) manJumps(dst []Move, at int, captured, land, lo, hi uint64) []Move {
node:
	if g.nodes++; g.nodes > g.limit && g.outOfBudget() {
		return dst
	}
	for ; land != 0 && !g.over; land &= land - 1 {
		l := bits.TrailingZeros64(land) & 63
		// The jumped piece lies half-way between start and landing.
		x := (at + l) >> 1 & 63
		taken := captured | 1<<x
		// The piece just taken leaves lo and hi only for the jumps after
		// the next: the one jump back over it lands on at.
		if next := manLandings(l, g.open, lo, hi) &^ (1 << at); next != 0 {
			i := at + l // the bit of x in lo and hi
			m, high := uint64(1)<<(i&63), -uint64(i>>6&1)
			if land&(land-1) == 0 {
				at, captured, land, lo, hi = l, taken, next, lo^m&^high, hi^m&high
				goto node
			}
			dst = g.manJumps(dst, l, taken, next, lo^m&^high, hi^m&high)
		} else {
			g.nodes++
			dst = g.record(dst, l, taken, value(taken, g.OppKings))
		}
	}
	return dst
}

// manLandings returns the squares of open where a man on bit l lands by
// jumping a piece of the spread prey lo, hi: bits l+y of the 128 bits.
func manLandings(l int, open, lo, hi uint64) uint64 {
	l &= 63
	return layout.ManLandings[l] & open & (lo>>l | hi<<1<<(63-l))
}

// kingRoot starts the capture of the king on bit b.
func (g *Search) kingRoot(dst []Move, b int) []Move {
	g.nodes++
	b &= 63
	for t := layout.KingTargets[b] & g.Opp; t != 0 && !g.over; t &= t - 1 {
		x := bits.TrailingZeros64(t) & 63
		if layout.JumpPath[b][x]&g.occ == 0 {
			lands, fi, stop := landing(b, x, g.occ)
			dst = g.kingJumps(dst, lands, stop, 1<<x, 1+g.jumpScore(x), fi)
		}
	}
	return dst
}

// kingJumps extends a king's capture that has taken the pieces of taken
// for score, the last of them jumped onto the squares of lands, fi the
// first, up to the piece stop (0 for none). It jumps stop from fi only
// (the others would repeat its paths), never back over the piece just
// taken, and off the line from any. The capture ends on the squares of
// lands only if it can go on from none of them: a capture that goes on
// outscores any that ends.
func (g *Search) kingJumps(dst []Move, lands, stop, taken uint64, score, fi int) []Move {
	if g.nodes++; g.nodes > g.limit && g.outOfBudget() {
		return dst
	}
	prey := g.Opp &^ taken
	extended := false
	fi &= 63
	if stop&prey&layout.KingTargets[fi] != 0 { // not on the edge
		if x := bits.TrailingZeros64(stop) & 63; layout.JumpPath[fi][x]&g.occ == 0 {
			extended = true
			next, nextFirst, nextStop := landing(fi, x, g.occ)
			if dst = g.kingJumps(dst, next, nextStop, taken|stop, score+g.jumpScore(x), nextFirst); g.over {
				return dst
			}
		}
	}
	// Off the line, the pairs of a landing and a piece to jump from it, by
	// whichever set is smaller: fewer loop exits. The body is written twice:
	// shared, it cost 3–9% more instructions on the king row (callgrind).
	if prey &^= stop; bits.OnesCount64(prey) <= bits.OnesCount64(lands) {
		for p := prey; p != 0; p &= p - 1 {
			x := bits.TrailingZeros64(p) & 63
			for l := lands & layout.JumpedFrom[x]; l != 0; l &= l - 1 {
				at := bits.TrailingZeros64(l) & 63
				if layout.JumpPath[at][x]&g.occ != 0 {
					continue
				}
				extended = true
				next, nextFirst, nextStop := landing(at, x, g.occ)
				if dst = g.kingJumps(dst, next, nextStop, taken|1<<x, score+g.jumpScore(x), nextFirst); g.over {
					return dst
				}
			}
		}
	} else {
		for l := lands; l != 0; l &= l - 1 {
			at := bits.TrailingZeros64(l) & 63
			for t := layout.KingTargets[at] & prey; t != 0; t &= t - 1 {
				x := bits.TrailingZeros64(t) & 63
				if layout.JumpPath[at][x]&g.occ != 0 {
					continue
				}
				extended = true
				next, nextFirst, nextStop := landing(at, x, g.occ)
				if dst = g.kingJumps(dst, next, nextStop, taken|1<<x, score+g.jumpScore(x), nextFirst); g.over {
					return dst
				}
			}
		}
	}
	if !extended && score >= g.best {
		dst = g.keepKing(dst, lands, taken, score)
	}
	return dst
}

// value returns the score of a man's capture of the pieces of set, kings
// the kings among them; a king's scores 1 more.
func value(set, kings uint64) int {
	k := bits.OnesCount64(set & kings)
	return 2 * (kingValue*k + manValue*(bits.OnesCount64(set)-k))
}

// jumpScore returns what taking the piece on bit b adds to a score.
func (g *Search) jumpScore(b int) int {
	return 2*manValue + 2*(kingValue-manValue)*int(g.OppKings>>(b&63)&1)
}

// record keeps a complete capture scoring at least the best so far,
// dropping worse ones and duplicates (other paths over the same pieces to
// the same end; with one or two pieces the plain search makes none).
// Inlined, a capture scoring too low costs no call.
func (g *Search) record(dst []Move, at int, captured uint64, score int) []Move {
	if score < g.best {
		return dst
	}
	return g.keep(dst, at, captured, score)
}

// keep is the rest of record, for a score that may be kept.
func (g *Search) keep(dst []Move, at int, captured uint64, score int) []Move {
	flags := g.flags
	if flags&FlagKing == 0 && layout.PromotionRow[g.Side&1]&(1<<(at&63)) != 0 {
		flags |= FlagPromotion
	}
	m := Move{from: g.from, to: uint8(at), flags: flags, captured: captured}
	bit, h := uint64(0), uint64(64) // in g.seen and lastKept, for captures of three pieces or more
	if rest := captured & (captured - 1); rest&(rest-1) != 0 {
		h = (captured ^ uint64(at)) * 0x9e3779b97f4a7c15 >> 58
		bit = uint64(1) << h
	}
	if score > g.best { // the new best: drop the captures kept before
		g.best, g.pieceStart, g.seen = score, g.start, 0
		dst = dst[:g.start]
	} else if !g.unique && g.seen&bit != 0 && g.kept(dst, h, m) {
		return dst
	}
	g.seen |= bit
	g.lastKept[h] = uint32(len(dst))
	return append(dst, m)
}

// keepKing is keep for a king's captures of the pieces of captured ending
// on each square of ends; sharing keep's steps cost king perft 2–3%.
func (g *Search) keepKing(dst []Move, ends, captured uint64, score int) []Move {
	if score > g.best { // the new best: drop the captures kept before
		g.best, g.pieceStart, g.seen = score, g.start, 0
		dst = dst[:g.start]
	}
	if rest := captured & (captured - 1); rest&(rest-1) == 0 {
		// One or two pieces: no duplicates, so where only their number
		// matters they need not be written.
		if n := len(dst) + bits.OnesCount64(ends); g.counting && n <= cap(dst) {
			return dst[:n]
		}
		for ; ends != 0; ends &= ends - 1 {
			dst = append(dst, Move{from: g.from, to: uint8(bits.TrailingZeros64(ends)), flags: FlagKing, captured: captured})
		}
		return dst
	}
	for ; ends != 0; ends &= ends - 1 {
		at := bits.TrailingZeros64(ends)
		m := Move{from: g.from, to: uint8(at), flags: FlagKing, captured: captured}
		h := (captured ^ uint64(at)) * 0x9e3779b97f4a7c15 >> 58
		bit := uint64(1) << h
		if g.seen&bit != 0 && g.kept(dst, h, m) {
			continue
		}
		g.seen |= bit
		g.lastKept[h] = uint32(len(dst))
		dst = append(dst, m)
	}
	return dst
}

// kept reports whether the current piece's captures in dst hold m, of hash
// h in g.seen. The last one kept with h, tried first, is the one on the
// king row of the benchmarks 170,000 times in 180,000.
func (g *Search) kept(dst []Move, h uint64, m Move) bool {
	if i := int(g.lastKept[h&63]); i < len(dst) && dst[i] == m {
		return true
	}
	return slices.Contains(dst[g.pieceStart:], m)
}

// JumpOnce describes the captures of a side without kings. When no man can
// jump twice, ok is true and prey holds the pieces worth taking: the kings
// if a jump takes one, else all. Else prey holds the men that may jump
// twice, whose captures alone can be legal.
func (g *Board) JumpOnce() (prey uint64, any, ok bool) {
	landed := JumpLandings(g.OwnMen, g.Opp, g.Empty)
	if landed == 0 {
		return 0, false, true
	}
	// Exact: the only other further jump would go back over the piece
	// just taken onto the start square, which counts as occupied here.
	if again := landed & JumpSources(g.Opp, g.Empty); again != 0 {
		return JumpSources(g.Opp, again) & g.OwnMen, true, false
	}
	if g.OppKings != 0 && JumpLandings(g.OwnMen, g.OppKings, g.Empty) != 0 {
		return g.OppKings, true, true
	}
	return g.Opp, true, true
}

// JumpLandings returns the empty squares where men land after jumping a
// piece of prey, in any direction.
func JumpLandings(men, prey, empty uint64) uint64 {
	return ((men<<layout.E&prey)<<layout.E | (men<<layout.SW&prey)<<layout.SW |
		(men<<layout.SE&prey)<<layout.SE | (men<<layout.S&prey)<<layout.S |
		(men>>layout.E&prey)>>layout.E | (men>>layout.SW&prey)>>layout.SW |
		(men>>layout.SE&prey)>>layout.SE | (men>>layout.S&prey)>>layout.S) & empty
}

// JumpSources returns the squares from which a man could jump a piece of
// prey onto a square of to: the landings of jumps the other way.
func JumpSources(prey, to uint64) uint64 { return JumpLandings(to, prey, layout.BoardMask) }

// CountJumps counts the (man, direction) pairs of single jumps over prey.
func CountJumps(men, prey, empty uint64) int {
	return bits.OnesCount64((men<<layout.E&prey)<<layout.E&empty) + bits.OnesCount64((men<<layout.SW&prey)<<layout.SW&empty) +
		bits.OnesCount64((men<<layout.SE&prey)<<layout.SE&empty) + bits.OnesCount64((men<<layout.S&prey)<<layout.S&empty) +
		bits.OnesCount64((men>>layout.E&prey)>>layout.E&empty) + bits.OnesCount64((men>>layout.SW&prey)>>layout.SW&empty) +
		bits.OnesCount64((men>>layout.SE&prey)>>layout.SE&empty) + bits.OnesCount64((men>>layout.S&prey)>>layout.S&empty)
}

// AppendJumps appends the single jumps over prey of the side to move's men
// on g, a board without kings on which no man can jump twice (JumpOnce).
func AppendJumps(dst []Move, g *Board, prey uint64) []Move {
	promo := layout.PromotionRow[g.Side&1]
	for _, off := range layout.Directions {
		for l := layout.Shift(layout.Shift(g.OwnMen, off)&prey, off) & g.Empty; l != 0; l &= l - 1 {
			t := bits.TrailingZeros64(l)
			var flags uint8
			if promo&(1<<t) != 0 {
				flags = FlagPromotion
			}
			dst = append(dst, Move{from: uint8(t - 2*off), to: uint8(t), flags: flags, captured: 1 << (t - off)})
		}
	}
	return dst
}
