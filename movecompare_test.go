package frisian

import (
	"cmp"
	"slices"
	"testing"

	"github.com/frisian-draughts/frisian/internal/capture"
	"pgregory.net/rapid"
)

// refCompare is the canonical order spelled out on square numbers.
func refCompare(a, b Move) int {
	if c := cmp.Compare(a.From(), b.From()); c != 0 {
		return c
	}
	if c := cmp.Compare(a.To(), b.To()); c != 0 {
		return c
	}
	if c := slices.Compare(a.Captured().Squares(), b.Captured().Squares()); c != 0 {
		return c
	}
	return cmp.Compare(a.flags(), b.flags())
}

func TestMoveCompare(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := anyMove.Draw(t, "a"), anyMove.Draw(t, "b")
		if rapid.Bool().Draw(t, "same ends") {
			b = newMove(a.from(), a.to(), b.flags(), b.captured())
		}
		if got, want := a.Compare(b), refCompare(a, b); got != want {
			t.Fatalf("%v (%v) Compare %v (%v) = %d, want %d", a, a.Captured(), b, b.Captured(), got, want)
		}
	})
	moves := legalOf(MustParseFEN(benchKingCaptures)).Moves()
	if n := testing.AllocsPerRun(100, func() { slices.SortFunc(moves, Move.Compare) }); n != 0 {
		t.Errorf("sorting with Compare allocates %v times", n)
	}
}

// newMove returns the move from bit from to bit to with the flags and the
// captured pieces given: any Move value, legal or not, for the tests.
func newMove(from, to, flags uint8, captured uint64) Move {
	return Move{capture.NewMove(from, to, flags, captured)}
}
