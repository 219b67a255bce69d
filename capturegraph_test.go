package frisian

import (
	"context"
	"errors"
	"iter"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The methods that take turns on hard pieces, for oneMethod.
type method int

const (
	graphMethod  method = iota
	setMethod           // the set search as it chooses to run
	tablesMethod        // the set search, with tables whatever the size
	wideMethod          // the set search, its index 64 bits wide whatever the squares
	rowsMethod          // the set search, by byteRows whatever the pieces
)

func (m method) String() string { return [...]string{"graph", "sets", "tables", "wide", "rows"}[m] }

// oneMethod returns the best captures of p found by one of the methods
// that take turns on hard pieces alone, with no budget. It returns false
// when the set search ran out of room.
func oneMethod(p Position, m method) ([]Move, bool) {
	var g generator
	g.init(&p)
	g.start, g.best = 0, -1
	g.hard = true
	g.sets = &setSearch{tablesOnly: m == tablesMethod, wideAlways: m == wideMethod, rowsAlways: m == rowsMethod}
	graph := m == graphMethod
	g.initKingJumps()
	g.initOffAxis()
	var dst []Move
	full := false
	for k := g.ownKings; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags, g.occ = uint8(b), flagKing, (g.own|g.opp)&^(1<<b)
		dst = oneTurn(&g, dst, b, true, graph)
		full = full || g.over
	}
	for k := jumpSources(g.opp, g.empty) & g.ownMen; k != 0; k &= k - 1 {
		b := bits.TrailingZeros64(k)
		g.from, g.flags, g.open = uint8(b), 0, g.empty|1<<b
		dst = oneTurn(&g, dst, b, false, graph)
		full = full || g.over
	}
	return dst, !full
}

// oneTurn searches the piece on bit b by one method, without a budget.
func oneTurn(g *generator, dst []Move, b int, king, graph bool) []Move {
	if graph {
		return g.graphTurn(dst, b, king, 1<<40)
	}
	g.nodes, g.limit, g.over, g.check = 0, 1<<40, false, 0
	g.setTurn(b, king)
	return g.recordSets(dst)
}

// checkMethods compares the captures of each method with the reference
// generator's.
func checkMethods(t *rapid.T, p Position) {
	want, capture := refLegalMoves(p)
	if !capture {
		return
	}
	for _, m := range []method{graphMethod, setMethod, tablesMethod, wideMethod, rowsMethod} {
		if got, ok := oneMethod(p, m); ok {
			checkMethod(t, p, m, got, want)
		}
	}
}

func checkMethod(t *rapid.T, p Position, m method, got []Move, want map[refKey]refMove) {
	var gotKeys, wantKeys []string
	for _, m := range got {
		gotKeys = append(gotKeys, keyOf(m).String())
	}
	for k := range want {
		wantKeys = append(wantKeys, k.String())
	}
	slices.Sort(gotKeys)
	slices.Sort(wantKeys)
	if !slices.Equal(gotKeys, wantKeys) {
		t.Fatalf("%s: %s %v, reference %v", p.FEN(), m, gotKeys, wantKeys)
	}
}

// Each method of the hard pieces, alone from the first node, finds the
// moves of the reference generator: on random positions, and on positions
// where a king can take many pieces, where the graph search's settling by
// the Euler test does the work. The set search is checked in each way it
// keeps its sets and finds its jumps.
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

// The Euler test's end squares are those found by trying every way, on the
// first steps of captures of random and crowded positions, whatever the
// length of the prefixes' turns, and when the second order of the pieces
// joins at once (altAfter); and asked for some squares only, as the walks
// along paths ask, with one memory for all the steps of a move, it finds
// those of them.
func TestEulerEnds(t *testing.T) {
	var dfsEnds func(cg *captureGraph, at int, left uint64) uint64
	dfsEnds = func(cg *captureGraph, at int, left uint64) uint64 {
		if left == 0 {
			return 1 << at
		}
		var found uint64
		cg.steps(at, left, func(l, p int) { found |= dfsEnds(cg, l, left&^(1<<p)) })
		return found
	}
	turns, altWork := 0, 0
	check := func(t *rapid.T, p Position) {
		for _, m := range p.LegalMoves() {
			if m.captured == 0 || bits.OnesCount64(m.captured) > 10 {
				continue
			}
			from := int(m.from & 63)
			cg := newCaptureGraph(from, p.side[0]|p.side[1], p.side[1], m.ByKing())
			// Any set the piece might try: the move's, less its last piece.
			set := m.captured & (m.captured - 1)
			// Some squares, sometimes none.
			some := rapid.Uint64().Draw(t, "some") & cg.verts
			var walk eulerSearch
			cg.steps(from, set, func(l, f int) {
				left := set &^ (1 << f)
				want := dfsEnds(cg, l, left)
				// The prefixes' turns as they come, and as short as can
				// be: each step may hand the turn on.
				for _, first := range []int{0, 1} {
					for _, alt := range []int{-1, first} {
						s := eulerSearch{firstSlice: first, lookEvery: first, altAt: alt}
						got, ok := s.ends(cg, l, left)
						turns += s.turns
						altWork += s.altWork
						if ok && got != want {
							t.Fatalf("%s: %s after landing on %d, first turns of %d, second order after %d: Euler %v, search %v", p.FEN(), p.fullText(m), squareOf[l], first, alt, SquareSet{got}, SquareSet{want})
						}
					}
				}
				if got := cg.ends(&walk, l, left, some); got != want&some {
					t.Fatalf("%s: %s after landing on %d, asked for %v: %v, want %v", p.FEN(), p.fullText(m), squareOf[l], SquareSet{some}, SquareSet{got}, SquareSet{want & some})
				}
			})
		}
	}
	rapid.Check(t, func(t *rapid.T) { check(t, anyPosition.Draw(t, "position")) })
	rapid.Check(t, func(t *rapid.T) { check(t, crowdedPosition.Draw(t, "position")) })
	if turns == 0 {
		t.Error("no prefix's turn ended before it did: the turns went untested")
	}
	if altWork == 0 {
		t.Error("the second order never ran")
	}
}

// The Euler test finds the same ends whether the prefixes take turns as
// short as can be or run one after the other, and whether the second
// order of the pieces joins at once or never, on the whole reach of every
// piece of the worst-case table's positions: there its tests run long
// enough to follow the parts of the edges (joinAfter), which a turn that
// comes back must join again.
func TestEulerTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	turns, altWork := 0, 0
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		if p.Pieces(White).Len() > 20 || p.Pieces(Black).Len() > 20 {
			continue
		}
		for from, king := range capturers(&p) {
			cg := newCaptureGraph(from, p.side[0]|p.side[1], p.side[1], king)
			r, _ := cg.reach(from, 0)
			inTurns := eulerSearch{firstSlice: 1, lookEvery: 1, budget: 1 << 20, altAt: 1}
			oneByOne := eulerSearch{firstSlice: 1 << 40, budget: 1 << 20, altAt: -1}
			got, ok1 := inTurns.ends(cg, from, r)
			want, ok2 := oneByOne.ends(cg, from, r)
			turns += inTurns.turns
			altWork += inTurns.altWork
			if ok1 && ok2 && got != want {
				t.Errorf("%s, piece on %d: ends %v in short turns with both orders, %v one prefix after another in the first", c[0], squareOf[from], SquareSet{got}, SquareSet{want})
			}
		}
	}
	if turns == 0 {
		t.Error("no prefix's turn ended before it did")
	}
	if altWork == 0 {
		t.Error("the second order never ran")
	}
}

// The reduction by parities (fastReduce) is the reduction by pivots, on
// every level of the first Euler test of every piece of the worst-case
// table's positions, for random vectors.
func TestFastReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fast := 0
	for _, c := range worstCases(t) {
		p := MustParseFEN(c[1])
		for from, king := range capturers(&p) {
			cg := newCaptureGraph(from, p.side[0]|p.side[1], p.side[1], king)
			r, _ := cg.reach(from, 0)
			s := eulerSearch{budget: 1}
			s.ends(cg, from, r)
			s.fillSuffix()
			for i := 0; i <= s.n; i++ {
				if s.suffix.nFree[i] >= 0 {
					fast++
				}
				for range 64 {
					v := rng.Uint64() & (s.touched | s.start | rng.Uint64())
					if got, want := s.suffix.fastReduce(i, v, s.later[i]), s.suffix.space[i].reduce(v); got != want {
						t.Fatalf("%s, piece on %d, level %d of %d: %x reduces to %x, want %x", c[0], squareOf[from], i, s.n, v, got, want)
					}
				}
			}
		}
	}
	if fast == 0 {
		t.Error("no level reduced by parities")
	}
}

func TestSubsets(t *testing.T) {
	set := SquareSetOf(3, 9, 17, 28, 44, 50).b
	binomial := []int{1, 6, 15, 20, 15, 6, 1, 0}
	for n, want := range binomial {
		seen := map[uint64]bool{}
		for it := newSubsets(set, n); it.next(); {
			s := it.subset
			if bits.OnesCount64(s) != n || s&^set != 0 || seen[s] {
				t.Fatalf("n=%d: bad subset %v", n, SquareSet{s})
			}
			seen[s] = true
		}
		if len(seen) != want {
			t.Errorf("n=%d: %d subsets, want %d", n, len(seen), want)
		}
	}
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

// A call on any of the hardest known positions allocates at most 16 MB,
// the bound issue 8 sets, counted with the set search's buffers made anew
// (LegalMoves takes them from a pool, whose first call makes them too).
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
		var g generator
		g.init(&p)
		g.sets = new(setSearch)
		_ = g.appendLegal(nil)
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > limit {
			t.Errorf("%s: %d bytes allocated, want at most %d", c[0], n, limit)
		}
	}
}

// The hardest known positions have the number of legal moves another
// program counted, and (in the full suite; each Path call lists the moves
// again) the first moves have paths that the reference rules accept.
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
		// The turns of the two methods, with their unfinished turns'
		// captures kept, give what each method alone gives.
		slices.SortFunc(moves, Move.Compare)
		for _, m := range []method{graphMethod, setMethod} {
			alone, ok := oneMethod(p, m)
			slices.SortFunc(alone, Move.Compare)
			if ok && !slices.Equal(moves, alone) {
				t.Errorf("%s: LegalMoves %v, %s alone %v", c[0], moves, m, alone)
			}
		}
		for _, m := range moves[:min(2, len(moves))] {
			checkPathOf(t, p, m, p.Path(m))
		}
	}
}

// scoreBound never says less than the best score of a piece's captures
// (searched with that piece alone), on the worst-case table and on random
// crowded positions: the hard pieces it orders are skipped on it.
func TestScoreBoundHolds(t *testing.T) {
	check := func(t interface {
		Helper()
		Errorf(string, ...any)
	}, name string, p Position) (pieces, below int) {
		t.Helper()
		var g generator
		g.init(&p)
		for b, king := range capturers(&p) {
			var alone generator
			alone.init(&p)
			alone.jumpers()
			if king {
				alone.capturesOf(nil, 1<<b, 0)
			} else {
				alone.capturesOf(nil, 0, 1<<b)
			}
			g.setPiece(b, king)
			cg := newCaptureGraph(b, g.own|g.opp, g.opp, king)
			r, squares := cg.reach(b, 0)
			bound, _ := cg.scoreBound(&g, b, r, squares)
			if bound < alone.best {
				t.Errorf("%s: the piece on bit %d scores %d, over its bound %d", name, b, alone.best, bound)
			}
			pieces++
			if bound < g.score(r) {
				below++
			}
		}
		return pieces, below
	}
	pieces, below := 0, 0
	for _, c := range worstCases(t) {
		n, b := check(t, c[0], MustParseFEN(c[1]))
		pieces, below = pieces+n, below+b
	}
	// The bound must also cut: else the test would hold for any bound
	// no lower than everything in reach.
	if below == 0 {
		t.Errorf("on %d pieces, no bound under the value in reach", pieces)
	}
	checkProp(t, func(t *rapid.T) {
		p := crowdedPosition.Draw(t, "position")
		check(t, p.FEN(), p)
	})
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
