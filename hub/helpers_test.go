package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian"
)

// noLeaks fails the test when, once its other cleanups have run, more
// goroutines are left than when it began. Call it first, so that its
// cleanup runs last. The hub tests do not run in parallel, so that the
// count is theirs alone.
func noLeaks(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(3 * time.Second)
		n := runtime.NumGoroutine()
		for n > before && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
			n = runtime.NumGoroutine()
		}
		if n > before {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Errorf("%d goroutines left, %d before the test:\n%s", n, before, buf)
		}
	})
}

// testOptions are client options for tests: a short stop timeout, and the
// protocol in the test log.
func testOptions(t *testing.T) Options {
	return Options{
		StopTimeout: 200 * time.Millisecond,
		Log: func(sent bool, line string) {
			dir := "<"
			if sent {
				dir = ">"
			}
			t.Logf("%s %s", dir, errtext.Clip(line))
		},
	}
}

// testEngine is a small Engine for the tests. It plays the capture that
// takes most, else the first move in canonical order, reports one info per
// depth up to the depth limit (1 when none, 5 at most) and, when told to or
// when the search has no limit, waits for ctx before it answers.
type testEngine struct {
	mu        sync.Mutex
	searches  []Search
	positions []frisian.Position
	style     string
	newGames  int
	initErr   error
	wait      bool   // wait for ctx in every search
	info      []Info // when not nil, report these instead
	result    *Result
}

func (e *testEngine) ID() ID {
	return ID{Name: "test engine", Version: "1.0", Author: "the hub tests"}
}

func (e *testEngine) Params() []Param {
	return []Param{
		{Name: "style", Value: "greedy", Type: "enum", Values: []string{"greedy", "first"}},
		{Name: "hash", Value: "16", Type: "int", Min: "1", Max: "1024"},
	}
}

func (e *testEngine) SetParam(name, value string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case name == "style" && (value == "greedy" || value == "first"):
		e.style = value
		return nil
	case name == "hash":
		return nil
	}
	return fmt.Errorf("bad value %q for %s", value, name)
}

func (e *testEngine) Init() error { return e.initErr }

func (e *testEngine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.newGames++
}

func (e *testEngine) last() (Search, frisian.Position) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.searches[len(e.searches)-1], e.positions[len(e.positions)-1]
}

// choose returns the move the test engine plays in p and the reply it
// expects.
func choose(p frisian.Position, style string) (frisian.Move, frisian.Move) {
	moves := testgame.Legal(p).Moves()
	best := moves[0]
	if style != "first" {
		for _, m := range moves {
			if m.Captured().Len() > best.Captured().Len() {
				best = m
			}
		}
	}
	var reply frisian.Move
	if next := testgame.Legal(p.Apply(best)).Moves(); len(next) > 0 {
		reply = next[0]
	}
	return best, reply
}

func (e *testEngine) Search(ctx context.Context, s Search, report func(Info)) (Result, error) {
	p, err := s.Position()
	if err != nil {
		return Result{}, err
	}
	e.mu.Lock()
	e.searches = append(e.searches, s)
	e.positions = append(e.positions, p)
	style, wait, infos, result := e.style, e.wait, e.info, e.result
	e.mu.Unlock()
	best, reply := choose(p, style)
	if infos == nil {
		depth := min(max(s.Limits.Depth, 1), 5)
		for d := 1; d <= depth; d++ {
			pv := []frisian.Move{best}
			if !reply.IsZero() {
				pv = append(pv, reply)
			}
			infos = append(infos, Info{Depth: d, Score: float64(d) / 4, HasScore: true, Nodes: int64(100 * d), Time: time.Duration(d) * time.Millisecond, PV: pv})
		}
	}
	for _, info := range infos {
		report(info)
	}
	if wait || (s.Limits == (Limits{}) || s.Limits.Infinite) {
		<-ctx.Done()
	}
	if result != nil {
		return *result, nil
	}
	return Result{Move: best, Ponder: reply}, nil
}

// serve connects a client to Serve(e) over in-memory pipes. The cleanup
// closes the client and checks that Serve returned nil.
func serve(t *testing.T, e Engine) *Client {
	t.Helper()
	cr, sw := io.Pipe() // the engine's output
	sr, cw := io.Pipe() // the engine's input
	served := make(chan error, 1)
	go func() {
		err := Serve(sr, sw, e)
		sw.Close()
		sr.Close()
		served <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := NewClient(ctx, cr, cw, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return c
}

// fake is a scripted engine on the far end of pipes, for engines that
// misbehave. It answers the handshake and init as Scan does (chatter
// included), ping with pong, keeps the position of pos, and hands go (and
// any command it does not know) to the test's script.
type fake struct {
	in  chan Line
	out io.WriteCloser
	pos frisian.Position
}

// say writes lines to the client; errors mean the client has gone.
func (f *fake) say(lines ...string) {
	for _, l := range lines {
		io.WriteString(f.out, l+"\n")
	}
}

// next waits for the next line from the client; false when it has gone.
func (f *fake) next() (Line, bool) {
	l, ok := <-f.in
	return l, ok
}

// await reads lines until one with the command want; false when the
// client has gone.
func (f *fake) await(want string) bool {
	for {
		l, ok := f.next()
		if !ok {
			return false
		}
		if l.Command == want {
			return true
		}
	}
}

// scanHello is Scan 3.1's answer to hub.
var scanHello = []string{
	`id name=Scan version=3.1 author="Fabien Letouzey" country=France`,
	`param name=variant value=normal type=enum values="normal killer bt frisian losing"`,
	"param name=book value=true type=bool",
	"param name=threads value=1 type=int min=1 max=16",
	"wait",
}

// script is what a fake does: hello answers hub (nil: as Scan does), and
// onGo plays a search; it returns false to end the fake. before, when not
// nil, sees every line first, and says whether it handled it and whether
// the fake goes on.
type script struct {
	hello  func(f *fake)
	onGo   func(f *fake, l Line) bool
	before func(f *fake, l Line) (handled, goOn bool)
}

// startFake runs a fake engine and connects a client to it. The error of
// NewClient is returned, for the tests of the handshake; otherwise the
// cleanup closes the client and waits for the fake to end.
func startFake(t *testing.T, ctx context.Context, sc script) (*Client, error) {
	t.Helper()
	cr, fw := io.Pipe()
	fr, cw := io.Pipe()
	f := &fake{in: make(chan Line), out: fw, pos: frisian.StartPosition()}
	ended := make(chan struct{})
	go func() { // the fake's reader
		defer close(f.in)
		lines := newLineReader(fr)
		for {
			s, err := lines()
			if err != nil {
				return
			}
			if l, err := ParseLine(s); err == nil {
				f.in <- l
			}
		}
	}()
	go func() {
		defer func() {
			fw.Close()
			fr.Close()
			for range f.in { // let the reader end
			}
			close(ended)
		}()
		for {
			l, ok := f.next()
			if !ok {
				return
			}
			if sc.before != nil {
				handled, goOn := sc.before(f, l)
				if !goOn {
					return
				}
				if handled {
					continue
				}
			}
			switch l.Command {
			case "hub":
				if sc.hello != nil {
					sc.hello(f)
				} else {
					f.say(scanHello...)
				}
			case "init":
				f.say("init eval", "ready")
			case "ping":
				f.say("pong")
			case "set-param", "level", "new-game", "stop", "ponder-hit":
			case "pos":
				text, _ := l.Get("pos")
				p, err := ParsePosition(text)
				if err != nil {
					f.say(`error message="bad position"`)
					continue
				}
				moves, _ := l.Get("moves")
				_, end, _, err := parseMoves(context.Background(), p, moves)
				if err != nil {
					f.say(`error message="illegal move"`)
					continue
				}
				f.pos = end
			case "quit":
				return
			default:
				if sc.onGo == nil || !sc.onGo(f, l) {
					return
				}
			}
		}
	}()
	c, err := NewClient(ctx, cr, cw, testOptions(t))
	if err != nil {
		cr.Close()
		cw.Close()
		<-ended
		return nil, err
	}
	t.Cleanup(func() {
		c.Close()
		<-ended
	})
	return c, nil
}

// newLineReader returns a function that reads the lines of r.
func newLineReader(r io.Reader) func() (string, error) {
	var buf []byte
	one := make([]byte, 1)
	return func() (string, error) {
		buf = buf[:0]
		for {
			n, err := r.Read(one)
			if n == 1 {
				if one[0] == '\n' {
					return string(buf), nil
				}
				buf = append(buf, one[0])
			}
			if err != nil {
				return "", err
			}
		}
	}
}

// timeout returns a context that ends after d, cancelled at the end of the
// test.
func timeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// wantErr fails unless err wraps every one of targets.
func wantErr(t *testing.T, what string, err error, targets ...error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %v", what, targets)
		return
	}
	for _, target := range targets {
		if !errors.Is(err, target) {
			t.Errorf("%s: error %q does not wrap %q", what, err, target)
		}
	}
}

// watchdog is how long within waits for a call that should end in well
// under a second: far beyond any delay of a loaded machine.
const watchdog = 30 * time.Second

// within returns f's results, or fails the test when f has not returned
// after d (f goes on, and the test's cleanups end it).
func within[T any](t *testing.T, d time.Duration, f func() (T, error)) (T, error) {
	t.Helper()
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-timer.C:
		t.Fatalf("no return after %v", d)
		var zero T
		return zero, nil // not reached: Fatalf ends the test
	}
}
