package hub

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// The tests in this file run the client against scripted engines that
// misbehave, and check that every failure is a typed error, in bounded
// time, with nothing left running.

var startSearch = Search{Start: frisian.StartPosition(), Limits: Limits{Depth: 3}}

func TestFakeGarbage(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		f.say(
			"", "%%%", "=", "  ", "\x00\x01", `info pv="31-27`, "foo bar=1", "id name=late",
			strings.Repeat("a", MaxLineLength+10),
			"info depth=x score=abc nodes=-1 pv=99-100 time=-1 nps=1e999",
			`info depth=3 score=0.5 pv="32-28 19-23" extra=1`,
			`info depth=4 pv="32-28 32-28"`,
			"done move=32-28 ponder=19-23",
		)
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Go(ctx, startSearch)
	if err != nil {
		t.Fatal(err)
	}
	var infos []Info
	for info := range s.Info() {
		infos = append(infos, info)
	}
	res, err := s.Wait(ctx)
	if err != nil || res.Move.String() != "32-28" || res.Ponder.String() != "19-23" {
		t.Fatalf("Wait = %+v, %v", res, err)
	}
	if len(infos) != 3 {
		t.Fatalf("%d infos, want 3: %+v", len(infos), infos)
	}
	if err := infos[0].Err; !errors.Is(err, ErrProtocol) || infos[0].Depth != 0 || infos[0].PV != nil {
		t.Errorf("malformed info: %+v", infos[0])
	}
	if i := infos[1]; i.Err != nil || i.Depth != 3 || i.Score != 0.5 || len(i.PV) != 2 || i.Line.Has("extra") != true {
		t.Errorf("good info: %+v", i)
	}
	if i := infos[2]; !errors.Is(i.Err, frisian.ErrIllegalMove) || len(i.PV) != 1 || i.Depth != 4 {
		t.Errorf("info with an illegal PV: %+v", i)
	}
	if res.Info.Depth != 4 {
		t.Errorf("result's info %+v", res.Info)
	}
}

// TestFakeBadMoves: a move that is not legal, or not a move, or missing,
// fails the search with a typed error and leaves the engine usable.
func TestFakeBadMoves(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	answers := []string{
		"done move=32-29",              // not a move of the position
		"done move=28x19x23",           // nor this
		"done move=hello",              // not a move at all
		"done move=32-28x",             // nor this
		"done",                         // no move
		`done move=""`,                 // an empty one
		"done move=32-28 ponder=32-28", // a bad ponder move is dropped
	}
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		f.say(answers[0])
		answers = answers[1:]
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range [][]error{
		{ErrProtocol, frisian.ErrIllegalMove},
		{ErrProtocol, frisian.ErrIllegalMove},
		{ErrProtocol, frisian.ErrInvalidMove},
		{ErrProtocol, frisian.ErrInvalidMove},
		{ErrProtocol},
		{ErrProtocol},
	} {
		res, err := c.BestMove(ctx, startSearch)
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			t.Errorf("BestMove = %+v, %v; want a *ProtocolError", res, err)
		}
		wantErr(t, "BestMove", err, want...)
	}
	res, err := c.BestMove(ctx, startSearch)
	if err != nil || res.Move.String() != "32-28" || !res.Ponder.IsZero() {
		t.Errorf("BestMove = %+v, %v", res, err)
	}
}

// TestFakeSilentHandshake: an engine that never says wait is given up at
// the context's end.
func TestFakeSilentHandshake(t *testing.T) {
	noLeaks(t)
	start := time.Now()
	_, err := startFake(t, timeout(t, 100*time.Millisecond), script{hello: func(f *fake) {
		f.say(`id name=mute`)
	}})
	wantErr(t, "NewClient", err, context.DeadlineExceeded)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("gave up after %v", d)
	}
}

// TestFakeNoFrisian: an engine whose variants do not include Frisian is
// not initialised.
func TestFakeNoFrisian(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{hello: func(f *fake) {
		f.say("id name=International", `param name=variant value=normal type=enum values="normal killer"`, "wait")
	}})
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Init", c.Init(ctx), ErrVariant)
	_, err = c.BestMove(ctx, startSearch)
	wantErr(t, "BestMove", err, ErrVariant)
}

// TestFakeSilentSearch: BestMove gives up on an engine that never answers
// a search at its context's deadline, and the engine, which does not
// answer stop either, is killed StopTimeout after the stop: the next call
// waits for that and gets the error of the kill. The kill's time is
// bounded below, which load cannot break, and above only by
// DefaultStopTimeout, which a client that lost its Options would take; the
// error names the stop timeout that killed it, and a watchdog catches a
// client that never does.
func TestFakeSilentSearch(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 30*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	_, err = within(t, watchdog, func() (Result, error) { return c.BestMove(short, startSearch) })
	wantErr(t, "BestMove", err, context.DeadlineExceeded)
	gaveUp := time.Now()
	err = c.Ping(ctx)
	d := time.Since(gaveUp)
	wantErr(t, "Ping after the search given up", err, ErrUnresponsive)
	if err == nil || !strings.Contains(err.Error(), "to stop within 200ms") {
		t.Errorf("Ping: %v; want the kill by the 200 ms stop timeout", err)
	}
	if d < 150*time.Millisecond || d >= DefaultStopTimeout {
		t.Errorf("the kill came %v after BestMove returned, want the 200 ms stop timeout", d)
	}
	_, err = c.Go(ctx, startSearch)
	wantErr(t, "Go after the kill", err, ErrUnresponsive)
}

// TestFakeIgnoresStop: an engine that floods info lines and ignores stop is
// killed, though nobody reads its reports.
func TestFakeIgnoresStop(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		for i := 0; ; i++ {
			if _, err := f.out.Write([]byte("info depth=1 pv=32-28\n")); err != nil {
				return false
			}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Go(ctx, startSearch)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	_, err = s.Stop(ctx)
	wantErr(t, "Stop", err, ErrUnresponsive)
	n := 0
	for info := range s.Info() {
		if len(info.PV) != 1 {
			t.Fatalf("info %+v", info)
		}
		n++
	}
	if n == 0 || n > infoBuffer {
		t.Errorf("%d infos kept, want 1 to %d", n, infoBuffer)
	}
}

// TestFakeStopHonoured: an engine that answers stop leaves the client
// ready; the result of Stop is its answer.
func TestFakeStopHonoured(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		f.say("info depth=1 pv=34-29")
		if !f.await("stop") {
			return false
		}
		f.say("done move=34-29")
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Analyse(ctx, Search{Start: frisian.StartPosition()})
	if err != nil {
		t.Fatal(err)
	}
	info := <-s.Info()
	if info.Depth != 1 {
		t.Errorf("info %+v", info)
	}
	res, err := s.Stop(ctx)
	if err != nil || res.Move.String() != "34-29" {
		t.Fatalf("Stop = %+v, %v", res, err)
	}
	if err := c.Ping(ctx); err != nil {
		t.Error(err)
	}
}

// TestFakeCrash: an engine that dies mid-search ends the search with
// ErrEngineExited.
func TestFakeCrash(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		f.say("info depth=1 pv=34-29")
		return false
	}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.BestMove(ctx, startSearch)
	var ee *ExitError
	if !errors.As(err, &ee) {
		t.Errorf("BestMove = %v, want an *ExitError", err)
	}
	wantErr(t, "BestMove", err, ErrEngineExited)
	wantErr(t, "Ping", c.Ping(ctx), ErrEngineExited)
	if err := c.Close(); err != nil {
		t.Errorf("Close after a clean end of output: %v", err)
	}
}

// TestFakeRejects: error lines in answer to the position reach the caller,
// and a search is not started.
func TestFakeRejects(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{
		hello: func(f *fake) {
			f.say(scanHello...)
			// Unasked lines while idle: stale by the next command.
			for range 100 {
				f.say(`error message="noise"`)
			}
		},
		before: func(f *fake, l Line) (bool, bool) {
			if l.Command == "level" {
				f.say(`error message="no levels today"`)
			}
			return false, true
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Wait until the client holds all the noise, as it would after a
	// while: nothing reads the queue while the client is idle, so its
	// length says when. (A sleep was not always long enough.)
	for len(c.ctl) < 100 {
		if ctx.Err() != nil {
			t.Fatalf("%d of 100 noise lines arrived", len(c.ctl))
		}
		time.Sleep(time.Millisecond)
	}
	if err := c.Ping(ctx); err != nil {
		t.Errorf("Ping after noise: %v", err)
	}
	_, err = c.Go(ctx, startSearch)
	var ee *EngineError
	if !errors.As(err, &ee) || len(ee.Messages) != 1 || ee.Messages[0] != "no levels today" {
		t.Errorf("Go = %v, want the engine's error", err)
	}
}

// TestFakeIgnoresQuit: an engine that neither quits nor stops at the end
// of its input is killed by Close, StopTimeout after the quit (timed as in
// TestFakeSilentSearch).
func TestFakeIgnoresQuit(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 30*time.Second)
	c, err := startFake(t, ctx, script{
		before: func(f *fake, l Line) (bool, bool) {
			if l.Command != "quit" {
				return false, true
			}
			for { // chatter until the client is gone
				if _, err := f.out.Write([]byte("still here\n")); err != nil {
					return true, false
				}
				time.Sleep(10 * time.Millisecond)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = within(t, watchdog, func() (struct{}, error) { return struct{}{}, c.Close() })
	d := time.Since(start)
	wantErr(t, "Close", err, ErrUnresponsive)
	if err == nil || !strings.Contains(err.Error(), "to quit within 200ms") {
		t.Errorf("Close: %v; want the kill by the 200 ms stop timeout", err)
	}
	if d < 200*time.Millisecond || d >= DefaultStopTimeout {
		t.Errorf("Close took %v, want the 200 ms stop timeout", d)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestFakeLateDone: a done nobody asked for is ignored.
func TestFakeLateDone(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, script{onGo: func(f *fake, l Line) bool {
		f.say("done move=32-28", "done move=33-29", "info depth=9")
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		res, err := c.BestMove(ctx, startSearch)
		if err != nil || res.Move.String() != "32-28" {
			t.Fatalf("BestMove = %+v, %v", res, err)
		}
	}
}

// floodBefore is a fake that answers the command with n error lines
// and then answer.
func floodBefore(command string, n int, answer string) script {
	return script{before: func(f *fake, l Line) (bool, bool) {
		if l.Command != command {
			return false, true
		}
		for range n {
			f.say(`error message="flood"`)
		}
		f.say(answer)
		return true, true
	}}
}

// A pong that comes after more error lines than the client buffers is
// not lost: Ping, and the syncs after it, still get their answers. (Before,
// the pong was dropped with the excess lines, and every later sync waited
// for the one before's pong until its deadline.)
func TestFloodBeforePong(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, floodBefore("ping", 5000, "pong"))
	if err != nil {
		t.Fatal(err)
	}
	// Each answer comes: the error lines may be reported (ErrRejected),
	// the wait for a pong never runs into the deadline.
	for i := range 3 {
		if err := c.Ping(ctx); err != nil && !errors.Is(err, ErrRejected) {
			t.Fatalf("ping %d: %.200v", i, err)
		}
	}
	if err := c.NewGame(ctx); err != nil && !errors.Is(err, ErrRejected) {
		t.Fatalf("new game after the floods: %.200v", err)
	}
}

// An answer flooded with error lines keeps a bounded number of them.
func TestFloodedAnswerBounded(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	c, err := startFake(t, ctx, floodBefore("init", 200, "ready"))
	if err != nil {
		t.Fatal(err)
	}
	var ee *EngineError
	if err := c.Init(ctx); !errors.As(err, &ee) || len(ee.Messages) != maxMessages+1 || ee.Messages[maxMessages] != "…" {
		t.Errorf("Init = %.100v; want an EngineError of %d messages and a mark", err, maxMessages)
	}
}

// TestFakeVariantSet: an engine that plays international draughts by
// default, as Scan does, is told variant=frisian before init, and Param
// then shows the value set.
func TestFakeVariantSet(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 5*time.Second)
	var sets []string
	c, err := startFake(t, ctx, script{before: func(f *fake, l Line) (bool, bool) {
		if l.Command == "set-param" || l.Command == "init" {
			sets = append(sets, l.String())
		}
		return false, true
	}})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := c.Param("variant"); !ok || p.Value != "normal" || p.Type != "enum" {
		t.Errorf("variant before Init: %+v, %v", p, ok)
	}
	if err := c.Init(ctx); err != nil {
		t.Fatal(err)
	}
	if p, ok := c.Param("variant"); !ok || p.Value != "frisian" {
		t.Errorf("variant after Init: %+v, %v", p, ok)
	}
	if err := c.Ping(ctx); err != nil { // the fake has read every line before pong
		t.Fatal(err)
	}
	if want := []string{"set-param name=variant value=frisian", "init"}; !slices.Equal(sets, want) {
		t.Errorf("the engine was sent %q, want %q", sets, want)
	}
}
