package frisian

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// A Legal agrees with the Position calls it stands for, on any position:
// the moves (in canonical order), their texts, paths, clicks, parsing and
// outcome.
func TestLegalAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		l, err := p.Legal(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := legalOf(p).Moves()
		slices.SortFunc(want, Move.Compare)
		if got := l.Moves(); !slices.Equal(got, want) {
			t.Fatalf("%s: Moves %v, want %v", p.FEN(), got, want)
		}
		for _, m := range want {
			if !l.Contains(m) {
				t.Fatalf("%s: %v not contained", p.FEN(), m)
			}
			if got, err := l.ParseMove(context.Background(), l.Text(m)); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%s) = %v, %v; want %v", p.FEN(), l.Text(m), got, err, m)
			}
			if got, want := l.Path(m), legalOf(p).Path(m); !slices.Equal(got, want) {
				t.Fatalf("%s: Path(%v) %v, want %v", p.FEN(), m, got, want)
			}
		}
		if l.Contains(Move{}) || l.Path(Move{}) != nil {
			t.Fatalf("%s: the zero Move is legal", p.FEN())
		}
		for _, rules := range []DrawRules{OfficialDraws, LidraughtsDraws} {
			if got, want := l.Outcome(rules), legalOf(p).Outcome(rules); got != want {
				t.Fatalf("%s: Outcome %v, want %v", p.FEN(), got, want)
			}
		}
		if got, want := l.Clicks(nil).Next, p.followClicks(want, nil, nil).Next; got != want {
			t.Fatalf("%s: Clicks(nil).Next %v, want %v", p.FEN(), got, want)
		}
	})
}

// Legal refuses a nil context, and stops with ErrSearchStopped when its
// context is done before a hard capture search is through.
func TestLegalContext(t *testing.T) {
	p := MustParseFEN(benchPathological)
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := p.Legal(nil); err == nil {
		t.Error("a nil context was taken")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Legal(ctx); !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
