package main

import (
	"bufio"
	"bytes"
	"context"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

// vectors returns the FEN and move list columns of a vector file: legal
// moves in Hub form, agreed by Scan 3.1 and an independent generator.
func vectors(t *testing.T, name string) (fens []string, moves [][]string) {
	t.Helper()
	f, err := os.Open("../../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		fens = append(fens, cols[0])
		moves = append(moves, strings.Fields(cols[1]))
	}
	return fens, moves
}

func runLines(t *testing.T, args []string, input string) []string {
	t.Helper()
	return runStatus(t, args, input, 0)
}

// runStatus is runLines for a run that ends with the exit status want.
func runStatus(t *testing.T, args []string, input string, want int) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, strings.NewReader(input), &out, &errOut); code != want {
		t.Fatalf("run %v: status %d, %s", args, code, errOut.String())
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestHubMatchesVectors: -format hub prints exactly the moves of the vector
// files, ordered by the numbers (from, to, captured squares ascending).
func TestHubMatchesVectors(t *testing.T) {
	for _, file := range []string{"positions.txt", "precedence.txt", "king_rule.txt"} {
		fens, want := vectors(t, file)
		got := runLines(t, []string{"-format", "hub"}, strings.Join(fens, "\n")+"\n")
		if len(got) != len(fens) {
			t.Fatalf("%s: %d lines for %d positions", file, len(got), len(fens))
		}
		for i := range fens {
			// The files list moves sorted as text; order them by number.
			w := slices.Clone(want[i])
			slices.SortFunc(w, func(a, b string) int { return slices.Compare(numbers(a), numbers(b)) })
			if g := strings.Fields(got[i]); !slices.Equal(g, w) {
				t.Errorf("%s %s:\n got %v\nwant %v", file, fens[i], g, w)
			}
		}
	}
}

// numbers returns the squares of a Hub move: from, to, then the captured
// squares, which Hub writes ascending.
func numbers(hub string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(hub, func(r rune) bool { return r == 'x' || r == '-' }) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

// TestPDNFormat: the default output names, move for move, the moves of the
// Hub output, and each is the short form unless two captures share start
// and end.
func TestPDNFormat(t *testing.T) {
	fens, _ := vectors(t, "positions.txt")
	input := strings.Join(fens, "\n") + "\n"
	pdn := runLines(t, nil, input)
	hub := runLines(t, []string{"-format", "hub"}, input)
	for i, fen := range fens {
		p := frisian.MustParseFEN(fen)
		ps, hs := strings.Fields(pdn[i]), strings.Fields(hub[i])
		if len(ps) != len(hs) {
			t.Fatalf("%s: %d PDN moves, %d Hub moves", fen, len(ps), len(hs))
		}
		for j := range ps {
			m, err := testgame.Legal(p).ParseMove(context.Background(), ps[j])
			if err != nil || m.String() != hs[j] {
				t.Errorf("%s: %q reads as %v (%v), want %s", fen, ps[j], m.String(), err, hs[j])
			}
		}
	}
	// The ambiguous capture of RULES.md §6 is written with its path.
	got := runLines(t, nil, "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19\n")
	if want := "18x29 18x38x29x49x38x36 18x38x40x49x38x36"; got[0] != want {
		t.Errorf("ambiguous: %q, want %q", got[0], want)
	}
}

// TestErrorsAndEmpty: a line that is not a FEN gives an error line and
// exit status 1; the lines after it are still read.
func TestErrorsAndEmpty(t *testing.T) {
	got := runStatus(t, nil, "W:W28:B18,22,23\nnot a fen\nW:W:B1\nW:W3:B1\n", 1)
	if len(got) != 4 || got[0] != "28x17x19x28" || !strings.HasPrefix(got[1], "error: ") || got[2] != "" || !strings.HasPrefix(got[3], "error: ") {
		t.Errorf("output %q", got)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-format", "xml"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("bad -format: status %d", code)
	}
}
