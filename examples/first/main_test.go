package main

import (
	"bytes"
	"strings"
	"testing"
)

// The program prints the start position's nine moves, the position after
// 32-28 and Black's nine replies, each list in the one canonical order.
func TestFirst(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || len(strings.Fields(lines[0])) != 9 || !strings.HasPrefix(lines[1], "B:") ||
		!strings.HasSuffix(lines[1], "ongoing") || len(strings.Fields(lines[2])) != 9 {
		t.Fatalf("output:\n%s", out.String())
	}
	if got, want := strings.TrimSpace(lines[0]), "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30"; got != want {
		t.Errorf("White's moves %q, want %q", got, want)
	}
	if got, want := strings.TrimSpace(lines[2]), "16-21 17-21 17-22 18-22 18-23 19-23 19-24 20-24 20-25"; got != want {
		t.Errorf("Black's replies %q, want %q", got, want)
	}
}
