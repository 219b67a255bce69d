// Command hubengine is the example computer player (examples/internal/engine)
// as a Hub engine: it speaks the Hub protocol on its standard input and
// output, so that any Hub interface, or hub.Client, can play against it.
//
//	go build ./examples/hubengine
//	go run ./examples/play -engine ./hubengine
//
// It declares two parameters: draws (official or lidraughts), the draw rules
// it plays by, and seed (0 for none), which varies its choice among equally
// good moves. A search goes as deep as level depth and as far as level nodes
// allow, unbounded when they are not given, and ends at stop or at the time
// limit. The reports give the depth, the score in men, the nodes, the time
// and the best move so far.
package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hubengine:", err)
		os.Exit(1)
	}
}

// run is the whole program.
func run(in io.Reader, out io.Writer) error { return hub.Serve(in, out, &player{}) }

// maxDepth is the deepest the example engine searches.
const maxDepth = 32

// player is the example engine behind the Hub protocol.
type player struct {
	mu    sync.Mutex
	draws frisian.DrawRules
	seed  uint64
}

func (*player) ID() hub.ID {
	return hub.ID{Name: "frisian example engine", Version: "1.0", Author: "the frisian authors"}
}

func (pl *player) Params() []hub.Param {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return []hub.Param{
		{Name: "draws", Value: pl.draws.String(), Type: "enum", Values: []string{"official", "lidraughts"}},
		{Name: "seed", Value: strconv.FormatUint(pl.seed, 10), Type: "int", Min: "0", Max: strconv.FormatUint(math.MaxInt64, 10)},
	}
}

func (pl *player) SetParam(name, value string) error {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	switch name {
	case "draws":
		return pl.draws.UnmarshalText([]byte(value))
	case "seed":
		n, err := strconv.ParseUint(value, 10, 63)
		if err != nil {
			return fmt.Errorf("seed %q: want 0 to %d", value, uint64(math.MaxInt64))
		}
		pl.seed = n
	}
	return nil
}

// Search runs the example engine on the position, reporting each finished
// iteration.
func (pl *player) Search(ctx context.Context, s hub.Search, report func(hub.Info)) (hub.Result, error) {
	p, err := s.Position()
	if err != nil {
		return hub.Result{}, err
	}
	pl.mu.Lock()
	o := engine.Options{Depth: maxDepth, Nodes: math.MaxInt, Draws: pl.draws}
	if pl.seed != 0 {
		o.Rand = rand.New(rand.NewPCG(pl.seed, uint64(p.Hash())))
	}
	pl.mu.Unlock()
	if s.Limits.Depth > 0 {
		o.Depth = min(s.Limits.Depth, maxDepth)
	}
	if s.Limits.Nodes > 0 {
		o.Nodes = int(min(s.Limits.Nodes, math.MaxInt))
	}
	start := time.Now()
	progress := func(r engine.Result) {
		report(hub.Info{
			Depth:    r.Depth,
			Score:    float64(r.Score) / engine.Man,
			HasScore: true,
			Nodes:    int64(r.Nodes),
			Time:     time.Since(start),
			PV:       []frisian.Move{r.Move},
		})
	}
	r, ok := engine.SearchContext(ctx, p, o, progress)
	if !ok {
		// The game is drawn under the draw rules but goes on: any move
		// will do.
		moves := p.LegalMoves()
		slices.SortFunc(moves, frisian.Move.Compare)
		return hub.Result{Move: moves[0]}, nil
	}
	res := hub.Result{Move: r.Move}
	// A shallow search of the reply, for a GUI that ponders.
	if reply, ok := engine.Search(p.Apply(r.Move), engine.Options{Depth: 2, Nodes: 10_000, Draws: o.Draws}); ok {
		res.Ponder = reply.Move
	}
	return res, nil
}
