package frisian

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// lidraughts' worst case: one legal move, the white king taking all 32
// black kings and ending on 46.
func TestPathologicalCapture(t *testing.T) {
	moves := legalOf(MustParseFEN(benchPathological)).Moves()
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1: %v", len(moves), moves)
	}
	m := moves[0]
	if m.From() != 5 || m.To() != 46 || m.Captured().Len() != 32 || !m.ByKing() {
		t.Errorf("got %s taking %d, want 5x46 taking all 32", m, m.Captured().Len())
	}
}

// Move text on the worst case: writing the full path, reading it back, and
// rejecting wrong paths all answer at once rather than walking countless
// paths.
func TestPathologicalText(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := legalOf(p).Moves()[0]
	if got := legalOf(p).Text(m); got != "5x46" {
		t.Errorf("Text = %q", got)
	}
	full := p.fullText(m)
	if n := len(strings.Split(full, "x")); n != 33 {
		t.Errorf("fullText = %q: %d squares", full, n)
	}
	if got, err := legalOf(p).ParseMove(context.Background(), full); err != nil || got != m {
		t.Errorf("ParseMove(%q) = %v, %v", full, got, err)
	}
	for _, bad := range []string{"5x10", "5x49x46", "5x3x1x12x3x14x5x25x14x12x23x14x34x23x37x17x6x26x17x28x39x25x45x34x48x37x26x46x37x39x50x46x48"} {
		if _, err := legalOf(p).ParseMove(context.Background(), bad); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("ParseMove(%q): %v, want an illegal move", bad, err)
		}
	}
}

// Legal(ctx) gives Legal's answer without a context, or, once its context is
// done, no moves and an error that names both causes.
func TestLegalMovesContext(t *testing.T) {
	for _, c := range worstCaseSample(t) {
		if !long() && c[2] != "1" {
			continue // the few with one move are enough
		}
		p := MustParseFEN(c[1])
		got, err := movesIn(p, context.Background())
		if err != nil || !slices.Equal(got, legalOf(p).Moves()) {
			t.Errorf("%s: %v, %v; want LegalMoves", c[0], got, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		got, err = movesIn(p, ctx)
		if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || got != nil {
			t.Errorf("%s, cancelled: %v, %v; want nil and ErrSearchStopped", c[0], got, err)
		}
	}
	// Real positions finish in the plain search, which needs no context.
	p := StartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := movesIn(p, ctx); err != nil || len(got) != 9 {
		t.Errorf("start position, cancelled: %v, %v", got, err)
	}
}

// stopAfter is a context that is done from its nth look on.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func (c *stopAfter) Done() <-chan struct{} { return make(chan struct{}) }

// Stopped at any of its looks at the context, Legal(ctx) gives no
// moves and ErrSearchStopped, never a partial list; left alone it gives
// Legal's answer without a context.
func TestStopsAnywhere(t *testing.T) {
	for _, name := range []string{"climb5Kings", "climb4Mixed", "climb6Mixed2", "climbMan21", "kings32"} {
		var fen string
		for _, c := range worstCases(t) {
			if c[0] == name {
				fen = c[1]
			}
		}
		p := MustParseFEN(fen)
		want := legalOf(p).Moves()
		for n := 0; ; n++ {
			got, err := movesIn(p, &stopAfter{context.Background(), n})
			if err == nil {
				if !slices.Equal(got, want) {
					t.Errorf("%s, looks %d: %v, want %v", name, n, got, want)
				}
				break
			}
			if !errors.Is(err, ErrSearchStopped) || got != nil {
				t.Fatalf("%s, stopped at look %d: %v, %v", name, n, got, err)
			}
		}
	}
}

// A call on any of the hardest known positions takes at most 16 MB, as
// the first call of a process, where it makes all its memory: what it
// allocates on the heap, and the memory resident that it adds (the set
// search's index, mapped outside the heap on Linux).
func TestWorstCaseMemory(t *testing.T) {
	const limit = 16_000_000
	for _, c := range worstCaseSample(t) {
		use := freshCall(t, c[1])
		if n := use.allocated + max(use.resident, 0); n > limit {
			t.Errorf("%s: %d bytes allocated and %d more resident, want at most %d in all", c[0], use.allocated, use.resident, limit)
		}
	}
}

// The hardest known positions have the number of legal moves another
// program counted, and (in the full suite) the first moves have paths that
// the reference rules accept. (internal/capture checks that each method of
// the hard search alone finds the same moves.)
func TestWorstCase(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	for _, c := range worstCaseSample(t) {
		p := MustParseFEN(c[1])
		moves := legalOf(p).Moves()
		if got := strconv.Itoa(len(moves)); got != c[2] {
			t.Errorf("%s: %s legal moves, want %s", c[0], got, c[2])
		}
		if !long() {
			continue
		}
		for _, m := range moves[:min(2, len(moves))] {
			checkPathOf(t, p, m, legalOf(p).Path(m))
		}
	}
}
