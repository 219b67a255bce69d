package frisian

import (
	"testing"

	"pgregory.net/rapid"
)

// The incremental hash Apply keeps equals the hash computed from scratch,
// along random games, and differs between the positions met (a collision
// among a few thousand positions would point at a broken key table).
func TestHashIncremental(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := StartPosition()
		if fen := rapid.SampledFrom(hashStarts).Draw(t, "start"); fen != "" {
			p = MustParseFEN(fen)
		}
		ply := 0
		check := func(p Position) {
			if got, want := p.Hash(), p.computeHash(); got != want {
				t.Fatalf("ply %d %s: incremental hash %x, recomputed %x", ply, p.FEN(), got, want)
			}
			ply++
		}
		check(drawGame(t, p, 200, func(p Position, _ Move) { check(p) }))
	})
}

var hashStarts = []string{
	"",
	"W:WK46,K50:BK5",                  // draw counter
	"W:W31,32,K33,41:B10,K18,19:+0+0", // three-move states
	"B:W24,35,44,45:B1,2,4,5,6,8,11,K12,15,38:+212+0", // a king counted
}

func TestHashDistinguishes(t *testing.T) {
	seen := map[uint64]Position{}
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		if q, ok := seen[p.Hash()]; ok && q != p {
			t.Fatalf("hash collision: %s and %s", p.FEN(), q.FEN())
		}
		seen[p.Hash()] = p
		if depth == 0 {
			return
		}
		for _, m := range legalOf(p).Moves() {
			walk(p.Apply(m), depth-1)
		}
	}
	walk(StartPosition(), 4)
	// Counters alone change the hash.
	a := MustParseFEN("W:WK46,K50:BK5")
	b := MustParseFEN("W:WK46,K50:BK5:H3")
	if a.Hash() == b.Hash() {
		t.Error("draw counter does not change the hash")
	}
	c := MustParseFEN("B:W24,35,44,45:B1,2,4,5,6,8,11,K12,15,38:+112+0")
	d := MustParseFEN("B:W24,35,44,45:B1,2,4,5,6,8,11,K12,15,38:+212+0")
	if c.Hash() == d.Hash() {
		t.Error("three-move count does not change the hash")
	}
}
