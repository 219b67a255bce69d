// Package enginehub is the examples' computer player (package engine) as a
// hub.Engine: examples/hubengine serves it on its standard input and
// output, and the tests of the examples that drive a Hub engine run it as
// one.
//
// It declares two parameters: draws (official or lidraughts), the draw
// rules it plays by, and seed (0 for none), which varies its choice among
// equally good moves. A search goes as deep as level depth and as far as
// level nodes allow, unbounded when they are not given (to MaxDepth), and
// ends at stop or at the time limit. The reports give the depth, the
// score in men (wins and losses as Scan writes them: see hub.WinScore), the nodes, the time and the best move so far.
package enginehub

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
)

// MaxDepth is the deepest Player searches.
const MaxDepth = 32

// Player is the example engine behind the Hub protocol. The zero value
// plays by the official draw rules, without a seed.
type Player struct {
	mu    sync.Mutex // guards the parameters, set while a search may run
	draws frisian.DrawRules
	seed  uint64
}

// ID names the engine.
func (*Player) ID() hub.ID {
	return hub.ID{Name: "frisian example engine", Version: "1.0", Author: "the frisian authors"}
}

// Params declares draws and seed with their values.
func (pl *Player) Params() []hub.Param {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return []hub.Param{
		{Name: "draws", Value: pl.draws.String(), Type: "enum", Values: []string{"official", "lidraughts"}},
		{Name: "seed", Value: strconv.FormatUint(pl.seed, 10), Type: "int", Min: "0", Max: strconv.FormatUint(math.MaxInt64, 10)},
	}
}

// SetParam sets draws or seed; a value out of their range is an error.
func (pl *Player) SetParam(name, value string) error {
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
// iteration, and adds the reply it expects from a shallow search.
func (pl *Player) Search(ctx context.Context, s hub.Search, report func(hub.Info)) (hub.Result, error) {
	p, err := s.Position()
	if err != nil {
		return hub.Result{}, err
	}
	pl.mu.Lock()
	o := engine.Options{Depth: MaxDepth, Nodes: math.MaxInt, Draws: pl.draws}
	if pl.seed != 0 {
		o.Rand = rand.New(rand.NewPCG(pl.seed, uint64(p.Hash())))
	}
	pl.mu.Unlock()
	if s.Limits.Depth > 0 {
		o.Depth = min(s.Limits.Depth, MaxDepth)
	}
	if s.Limits.Nodes > 0 {
		o.Nodes = int(min(s.Limits.Nodes, math.MaxInt))
	}
	start := time.Now()
	progress := func(r engine.Result) {
		report(hub.Info{
			Depth:    r.Depth,
			Score:    hubScore(r.Score),
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
		l, err := p.Legal(ctx)
		if err != nil {
			return hub.Result{}, err
		}
		moves := l.Moves()
		if len(moves) == 0 {
			return hub.Result{}, fmt.Errorf("no legal move in %s", p)
		}
		return hub.Result{Move: moves[0]}, nil
	}
	res := hub.Result{Move: r.Move}
	// A shallow search of the reply, for a GUI that ponders.
	if reply, ok := engine.Search(p.Apply(r.Move), engine.Options{Depth: 2, Nodes: 10_000, Draws: o.Draws}); ok {
		res.Ponder = reply.Move
	}
	return res, nil
}

// hubScore writes the engine's score as Scan does: a win found n plies
// ahead as hub.WinScore(n) (99.97 for three plies), a loss as
// hub.LossScore(n), and an evaluation in men within ±hub.EvalLimit, so
// that a GUI never reads material as a win.
func hubScore(score int) float64 {
	switch won, plies, ok := engine.Decided(score); {
	case ok && won:
		return hub.WinScore(plies)
	case ok:
		return hub.LossScore(plies)
	}
	return min(max(float64(score)/engine.Man, -hub.EvalLimit), hub.EvalLimit)
}
