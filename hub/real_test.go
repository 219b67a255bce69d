package hub

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
)

// TestRealEngine plays a short match and an analysis against a real Hub
// engine: the one FRISIAN_HUB_ENGINE names, started with the arguments in
// FRISIAN_HUB_ARGS ("hub" when unset, as Scan wants) and given the
// parameters in FRISIAN_HUB_PARAMS ("name=value ..."; for a Scan without
// its opening book, "book=false"). See the package documentation for
// building Scan. Every move the engine sends is checked by the client
// against the rules.
func TestRealEngine(t *testing.T) {
	path := os.Getenv("FRISIAN_HUB_ENGINE")
	if path == "" {
		t.Skip("FRISIAN_HUB_ENGINE names no engine")
	}
	args := []string{"hub"}
	if v, ok := os.LookupEnv("FRISIAN_HUB_ARGS"); ok {
		args = strings.Fields(v)
	}
	ctx := timeout(t, 2*time.Minute)
	c, err := Start(ctx, path, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	t.Logf("engine: %+v", c.ID())
	for _, kv := range strings.Fields(os.Getenv("FRISIAN_HUB_PARAMS")) {
		name, value, _ := strings.Cut(kv, "=")
		if err := c.SetParam(ctx, name, value); err != nil {
			t.Fatalf("set-param %s: %v", kv, err)
		}
	}
	if err := c.Init(ctx); err != nil {
		t.Fatal(err)
	}

	// A short match against the test engine's greedy player, a game with
	// each color, 30 plies at most.
	for _, engineColor := range []frisian.Color{frisian.White, frisian.Black} {
		if err := c.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		g := pdn.NewGame(frisian.StartPosition())
		for g.Len() < 30 && !gameOver(g) {
			p := g.Position()
			var m frisian.Move
			if p.Turn() == engineColor {
				s := FromGame(g)
				s.Limits = Limits{Depth: 6, MoveTime: time.Second}
				res, err := c.BestMove(ctx, s)
				if err != nil {
					t.Fatalf("ply %d (%v): %v", g.Len(), p, err)
				}
				m = res.Move
			} else {
				m, _ = choose(p, "greedy")
			}
			if err := g.Play(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}
		var b strings.Builder
		for i := range g.Len() {
			before, _ := g.PositionAt(i)
			b.WriteString(testgame.Legal(before).Text(g.Played()[i]) + " ")
		}
		t.Logf("engine as %v: %s(%v)", engineColor, b.String(), gameOutcome(g))
	}

	// The three-move rule reaches the engine through the moves: its king
	// is held, and 46-41 is the only legal move.
	g := pdn.NewGame(frisian.MustParseFEN("W:WK25,46:B10,K1"))
	for _, m := range []string{"25-30", "1-7", "30-25", "7-1", "25-30", "1-7"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(err)
		}
	}
	s := FromGame(g)
	s.Limits = Limits{Depth: 4}
	if res, err := c.BestMove(ctx, s); err != nil || res.Move.String() != "46-41" {
		t.Errorf("king held by the three-move rule: %v, %v", res.Move, err)
	}

	// An analysis of the start position, stopped at depth 6 or after two
	// seconds.
	a, err := c.Analyse(ctx, Search{Start: frisian.StartPosition()})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.After(2 * time.Second)
	n := 0
read:
	for {
		select {
		case info, ok := <-a.Info():
			if !ok {
				break read
			}
			n++
			if info.Err != nil {
				t.Errorf("info %q: %v", info.Line.String(), info.Err)
			}
			if info.Depth >= 6 {
				break read
			}
		case <-deadline:
			break read
		}
	}
	res, err := a.Stop(ctx)
	if err != nil || !testgame.Legal(frisian.StartPosition()).Contains(res.Move) {
		t.Fatalf("analysis: %+v, %v", res, err)
	}
	t.Logf("analysis: %d infos, best %v, last info depth %d score %.2f pv %v", n, res.Move, res.Info.Depth, res.Info.Score, res.Info.PV)

	// Pondering, then the expected reply is played.
	p := frisian.StartPosition()
	first := testgame.Legal(p).Moves()[0]
	srch, err := c.Go(ctx, Search{Start: p, Moves: []frisian.Move{first}, Limits: Limits{MoveTime: 100 * time.Millisecond}, Mode: Ponder})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	if err := srch.PonderHit(ctx); err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if res, err := srch.Wait(wait); err != nil || !testgame.Legal(p.Apply(first)).Contains(res.Move) {
		t.Errorf("ponder: %+v, %v", res, err)
	}
}
