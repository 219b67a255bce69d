package enginehub

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"github.com/frisian-draughts/frisian/pdn"
)

// search runs the player on s and collects its reports.
func search(t *testing.T, pl *Player, ctx context.Context, s hub.Search) (hub.Result, []hub.Info) {
	t.Helper()
	var infos []hub.Info
	res, err := pl.Search(ctx, s, func(info hub.Info) { infos = append(infos, info) })
	if err != nil {
		t.Fatal(err)
	}
	return res, infos
}

// TestSearch: the player plays what the engine plays when called
// directly, reports each iteration as the engine finishes it, and expects
// a legal reply.
func TestSearch(t *testing.T) {
	g := pdn.NewGame(frisian.StartPosition())
	for _, m := range []string{"32-28", "19-23", "28x19", "14x23"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(err)
		}
	}
	s := hub.FromGame(g)
	s.Limits.Depth = 4
	p := g.Position()
	var want []engine.Result
	last, _ := engine.SearchContext(context.Background(), p, engine.Options{Depth: 4, Nodes: math.MaxInt}, func(r engine.Result) { want = append(want, r) })
	res, infos := search(t, &Player{}, context.Background(), s)
	if res.Move != last.Move || !testgame.Legal(p.Apply(res.Move)).Contains(res.Ponder) {
		t.Errorf("Search = %v ponder %v; engine %v", res.Move, res.Ponder, last.Move)
	}
	if len(infos) != len(want) {
		t.Fatalf("%d reports, want %d", len(infos), len(want))
	}
	for i, info := range infos {
		w := want[i]
		if info.Depth != w.Depth || !info.HasScore || info.Score != float64(w.Score)/engine.Man || info.Nodes != int64(w.Nodes) || !slices.Equal(info.PV, []frisian.Move{w.Move}) {
			t.Errorf("report %d: %+v; engine %+v", i, info, w)
		}
	}
}

// TestLimits: without a depth the search goes on until ctx ends, and then
// plays the best move found; a node limit bounds it.
func TestLimits(t *testing.T) {
	p := frisian.StartPosition()
	// Timed from before the deadline is set: timed from after, a slow
	// start (the race detector on a busy machine) made it look early.
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, infos := search(t, &Player{}, ctx, hub.Search{Start: p})
	if d := time.Since(start); d < 100*time.Millisecond || !testgame.Legal(p).Contains(res.Move) || len(infos) == 0 {
		t.Errorf("unbounded search: %v after %v, %d reports", res.Move, d, len(infos))
	}
	res, infos = search(t, &Player{}, context.Background(), hub.Search{Start: p, Limits: hub.Limits{Nodes: 1000}})
	if !testgame.Legal(p).Contains(res.Move) || len(infos) == 0 || infos[len(infos)-1].Nodes > 1000 {
		t.Errorf("1000 nodes: %v, %+v", res.Move, infos)
	}
}

// TestParams: draws and seed are declared, set and checked; a position
// drawn under lidraughts' rules still gets a move.
func TestParams(t *testing.T) {
	pl := &Player{}
	for _, kv := range [][2]string{{"draws", "fifa"}, {"seed", "-1"}, {"seed", "x"}} {
		if err := pl.SetParam(kv[0], kv[1]); err == nil {
			t.Errorf("SetParam(%s, %s): no error", kv[0], kv[1])
		}
	}
	for _, kv := range [][2]string{{"draws", "lidraughts"}, {"seed", "7"}} {
		if err := pl.SetParam(kv[0], kv[1]); err != nil {
			t.Errorf("SetParam(%s, %s): %v", kv[0], kv[1], err)
		}
	}
	got := pl.Params()
	if len(got) != 2 || got[0].Name != "draws" || got[0].Value != "lidraughts" || got[1].Name != "seed" || got[1].Value != "7" {
		t.Errorf("Params = %+v", got)
	}
	// One king each, four plies counted: drawn under lidraughts' rules,
	// so that the engine finds no move, but a GUI may still ask for one;
	// the first move in canonical order is played.
	p := frisian.MustParseFEN("W:WK47:BK5:H4")
	if !testgame.Legal(p).Outcome(frisian.LidraughtsDraws).IsOver() || !testgame.HasMoves(p) {
		t.Fatalf("%s: want a position drawn under lidraughts' rules, with moves", p.FEN())
	}
	if _, ok := engine.Search(p, engine.Options{Draws: frisian.LidraughtsDraws}); ok {
		t.Fatalf("%s: the engine found a move", p.FEN())
	}
	res, _ := search(t, pl, context.Background(), hub.Search{Start: p, Limits: hub.Limits{Depth: 2}})
	moves := testgame.Legal(p).Moves()
	if res.Move != moves[0] {
		t.Errorf("drawn position: %v, want %v", res.Move, moves[0])
	}
	if _, err := pl.Search(context.Background(), hub.Search{Start: p, Moves: []frisian.Move{{}}}, func(hub.Info) {}); !errors.Is(err, frisian.ErrIllegalMove) {
		t.Errorf("an illegal move in the search: %v", err)
	}
}
