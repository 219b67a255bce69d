package frisian

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// clickOracle lists, for every prefix of every path of every legal move of
// p, the squares that follow it and the moves with a path through it, from
// Paths. It returns false when some move has more than limit paths.
func clickOracle(p Position, limit int) (next map[string]SquareSet, moves map[string][]Move, ok bool) {
	next, moves = map[string]SquareSet{}, map[string][]Move{}
	legal := p.LegalMoves()
	slices.SortFunc(legal, Move.Compare)
	for _, m := range legal {
		n := 0
		for path := range p.Paths(m) {
			if n++; n > limit {
				return nil, nil, false
			}
			for i := 1; i <= len(path); i++ {
				k := string(path[:i])
				if i < len(path) {
					next[k] = next[k].With(path[i])
				}
				if l := moves[k]; len(l) == 0 || l[len(l)-1] != m {
					moves[k] = append(l, m)
				}
			}
		}
	}
	return next, moves, true
}

// TestNextSquaresOracle: for every prefix of every path, NextSquares gives
// exactly the squares and moves that listing the paths gives, a whole path
// gives its move alone, and a prefix extended by any other square gives
// nothing.
func TestNextSquaresOracle(t *testing.T) {
	stride := 2
	if testing.Short() {
		stride = 7
	}
	checked, skipped, several := 0, 0, 0
	rng := rand.New(rand.NewPCG(7, 8))
	for i, p := range clickPositions(t) {
		if i%stride != 0 {
			continue
		}
		next, moves, ok := clickOracle(p, 2000)
		if !ok {
			skipped++
			continue
		}
		for k, want := range moves {
			prefix := []Square(k)
			gotNext, gotMoves := p.NextSquares(prefix)
			if gotNext != next[k] || !slices.Equal(gotMoves, want) {
				t.Fatalf("%s: NextSquares(%v) = %v, %v; want %v, %v", p.FEN(), prefix, gotNext, gotMoves, next[k], want)
			}
			if gotNext.Empty() && len(gotMoves) != 1 {
				t.Fatalf("%s: whole path %v of %d moves", p.FEN(), prefix, len(gotMoves))
			}
			if len(gotMoves) > 1 && gotMoves[0].IsCapture() {
				several++
			}
			checked++
			// Some other squares, not all: this test is about the oracle.
			for range 3 {
				sq := Square(1 + rng.IntN(NumSquares))
				if gotNext.Has(sq) {
					continue
				}
				if n, m := p.NextSquares(append(slices.Clip(prefix), sq)); !n.Empty() || m != nil {
					t.Fatalf("%s: NextSquares(%v+%d) = %v, %v; want nothing", p.FEN(), prefix, sq, n, m)
				}
			}
		}
	}
	t.Logf("%d prefixes, %d of captures with several moves; %d positions with too many paths", checked, several, skipped)
	if several == 0 {
		t.Error("no prefix of several captures was tried")
	}
}

func TestNextSquares(t *testing.T) {
	start := StartPosition()
	next, moves := start.NextSquares(nil)
	if next != SquareSetOf(31, 32, 33, 34, 35) || len(moves) != 9 {
		t.Errorf("start, no clicks: %v, %d moves", next, len(moves))
	}
	next, moves = start.NextSquares([]Square{32})
	if next != SquareSetOf(27, 28) || len(moves) != 2 {
		t.Errorf("start, 32: %v, %v", next, moves)
	}
	next, moves = start.NextSquares([]Square{32, 28})
	if !next.Empty() || len(moves) != 1 || start.MoveText(moves[0]).String() != "32-28" {
		t.Errorf("start, 32 28: %v, %v", next, moves)
	}
	for _, prefix := range [][]Square{{0}, {51}, {32, 0}, {255}, {32, 28, 23}, {1}, {28}, {46}} {
		if next, moves := start.NextSquares(prefix); !next.Empty() || moves != nil {
			t.Errorf("start, %v: %v, %v; want nothing", prefix, next, moves)
		}
	}
	// 28x28 goes round either way; its start is also its end, and the one
	// click on 28 is not a whole path.
	p := MustParseFEN("W:W28:B18,22,23")
	if next, moves := p.NextSquares([]Square{28}); next != SquareSetOf(17, 19) || len(moves) != 1 {
		t.Errorf("28x28, 28: %v, %v", next, moves)
	}
	if next, moves := p.NextSquares([]Square{28, 19, 17, 28}); !next.Empty() || len(moves) != 1 {
		t.Errorf("28x28, whole: %v, %v", next, moves)
	}
	// Black's man on 18 has three captures: to 29, and two to 36 that take
	// different men. After 18x38x40 one of those to 36 is left.
	q := MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	if next, moves := q.NextSquares([]Square{18}); next != SquareSetOf(38) || len(moves) != 3 {
		t.Errorf("18: %v, %v", next, moves)
	}
	_, moves = q.NextSquares([]Square{18, 38, 40})
	var to36 []string
	for _, m := range moves {
		if m.To() == 36 {
			to36 = append(to36, q.fullText(m))
		}
	}
	if !slices.Equal(to36, []string{"18x38x40x49x38x36"}) {
		t.Errorf("18x38x40: moves to 36 %v", to36)
	}
}

// TestNextSquaresWorstCase clicks through lidraughts' worst case, a king
// taking 32 kings along astronomically many paths: each click is answered
// at once, every path offered can be finished, and the clicked path is the
// move.
func TestNextSquaresWorstCase(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := p.LegalMoves()[0]
	rng := rand.New(rand.NewPCG(5, 6))
	begin := time.Now()
	for game := range 5 {
		prefix := []Square{m.From()}
		for {
			next, moves := p.NextSquares(prefix)
			if len(moves) != 1 || moves[0] != m {
				t.Fatalf("after %v: moves %v", prefix, moves)
			}
			if next.Empty() {
				break
			}
			if len(prefix) > 33 {
				t.Fatalf("path %v goes on", prefix)
			}
			sq := next.Squares()
			pick := sq[0]
			if game > 0 {
				pick = sq[rng.IntN(len(sq))]
			}
			prefix = append(prefix, pick)
		}
		if len(prefix) != 33 {
			t.Fatalf("path %v", prefix)
		}
		if game == 0 {
			// The least path, as Paths gives it first.
			for first := range p.Paths(m) {
				if !slices.Equal(first, prefix) {
					t.Errorf("least clicked path %v, Paths gives %v first", prefix, first)
				}
				break
			}
		}
		got, err := MoveText{Squares: prefix, Capture: true}.Resolve(p)
		if err != nil || got != m {
			t.Errorf("clicked path %v: %v, %v", prefix, got, err)
		}
	}
	// About 33 clicks a game at tens of microseconds each; the bound is
	// loose for slow machines but far below a walk of the paths.
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("5 clicked paths took %v", d)
	}
}

func BenchmarkNextSquaresPathological(b *testing.B) {
	p := MustParseFEN(benchPathological)
	prefix := []Square{5, 14, 25, 39}
	for b.Loop() {
		p.NextSquares(prefix)
	}
}

func BenchmarkNextSquaresKingCaptures(b *testing.B) {
	p := MustParseFEN(benchKingCaptures)
	_, moves := p.NextSquares(nil)
	prefix := []Square{moves[0].From()}
	for b.Loop() {
		p.NextSquares(prefix)
	}
}
