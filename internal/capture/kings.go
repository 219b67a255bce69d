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

// slide returns the empty squares past bit b in direction d, up to the
// first piece of occ.
func slide(d, b int, occ uint64) uint64 {
	ray := layout.Rays[d&7][b&63]
	blockers := ray & occ
	if d < 4 {
		return ray & (blockers&-blockers - 1)
	}
	return ray &^ (1<<bits.Len64(blockers) - 1)
}

// kingDir[b][t] is the direction from bit b to bit t on one of b's rays.
var kingDir = func() (dir [64][64]uint8) {
	for d := range layout.Rays {
		for b := range layout.Rays[d] {
			for r := layout.Rays[d][b]; r != 0; r &= r - 1 {
				dir[b][bits.TrailingZeros64(r)] = uint8(d)
			}
		}
	}
	return dir
}()
