//go:build unix

package main

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalShutdown runs the program with an engine process, and sends it
// SIGTERM (then, in another run, SIGINT) while a computer move is under
// way: the move is answered, the program exits 0, and the engine is gone.
func TestSignalShutdown(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test executable:", err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(exe, "webserver", "-addr", "127.0.0.1:0", "-engine", exe, "-engine-args", "fakeengine", "-engine-time", "1s")
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// "The computer plays with fake PID." and "… on http://ADDR/".
			lines := bufio.NewScanner(stdout)
			var enginePid int
			var addr string
			for addr == "" && lines.Scan() {
				fmt.Sscanf(lines.Text(), "The computer plays with fake %d.", &enginePid)
				if _, rest, ok := strings.Cut(lines.Text(), "http://"); ok {
					addr = strings.TrimSuffix(rest, "/")
				}
			}
			if addr == "" || enginePid == 0 {
				t.Fatalf("no address or engine in the program's output: %v", lines.Err())
			}
			go func() {
				for lines.Scan() {
				}
			}()
			p := newPlayer(t, addr, 2)
			status, st := p.post("/api/new", request{Mode: "human", FEN: slowFEN})
			if status != http.StatusCreated {
				t.Fatalf("new game: %d", status)
			}
			answer := make(chan int, 1)
			go func() {
				status, _ := p.post("/api/engine", request{ID: st.ID})
				answer <- status
			}()
			time.Sleep(200 * time.Millisecond) // the engine is searching, for half a second
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if status := <-answer; status != http.StatusOK {
				t.Errorf("the move under way: %d", status)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited:
				if err != nil {
					t.Errorf("the program ended with %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("the program still runs 15 s after the signal")
			}
			engineGone(t, "after the program", enginePid)
		})
	}
}
