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
		g.from, g.flags = uint8(b), flagKing
		g.occ = all &^ (1 << b)
		g.open = boardMask &^ g.occ
		dst = g.kingJumps(dst, b, 0, 0)
	}
	for k := g.ownMen; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags = uint8(b), 0
		g.occ = all &^ (1 << b)
		g.open = boardMask &^ g.occ
		dst = g.manJumps(dst, b, 0, 0)
	}
	return dst
}

// manJumps extends a man's capture standing on bit at having taken captured
// (worth value so far).
func (g *generator) manJumps(dst []Move, at int, captured uint64, value int) []Move {
	extended := false
	prey := g.opp &^ captured
	for d := range 8 {
		v := neighbour[d][at]
		if v == noBit || prey&(1<<v) == 0 {
			continue
		}
		l := neighbour[d][v]
		if l == noBit || g.open&(1<<l) == 0 {
			continue
		}
		extended = true
		dst = g.manJumps(dst, int(l), captured|1<<v, value+g.pieceValue(v))
	}
	if !extended && captured != 0 {
		dst = g.record(dst, at, captured, value)
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
