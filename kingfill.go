package frisian

// Where a king could capture from, for a whole board at once.
//
// The capture search asks at every square a king stands on whether it can
// jump in each of eight directions. Most of the answers are no, and they
// all come from one picture of the board: before the capture, a king on
// square y can jump in direction d when the squares from y up to an enemy
// piece are empty and so is the square behind it. During a capture the
// taken pieces stay on the board as blockers and nothing else moves but
// the king, whose start square becomes empty. Counting every own king's
// square as empty, the picture then holds every jump any king can make at
// any point of its capture, and a few more: the search looks only where
// it says yes, and treats a square where it says no in every direction as
// the end of a capture.

// kingJumpFrom fills from, for each direction index d, with the empty
// squares and own kings' squares from which a king could jump an enemy
// piece of opp in direction d, where open holds the empty squares and the
// own kings'. It returns their union.
func kingJumpFrom(from *[8]uint64, opp, open uint64) uint64 {
	from[0] = fillUp(opp, open, dirE)
	from[1] = fillUp(opp, open, dirSW)
	from[2] = fillUp(opp, open, dirSE)
	from[3] = fillUp(opp, open, dirS)
	from[4] = fillDown(opp, open, dirE)
	from[5] = fillDown(opp, open, dirSW)
	from[6] = fillDown(opp, open, dirSE)
	from[7] = fillDown(opp, open, dirS)
	return from[0] | from[1] | from[2] | from[3] | from[4] | from[5] | from[6] | from[7]
}

// fillUp returns the open squares from which a king jumps a piece of opp
// going o bits up (towards square 50) at a time: the open squares before
// a piece whose next square is open, and every open square behind those
// on the line. No line needs more than eight steps of the fill.
func fillUp(opp, open uint64, o uint) uint64 {
	gen := (opp & (open >> o)) >> o & open
	pro := open
	gen |= pro & (gen >> o)
	pro &= pro >> o
	gen |= pro & (gen >> (2 * o))
	pro &= pro >> (2 * o)
	return gen | pro&(gen>>(4*o))
}

// fillDown is fillUp going down, towards square 1.
func fillDown(opp, open uint64, o uint) uint64 {
	gen := (opp & (open << o)) << o & open
	pro := open
	gen |= pro & (gen << o)
	pro &= pro << o
	gen |= pro & (gen << (2 * o))
	pro &= pro << (2 * o)
	return gen | pro&(gen<<(4*o))
}
