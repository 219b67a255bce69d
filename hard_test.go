package frisian

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"iter"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// methodAlone returns the best captures of p found by one of the two
// methods of hardSearch alone, from the first node, for every piece that
// can capture: the levels search (the Euler test of each set, heaviest
// first) or the set search. It returns false when the set search ran out
// of room.
func methodAlone(p Position, sets bool) ([]Move, bool) {
	var g generator
	g.init(&p)
	g.best = -1
	var dst []Move
	for b, king := range capturers(&p) {
		var h hardSearch
		h.jg.init(b, g.own|g.opp, g.opp, g.oppKings, king)
		h.reach, h.within = h.jg.reach(1<<b, 0)
		var res *hardResult
		if sets {
			h.sets = new(setSearch)
			h.sets.init(&h)
			if !h.sets.run(&h, math.MaxInt) {
				return nil, false
			}
			res = &h.sets.res
		} else {
			h.levels.init(&h)
			if done, ok := h.levels.run(&h, math.MaxInt); !done || !ok {
				panic("levels search without a context did not finish")
			}
			res = &h.levels.res
		}
		g.setPiece(b, king, len(dst))
		for _, se := range res.ends {
			for e := se.ends; e != 0; e &= e - 1 {
				dst = g.recordScored(dst, bits.TrailingZeros64(e), se.set, res.best)
			}
		}
	}
	return dst, true
}

// checkMethods compares the captures of each method alone with the
// reference generator's.
func checkMethods(t *rapid.T, p Position) {
	want, capture := refLegalMoves(p)
	if !capture {
		return
	}
	var wantKeys []string
	for k := range want {
		wantKeys = append(wantKeys, k.String())
	}
	slices.Sort(wantKeys)
	for _, sets := range []bool{false, true} {
		got, ok := methodAlone(p, sets)
		if !ok {
			continue
		}
		var gotKeys []string
		for _, m := range got {
			gotKeys = append(gotKeys, keyOf(m).String())
		}
		slices.Sort(gotKeys)
		if !slices.Equal(gotKeys, wantKeys) {
			t.Fatalf("%s: sets %v: %v, reference %v", p.FEN(), sets, gotKeys, wantKeys)
		}
	}
}

// Each method of the hard search, alone from the first node, finds the
// moves of the reference generator: on random positions, and on positions
// where a king can take many pieces.
func TestMethodsMatchReference(t *testing.T) {
	t.Run("random", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) { checkMethods(t, anyPosition.Draw(t, "position")) })
	})
	t.Run("crowded", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) { checkMethods(t, crowdedPosition.Draw(t, "position")) })
	})
}

// lidraughts' worst case: one legal move, the white king taking all 32
// black kings and ending on 46.
func TestPathologicalCapture(t *testing.T) {
	moves := MustParseFEN(benchPathological).LegalMoves()
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1: %v", len(moves), moves)
	}
	m := moves[0]
	if m.From() != 5 || m.To() != 46 || m.Captured().Len() != 32 || !m.ByKing() {
		t.Errorf("got %s taking %d, want 5x46 taking all 32", m, m.Captured().Len())
	}
}

// Move text on the worst case: writing the full path, reading it back, and
// rejecting wrong paths all answer at once rather than walking countless
// paths.
func TestPathologicalText(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := p.LegalMoves()[0]
	if got := p.MoveText(m).String(); got != "5x46" {
		t.Errorf("MoveText = %q", got)
	}
	full := p.fullText(m)
	if n := len(strings.Split(full, "x")); n != 33 {
		t.Errorf("FullMoveText = %q: %d squares", full, n)
	}
	if got, err := p.ParseMove(full); err != nil || got != m {
		t.Errorf("ParseMove(%q) = %v, %v", full, got, err)
	}
	for _, bad := range []string{"5x10", "5x49x46", "5x3x1x12x3x14x5x25x14x12x23x14x34x23x37x17x6x26x17x28x39x25x45x34x48x37x26x46x37x39x50x46x48"} {
		if _, err := p.ParseMove(bad); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("ParseMove(%q): %v, want an illegal move", bad, err)
		}
	}
}

// The Euler test's end squares are those of every capture found by trying
// every way, for random sets of the pieces a crowded position's king or man
// can reach.
func TestEulerEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := crowdedPosition.Draw(t, "position")
		var pieces []int
		for b := range capturers(&p) {
			pieces = append(pieces, b)
		}
		if len(pieces) == 0 {
			return
		}
		from := rapid.SampledFrom(pieces).Draw(t, "piece")
		w := newCaptureWalker(&p, from, p.side[1])
		reach, _ := w.jg.reach(1<<from, 0)
		var set uint64
		for r := reach; r != 0; r &= r - 1 {
			if bits.OnesCount64(set) < 9 && rapid.Bool().Draw(t, "in") {
				set |= r & -r
			}
		}
		// Every way, depth first.
		var want uint64
		var walk func(at int, left uint64)
		walk = func(at int, left uint64) {
			if left == 0 {
				want |= 1 << at
				return
			}
			w.steps(at, left, func(l, piece int) { walk(l, left&^(1<<piece)) })
		}
		walk(from, set)
		if got := w.ends(context.Background(), from, set, boardMask); got != want {
			t.Fatalf("%s, from %d taking %v: ends %v, want %v", p.FEN(), squareOf[from], SquareSet{set}, SquareSet{got}, SquareSet{want})
		}
	})
}

// gf2Basis.reduce gives two vectors the same remainder exactly when they
// differ by a vector of the space.
func TestReduce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b gf2Basis
		vs := rapid.SliceOfN(rapid.Uint64(), 0, 70).Draw(t, "basis")
		for _, v := range vs {
			b.add(v)
		}
		x, y := rapid.Uint64().Draw(t, "x"), rapid.Uint64().Draw(t, "y")
		inSpan := func(v uint64) bool { return b.reduce(v) == 0 }
		if (b.reduce(x) == b.reduce(y)) != inSpan(x^y) {
			t.Fatalf("x %x, y %x: remainders %x, %x", x, y, b.reduce(x), b.reduce(y))
		}
		for _, v := range vs {
			if !inSpan(v) {
				t.Fatalf("%x added but not in the span", v)
			}
		}
		if b.reduce(x)&b.pivots != 0 {
			t.Fatalf("remainder %x has a pivot bit", b.reduce(x))
		}
	})
}

// LegalMovesContext gives LegalMoves' answer, or, once its context is
// done, no moves and an error that names both causes.
func TestLegalMovesContext(t *testing.T) {
	for _, c := range worstCases(t) {
		if testing.Short() && c[2] != "1" {
			continue // the few with one move are enough
		}
		p := MustParseFEN(c[1])
		got, err := p.LegalMovesContext(context.Background())
		if err != nil || !slices.Equal(got, p.LegalMoves()) {
			t.Errorf("%s: %v, %v; want LegalMoves", c[0], got, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		got, err = p.LegalMovesContext(ctx)
		if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || got != nil {
			t.Errorf("%s, cancelled: %v, %v; want nil and ErrSearchStopped", c[0], got, err)
		}
	}
	// Real positions finish in the plain search, which needs no context.
	p := StartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := p.LegalMovesContext(ctx); err != nil || len(got) != 9 {
		t.Errorf("start position, cancelled: %v, %v", got, err)
	}
}

// stopAfter is a context that is done from its nth look on.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func (c *stopAfter) Done() <-chan struct{} { return make(chan struct{}) }

// Stopped at any of its looks at the context, LegalMovesContext gives no
// moves and ErrSearchStopped, never a partial list; left alone it gives
// LegalMoves' answer.
func TestStopsAnywhere(t *testing.T) {
	for _, name := range []string{"climb5Kings", "climb4Mixed", "climb6Mixed2", "climbMan21", "kings32"} {
		var fen string
		for _, c := range worstCases(t) {
			if c[0] == name {
				fen = c[1]
			}
		}
		p := MustParseFEN(fen)
		want := p.LegalMoves()
		for n := 0; ; n++ {
			got, err := p.LegalMovesContext(&stopAfter{context.Background(), n})
			if err == nil {
				if !slices.Equal(got, want) {
					t.Errorf("%s, looks %d: %v, want %v", name, n, got, want)
				}
				break
			}
			if !errors.Is(err, ErrSearchStopped) || got != nil {
				t.Fatalf("%s, stopped at look %d: %v, %v", name, n, got, err)
			}
		}
	}
}

// A call on any of the hardest known positions allocates at most 16 MB.
func TestWorstCaseMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a garbage collection per position")
	}
	const limit = 16_000_000
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_ = p.LegalMoves()
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > limit {
			t.Errorf("%s: %d bytes allocated, want at most %d", c[0], n, limit)
		}
	}
}

// The hardest known positions have the number of legal moves another
// program counted, each method alone finds them, and (in the full suite)
// the first moves have paths that the reference rules accept.
func TestWorstCase(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		moves := p.LegalMoves()
		if got := strconv.Itoa(len(moves)); got != c[2] {
			t.Errorf("%s: %s legal moves, want %s", c[0], got, c[2])
		}
		if testing.Short() {
			continue
		}
		slices.SortFunc(moves, Move.Compare)
		for _, sets := range []bool{false, true} {
			if sets && (p.Pieces(White).Len() > 20 || p.Pieces(Black).Len() > 20) {
				continue // the levels alone are quick there; the sets may not be
			}
			alone, ok := methodAlone(p, sets)
			slices.SortFunc(alone, Move.Compare)
			if ok && !slices.Equal(moves, alone) {
				t.Errorf("%s: LegalMoves %v, sets %v alone %v", c[0], moves, sets, alone)
			}
		}
		for _, m := range moves[:min(2, len(moves))] {
			checkPathOf(t, p, m, p.Path(m))
		}
	}
}

// The capture engine runs on the caller's goroutine and never looks at the
// clock: its files start no goroutine and import nothing that could (sync
// only for the pool of the set search's memory).
func TestEngineIsPlain(t *testing.T) {
	fset := token.NewFileSet()
	for _, name := range []string{"capture.go", "hard.go", "euler.go", "setsearch.go", "kingfill.go", "walk.go"} {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			switch path, _ := strconv.Unquote(imp.Path.Value); path {
			case "time", "sync/atomic", "runtime", "iter", "os":
				t.Errorf("%s imports %s", name, path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				t.Errorf("%s: a go statement", fset.Position(g.Pos()))
			}
			return true
		})
	}
}

// capturers yields the bit of every piece of the side to move in p that can
// capture, and whether it is a king: kings first, as the generator takes
// them.
func capturers(p *Position) iter.Seq2[int, bool] {
	return func(yield func(int, bool) bool) {
		var g generator
		g.init(p)
		kings, men := g.jumpers()
		for i, side := range [2]uint64{kings, men} {
			for k := side; k != 0; k &= k - 1 {
				if !yield(bits.TrailingZeros64(k), i == 0) {
					return
				}
			}
		}
	}
}
