package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// TestMain lets the test binary play a Hub engine, or the program: run as
// "fakeengine" it is fakeEngine behind hub.Serve, as "webserver ARGS…"
// the program with ARGS, instead of running the tests.
func TestMain(m *testing.M) {
	if len(os.Args) >= 2 && os.Args[1] == "webserver" {
		os.Args = append([]string{"web"}, os.Args[2:]...)
		main()
	}
	if len(os.Args) == 2 && os.Args[1] == "fakeengine" {
		if err := hub.Serve(os.Stdin, os.Stdout, fakeEngine{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The engines this binary starts exit at once under the race
	// detector too, which would wait a second at their exit.
	os.Setenv("GORACE", "atexit_sleep_ms=0")
	os.Exit(m.Run())
}

// fakeEngine is an engine process that plays the first legal move, gives
// its process id as its version, and misbehaves in three positions: in
// crashFEN it crashes; in hangFEN it hangs, deaf to stop; in slowFEN it
// takes half a second.
type fakeEngine struct{}

func (fakeEngine) ID() hub.ID { return hub.ID{Name: "fake", Version: strconv.Itoa(os.Getpid())} }

func (fakeEngine) Search(ctx context.Context, s hub.Search, report func(hub.Info)) (hub.Result, error) {
	p, err := s.Position()
	if err != nil {
		return hub.Result{}, err
	}
	switch p {
	case frisian.MustParseFEN(crashFEN):
		os.Exit(3)
	case frisian.MustParseFEN(hangFEN):
		select {}
	case frisian.MustParseFEN(slowFEN):
		select {
		case <-time.After(500 * time.Millisecond):
		case <-ctx.Done():
		}
	}
	moves := testgame.Legal(p).Moves()
	slices.SortFunc(moves, frisian.Move.Compare)
	return hub.Result{Move: moves[0]}, nil
}

// Positions in which fakeEngine crashes and hangs, and one it plays.
const (
	crashFEN  = "W:WK46,31,32:B1,2,3"
	hangFEN   = "W:WK50,31,32:B1,2,3"
	normalFEN = "W:WK45,31,32:B1,2,3"
	slowFEN   = "W:WK41,31,32:B1,2,3"
)

// fakeEngineStarter starts the test binary as fakeEngine.
func fakeEngineStarter(t *testing.T) func(ctx context.Context) (*hub.Client, error) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test executable:", err)
	}
	return engineStarter(exe, []string{"fakeengine"}, nil)
}

// running reports whether the process pid runs (unix only).
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
}

// engineGone waits for the engine process pid to end, failing the test
// after a few seconds.
func engineGone(t *testing.T, what string, pid int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for running(pid) {
		if time.Now().After(deadline) {
			t.Errorf("%s: the engine (pid %d) still runs", what, pid)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// enginePid returns the process id of the engine the player runs.
func enginePid(t *testing.T, h *hubPlayer) int {
	t.Helper()
	id, ok := h.id()
	if !ok {
		t.Fatal("no engine running")
	}
	pid, err := strconv.Atoi(id.Version)
	if err != nil {
		t.Fatalf("engine version %q", id.Version)
	}
	return pid
}

// TestEngineRestarts: an engine that crashes or hangs in one game is
// killed and started again, and the other games get their moves; a game
// in which it failed twice gets no more computer moves, nor does a
// position in which it failed in the last hour, in any game; an engine
// that cannot be started for a while fails no game.
func TestEngineRestarts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test looks for processes with signal 0")
	}
	lim := testLimits()
	lim.searches, lim.engineTime = 1, 2*time.Second
	s := newServer(lim)
	clock := &fakeClock{t: time.Now()}
	s.now = clock.now
	var err error
	var noStart atomic.Bool
	start := fakeEngineStarter(t)
	if s.player, err = startHubPlayer(func(ctx context.Context) (*hub.Client, error) {
		if noStart.Load() {
			return nil, errors.New("no engine today")
		}
		return start(ctx)
	}, 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	s.player.restartGap, s.player.answerTime = 10*time.Millisecond, 800*time.Millisecond
	s.think = s.player.think
	t.Cleanup(func() {
		if err := s.player.close(); err != nil {
			t.Error(err)
		}
	})
	normal := newGameOf(t, s, "10.0.0.1:1", normalFEN)
	move := func(what, id string, want int) {
		t.Helper()
		if status, d := engineRequest(s, "10.0.0.1:1", id); status != want {
			t.Errorf("%s: %d after %v, want %d", what, status, d, want)
		}
	}
	// An engine that cannot be started fails the request, not the game.
	move("a game", normal, http.StatusOK)
	s.player.retire()
	noStart.Store(true)
	for range maxEngineFailures + 1 {
		move("a game while the engine cannot start", normal, http.StatusBadGateway)
	}
	noStart.Store(false)
	move("a game", normal, http.StatusOK)

	// A crash: the engine is started again, crashes again, and the game
	// gets 502; the other game goes on with a new engine.
	first := enginePid(t, s.player)
	crash := newGameOf(t, s, "10.0.0.1:1", crashFEN)
	move("the crashing game", crash, http.StatusBadGateway)
	engineGone(t, "after the crash", first)
	normal = newGameOf(t, s, "10.0.0.1:1", normalFEN)
	move("a game after the crash", normal, http.StatusOK)
	move("the crashing game again", crash, http.StatusConflict)
	move("a new game in the crashing position", newGameOf(t, s, "10.0.0.2:1", crashFEN), http.StatusConflict)
	// An hour later the position is tried again, but a game gets two
	// failures.
	clock.add(positionBlock)
	move("the crashing game an hour later", crash, http.StatusBadGateway)
	clock.add(positionBlock)
	move("the crashing game two hours later", crash, http.StatusConflict)
	move("a new game in the crashing position two hours later", newGameOf(t, s, "10.0.0.2:1", crashFEN), http.StatusBadGateway)

	// A hang: the request ends when the engine has had twice its move
	// time and a second, before its deadline; the engine is killed once it
	// has not answered stop in time, and the next game has a new one.
	normal = newGameOf(t, s, "10.0.0.1:1", normalFEN)
	move("a game before the hang", normal, http.StatusOK)
	hung := enginePid(t, s.player)
	begin := time.Now()
	hanging := newGameOf(t, s, "10.0.0.1:1", hangFEN)
	move("the hanging game", hanging, http.StatusBadGateway)
	if d := time.Since(begin); d > s.player.answerTime+boundSlack {
		t.Errorf("the hanging game was answered after %v, the engine's time to answer being %v", d, s.player.answerTime)
	}
	engineGone(t, "after the hang", hung)
	move("the hanging game again", hanging, http.StatusConflict)
	move("a new game in the hanging position", newGameOf(t, s, "10.0.0.2:1", hangFEN), http.StatusConflict)
	normal = newGameOf(t, s, "10.0.0.1:1", normalFEN)
	move("a game after the hang", normal, http.StatusOK)
	if pid := enginePid(t, s.player); pid == hung || !running(pid) {
		t.Errorf("after the hang the engine is %d (was %d)", pid, hung)
	}
}
