package capture

import "github.com/frisian-draughts/frisian/internal/layout"

// kingJumpFrom fills from[d] with the squares of open (empty or own kings')
// from which a king could jump a piece of opp in direction d, for a whole
// board at once, and returns their union. Only the king moves during a
// capture, so this holds every jump any king can make during its capture,
// and a few more. Each step of a fill doubles the distance: a row or
// column has five squares, a diagonal up to ten.
func kingJumpFrom(from *[8]uint64, opp, open uint64) uint64 {
	e2, s2 := open&(open>>layout.E), open&(open>>layout.S)
	sw2, se2 := open&(open>>layout.SW), open&(open>>layout.SE)
	sw4, se4 := sw2&(sw2>>(2*layout.SW)), se2&(se2>>(2*layout.SE))
	from[0], from[4] = fillUp(opp, open, e2, 0, layout.E), fillDown(opp, open, e2, 0, layout.E)
	from[1], from[5] = fillUp(opp, open, sw2, sw4, layout.SW), fillDown(opp, open, sw2, sw4, layout.SW)
	from[2], from[6] = fillUp(opp, open, se2, se4, layout.SE), fillDown(opp, open, se2, se4, layout.SE)
	from[3], from[7] = fillUp(opp, open, s2, 0, layout.S), fillDown(opp, open, s2, 0, layout.S)
	return from[0] | from[1] | from[2] | from[3] | from[4] | from[5] | from[6] | from[7]
}

// fillUp returns the open squares from which a king jumps a piece of opp
// going up (towards square 50), o bits a step, given the runs of two and
// four open squares by their lowest square.
func fillUp(opp, open, run2, run4 uint64, o uint) uint64 {
	up := (opp & (open >> o)) >> o & open
	up |= open & (up >> o)
	up |= run2 & (up >> (2 * o))
	return up | run4&(up>>(4*o))
}

// fillDown is fillUp going down.
func fillDown(opp, open, run2, run4 uint64, o uint) uint64 {
	down := (opp & (open << o)) << o & open
	down |= open & (down << o)
	down |= run2 << o & (down << (2 * o))
	return down | run4<<(3*o)&(down<<(4*o))
}
