package frisian

import (
	"math/bits"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// restricted returns the king the three-move state r holds, if any.
func restricted(r quietRun) uint64 {
	if r.count >= KingRunLimit {
		return uint64(1) << (r.sq & 63)
	}
	return 0
}

// forward returns the two diagonal directions in which men of color c move.
func forward(c Color) (int, int) {
	if c == White {
		return -layout.SW, -layout.SE
	}
	return layout.SW, layout.SE
}

// appendQuiet appends every quiet move of the side to move on g: men one
// step diagonally forward, kings any distance along a diagonal, except the
// king held by the three-move rule (restricted).
func appendQuiet(dst []capture.Move, g *capture.Board, restricted uint64) []capture.Move {
	d1, d2 := forward(Color(g.Side))
	promo := layout.PromotionRow[g.Side&1]
	for _, d := range [2]int{d1, d2} {
		for to := layout.Shift(g.OwnMen, d) & g.Empty; to != 0; to &= to - 1 {
			t := bits.TrailingZeros64(to)
			var flags uint8
			if promo&(1<<t) != 0 {
				flags = capture.FlagPromotion
			}
			dst = append(dst, capture.NewMove(uint8(t-d), uint8(t), flags, 0))
		}
	}
	occ := g.Own | g.Opp
	for k := g.OwnKings &^ restricted; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		// The four diagonals' squares are distinct: one loop over all.
		to := layout.Slide(1, b, occ) | layout.Slide(2, b, occ) | layout.Slide(5, b, occ) | layout.Slide(6, b, occ)
		for ; to != 0; to &= to - 1 {
			dst = append(dst, capture.NewMove(uint8(b), uint8(bits.TrailingZeros64(to)), capture.FlagKing, 0))
		}
	}
	return dst
}

// countQuiet returns the number of quiet moves without listing them.
func countQuiet(g *capture.Board, restricted uint64) int {
	return countManSteps(g.OwnMen, g.Empty, Color(g.Side)) + countSlides(g.OwnKings&^restricted, g.Empty)
}

// countSlides returns the number of quiet moves of the kings on the
// squares of kings, given the empty squares. Along one direction the
// squares two kings reach never meet (the one behind stops at the other),
// so each direction's fill from all kings at once counts each move once.
// A fill step doubles the distance covered: four cover the nine squares a
// king can slide along the long diagonal.
func countSlides(kings, empty uint64) int {
	if kings&(kings-1) == 0 {
		// One king at most, the most common case by far: its four rays
		// take fewer steps than the four fills.
		if kings == 0 {
			return 0
		}
		b := bits.TrailingZeros64(kings)
		occ := layout.BoardMask &^ empty
		return bits.OnesCount64(layout.Slide(1, b, occ) | layout.Slide(2, b, occ) | layout.Slide(5, b, occ) | layout.Slide(6, b, occ))
	}
	return bits.OnesCount64(slideUp(kings, empty, layout.SW)) + bits.OnesCount64(slideUp(kings, empty, layout.SE)) +
		bits.OnesCount64(slideDown(kings, empty, layout.SW)) + bits.OnesCount64(slideDown(kings, empty, layout.SE))
}

// slideUp returns the empty squares that kings reach going o bits up (towards
// square 50) a step.
func slideUp(kings, empty uint64, o uint) uint64 {
	f := kings | empty&(kings<<o)
	e := empty & (empty << o)
	f |= e & (f << (2 * o))
	e &= e << (2 * o)
	f |= e & (f << (4 * o))
	e &= e << (4 * o)
	f |= e & (f << (8 * o))
	return f &^ kings
}

// slideDown is slideUp going down.
func slideDown(kings, empty uint64, o uint) uint64 {
	f := kings | empty&(kings>>o)
	e := empty & (empty >> o)
	f |= e & (f >> (2 * o))
	e &= e >> (2 * o)
	f |= e & (f >> (4 * o))
	e &= e >> (4 * o)
	f |= e & (f >> (8 * o))
	return f &^ kings
}

// countManSteps counts the quiet steps of the men of color c.
func countManSteps(men, empty uint64, c Color) int {
	if c == White {
		return bits.OnesCount64(men>>layout.SW&empty) + bits.OnesCount64(men>>layout.SE&empty)
	}
	return bits.OnesCount64(men<<layout.SW&empty) + bits.OnesCount64(men<<layout.SE&empty)
}
