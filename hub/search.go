package hub

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// infoBuffer is how many info reports a search keeps for a reader that
// falls behind; past it the oldest are dropped.
const infoBuffer = 64

// infoTimeout bounds the checking of the moves of one info or done line.
const infoTimeout = 2 * time.Second

// Searching is a search in progress, started by Client.Go.
type Searching struct {
	c    *Client
	pos  frisian.Position
	info chan Info
	done chan struct{}

	// Set by the client's reader before done is closed.
	res  Result
	err  error
	last Info // the last report

	mu       sync.Mutex
	finished bool
	stopped  bool
	timer    *time.Timer // kills an engine that does not answer stop
}

// Go starts a search (pos, level, go) and returns once the engine has
// taken the position and the limits, without waiting for the search. The
// position is checked first: its moves must be legal, and it must have a
// legal move (ErrNoMove). The engine's error lines in answer to the
// position or the limits are returned as an *EngineError; a Mode other
// than Think, Analyze and Ponder is an error wrapping os.ErrInvalid. Go
// calls Init first when it has not been called.
//
// Read the reports from Info and end the search with Wait, or with Stop;
// the client runs no other search until this one is done.
func (c *Client) Go(ctx context.Context, s Search) (*Searching, error) {
	end, err := c.begin(ctx, "Client.Go")
	if err != nil {
		return nil, err
	}
	defer end()
	if s.Mode > Ponder {
		return nil, fmt.Errorf("hub: search mode %d: %w", s.Mode, os.ErrInvalid)
	}
	p, err := s.Position()
	if err != nil {
		return nil, err
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return nil, fmt.Errorf("hub: %w", err)
	}
	moves := l.Moves()
	if len(moves) == 0 {
		return nil, ErrNoMove
	}
	if !c.initialized {
		if err := c.init(ctx); err != nil {
			return nil, err
		}
	}
	for _, l := range []Line{s.posLine(), s.Limits.line()} {
		if err := l.Validate(); err != nil {
			return nil, err
		}
		if err := c.send(ctx, l); err != nil {
			return nil, err
		}
	}
	if err := c.sync(ctx); err != nil {
		return nil, err
	}
	srch := &Searching{c: c, pos: p, info: make(chan Info, infoBuffer), done: make(chan struct{})}
	c.smu.Lock()
	c.search = srch
	c.smu.Unlock()
	if err := c.send(ctx, Line{Command: "go"}.flag(s.Mode.String())); err != nil {
		c.smu.Lock()
		if c.search == srch {
			c.search = nil
		}
		c.smu.Unlock()
		srch.finish(Result{}, err)
		return nil, err
	}
	return srch, nil
}

// BestMove searches s (in the mode s gives, Think for the zero value) and
// returns the engine's move. When ctx ends first, BestMove returns at once
// with an error wrapping ctx's, and the search is stopped in the
// background; see Searching.Wait.
func (c *Client) BestMove(ctx context.Context, s Search) (Result, error) {
	if ctx == nil {
		return Result{}, errtext.NilContext("hub: Client.BestMove")
	}
	srch, err := c.Go(ctx, s)
	if err != nil {
		return Result{}, err
	}
	return srch.Wait(ctx)
}

// Analyse starts a search in Analyze mode, with no limit when s has none.
// It is Go with s.Mode set to Analyze.
func (c *Client) Analyse(ctx context.Context, s Search) (*Searching, error) {
	if ctx == nil {
		return nil, errtext.NilContext("hub: Client.Analyse")
	}
	s.Mode = Analyze
	return c.Go(ctx, s)
}

// Position returns the position searched.
func (s *Searching) Position() frisian.Position { return s.pos }

// Info returns the channel of the engine's reports, closed when the search
// ends. The reports wait there for the reader; past 64 unread ones the
// oldest are dropped, so that a reader that falls behind never holds up
// the client.
func (s *Searching) Info() <-chan Info { return s.info }

// Done returns a channel closed when the search has ended.
func (s *Searching) Done() <-chan struct{} { return s.done }

// Wait waits for the search to end and returns its result. When ctx ends
// first, Wait returns at once with an error wrapping ctx's and stops the
// search in the background: it sends stop, and the engine has
// Options.StopTimeout to answer before it is killed. The next operation on
// the client waits for that (while its own context lasts), so that the
// engine is ready for it, or it gets the error of the kill. Use Stop to end
// a search and keep its result.
//
// The error wraps ErrProtocol (with frisian.ErrIllegalMove for a move that
// is not legal, frisian.ErrInvalidMove for text that is no move) when the
// engine's answer is wrong, ErrEngineExited when it exited,
// ErrUnresponsive when it was killed for not answering stop, ErrClosed
// when the client was closed.
func (s *Searching) Wait(ctx context.Context) (Result, error) {
	if ctx == nil {
		return Result{}, errtext.NilContext("hub: Searching.Wait")
	}
	select {
	case <-s.done:
		return s.res, s.err
	case <-ctx.Done():
	}
	select {
	case <-s.done: // ended at the same time: the answer is there
		return s.res, s.err
	default:
	}
	s.stop()
	return Result{}, fmt.Errorf("hub: search given up: %w", ctx.Err())
}

// Stop asks the engine to end the search now (stop) and returns its answer,
// as Wait does. The engine has Options.StopTimeout to answer before it is
// killed. When ctx ends first, Stop returns at once with an error wrapping
// ctx's and the search goes on ending; Wait or Stop may be called again.
func (s *Searching) Stop(ctx context.Context) (Result, error) {
	if ctx == nil {
		return Result{}, errtext.NilContext("hub: Searching.Stop")
	}
	s.stop()
	select {
	case <-s.done:
		return s.res, s.err
	case <-ctx.Done():
		return Result{}, fmt.Errorf("hub: stop: %w", ctx.Err())
	}
}

// PonderHit tells the engine, pondering in the position after the reply it
// expected, that the reply was played (ponder-hit): the search goes on as
// a normal one and the engine's clock starts.
func (s *Searching) PonderHit(ctx context.Context) error {
	if ctx == nil {
		return errtext.NilContext("hub: Searching.PonderHit")
	}
	s.mu.Lock()
	over := s.finished || s.stopped
	s.mu.Unlock()
	if over {
		return nil
	}
	return s.c.send(ctx, cmd("ponder-hit"))
}

// stop sends stop once, in the background, and starts the clock on the
// engine's answer.
func (s *Searching) stop() {
	s.mu.Lock()
	if s.finished || s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	s.timer = time.AfterFunc(s.c.opt.StopTimeout, func() {
		select {
		case <-s.done:
		default:
			s.c.kill(fmt.Errorf("%w to stop within %v: killed", ErrUnresponsive, s.c.opt.StopTimeout))
		}
	})
	s.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), s.c.opt.StopTimeout)
		defer cancel()
		// A failed write means the engine is gone, or has been killed for
		// not reading it, and the reader ends the search.
		s.c.send(ctx, cmd("stop"))
	}()
}

// finish ends the search. Only the client's reader calls it, once the
// search is no longer the client's current one (and Go, for a search that
// never started).
func (s *Searching) finish(r Result, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.finished {
		return
	}
	s.finished = true
	if s.timer != nil {
		s.timer.Stop()
	}
	s.res, s.err = r, err
	close(s.info)
	close(s.done)
}

// report passes an info line to the reader of the search.
func (s *Searching) report(info Info) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.finished {
		return
	}
	s.last = info
	for {
		select {
		case s.info <- info:
			return
		default:
		}
		select {
		case <-s.info: // drop the oldest
		default:
		}
	}
}

// searchLine handles an info or done line; called by the reader.
func (c *Client) searchLine(l Line) {
	c.smu.Lock()
	s := c.search
	if s != nil && l.Command == "done" {
		c.search = nil
	}
	c.smu.Unlock()
	if s == nil {
		return // no search asked for it: ignored
	}
	ctx, cancel := context.WithTimeout(c.life, infoTimeout)
	defer cancel()
	if l.Command == "info" {
		s.report(parseInfo(ctx, l, s.pos))
		return
	}
	r, err := parseDone(ctx, l, s.pos)
	s.mu.Lock()
	r.Info = s.last
	s.mu.Unlock()
	if err != nil {
		r = Result{}
	}
	s.finish(r, err)
}
