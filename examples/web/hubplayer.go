package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// Times of the external engine.
const (
	engineStartTime = 10 * time.Second // to start and be ready
	// engineStopTime is how long the engine has to answer stop (and
	// quit) before it is killed: a search given up at its deadline is
	// stopped in the background, and the next search waits for that.
	engineStopTime = time.Second
	// engineRestartGap is the least time between two starts of the
	// engine, so that a game that crashes it cannot have it started over
	// and over.
	engineRestartGap = time.Second
)

// errEngineFailed: the engine crashed, hung or broke the protocol, and is
// started again for the next search.
var errEngineFailed = errors.New("the engine failed")

// An engine counts as hung when it has not answered within hungFactor
// times its move time and hungSlack (maxMoveTime inverts this).
const (
	hungFactor = 2
	hungSlack  = time.Second
)

// hubPlayer plays the computer's moves with an external Hub engine (such
// as Scan 3.1) instead of the built-in one: one engine for the whole
// server, searching for one game at a time. An engine that crashes, hangs
// or breaks the protocol is closed (its process group killed) and started
// again for the next search.
type hubPlayer struct {
	start      func(ctx context.Context) (*hub.Client, error) // starts the engine, ready to search
	moveTime   time.Duration
	restartGap time.Duration
	// answerTime is how long the engine has to answer a search,
	// hungFactor times its move time and hungSlack: an engine that has
	// not answered by then is hung, and the request fails at once instead
	// of at its deadline, holding the engine (and so every other game) no
	// longer than that.
	answerTime time.Duration

	turn chan struct{} // holds a token while a request uses the fields below
	c    *hub.Client   // the engine, or nil when it must be started
	// starting delivers the engine being started, when not nil: a start
	// outlives the request that began it, for the next one to take.
	starting  chan started
	lastStart time.Time

	closing sync.WaitGroup // engines being closed
}

// started is the outcome of a start of the engine.
type started struct {
	c   *hub.Client
	err error
}

// engineStarter returns the function that starts the engine at path with
// args, in its directory (as hub.Start does), sets its parameters and
// waits until it is ready.
func engineStarter(path string, args []string, settings []hub.Setting) func(ctx context.Context) (*hub.Client, error) {
	if strings.ContainsRune(path, filepath.Separator) {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	return func(ctx context.Context) (*hub.Client, error) {
		cmd := exec.Command(path, args...)
		if filepath.IsAbs(cmd.Path) {
			cmd.Dir = filepath.Dir(cmd.Path)
		}
		c, err := hub.StartCmd(ctx, cmd, hub.Options{StopTimeout: engineStopTime})
		if err != nil {
			return nil, err
		}
		if err := c.Setup(ctx, settings...); err != nil {
			c.Close()
			return nil, err
		}
		return c, nil
	}
}

// startHubPlayer starts the engine with start, within engineStartTime,
// and returns the player.
func startHubPlayer(start func(ctx context.Context) (*hub.Client, error), moveTime time.Duration) (*hubPlayer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), engineStartTime)
	defer cancel()
	c, err := start(ctx)
	if err != nil {
		return nil, err
	}
	h := &hubPlayer{start: start, moveTime: moveTime, restartGap: engineRestartGap, turn: make(chan struct{}, 1), c: c}
	h.answerTime = hungFactor*moveTime + hungSlack
	h.lastStart = time.Now()
	return h, nil
}

// id returns the identity of the engine running, if one is.
func (h *hubPlayer) id() (hub.ID, bool) {
	h.turn <- struct{}{}
	defer func() { <-h.turn }()
	if h.c == nil {
		return hub.ID{}, false
	}
	return h.c.ID(), true
}

// think is the thinker of the engine: it asks for its move in the game
// j.game, which it is given from the last position the three-move rule
// does not look back past (see hub.FromGame). The move comes back checked:
// it is legal in the game's position. An engine that fails is closed and
// another started, once within the request; the error then wraps
// errEngineFailed, as it does when the engine has not answered within
// answerTime. The search's failures are counted with j.failed: a crash of
// an engine started for it, or no answer when it had twice its move time;
// not a failure to start an engine, nor a wait for it, which are no
// game's fault.
func (h *hubPlayer) think(ctx context.Context, j job, progress func(frisian.Move)) (frisian.Move, error) {
	s := j.game
	s.Limits = hub.Limits{MoveTime: h.moveTime}
	select {
	case h.turn <- struct{}{}:
	case <-ctx.Done():
		return frisian.Move{}, ctx.Err() // waited too long for the engine
	}
	defer func() { <-h.turn }()
	for retried := false; ; retried = true {
		fresh := h.c == nil // started for this search
		c, err := h.client(ctx)
		if err != nil {
			return frisian.Move{}, err
		}
		res, err := h.bestMove(ctx, c, s, j)
		switch {
		case err == nil:
			return res.Move, nil
		case ctx.Err() != nil:
			// Out of time: the search is stopped in the background, and
			// an engine that does not answer stop within engineStopTime
			// is killed; the next search finds that out.
			return frisian.Move{}, err
		case errors.Is(err, errEngineFailed): // hung
			h.retire()
			return frisian.Move{}, err
		case !broken(err):
			return frisian.Move{}, err // the engine refused this game's position, and lives
		}
		h.retire()
		if retried || fresh {
			if j.failed != nil {
				j.failed()
			}
			return frisian.Move{}, fmt.Errorf("%w: %w", errEngineFailed, err)
		}
		// The engine, started before, may have died since: once more,
		// with a new one.
	}
}

// bestMove is c.BestMove(ctx, s) within answerTime. An engine given the
// search with twice its move time left that does not answer is counted
// with j.failed, and the error wraps errEngineFailed.
func (h *hubPlayer) bestMove(ctx context.Context, c *hub.Client, s hub.Search, j job) (hub.Result, error) {
	search, err := c.Go(ctx, s) // after the previous search has stopped
	if err != nil {
		return hub.Result{}, err
	}
	answer, cancel := context.WithTimeout(ctx, h.answerTime)
	defer cancel()
	deadline, _ := answer.Deadline()
	given := time.Until(deadline) >= 2*h.moveTime
	res, err := search.Wait(answer)
	if err != nil && answer.Err() != nil && given {
		if j.failed != nil {
			j.failed()
		}
		if ctx.Err() == nil {
			return res, fmt.Errorf("%w: no answer within %v", errEngineFailed, h.answerTime)
		}
	}
	return res, err
}

// broken reports whether err, from a search, leaves the engine of no
// further use.
func broken(err error) bool {
	for _, target := range []error{hub.ErrEngineExited, hub.ErrUnresponsive, hub.ErrClosed, hub.ErrProtocol} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// client returns the engine, starting one when there is none, at least
// restartGap after the last start. A start takes up to engineStartTime
// and goes on when ctx ends, for the next request to take up. h.turn is
// held.
func (h *hubPlayer) client(ctx context.Context) (*hub.Client, error) {
	if h.c != nil {
		return h.c, nil
	}
	if h.starting == nil {
		if wait := h.restartGap - time.Since(h.lastStart); wait > 0 {
			t := time.NewTimer(wait)
			defer t.Stop()
			select {
			case <-t.C:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		h.lastStart = time.Now()
		ch := make(chan started, 1)
		h.starting = ch
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), engineStartTime)
			defer cancel()
			c, err := h.start(ctx)
			ch <- started{c, err}
		}()
	}
	select {
	case r := <-h.starting:
		h.starting = nil
		if r.err != nil {
			return nil, fmt.Errorf("%w: starting it again: %w", errEngineFailed, r.err)
		}
		h.c = r.c
		return h.c, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// retire closes the engine in the background (Close kills it, and its
// process group, when it does not quit within engineStopTime). h.turn is
// held.
func (h *hubPlayer) retire() {
	c := h.c
	h.c = nil
	h.closing.Go(func() { c.Close() })
}

// close ends the engine, one being started included, and waits for the
// engines being closed.
func (h *hubPlayer) close() error {
	h.turn <- struct{}{}
	defer func() { <-h.turn }()
	var err error
	if h.starting != nil {
		if r := <-h.starting; r.c != nil {
			r.c.Close()
		}
		h.starting = nil
	}
	if h.c != nil {
		err = h.c.Close()
		h.c = nil
	}
	h.closing.Wait()
	return err
}
