package main

import (
	"context"
	"errors"
	"sync"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
)

// job is what the computer needs to choose a move in a game, copied out of
// the game: a search that outlasts its request must not touch the game.
type job struct {
	pos   frisian.Position
	game  hub.Search // the game as an external engine is given it
	depth int
	draws frisian.DrawRules
	// failed, when not nil, counts a failure of the engine in this
	// search (see hubPlayer.think); it may be called after the request
	// has ended.
	failed func()
}

// thinker chooses the computer's move for j while ctx lasts. It may call
// progress, from any goroutine, with the best move found so far.
type thinker func(ctx context.Context, j job, progress func(frisian.Move)) (frisian.Move, error)

// errNoMove: the position has no move to search (the handlers never ask).
var errNoMove = errors.New("there is no move to play")

// builtin is the thinker of the small built-in engine: it reports the
// move of each finished iteration.
func builtin(ctx context.Context, j job, progress func(frisian.Move)) (frisian.Move, error) {
	res, ok := engine.SearchContext(ctx, j.pos, engine.Options{Depth: j.depth, Draws: j.draws},
		func(r engine.Result) { progress(r.Move) })
	if !ok {
		return frisian.Move{}, errNoMove
	}
	return res.Move, nil
}

// think has think choose a move for j and answers by ctx's end, whatever
// the thinker does: it runs in a goroutine that holds the search slot
// (release) until it returns, so that a search that overruns its time
// costs its slot and no more. When ctx ends first, the answer is the best
// move reported so far, else fallback when not zero, else ctx's error.
func think(ctx context.Context, think thinker, j job, release func(), fallback frisian.Move) (frisian.Move, error) {
	var mu sync.Mutex
	best := fallback
	progress := func(m frisian.Move) {
		mu.Lock()
		best = m
		mu.Unlock()
	}
	type answer struct {
		m   frisian.Move
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer release()
		m, err := think(ctx, j, progress)
		done <- answer{m, err}
	}()
	select {
	case a := <-done:
		return a.m, a.err
	case <-ctx.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	if best.IsZero() {
		return frisian.Move{}, ctx.Err()
	}
	return best, nil
}
