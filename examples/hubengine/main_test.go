package main

import (
	"context"
	"errors"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/frisian-draughts/frisian/pdn"
)

// connect runs the program on pipes and returns a client of it.
func connect(t *testing.T) *hub.Client {
	t.Helper()
	in, toEngine := io.Pipe()
	fromEngine, out := io.Pipe()
	served := make(chan error, 1)
	go func() {
		err := run(in, out)
		out.Close()
		in.Close()
		served <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := hub.NewClient(ctx, fromEngine, toEngine, hub.Options{StopTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
		if err := <-served; err != nil {
			t.Error(err)
		}
	})
	return c
}

// TestBestMove: over the protocol the program plays what the engine plays
// when called directly, and reports each iteration.
func TestBestMove(t *testing.T) {
	c := connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if id := c.ID(); id.Name != "frisian example engine" {
		t.Errorf("ID %+v", id)
	}
	g := pdn.NewGame(frisian.StartPosition())
	for _, m := range []string{"32-28", "19-23", "28x19", "14x23"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(err)
		}
	}
	s := hub.FromGame(g)
	s.Limits = hub.Limits{Depth: 4}
	res, err := c.BestMove(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := engine.Search(g.Position(), engine.Options{Depth: 4, Nodes: math.MaxInt})
	if res.Move != want.Move || res.Info.Depth != 4 || res.Info.Score != float64(want.Score)/engine.Man || res.Info.Nodes != int64(want.Nodes) {
		t.Errorf("over Hub: %v %+v; direct: %+v", res.Move, res.Info, want)
	}
	if res.Ponder.IsZero() || !testgame.Legal(g.Position().Apply(res.Move)).Contains(res.Ponder) {
		t.Errorf("ponder %v", res.Ponder)
	}
}

// TestStopAndTime: an infinite analysis stops when told, and a search with
// a move time ends near it.
func TestStopAndTime(t *testing.T) {
	c := connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p := frisian.StartPosition()
	a, err := c.Analyse(ctx, hub.Search{Start: p})
	if err != nil {
		t.Fatal(err)
	}
	for info := range a.Info() {
		if info.Err != nil {
			t.Error(info.Err)
		}
		if info.Depth >= 3 {
			break
		}
	}
	start := time.Now()
	res, err := a.Stop(ctx)
	if err != nil || !testgame.Legal(p).Contains(res.Move) {
		t.Fatalf("Stop = %+v, %v", res, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("stop took %v", d)
	}
	start = time.Now()
	res, err = c.BestMove(ctx, hub.Search{Start: p, Limits: hub.Limits{MoveTime: 200 * time.Millisecond}})
	if err != nil || !testgame.Legal(p).Contains(res.Move) {
		t.Fatalf("BestMove = %+v, %v", res, err)
	}
	if d := time.Since(start); d < 150*time.Millisecond || d > 2*time.Second {
		t.Errorf("a 200 ms search took %v", d)
	}
}

func TestParams(t *testing.T) {
	c := connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, kv := range [][2]string{{"draws", "lidraughts"}, {"seed", "7"}} {
		if err := c.SetParam(ctx, kv[0], kv[1]); err != nil {
			t.Errorf("set %s=%s: %v", kv[0], kv[1], err)
		}
	}
	for _, kv := range [][2]string{{"draws", "fifa"}, {"seed", "-1"}, {"seed", "x"}} {
		if err := c.SetParam(ctx, kv[0], kv[1]); !errors.Is(err, hub.ErrRejected) {
			t.Errorf("set %s=%s: %v, want ErrRejected", kv[0], kv[1], err)
		}
	}
	// Two kings against one under lidraughts' counting: 13 plies played, so
	// the game is drawn after the next; the engine still moves.
	p := frisian.MustParseFEN("W:WK46,K50:BK5:H13")
	res, err := c.BestMove(ctx, hub.Search{Start: p, Limits: hub.Limits{Depth: 3}})
	if err != nil || !testgame.Legal(p).Contains(res.Move) {
		t.Errorf("BestMove = %+v, %v", res, err)
	}
}

// TestScript runs the program on a script of commands, as a GUI would.
func TestScript(t *testing.T) {
	var out strings.Builder
	in := "hub\ninit\npos start\nlevel depth=2\ngo think\nquit\n"
	if err := run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want, _ := engine.Search(frisian.StartPosition(), engine.Options{Depth: 2, Nodes: math.MaxInt})
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "done move="+want.Move.String()+" ") {
		t.Errorf("last line %q, want the move %v", last, want.Move)
	}
	if lines[0] != `id name="frisian example engine" version=1.0 author="the frisian authors"` || lines[len(lines)-2] == "" {
		t.Errorf("output:\n%s", out.String())
	}
}
