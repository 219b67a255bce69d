package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"
)

// TestMain lets the test binary play an engine process: run as
// "hubfake MODE" it is one (see fakeProcess) instead of running the tests.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "hubfake" {
		os.Exit(fakeProcess(os.Args[2]))
	}
	os.Exit(m.Run())
}

// fakeProcess is an engine process. serve is Serve with the test engine;
// sleep sleeps; mute writes "pid N" on stderr and sleeps. The others
// answer the handshake as Scan does, with pid=N added to the id line, and
// then: crash exits with status 3 at go after an info line and a word on
// stderr; nodata exits at init as Scan does without its data files; hang
// stops answering after the handshake and ignores the end of its input;
// fork starts a child that sleeps, names it as child=N in the id line, and
// otherwise answers as Scan does.
func fakeProcess(mode string) int {
	switch mode {
	case "serve":
		if err := Serve(os.Stdin, os.Stdout, &testEngine{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case "sleep":
		time.Sleep(time.Hour)
		return 0
	case "mute":
		fmt.Fprintf(os.Stderr, "pid %d\n", os.Getpid())
		time.Sleep(time.Hour)
		return 0
	}
	hello := slices.Clone(scanHello)
	hello[0] += fmt.Sprintf(" pid=%d", os.Getpid())
	if mode == "fork" {
		exe, err := os.Executable()
		if err != nil {
			return 1
		}
		child := exec.Command(exe, "hubfake", "sleep")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			return 1
		}
		hello[0] += fmt.Sprintf(" child=%d", child.Process.Pid)
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		l, err := ParseLine(in.Text())
		if err != nil {
			continue
		}
		switch l.Command {
		case "hub":
			fmt.Println(strings.Join(hello, "\n"))
			if mode == "hang" {
				time.Sleep(time.Hour) // killed long before
			}
		case "init":
			if mode == "nodata" {
				fmt.Println("init eval")
				fmt.Fprintln(os.Stderr, `unable to open file "data/eval_frisian"`)
				return 1
			}
			fmt.Println("ready")
		case "ping":
			fmt.Println("pong")
		case "go":
			fmt.Println("info depth=1 pv=32-28")
			fmt.Fprintln(os.Stderr, "fatal: out of memory")
			return 3
		case "quit":
			return 0
		}
	}
	return 0
}

// fakeCmd returns the command that runs the test binary as an engine.
func fakeCmd(t *testing.T, mode string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test executable:", err)
	}
	return exec.Command(exe, "hubfake", mode)
}

func TestProcessServe(t *testing.T) {
	noLeaks(t)
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	ctx := timeout(t, 10*time.Second)
	c, err := Start(ctx, exe, "hubfake", "serve")
	if err != nil {
		t.Fatal(err)
	}
	if c.ID().Name != "test engine" {
		t.Errorf("ID %+v", c.ID())
	}
	res, err := c.BestMove(ctx, startSearch)
	if err != nil || !testgame.Legal(startSearch.Start).Contains(res.Move) || res.Info.Depth != 3 {
		t.Errorf("BestMove = %+v, %v", res, err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

func TestProcessCrash(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 10*time.Second)
	cmd := fakeCmd(t, "crash")
	c, err := StartCmd(ctx, cmd, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.BestMove(ctx, startSearch)
	var ee *ExitError
	var xe *exec.ExitError
	if !errors.As(err, &ee) || !errors.As(err, &xe) || xe.ExitCode() != 3 || !strings.Contains(ee.Stderr, "out of memory") {
		t.Errorf("BestMove = %v, want an *ExitError with status 3 and the engine's stderr", err)
	}
	wantErr(t, "BestMove", err, ErrEngineExited)
	var ce *ExitError
	if err := c.Close(); !errors.As(err, &ce) {
		t.Errorf("Close = %v, want the exit status", err)
	}
	if cmd.ProcessState == nil {
		t.Error("the process was not waited for")
	}
}

func TestProcessNoData(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 10*time.Second)
	c, err := StartCmd(ctx, fakeCmd(t, "nodata"), testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Init(ctx)
	var ee *ExitError
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "data/eval_frisian") {
		t.Errorf("Init = %v, want an *ExitError showing the engine's stderr", err)
	}
}

// TestProcessHang: an engine that stops answering costs each call its
// context, and is killed by Close when it does not quit, and reaped.
func TestProcessHang(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 10*time.Second)
	cmd := fakeCmd(t, "hang")
	c, err := StartCmd(ctx, cmd, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Init", c.Init(timeout(t, 100*time.Millisecond)), context.DeadlineExceeded)
	wantErr(t, "Ping", c.Ping(timeout(t, 100*time.Millisecond)), context.DeadlineExceeded)
	start := time.Now()
	wantErr(t, "Close", c.Close(), ErrUnresponsive)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Close took %v", d)
	}
	if cmd.ProcessState == nil || cmd.ProcessState.Exited() {
		t.Errorf("process state %v, want killed", cmd.ProcessState)
	}
}

// TestProcessHangAtStart: Start gives up with its context, and kills the
// engine.
func TestProcessHangAtStart(t *testing.T) {
	noLeaks(t)
	cmd := exec.Command("sleep", "60")
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip(err)
	}
	start := time.Now()
	_, err := StartCmd(timeout(t, 100*time.Millisecond), cmd, testOptions(t))
	wantErr(t, "StartCmd", err, context.DeadlineExceeded)
	if cmd.ProcessState == nil || time.Since(start) > 3*time.Second {
		t.Errorf("after %v, process state %v", time.Since(start), cmd.ProcessState)
	}
}

func TestStartNotFound(t *testing.T) {
	noLeaks(t)
	_, err := Start(timeout(t, time.Second), "/no/such/engine", "hub")
	wantErr(t, "Start", err, fs.ErrNotExist)
}
