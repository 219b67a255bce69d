package frisian

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
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
	for _, c := range worstCases(b) {
		b.Run(c[0], func(b *testing.B) {
			var ts []time.Duration
			for b.Loop() {
				ts = append(ts, freshCall(b, c[1]).took)
			}
			slices.Sort(ts)
			b.ReportMetric(float64(ts[len(ts)/2].Nanoseconds()), "fresh-ns")
		})
	}
}

// freshUse is what the first call of a process on a position cost.
type freshUse struct {
	took time.Duration
	// The bytes allocated on the heap, and the growth of the memory
	// resident (on Linux; 0 elsewhere): the set search's memory is mapped
	// outside the heap there.
	allocated, resident int64
}

// freshCall runs TestWorstCaseFreshChild in a new process of this test
// binary on fen and returns what its call cost.
func freshCall(tb testing.TB, fen string) freshUse {
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWorstCaseFreshChild$")
	cmd.Env = append(os.Environ(), "FRISIAN_FRESH_FEN="+fen)
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%v: %s", err, out)
	}
	var took string
	var use freshUse
	if _, after, ok := strings.Cut(string(out), "fresh: "); !ok {
		tb.Fatalf("no time in %q", out)
	} else if _, err := fmt.Sscanf(after, "%s allocated %d resident %d", &took, &use.allocated, &use.resident); err != nil {
		tb.Fatalf("%q: %v", out, err)
	}
	if use.took, err = time.ParseDuration(took); err != nil {
		tb.Fatal(err)
	}
	return use
}

// TestWorstCaseFreshChild is freshCall's child: one AppendLegalMoves call
// on the position in FRISIAN_FRESH_FEN, timed, with the memory it took.
// Without that variable it does nothing.
func TestWorstCaseFreshChild(t *testing.T) {
	fen := os.Getenv("FRISIAN_FRESH_FEN")
	if fen == "" {
		t.Skip("run by freshCall")
	}
	p := MustParseFEN(fen)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	resident := residentBytes()
	start := time.Now()
	_ = p.AppendLegalMoves(nil)
	took := time.Since(start)
	resident = residentBytes() - resident
	runtime.ReadMemStats(&after)
	fmt.Printf("fresh: %v allocated %d resident %d\n", took, after.TotalAlloc-before.TotalAlloc, resident)
}

// residentBytes returns the process's resident memory, or 0 where
// /proc/self/statm does not tell it.
func residentBytes() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(data))
	if len(fields) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(fields[1], 10, 64)
	return pages * int64(os.Getpagesize())
}
