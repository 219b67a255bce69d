package capture

import (
	"math/bits"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// The king's tables and steps: a king jumps the first piece on one of its
// eight rays, landing on any empty square behind it.

// kingsJumping returns those of kings that can jump now.
func (g *Board) kingsJumping(kings uint64) uint64 {
	occ := g.Own | g.Opp
	var out uint64
	for k := kings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k) & 63
		for c := layout.KingTargets[b] & g.Opp; c != 0; c &= c - 1 {
			if layout.JumpPath[b][bits.TrailingZeros64(c)&63]&occ == 0 {
				out |= 1 << b
				break
			}
		}
	}
	return out
}

// landing returns, for a king jumping from bit at over bit x, the squares
// past x on their line that it can land on, up to the first piece of occ
// (lands), the first of them, next to x, and that piece (stop, 0 for none).
func landing(at, x int, occ uint64) (lands uint64, first int, stop uint64) {
	ahead := layout.Beyond[at&63][x&63]
	blockers := ahead & occ
	if x > at { // towards square 50: the nearest squares are the lowest bits
		stop = blockers & -blockers
		lands = ahead & (stop - 1)
		return lands, bits.TrailingZeros64(lands), stop
	}
	// The blockers lie below bit 63: the shift needs no test for 64.
	above := ^uint64(0) << (uint(bits.Len64(blockers)) & 63)
	lands = ahead & above
	return lands, bits.Len64(lands) - 1, above >> 1 &^ above
}
