package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

func search(t *testing.T, fen string, o Options) (frisian.Position, Result, bool) {
	t.Helper()
	p, err := frisian.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := Search(p, o)
	if ok && !testgame.Legal(p).Contains(r.Move) {
		t.Fatalf("%s: illegal move %v", fen, r.Move)
	}
	return p, r, ok
}

func TestNoMove(t *testing.T) {
	for _, fen := range []string{
		"W:W46:B37,41", // White's man is blocked: lost
		"W:WK47:BK5",   // one king each: drawn at once (official)
	} {
		p := frisian.MustParseFEN(fen)
		if !testgame.Legal(p).Outcome(frisian.OfficialDraws).IsOver() {
			t.Fatalf("%s is not over", fen)
		}
		if r, ok := Search(p, Options{}); ok {
			t.Errorf("%s: Search = %v, %v; outcome %v", fen, r, ok, testgame.Legal(p).Outcome(frisian.OfficialDraws))
		}
	}
}

func TestTakesTheWin(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"W:W28,32:B23", "28x19"}, // the only move, and it wins
		// Black's only man must step into 37x26.
		{"W:W37,48:B26", ""},
	} {
		p, r, ok := search(t, tc.fen, Options{})
		if !ok {
			t.Fatalf("%s: no move", tc.fen)
		}
		if tc.want != "" && testgame.Legal(p).Text(r.Move) != tc.want {
			t.Errorf("%s: played %s (score %d), want %s", tc.fen, testgame.Legal(p).Text(r.Move), r.Score, tc.want)
		}
		if r.Score < Win-MaxPly {
			t.Errorf("%s: score %d, want a win", tc.fen, r.Score)
		}
	}
}

func TestDeterministicAndBudget(t *testing.T) {
	const fen = "W:W31-50:B1-20"
	for _, nodes := range []int{50, 5000, 100_000} {
		o := Options{Depth: 10, Nodes: nodes}
		p, a, _ := search(t, fen, o)
		_, b, _ := search(t, fen, o)
		if a != b {
			t.Errorf("nodes %d: %+v then %+v", nodes, a, b)
		}
		if a.Nodes > nodes+1 {
			t.Errorf("nodes %d: visited %d", nodes, a.Nodes)
		}
		t.Logf("budget %d: %s depth %d score %d nodes %d", nodes, testgame.Legal(p).Text(a.Move), a.Depth, a.Score, a.Nodes)
	}
}

func TestRandomTies(t *testing.T) {
	// A lone king's moves score the same at depth 1, unless they walk
	// into a capture.
	p := frisian.MustParseFEN("W:WK28:B1,2")
	seen := map[frisian.Move]bool{}
	for seed := range uint64(20) {
		r, ok := Search(p, Options{Depth: 1, Rand: rand.New(rand.NewPCG(seed, 0))})
		if !ok || !testgame.Legal(p).Contains(r.Move) {
			t.Fatalf("seed %d: %v %v", seed, r, ok)
		}
		seen[r.Move] = true
	}
	if len(seen) < 2 {
		t.Errorf("20 seeds chose %d distinct moves", len(seen))
	}
}

// TestSelfPlay plays the engine against itself: every move legal, the game
// ends (or runs long) without trouble, and no search is slow in nodes.
func TestSelfPlay(t *testing.T) {
	for _, draws := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
		g := pdn.NewGame(frisian.StartPosition())
		o := Options{Depth: 4, Nodes: 20_000, Draws: draws}
		for g.Len() < 300 {
			if o, _, _ := g.Outcome(context.Background(), draws); o.IsOver() {
				break
			}
			r, ok := Search(g.Position(), o)
			if !ok {
				t.Fatalf("no move in %s", g.Position().FEN())
			}
			if err := g.Play(context.Background(), r.Move); err != nil {
				t.Fatal(err)
			}
		}
		end, _, _ := g.Outcome(context.Background(), draws)
		t.Logf("%v: %d plies, %v", draws, g.Len(), end)
	}
}

func BenchmarkSearchStart(b *testing.B) {
	p := frisian.StartPosition()
	for b.Loop() {
		Search(p, Options{})
	}
}

// TestDone: a closed Done channel stops the search within a few hundred
// nodes, with a legal move; an open one changes nothing.
func TestDone(t *testing.T) {
	const fen = "W:W31-50:B1-20"
	open := make(chan struct{})
	_, free, _ := search(t, fen, Options{Depth: 10})
	_, same, _ := search(t, fen, Options{Depth: 10, Done: open})
	if free != same {
		t.Errorf("with an open Done %+v, without %+v", same, free)
	}
	closed := make(chan struct{})
	close(closed)
	p, r, _ := search(t, fen, Options{Depth: 10, Done: closed})
	if r.Nodes > 256 || !testgame.Legal(p).Contains(r.Move) || r.Depth >= free.Depth {
		t.Errorf("with a closed Done: %+v (without: %+v)", r, free)
	}
}

// TestSearchContext: a cancelled search still plays a legal move, at once;
// progress sees every finished iteration, deepening one ply at a time, and
// the last it sees is the result.
func TestSearchContext(t *testing.T) {
	p := frisian.StartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	r, ok := SearchContext(ctx, p, Options{Depth: 30, Nodes: 1 << 40}, nil)
	if !ok || !testgame.Legal(p).Contains(r.Move) {
		t.Fatalf("cancelled search: %v %v", r, ok)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancelled search took %v", d)
	}

	var seen []Result
	r, ok = SearchContext(context.Background(), p, Options{Depth: 4}, func(r Result) { seen = append(seen, r) })
	if !ok || len(seen) != 4 {
		t.Fatalf("progress saw %d iterations, want 4: %v", len(seen), seen)
	}
	for i, s := range seen {
		if s.Depth != i+1 || !testgame.Legal(p).Contains(s.Move) {
			t.Errorf("iteration %d: %+v", i, s)
		}
	}
	if last := seen[len(seen)-1]; last.Move != r.Move || last.Score != r.Score {
		t.Errorf("last progress %+v, result %+v", last, r)
	}
	if want, _ := Search(p, Options{Depth: 4}); want != r {
		t.Errorf("SearchContext %+v, Search %+v", r, want)
	}
}
