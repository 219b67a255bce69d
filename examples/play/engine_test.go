package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/examples/internal/enginehub"
)

// TestMain lets the test binary play a Hub engine: run as "hubengine" it
// serves the examples' engine, as examples/hubengine does, and as
// "illegal" it answers every search with a move that is not legal.
func TestMain(m *testing.M) {
	enginehub.ServeIfAsked()
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case "illegal":
			in := bufio.NewScanner(os.Stdin)
			for in.Scan() {
				switch strings.Fields(in.Text() + " x")[0] {
				case "hub":
					fmt.Println("id name=Cheat\nwait")
				case "init":
					fmt.Println("ready")
				case "ping":
					fmt.Println("pong")
				case "go":
					fmt.Println("done move=50-45")
				case "quit":
					os.Exit(0)
				}
			}
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

func testExecutable(t *testing.T) string {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	return exe
}

// TestExternalEngine: with -engine the replies come from the Hub engine,
// which is named in the game's tags.
func TestExternalEngine(t *testing.T) {
	exe := testExecutable(t)
	out, status := play(t, "48-42\n31-27\n37x26\npdn\nquit\n",
		"-fen", "W:W37,48:B26", "-engine", exe, "-engine-args", "hubengine", "-depth", "2")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		"You play 48-42.\n",
		"Computer (black) plays 26-31.\n",
		`illegal move "31-27"`,
		"You play 37x26 (takes 31).\n",
		"Game over: white wins",
		`[Black "frisian example engine 1.0"]`,
	)
	// The same game against the built-in player gives the same replies.
	same, _ := play(t, "48-42\n31-27\n37x26\npdn\nquit\n", "-fen", "W:W37,48:B26", "-depth", "2")
	cut := func(s string) string { return s[:strings.Index(s, "[Event")] }
	if cut(out) != cut(same) {
		t.Errorf("against the Hub engine:\n%s\nagainst the built-in:\n%s", out, same)
	}
}

func TestExternalEngineFails(t *testing.T) {
	exe := testExecutable(t)
	out, status := play(t, "32-28\n", "-engine", exe, "-engine-args", "illegal")
	if status != 1 || !strings.Contains(out, "play: the engine failed: hub: protocol error: the engine's move: illegal move \"50-45\"") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, status = play(t, "", "-engine", "/no/such/engine")
	if status != 1 || !strings.Contains(out, "play: engine: hub: starting engine:") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, status = play(t, "", "-engine", exe, "-engine-args", "hubengine", "-engine-param", "nonsense=1")
	if status != 1 || !strings.Contains(out, "parameter nonsense=1: hub: engine rejected a command: unknown parameter nonsense") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, status = play(t, "", "-engine-param", "nonsense", "-movetime", "0s")
	if status != 2 || !strings.Contains(out, "want NAME=VALUE") {
		t.Errorf("status %d\n%s", status, out)
	}
	out, status = play(t, "", "-movetime", "0s")
	if status != 2 || !strings.Contains(out, "-movetime 0s: want more than 0") {
		t.Errorf("status %d\n%s", status, out)
	}
}
