package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// positionLines returns the position lines of output (those not starting
// with #), split into their tab-separated fields.
func positionLines(t *testing.T, output string) [][]string {
	t.Helper()
	var lines [][]string
	for line := range strings.Lines(output) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("line %q: %d fields, want 3", line, len(f))
		}
		lines = append(lines, f)
	}
	return lines
}

// TestSearch runs short searches of each kind and checks that every position
// printed reads back and gives the side to move a capture, with as many legal
// moves as printed.
func TestSearch(t *testing.T) {
	for _, kind := range []string{"kings", "men", "mixed"} {
		t.Run(kind, func(t *testing.T) {
			cfg := config{Iterations: 100, Seed: 7, Kind: kind, Max: 10, Timeout: 200 * time.Millisecond, Reps: 2, Patience: 30, Top: 5}
			var out bytes.Buffer
			if err := run(cfg, &out); err != nil {
				t.Fatal(err)
			}
			lines := positionLines(t, out.String())
			if len(lines) < 2 {
				t.Fatalf("%d position lines, want a best and a final list:\n%s", len(lines), out.String())
			}
			for _, f := range lines {
				if _, err := strconv.ParseFloat(f[0], 64); err != nil {
					t.Errorf("time %q: %v", f[0], err)
				}
				p, err := frisian.ParseFEN(f[2])
				if err != nil {
					t.Errorf("%v", err)
					continue
				}
				if p.FEN() != f[2] {
					t.Errorf("FEN %s reads back as %s", f[2], p.FEN())
				}
				if f[1] == "timeout" {
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), time.Second)
				moves, err := legalMoves(ctx, p)
				cancel()
				if err != nil {
					t.Errorf("%s: %v", f[2], err)
					continue
				}
				if len(moves) == 0 || !moves[0].IsCapture() {
					t.Errorf("%s: the side to move has no capture", f[2])
				}
				if strconv.Itoa(len(moves)) != f[1] {
					t.Errorf("%s: %d legal moves, printed %s", f[2], len(moves), f[1])
				}
			}
		})
	}
}

// TestMutate checks that mutations keep placements within the limits of each
// kind and valid as positions.
func TestMutate(t *testing.T) {
	for _, kind := range []string{"kings", "men", "mixed"} {
		cfg := config{Iterations: 1, Kind: kind, Max: 12, Timeout: time.Second, Reps: 1, Patience: 1, Top: 1}
		if err := cfg.fill(); err != nil {
			t.Fatal(err)
		}
		s := &searcher{cfg: cfg, rng: rand.New(rand.NewPCG(1, 2))}
		st := s.randomSetup()
		for i := range 5000 {
			if i%500 == 0 {
				st = s.randomSetup()
			}
			if !s.fits(&st) {
				t.Fatalf("%s: step %d: placement out of limits: %+v", kind, i, st.Board)
			}
			if _, err := st.Position(); err != nil {
				t.Fatalf("%s: step %d: %v", kind, i, err)
			}
			st = s.mutate(st)
		}
	}
}

// TestCheck times the positions of a small file, skipping comments and
// blank lines and taking the FEN from the last field that is one, as in
// the program's output and in testdata/worstcase.txt.
func TestCheck(t *testing.T) {
	file := filepath.Join(t.TempDir(), "worst.txt")
	text := "# a comment\n" +
		"\n" +
		"12.5\t1\tW:W28:B18,22,23\n" +
		"B:W31-50:B1-20\n" +
		"stress\tW:W28:B18,22,23\t1\tscan\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(config{Check: file, Timeout: time.Second, Reps: 3}, &out); err != nil {
		t.Fatal(err)
	}
	lines := positionLines(t, out.String())
	want := [][2]string{{"1", "W:W28:B18,22,23"}, {"9", "B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"}, {"1", "W:W28:B18,22,23"}}
	if len(lines) != len(want) {
		t.Fatalf("%d position lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, f := range lines {
		if f[1] != want[i][0] || f[2] != want[i][1] {
			t.Errorf("line %d: %q, want moves %s and FEN %s", i+1, f, want[i][0], want[i][1])
		}
		if us, err := strconv.ParseFloat(f[0], 64); err != nil || us <= 0 {
			t.Errorf("line %d: time %q", i+1, f[0])
		}
	}

	// A line that is not a FEN is reported and makes an error.
	if err := os.WriteFile(file, []byte("W:W28:B18,22,23\nnot a fen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(config{Check: file, Timeout: time.Second, Reps: 1}, &out); err == nil {
		t.Errorf("no error for an unreadable line:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "# line 2:") {
		t.Errorf("unreadable line not reported:\n%s", out.String())
	}
}

// TestFlags checks the defaults that depend on -kind and a few bad settings.
func TestFlags(t *testing.T) {
	var stderr bytes.Buffer
	cfg, err := parseFlags([]string{"-kind", "men", "-seconds", "5"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Capturers != 1 || cfg.Max != 20 || cfg.Timeout != 2*time.Second {
		t.Errorf("-kind men: capturers %d, max %d, timeout %v", cfg.Capturers, cfg.Max, cfg.Timeout)
	}
	for _, args := range [][]string{
		{"-kind", "queens"},
		{"-max", "51"},
		{"-capturers", "21"},
		{"-seconds", "0"},
		{"-reps", "0"},
		{"extra"},
	} {
		if _, err := parseFlags(args, &stderr); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
