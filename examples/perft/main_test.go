package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestStartPosition(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-depth", "5", "-workers", "2"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"depth 1 nodes 9", "depth 2 nodes 81", "depth 3 nodes 658", "depth 4 nodes 3874", "depth 5 nodes 21265"}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %q, want %q", i, lines[i], w)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "total nodes 25887 seconds ") || !strings.Contains(last, "nodes/second") {
		t.Errorf("last line %q", last)
	}
}

func TestDivide(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-fen", "W:W28:B18,22,23", "-depth", "1", "-divide"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "depth 1 nodes 1\n28x17x19x28 1\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{{"-fen", "X:nonsense"}, {"-depth", "0"}, {"-nosuchflag"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// TestExtraArguments: arguments after the flags are refused with the
// usage, not ignored (a depth given without -depth would be).
func TestExtraArguments(t *testing.T) {
	for _, args := range [][]string{{"8"}, {"-depth", "2", "extra"}, {"-depth", "2", "--", "-divide"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: perft") || out.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
}
