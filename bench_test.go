package frisian

import (
	"context"
	"os"
	"strings"
	"testing"
)

// Benchmark positions.
const (
	benchMiddlegame = "W:W27,28,31,32,33,34,35,36,37,38,40,42,43,45,47:B3,6,7,8,9,11,12,13,14,16,17,18,19,20,22"
	// lidraughts' stress position: a white king with many capture choices.
	benchKingCaptures = "W:WK50:B3,7,10,12,13,14,17,20,21,23,25,30,32,36,38,39,41,43,K47"
	// lidraughts' worst case: one legal move, the king taking all 32 kings.
	benchPathological = "W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49"
)

func benchPerft(b *testing.B, depth int) {
	p := StartPosition()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerft7(b *testing.B) { benchPerft(b, 7) }
func BenchmarkPerft9(b *testing.B) {
	if !long() {
		b.Skip("slow")
	}
	benchPerft(b, 9)
}

func benchLegalMoves(b *testing.B, fen string) {
	p := MustParseFEN(fen)
	b.Run("Legal", func(b *testing.B) {
		b.ReportAllocs()
		ctx := context.Background()
		for b.Loop() {
			_, _ = p.Legal(ctx)
		}
	})
	b.Run("AppendLegalMoves", func(b *testing.B) {
		buf := make([]Move, 0, 256)
		b.ReportAllocs()
		for b.Loop() {
			buf = p.AppendLegalMoves(buf[:0])
		}
	})
}

func BenchmarkMovesStart(b *testing.B)        { benchLegalMoves(b, StartPosition().FEN()) }
func BenchmarkMovesMiddlegame(b *testing.B)   { benchLegalMoves(b, benchMiddlegame) }
func BenchmarkMovesKingCaptures(b *testing.B) { benchLegalMoves(b, benchKingCaptures) }
func BenchmarkMovesPathological(b *testing.B) { benchLegalMoves(b, benchPathological) }

func BenchmarkApply(b *testing.B) {
	p := MustParseFEN(benchMiddlegame)
	moves := legalOf(p).Moves()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = p.Apply(moves[i%len(moves)])
		i++
	}
}

func BenchmarkParseFEN(b *testing.B) {
	fen := MustParseFEN(benchMiddlegame).FEN()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseFEN(fen); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPerftSuite runs perft to depth 5 over the 100 king-heavy and
// game positions of testdata/perft_suite.txt, where kings capture often.
func BenchmarkPerftSuite(b *testing.B) { benchPerftSuite(b, 5) }

// BenchmarkPerftSuiteDepth6 is BenchmarkPerftSuite to depth 6: seven times
// the leaves, and a larger share of king positions.
func BenchmarkPerftSuiteDepth6(b *testing.B) { benchPerftSuite(b, 6) }

// BenchmarkPerftSuiteRepeat5 times the suite as Scan 3.1's perft driver
// does with -r 5: each position five times in a row, then the next. The
// second to fifth run of a position find the branch predictor trained on
// it, which BenchmarkPerftSuite's one run a position never does, so only
// this one compares with the driver's per-repeat time. Its ns/op is five
// repeats; ns/repeat is one. The driver is built with -march=native: the
// Go build of the same instruction set is GOAMD64=v3 (go test with
// GOAMD64=v3 in the environment), about 5% faster than the default v1
// here, by BMI shifts and bit scans.
func BenchmarkPerftSuiteRepeat5(b *testing.B) { benchPerftSuiteRepeat(b, 5, 5) }

// BenchmarkPerftSuiteDepth6Repeat3 is BenchmarkPerftSuiteRepeat5 to depth
// 6, three times a position (the driver's -r 3).
func BenchmarkPerftSuiteDepth6Repeat3(b *testing.B) { benchPerftSuiteRepeat(b, 6, 3) }

func benchPerftSuiteRepeat(b *testing.B, depth, repeat int) {
	suite := perftSuite(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range suite {
			for range repeat {
				Perft(e.p, depth)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*repeat), "ns/repeat")
}

func benchPerftSuite(b *testing.B, depth int) {
	suite := perftSuite(b)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		for _, e := range suite {
			nodes += Perft(e.p, depth)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// worstCases reads testdata/worstcase.txt: name, FEN and the number of
// legal moves.
func worstCases(t testing.TB) [][3]string {
	f, err := os.ReadFile("testdata/worstcase.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out [][3]string
	for line := range strings.Lines(string(f)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			t.Fatalf("worstcase.txt: %q: want name, FEN and count", line)
		}
		out = append(out, [3]string{f[0], f[1], f[2]})
	}
	return out
}

// BenchmarkWorstCase times Legal on the hardest known positions.
func BenchmarkWorstCase(b *testing.B) {
	for _, c := range worstCases(b) {
		p := MustParseFEN(c[1])
		b.Run(c[0], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = legalOf(p).Moves()
			}
		})
	}
}

// BenchmarkPathWorstCase finds the path of the first two legal moves of
// every worst-case position (Path without its check of legality): what a
// UI animating those moves asks for.
func BenchmarkPathWorstCase(b *testing.B) {
	type move struct {
		p Position
		m Move
	}
	var moves []move
	for _, c := range worstCases(b) {
		p := MustParseFEN(c[1])
		legal := legalOf(p).Moves()
		for _, m := range legal[:min(2, len(legal))] {
			moves = append(moves, move{p, m})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, x := range moves {
			_ = x.p.legalPath(x.m)
		}
	}
}

// BenchmarkUIPosition is the work of a board UI in one position, with the
// legal moves worked out before: the outcome and a typed move, each by the
// call that works the moves out again and by the one that takes them.
func BenchmarkUIPosition(b *testing.B) {
	for _, c := range []struct{ name, fen, text string }{
		{"Middlegame", benchMiddlegame, "34-29"},
		{"KingCaptures", benchKingCaptures, "50x46"},
		{"OneKingEach", "W:WK47:BK4", "47-41"},
	} {
		p := MustParseFEN(c.fen)
		legal := legalOf(p).Moves()
		text, err := parseMoveText(c.text)
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		b.Run(c.name+"/LegalOutcome", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = legalOf(p).Outcome(OfficialDraws)
			}
		})
		b.Run(c.name+"/OutcomeAmong", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = p.outcomeAmong(OfficialDraws, legal)
			}
		})
		b.Run(c.name+"/LegalParseMove", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = parseIn(p, ctx, c.text)
			}
		})
		b.Run(c.name+"/resolveAmong", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = text.resolveAmong(ctx, p, legal)
			}
		})
	}
}
