package frisian

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The perft benchmarks that the closing note of issue 46 quotes beside
// Scan 3.1's perft on the same positions, one benchmark a kind of position.

// benchKingRow is the king row the issue names: a white king among men
// that capture often.
const benchKingRow = "W:W22,26,K28,32,33,36,37,48:B6,11,16,40"

func benchPerftPositions(b *testing.B, ps []Position, depth int) {
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		for _, p := range ps {
			nodes += Perft(p, depth)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// suiteHalf returns the king-heavy placements of perft_suite.txt (the
// first 50) or its random-game positions (the last 50).
func suiteHalf(b *testing.B, kings bool) []Position {
	var ps []Position
	for i, e := range perftSuite(b) {
		if (i < 50) == kings {
			ps = append(ps, e.p)
		}
	}
	return ps
}

// BenchmarkPerftStart is perft 8 of the start position.
func BenchmarkPerftStart(b *testing.B) { benchPerftPositions(b, []Position{StartPosition()}, 8) }

// BenchmarkPerftSuiteKings is perft 6 of the king-heavy half of the suite.
func BenchmarkPerftSuiteKings(b *testing.B) { benchPerftPositions(b, suiteHalf(b, true), 6) }

// BenchmarkPerftSuiteGames is perft 6 of the random-game half of the suite.
func BenchmarkPerftSuiteGames(b *testing.B) { benchPerftPositions(b, suiteHalf(b, false), 6) }

// BenchmarkPerftKingRow is perft 7 of benchKingRow.
func BenchmarkPerftKingRow(b *testing.B) {
	benchPerftPositions(b, []Position{MustParseFEN(benchKingRow)}, 7)
}

// BenchmarkWorstCaseFresh times LegalMoves on each worst case as the first
// hard call of a new process: each sub-benchmark runs this test binary
// again with -test.run=TestWorstCaseFreshChild for one position, which
// reports the time of its one call. The reported ns/op is that time (the
// median of three processes), not the time of the benchmark's own loop.
func BenchmarkWorstCaseFresh(b *testing.B) {
	if testing.Short() {
		b.Skip("starts a process a position")
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range worstCases(b) {
		b.Run(c[0], func(b *testing.B) {
			var ts []time.Duration
			for range 3 {
				cmd := exec.Command(exe, "-test.run=^TestWorstCaseFreshChild$")
				cmd.Env = append(os.Environ(), "FRISIAN_FRESH_FEN="+c[1])
				out, err := cmd.Output()
				if err != nil {
					b.Fatalf("%v: %s", err, out)
				}
				_, after, ok := strings.Cut(string(out), "fresh: ")
				if !ok {
					b.Fatalf("no time in %q", out)
				}
				d, err := time.ParseDuration(strings.Fields(after)[0])
				if err != nil {
					b.Fatal(err)
				}
				ts = append(ts, d)
			}
			for b.Loop() {
			}
			slices.Sort(ts)
			b.ReportMetric(float64(ts[1].Nanoseconds()), "fresh-ns")
		})
	}
}

// TestWorstCaseFreshChild is BenchmarkWorstCaseFresh's child: one
// LegalMoves call on the position in FRISIAN_FRESH_FEN, timed. Without
// that variable it does nothing.
func TestWorstCaseFreshChild(t *testing.T) {
	fen := os.Getenv("FRISIAN_FRESH_FEN")
	if fen == "" {
		t.Skip("run by BenchmarkWorstCaseFresh")
	}
	p := MustParseFEN(fen)
	start := time.Now()
	n := len(p.legalMoves())
	os.Stdout.WriteString("fresh: " + time.Since(start).String() + " moves " + strconv.Itoa(n) + "\n")
}
