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

// appendCaptures appends the best captures of the side to move to dst.
func (g *generator) appendCaptures(dst []Move) []Move {
	g.start = len(dst)
	g.best = -1
	all := g.own | g.opp
	for k := g.ownKings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		if !g.kingCanCapture(b) {
			continue
		}
		g.from, g.flags = uint8(b), flagKing
		g.occ = all &^ (1 << b)
		g.open = boardMask &^ g.occ
		dst = g.kingJumps(dst, b, 0, 0)
	}
	for k := g.manJumpers(); k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags = uint8(b), 0
		g.occ = all &^ (1 << b)
		g.open = boardMask &^ g.occ
		dst = g.manJumps(dst, 1<<b, 0, 0)
	}
	return dst
}

// manJumps extends a man's capture standing on square at (a single bit)
// having taken captured (worth value so far).
func (g *generator) manJumps(dst []Move, at, captured uint64, value int) []Move {
	prey := g.opp &^ captured
	// All eight directions at once, with constant shifts: victim[d] is the
	// piece jumped in direction d, landing[d] where the man lands.
	victim := [8]uint64{
		at << dirE & prey, at << dirSW & prey, at << dirSE & prey, at << dirS & prey,
		at >> dirE & prey, at >> dirSW & prey, at >> dirSE & prey, at >> dirS & prey,
	}
	landing := [8]uint64{
		victim[0] << dirE, victim[1] << dirSW, victim[2] << dirSE, victim[3] << dirS,
		victim[4] >> dirE, victim[5] >> dirSW, victim[6] >> dirSE, victim[7] >> dirS,
	}
	extended := false
	for d := range 8 {
		if l := landing[d] & g.open; l != 0 {
			extended = true
			v := victim[d]
			dst = g.manJumps(dst, l, captured|v, value+g.valueOf(v))
		}
	}
	if !extended && captured != 0 {
		dst = g.record(dst, bits.TrailingZeros64(at), captured, value)
	}
	return dst
}

// kingJumps extends a king's capture standing on bit at having taken
// captured. A king jumps the first piece along a line if it is an enemy not
// yet taken and may land on any empty square behind it.
func (g *generator) kingJumps(dst []Move, at int, captured uint64, value int) []Move {
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
		next := captured | 1<<f
		nextValue := value + g.pieceValue(f)
		for ; landings != 0; landings &= landings - 1 {
			dst = g.kingJumps(dst, bits.TrailingZeros64(landings), next, nextValue)
		}
	}
	if !extended && captured != 0 {
		dst = g.record(dst, at, captured, value)
	}
	return dst
}

// valueOf returns the value of the piece on the single bit v.
func (g *generator) valueOf(v uint64) int {
	if g.oppKings&v != 0 {
		return kingValue
	}
	return manValue
}

func (g *generator) pieceValue(b uint8) int {
	if g.oppKings&(1<<b) != 0 {
		return kingValue
	}
	return manValue
}

// record keeps a complete capture if it scores at least as well as the best
// so far, dropping the worse ones and the duplicates of a move already kept.
func (g *generator) record(dst []Move, at int, captured uint64, value int) []Move {
	score := 2 * value
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

// singleJumps handles the common case of a side without kings whose every
// capture is a single jump: it reports false when a man might jump again
// after its first capture (the caller then searches in full). Otherwise
// every (man, direction) pair is its own move, worth one man or one king,
// and only the captures of kings count if there is any.
//
// jumps[d] holds the landing squares of the jumps in direction index d.
func (g *generator) singleJumps(jumps *[8]uint64) (kingsOnly, ok bool) {
	*jumps = jumpLandings(g.ownMen, g.opp, g.empty)
	if jumps[0]|jumps[1]|jumps[2]|jumps[3]|jumps[4]|jumps[5]|jumps[6]|jumps[7] == 0 {
		return false, true
	}
	// From where could a man jump again, and in which direction? Only
	// going straight back (d^4) could reach the piece just taken or land on
	// the start square, and it cannot continue; every other jump is exactly
	// what jumpSources sees.
	again := jumpSources(g.opp, g.empty)
	var preyKings uint64
	for d, l := range jumps {
		if l == 0 {
			continue
		}
		for e, a := range again {
			if e != d^4 && l&a != 0 {
				return false, false
			}
		}
		preyKings |= shift(l, -directions[d]) & g.oppKings
	}
	return preyKings != 0, true
}

// jumpSources returns, for each direction index, the squares from which a
// man could jump a piece of prey onto an empty square.
func jumpSources(prey, empty uint64) [8]uint64 {
	return [8]uint64{
		(empty >> dirE & prey) >> dirE,
		(empty >> dirSW & prey) >> dirSW,
		(empty >> dirSE & prey) >> dirSE,
		(empty >> dirS & prey) >> dirS,
		(empty << dirE & prey) << dirE & boardMask,
		(empty << dirSW & prey) << dirSW & boardMask,
		(empty << dirSE & prey) << dirSE & boardMask,
		(empty << dirS & prey) << dirS & boardMask,
	}
}

// jumpLandings returns, for each direction index, the squares where the
// men on men land after jumping a piece of prey onto an empty square.
func jumpLandings(men, prey, empty uint64) [8]uint64 {
	return [8]uint64{
		(men << dirE & prey) << dirE & empty,
		(men << dirSW & prey) << dirSW & empty,
		(men << dirSE & prey) << dirSE & empty,
		(men << dirS & prey) << dirS & empty,
		(men >> dirE & prey) >> dirE & empty,
		(men >> dirSW & prey) >> dirSW & empty,
		(men >> dirSE & prey) >> dirSE & empty,
		(men >> dirS & prey) >> dirS & empty,
	}
}

// appendSingleJumps appends the moves singleJumps found.
func (g *generator) appendSingleJumps(dst []Move, jumps *[8]uint64, kingsOnly bool) []Move {
	promo := promotionRow[g.us]
	for d, off := range directions {
		l := jumps[d]
		if kingsOnly {
			l &= shift(g.oppKings, off)
		}
		for ; l != 0; l &= l - 1 {
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

// countSingleJumps returns the number of moves singleJumps found.
func (g *generator) countSingleJumps(jumps *[8]uint64, kingsOnly bool) int {
	n := 0
	for d, off := range directions {
		l := jumps[d]
		if kingsOnly {
			l &= shift(g.oppKings, off)
		}
		n += bits.OnesCount64(l)
	}
	return n
}
