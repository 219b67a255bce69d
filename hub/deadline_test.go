package hub

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// lateBound is how long past its context's deadline a call may return in
// TestDeadlines: the calls return within a few milliseconds of it, and the
// bound leaves room for a loaded two-core machine.
const lateBound = 100 * time.Millisecond

// TestDeadlines: every call that waits for the engine returns within a few
// milliseconds of its context's deadline, however the engine misbehaves,
// with an error that wraps context.DeadlineExceeded.
func TestDeadlines(t *testing.T) {
	noLeaks(t)
	// How late each call returned, for engines that read their input and
	// for those that do not (which a write waits for writeGrace).
	var lates, deafLates []time.Duration
	// late runs call with a context of deadline d and checks the time it
	// takes and its error.
	late := func(t *testing.T, name string, d time.Duration, call func(ctx context.Context) error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		start := time.Now()
		_, err := within(t, watchdog, func() (struct{}, error) { return struct{}{}, call(ctx) })
		over := time.Since(start) - d
		if strings.Contains(name, "deaf") {
			deafLates = append(deafLates, over)
		} else {
			lates = append(lates, over)
		}
		wantErr(t, name, err, context.DeadlineExceeded)
		if over > lateBound {
			t.Errorf("%s with a %v deadline returned %v after it", name, d, over)
		}
	}
	// deaf starts a fake that, once armed, reads no more commands: two
	// lines go into the pipe, and the writes after them block.
	deaf := func(t *testing.T) (*Client, *atomic.Bool) {
		var armed atomic.Bool
		release := make(chan struct{}) // lets the fake go, before its cleanup waits for it
		c, err := startFake(t, timeout(t, 5*time.Second), script{
			before: func(f *fake, l Line) (bool, bool) {
				if armed.Load() && l.Command != "go" { // the go of Go before it was armed
					<-release
					return true, false
				}
				return false, true
			},
			onGo: func(f *fake, l Line) bool { return true },
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { close(release) })
		if err := c.Init(timeout(t, 5*time.Second)); err != nil {
			t.Fatal(err)
		}
		return c, &armed
	}
	// silent starts a fake that never answers a search; honest answers
	// stop, after 150 ms (an engine ends its iteration first), within the
	// stop timeout of 200 ms.
	silent := func(t *testing.T, honest bool) *Client {
		c, err := startFake(t, timeout(t, 5*time.Second), script{onGo: func(f *fake, l Line) bool {
			if honest {
				if !f.await("stop") {
					return false
				}
				time.Sleep(150 * time.Millisecond)
				f.say("done move=32-28")
			}
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		// Initialised first: a deadline that falls in Init kills the
		// engine, which is then in no known state.
		if err := c.Init(timeout(t, 5*time.Second)); err != nil {
			t.Fatal(err)
		}
		return c
	}
	ponder := Search{Start: frisian.StartPosition(), Mode: Ponder}

	for _, d := range []time.Duration{time.Millisecond, 50 * time.Millisecond} {
		t.Run(d.String(), func(t *testing.T) {
			// A search the engine does not answer: BestMove and Wait give
			// up at the deadline; the engine that answers stop is ready for
			// the next call, which waits for that.
			c := silent(t, true)
			var bestErr error
			late(t, "BestMove", d, func(ctx context.Context) error { _, bestErr = c.BestMove(ctx, startSearch); return bestErr })
			// (Unless the deadline fell in the middle of a write to the
			// engine, which kills it: the in-memory pipe makes every write
			// wait for the fake to read it.)
			if !errors.Is(bestErr, ErrUnresponsive) {
				if err := c.Ping(timeout(t, 5*time.Second)); err != nil {
					t.Errorf("Ping after the search given up: %v", err)
				}
			}
			c = silent(t, true)
			s, err := c.Go(timeout(t, 5*time.Second), startSearch)
			if err != nil {
				t.Fatal(err)
			}
			late(t, "Wait", d, func(ctx context.Context) error { _, err := s.Wait(ctx); return err })

			// An engine that ignores stop: BestMove and Stop give up at the
			// deadline, and so do the calls that wait for the search to end.
			c = silent(t, false)
			late(t, "BestMove to an engine that ignores stop", d, func(ctx context.Context) error { _, err := c.BestMove(ctx, startSearch); return err })
			c = silent(t, false)
			s, err = c.Go(timeout(t, 5*time.Second), startSearch)
			if err != nil {
				t.Fatal(err)
			}
			late(t, "Stop", d, func(ctx context.Context) error { _, err := s.Stop(ctx); return err })
			late(t, "Ping while the search stops", d, func(ctx context.Context) error { return c.Ping(ctx) })
			late(t, "BestMove while the search stops", d, func(ctx context.Context) error { _, err := c.BestMove(ctx, startSearch); return err })

			// An engine that reads no more commands.
			for _, tc := range []struct {
				name string
				call func(ctx context.Context, c *Client) error
			}{
				{"Ping", func(ctx context.Context, c *Client) error { return c.Ping(ctx) }},
				{"SetParam", func(ctx context.Context, c *Client) error { return c.SetParam(ctx, "book", "false") }},
				{"Setup", func(ctx context.Context, c *Client) error { return c.Setup(ctx, Setting{"book", "false"}) }},
				{"NewGame", func(ctx context.Context, c *Client) error { return c.NewGame(ctx) }},
				{"Go", func(ctx context.Context, c *Client) error { _, err := c.Go(ctx, startSearch); return err }},
				{"BestMove", func(ctx context.Context, c *Client) error { _, err := c.BestMove(ctx, startSearch); return err }},
			} {
				for fill := range 3 {
					c, armed := deaf(t)
					armed.Store(true)
					for range fill {
						if err := c.send(timeout(t, 5*time.Second), cmd("ping")); err != nil {
							t.Fatal(err)
						}
					}
					late(t, tc.name+" to a deaf engine", d, func(ctx context.Context) error { return tc.call(ctx, c) })
				}
			}
			c, armed := deaf(t)
			s, err = c.Go(timeout(t, 5*time.Second), ponder)
			if err != nil {
				t.Fatal(err)
			}
			armed.Store(true)
			for range 2 { // the pipe is full
				if err := c.send(timeout(t, 5*time.Second), cmd("ping")); err != nil {
					t.Fatal(err)
				}
			}
			late(t, "PonderHit to a deaf engine", d, func(ctx context.Context) error { return s.PonderHit(ctx) })

			// Processes: a search stopped, a start without a handshake, a
			// quit not obeyed.
			served, err := StartCmd(timeout(t, 10*time.Second), fakeCmd(t, "serve"), testOptions(t))
			if err != nil {
				t.Fatal(err)
			}
			defer served.Close()
			if err := served.Init(timeout(t, 5*time.Second)); err != nil {
				t.Fatal(err)
			}
			for range 5 {
				late(t, "BestMove to an engine process", d, func(ctx context.Context) error {
					_, err := served.BestMove(ctx, Search{Start: frisian.StartPosition(), Limits: Limits{Infinite: true}})
					return err
				})
				if err := served.Ping(timeout(t, 5*time.Second)); err != nil {
					t.Errorf("Ping after the search given up: %v", err)
				}
			}
			late(t, "StartCmd of a mute engine", d, func(ctx context.Context) error {
				_, err := StartCmd(ctx, fakeCmd(t, "mute"), testOptions(t))
				return err
			})
			o := testOptions(t)
			o.StopTimeout = time.Minute
			hung, err := StartCmd(timeout(t, 10*time.Second), fakeCmd(t, "hang"), o)
			if err != nil {
				t.Fatal(err)
			}
			late(t, "Quit of a hung engine", d, func(ctx context.Context) error { return hung.Quit(ctx) })
		})
	}
	for _, l := range []struct {
		what  string
		lates []time.Duration
	}{{"to engines that read", lates}, {"to deaf engines", deafLates}} {
		slices.Sort(l.lates)
		t.Logf("%d calls %s returned after their deadline by: median %v, 90th percentile %v, most %v",
			len(l.lates), l.what, l.lates[len(l.lates)/2], l.lates[len(l.lates)*9/10], l.lates[len(l.lates)-1])
	}
}

// TestCloseEndsAnOperation: Close ends an operation that waits without a
// deadline for an engine that does not answer, StopTimeout after it is
// called, rather than wait for it.
func TestCloseEndsAnOperation(t *testing.T) {
	noLeaks(t)
	var mute atomic.Bool // from new-game on, the fake answers nothing
	c, err := startFake(t, timeout(t, 5*time.Second), script{
		before: func(f *fake, l Line) (bool, bool) {
			if l.Command == "new-game" {
				mute.Store(true)
			}
			return mute.Load(), true
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Init(timeout(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	// NewGame waits for the pong of the sync after new-game, which never
	// comes.
	errc := make(chan error, 1)
	go func() { errc <- c.NewGame(context.Background()) }()
	time.Sleep(20 * time.Millisecond)
	within(t, 5*time.Second, func() (struct{}, error) { return struct{}{}, c.Close() })
	if err := <-errc; err == nil {
		t.Error("NewGame: no error")
	}
}
