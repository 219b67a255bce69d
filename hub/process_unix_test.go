//go:build unix

package hub

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// alive reports whether the process pid runs (a zombie waiting for its
// parent, or for an init that does not reap, does not).
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist) || !dirExists("/proc/self")
	}
	// pid (comm) state …: the state follows the last ')'.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func dirExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// gone waits until the process pid has ended, failing the test after a
// few seconds. Unless the process is waited for, SIGKILL takes it at once.
func gone(t *testing.T, what string, pid int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%s (pid %d) still runs", what, pid)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// idField returns the number in the field name of the engine's id line.
func idField(t *testing.T, c *Client, name string) int {
	t.Helper()
	v, _ := c.ID().Line.Get(name)
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("id line %q: no %s", c.ID().Line, name)
	}
	return n
}

// wrapper returns a command that runs the test binary as the engine mode
// behind a shell, which waits for it rather than exec it, as wrapper
// scripts do.
func wrapper(t *testing.T, mode string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test executable:", err)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	return exec.Command(sh, "-c", `"$0" hubfake `+mode+`; exit $?`, exe)
}

// TestGroupForkedChild: a child the engine forked, which holds its output
// open, ends with the engine, and the engine's clean quit is one.
func TestGroupForkedChild(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 10*time.Second)
	// The engine's exit takes time under the race detector, which sleeps
	// a second at exit.
	o := testOptions(t)
	o.StopTimeout = DefaultStopTimeout
	c, err := StartCmd(ctx, fakeCmd(t, "fork"), o)
	if err != nil {
		t.Fatal(err)
	}
	child := idField(t, c, "child")
	if err := c.Init(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	gone(t, "the engine's child", child)
}

// TestGroupWrapperHangs: an engine behind a wrapper script that stops
// answering is killed with its wrapper.
func TestGroupWrapperHangs(t *testing.T) {
	noLeaks(t)
	ctx := timeout(t, 10*time.Second)
	c, err := StartCmd(ctx, wrapper(t, "hang"), testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	engine := idField(t, c, "pid")
	wantErr(t, "Init", c.Init(timeout(t, 100*time.Millisecond)), context.DeadlineExceeded)
	wantErr(t, "Close", c.Close(), ErrUnresponsive)
	gone(t, "the engine behind the wrapper", engine)
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestGroupStartGivesUp: when Start's context ends before the handshake,
// the engine behind a wrapper is killed too.
func TestGroupStartGivesUp(t *testing.T) {
	noLeaks(t)
	cmd := wrapper(t, "mute")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	// Long enough for the wrapper to start the engine, which then says its
	// pid, on a machine busy with other tests (300 ms was not, once).
	_, err := StartCmd(timeout(t, time.Second), cmd, testOptions(t))
	wantErr(t, "StartCmd", err, context.DeadlineExceeded)
	var pid int
	if _, err := fmt.Sscanf(stderr.String(), "pid %d", &pid); err != nil {
		t.Fatalf("the engine's stderr %q: %v", stderr.String(), err)
	}
	gone(t, "the engine behind the wrapper", pid)
}

// TestGroupCallersAttributes: a caller's own SysProcAttr is kept.
func TestGroupCallersAttributes(t *testing.T) {
	noLeaks(t)
	cmd := fakeCmd(t, "serve")
	attr := &syscall.SysProcAttr{}
	cmd.SysProcAttr = attr
	c, err := StartCmd(timeout(t, 10*time.Second), cmd, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if cmd.SysProcAttr != attr || attr.Setpgid {
		t.Errorf("SysProcAttr %+v", cmd.SysProcAttr)
	}
	pgid, err := syscall.Getpgid(cmd.Process.Pid)
	if err != nil || pgid == cmd.Process.Pid {
		t.Errorf("the engine leads group %d (%v); want the test's", pgid, err)
	}
}
