package frisian

import "math/bits"

// Capture search. Every complete capture of every piece is scored, and only
// those of the best score are kept (RULES.md §3.1):
//
//	score = 2·(199·kings + 100·men) + 1 if made by a king
//
// 199·k + 100·m orders by value 2k+m and then by fewer kings; the last bit
// makes a king's capture beat a man's of equal value.

const (
	manValue  = 100
	kingValue = 199
)

// appendCaptures appends the best captures of the side to move to dst, and
// nothing when it has none.
func (g *generator) appendCaptures(dst []Move) []Move {
	kings, men := g.capturers()
	if kings == 0 && men == 0 {
		return dst
	}
	if kings != 0 && bits.OnesCount64(g.opp) >= fullCaptureMinPrey {
		n := len(dst)
		if dst, _ = g.appendFullCaptures(dst, kings, men != 0); len(dst) > n {
			return dst
		}
	}
	return g.searchCapturesFrom(dst, kings, men)
}

// capturers returns the kings and the men of the side to move that have a
// capture.
func (g *generator) capturers() (kings, men uint64) {
	for k := g.ownKings; k != 0; k &= k - 1 {
		if b := bits.TrailingZeros64(k); g.kingCanCapture(b) {
			kings |= 1 << b
		}
	}
	return kings, g.manJumpers()
}

// searchCaptures appends the best captures found by depth-first search
// alone, without the shortcuts of fullcapture.go.
func (g *generator) searchCaptures(dst []Move) []Move {
	kings, men := g.capturers()
	return g.searchCapturesFrom(dst, kings, men)
}

// searchCapturesFrom searches from the given kings and men, which must all
// be the side to move's.
func (g *generator) searchCapturesFrom(dst []Move, kings, men uint64) []Move {
	g.start = len(dst)
	g.best = -1
	all := g.own | g.opp
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags = uint8(b), flagKing
		g.occ = all &^ (1 << b)
		g.work, g.seen = 0, nil
		dst = g.kingJumps(dst, b, 0)
	}
	for k := men; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags = uint8(b), 0
		g.open = boardMask&^all | 1<<b
		dst = g.manJumps(dst, b, 0)
	}
	return dst
}

// manJumps extends a man's capture standing on bit at having taken
// captured.
func (g *generator) manJumps(dst []Move, at int, captured uint64) []Move {
	a := uint64(1) << at
	prey := g.opp &^ captured
	land := ((a<<dirE&prey)<<dirE | (a<<dirSW&prey)<<dirSW |
		(a<<dirSE&prey)<<dirSE | (a<<dirS&prey)<<dirS |
		(a>>dirE&prey)>>dirE | (a>>dirSW&prey)>>dirSW |
		(a>>dirSE&prey)>>dirSE | (a>>dirS&prey)>>dirS) & g.open
	if land == 0 {
		if captured != 0 {
			dst = g.record(dst, at, captured)
		}
		return dst
	}
	for ; land != 0; land &= land - 1 {
		l := bits.TrailingZeros64(land)
		// The eight landing squares are distinct, and each jumped piece
		// lies half-way between start and landing.
		dst = g.manJumps(dst, l, captured|1<<((at+l)/2))
	}
	return dst
}

// kingJumps extends a king's capture standing on bit at having taken
// captured. A king jumps the first piece along a line if it is an enemy not
// yet taken and may land on any empty square behind it.
//
// Different orders of taking the same pieces can bring the king to the same
// square, and from there the same captures follow; on crowded boards such
// orders are countless. So past a budget of steps the search remembers the
// (square, pieces taken) states it has been in and skips them the second
// time: whatever they lead to is recorded already.
func (g *generator) kingJumps(dst []Move, at int, captured uint64) []Move {
	if g.work++; g.work > kingMemoAfter || g.memoAlways {
		if g.seen == nil {
			g.seen = make(map[kingState]struct{})
		}
		s := kingState{captured, uint8(at)}
		if _, ok := g.seen[s]; ok {
			return dst
		}
		g.seen[s] = struct{}{}
	}
	extended := false
	prey := g.opp &^ captured
	for d := range 8 {
		f := firstBlocker(d, rays[d][at]&g.occ)
		if f == noBit || prey&(1<<f) == 0 {
			continue
		}
		landings := slide(d, int(f), g.occ)
		if landings == 0 {
			continue
		}
		extended = true
		for ; landings != 0; landings &= landings - 1 {
			dst = g.kingJumps(dst, bits.TrailingZeros64(landings), captured|1<<f)
		}
	}
	if !extended && captured != 0 {
		dst = g.record(dst, at, captured)
	}
	return dst
}

// kingMemoAfter is the number of steps of one king's capture search after
// which it remembers the states it has been in.
const kingMemoAfter = 1 << 14

// kingState is a state of a king's capture: where it stands and what it
// has taken.
type kingState struct {
	captured uint64
	at       uint8
}

// fullCaptureMinPrey is the number of enemy pieces from which it pays to
// look for a king taking them all before searching (see fullcapture.go).
const fullCaptureMinPrey = 8

// appendFullCaptures appends the captures by the given kings that take
// every enemy piece any capture could take, if there are any: nothing can
// beat those, so they are all the legal moves. menCapture says whether
// some man can capture too. When there are none and only kings can
// capture, it looks for the heaviest captures that leave a few pieces
// (appendNearFullCaptures). It reports false, appending nothing, when it
// could not decide quickly.
func (g *generator) appendFullCaptures(dst []Move, kings uint64, menCapture bool) ([]Move, bool) {
	all := g.own | g.opp
	var takeable uint64 // every piece some capture could take
	if menCapture {
		takeable = g.opp
	}
	var ends, takes [64]uint64 // by bit
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		e, t, ok := fullCaptureEnds(b, g.opp, all)
		if !ok {
			return dst, false
		}
		ends[b], takes[b] = e, t
		takeable |= t
	}
	n := len(dst)
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if takes[b] != takeable {
			continue
		}
		for e := ends[b]; e != 0; e &= e - 1 {
			dst = append(dst, Move{from: uint8(b), to: uint8(bits.TrailingZeros64(e)), flags: flagKing, captured: takeable})
		}
	}
	if len(dst) > n || menCapture {
		// A man's capture could outweigh what the kings take short of
		// everything; the search weighs those.
		return dst, len(dst) > n
	}
	return g.appendNearFullCaptures(dst, kings, takeable, &takes)
}

// record keeps a complete capture if it scores at least as well as the best
// so far, dropping the worse ones and the duplicates of a move already kept.
func (g *generator) record(dst []Move, at int, captured uint64) []Move {
	kings := bits.OnesCount64(captured & g.oppKings)
	score := 2 * (kingValue*kings + manValue*(bits.OnesCount64(captured)-kings))
	if g.flags&flagKing != 0 {
		score++
	}
	if score < g.best {
		return dst
	}
	m := Move{from: g.from, to: uint8(at), flags: g.flags, captured: captured}
	if m.flags&flagKing == 0 && promotionRow[g.us]&(1<<at) != 0 {
		m.flags |= flagPromotion
	}
	if score > g.best {
		g.best = score
		dst = dst[:g.start]
	} else {
		for _, old := range dst[g.start:] {
			if old == m {
				return dst
			}
		}
	}
	return append(dst, m)
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
func (g *generator) jumpOnce() (prey uint64, any, ok bool) {
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
// of prey onto an empty square, in any direction.
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
func (g *generator) appendJumps(dst []Move, prey uint64) []Move {
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
