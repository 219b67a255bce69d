package frisian

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// A Legal's answers agree with what other parts of the library work out
// apart, on any position: its moves with the engine's own list, its paths
// with the first path Paths lists, the pieces taken along each with the
// click rules, and each move's text reads back as the move.
func TestLegalAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		l, err := p.Legal(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := p.AppendLegalMoves(nil)
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
			path := l.Path(m)
			for first := range l.Paths(m) {
				if !slices.Equal(path, first) {
					t.Fatalf("%s: Path(%v) %v, first of Paths %v", p.FEN(), m, path, first)
				}
				break
			}
			c := l.Clicks(path)
			if taken, ok := l.Taken(m, path); !ok || !slices.Equal(taken, c.Taken) || len(taken) != m.Captured().Len() {
				t.Fatalf("%s: Taken(%v, %v) = %v, %v; clicks take %v", p.FEN(), m, path, taken, ok, c.Taken)
			}
		}
		if l.Contains(Move{}) || l.Path(Move{}) != nil {
			t.Fatalf("%s: the zero Move is legal", p.FEN())
		}
		if _, ok := l.Taken(Move{}, nil); ok {
			t.Fatalf("%s: the zero Move has a path", p.FEN())
		}
	})
}

// Taken refuses, with no pieces, what is not a path of the move: squares
// off the board, the path reversed or cut short, a landing square moved,
// another move's path, and a quiet move's path with more than its two
// squares.
func TestTakenRefuses(t *testing.T) {
	for _, fen := range []string{benchKingCaptures, "W:WK43,K50:B1,K5,K7,22,26"} {
		checkTakenRefuses(t, legalOf(MustParseFEN(fen)))
	}
	quiet := legalOf(StartPosition())
	m := quiet.Moves()[0]
	if _, ok := quiet.Taken(m, []Square{m.From(), m.To()}); !ok {
		t.Errorf("%v: its path refused", m)
	}
	if _, ok := quiet.Taken(m, []Square{m.From(), m.To(), m.To()}); ok {
		t.Errorf("%v: a path of three squares taken", m)
	}
}

func checkTakenRefuses(t *testing.T, l Legal) {
	moves := l.Moves()
	for i, m := range moves {
		path := l.Path(m)
		bad := [][]Square{
			nil,
			{m.From()},
			append(slices.Clone(path[:len(path)-1]), 0),
			append(slices.Clone(path[:len(path)-1]), 255),
			slices.Concat(path, []Square{m.To()}),
		}
		if other := moves[(i+1)%len(moves)]; other != m {
			bad = append(bad, l.Path(other))
		}
		if len(path) > 2 {
			mid := slices.Clone(path)
			mid[1] = 51
			bad = append(bad, mid, path[:len(path)-1])
		}
		reversed := slices.Clone(path)
		slices.Reverse(reversed)
		if !slices.Equal(reversed, path) {
			bad = append(bad, reversed)
		}
		for _, b := range bad {
			if taken, ok := l.Taken(m, b); ok || taken != nil {
				t.Errorf("%v along %v: taken %v, want refused", m, b, taken)
			}
		}
	}
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
