package capture

import "github.com/frisian-draughts/frisian/internal/layout"

// Where a king could capture from, for a whole board at once: a king on y
// can jump in direction d when the squares from y up to an enemy piece are
// empty, as is the square behind it. Only the king moves during a capture,
// so with own kings' squares counted empty this holds every jump any king
// can make during its capture, and a few more.

// kingJumpFrom fills from[d] with the squares of open (empty or own kings')
// from which a king could jump a piece of opp in direction d, and returns
// their union.
func kingJumpFrom(from *[8]uint64, opp, open uint64) uint64 {
	from[0], from[4] = fillShort(opp, open, layout.E)
	from[3], from[7] = fillShort(opp, open, layout.S)
	sw2, se2 := open&(open>>layout.SW), open&(open>>layout.SE)
	sw4, se4 := sw2&(sw2>>(2*layout.SW)), se2&(se2>>(2*layout.SE))
	from[1] = fillLongUp(opp, open, sw2, sw4, layout.SW)
	from[2] = fillLongUp(opp, open, se2, se4, layout.SE)
	from[5] = fillLongDown(opp, open, sw2, sw4, layout.SW)
	from[6] = fillLongDown(opp, open, se2, se4, layout.SE)
	return from[0] | from[1] | from[2] | from[3] | from[4] | from[5] | from[6] | from[7]
}

// fillShort returns, along a row or a column (o bits a step), the open
// squares from which a king jumps a piece of opp going up (towards square
// 50) and going down. Each step doubles the distance: two cover five.
func fillShort(opp, open uint64, o uint) (up, down uint64) {
	// Runs of two open squares, by their lower square (up), upper (down).
	run2 := open & (open >> o)
	up = (opp & (open >> o)) >> o & open
	up |= open & (up >> o)
	up |= run2 & (up >> (2 * o))
	down = (opp & (open << o)) << o & open
	down |= open & (down << o)
	down |= run2 << o & (down << (2 * o))
	return up, down
}

// fillLongUp is fillShort's up along a diagonal, up to ten squares: three
// steps, given the runs of two and four open squares by their lowest.
func fillLongUp(opp, open, run2, run4 uint64, o uint) uint64 {
	up := (opp & (open >> o)) >> o & open
	up |= open & (up >> o)
	up |= run2 & (up >> (2 * o))
	return up | run4&(up>>(4*o))
}

// fillLongDown is fillLongUp going down.
func fillLongDown(opp, open, run2, run4 uint64, o uint) uint64 {
	down := (opp & (open << o)) << o & open
	down |= open & (down << o)
	down |= run2 << o & (down << (2 * o))
	return down | run4<<(3*o)&(down<<(4*o))
}
