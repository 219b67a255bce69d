package frisian

import (
	"testing"
)

// perftMore reads testdata/perft_more.txt, the positions of issue 46 in
// the form of perft_suite.txt.
func perftMore(t testing.TB) []perftSuiteEntry { return readPerftFile(t, "perft_more.txt") }

// TestPerftMore checks perft_more.txt's counts, to depth 5 (7 in the long
// run), and its first three against the reference generator.
func TestPerftMore(t *testing.T) {
	limit := 7
	if !long() {
		limit = 5
	}
	entries := perftMore(t)
	if len(entries) != 100 {
		t.Fatalf("%d positions, want 100", len(entries))
	}
	for _, e := range entries {
		for d, want := range e.counts[:limit] {
			if got := Perft(e.p, d+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", e.p.FEN(), d+1, got, want)
			}
			if d < 3 {
				if ref := refPerft(refStateOf(e.p), d+1); ref != want {
					t.Errorf("%s: reference perft(%d) = %d, file %d", e.p.FEN(), d+1, ref, want)
				}
			}
		}
	}
}

// BenchmarkPerftMore is perft 6 of perft_more.txt's placements and of its
// game positions, the kind of positions issue 46 asked for beside the suite.
func BenchmarkPerftMore(b *testing.B) {
	entries := perftMore(b)
	for _, half := range []struct {
		name string
		from int
	}{{"Placements", 0}, {"Games", 50}} {
		var ps []Position
		for _, e := range entries[half.from : half.from+50] {
			ps = append(ps, e.p)
		}
		b.Run(half.name, func(b *testing.B) { benchPerftPositions(b, ps, 6) })
	}
}
