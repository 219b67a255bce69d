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

// BenchmarkWorstCaseFresh times AppendLegalMoves on each worst case as the
// first call of a new process, the hard search's memory not yet in its
// pool: each iteration runs this test binary again with
// -test.run=TestWorstCaseFreshChild for one position. Its ns/op counts the
// process's start; fresh-ns, the median of the iterations, is the call
// alone. Each iteration starts a process: run it with -benchtime=3x.
func BenchmarkWorstCaseFresh(b *testing.B) {
	if testing.Short() {
		b.Skip("starts a process an iteration")
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range worstCases(b) {
		b.Run(c[0], func(b *testing.B) {
			var ts []time.Duration
			for b.Loop() {
				ts = append(ts, freshCall(b, exe, c[1]))
			}
			slices.Sort(ts)
			b.ReportMetric(float64(ts[len(ts)/2].Nanoseconds()), "fresh-ns")
		})
	}
}

// freshCall runs TestWorstCaseFreshChild in a new process of exe on fen
// and returns the time of its call.
func freshCall(b *testing.B, exe, fen string) time.Duration {
	cmd := exec.Command(exe, "-test.run=^TestWorstCaseFreshChild$")
	cmd.Env = append(os.Environ(), "FRISIAN_FRESH_FEN="+fen)
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
	return d
}

// TestWorstCaseFreshChild is BenchmarkWorstCaseFresh's child: one
// AppendLegalMoves call on the position in FRISIAN_FRESH_FEN, timed.
// Without that variable it does nothing.
func TestWorstCaseFreshChild(t *testing.T) {
	fen := os.Getenv("FRISIAN_FRESH_FEN")
	if fen == "" {
		t.Skip("run by BenchmarkWorstCaseFresh")
	}
	p := MustParseFEN(fen)
	start := time.Now()
	n := len(p.AppendLegalMoves(nil))
	os.Stdout.WriteString("fresh: " + time.Since(start).String() + " moves " + strconv.Itoa(n) + "\n")
}
