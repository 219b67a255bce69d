package main

import (
	"bytes"
	"strings"
	"testing"
)

// The program prints the start position's nine moves, the position after
// 32-28 and Black's nine replies.
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
}
