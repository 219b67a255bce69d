package capture

import (
	"bufio"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
	"github.com/frisian-draughts/frisian/internal/longtest"
	"pgregory.net/rapid"
)

// board is a position for the tests: the side to move's pieces, the
// other side's, the kings and the side to move.
type board struct {
	own, opp, kings uint64
	side            int
}

// capture is a complete capture of one piece, as the tests compare them.
type capture struct {
	from, to int
	taken    uint64
}

func (c capture) String() string {
	return strconv.Itoa(int(layout.SquareOf[c.from])) + "x" + strconv.Itoa(int(layout.SquareOf[c.to])) + "{" + squareList(c.taken) + "}"
}

// pieceCaptures returns the best captures of the piece on bit from by one
// method: the plain search with no budget, the levels search or the set
// search alone, from the first node and with no bar; and its best score.
// ok is false when the set search ran out of room.
func pieceCaptures(b board, from int, method string) (best int, caps []capture, ok bool) {
	king := b.kings&(1<<from) != 0
	var h hardSearch
	// The pool's memory, as the engine uses it: made anew for each piece,
	// the mapped memory would outrun the collections that unmap it.
	h.mem = hardMemories.Get().(*hardMemory)
	defer hardMemories.Put(h.mem)
	h.mem.found = h.mem.found[:0]
	h.jg.init(from, b.own|b.opp, b.opp, b.kings, king)
	h.reach, h.within = h.jg.reach()
	best = -1
	keep := func(set, ends uint64, score int) {
		if score > best {
			best, caps = score, nil
		}
		for e := ends; score == best && e != 0; e &= e - 1 {
			caps = append(caps, capture{from, bits.TrailingZeros64(e), set})
		}
	}
	flush := func() {
		for _, f := range h.mem.found {
			keep(f.set, f.ends, h.bar)
		}
		h.mem.found = h.mem.found[:0]
	}
	switch method {
	case "plain":
		var g Search
		g.Init(b.own, b.opp, b.kings, b.side)
		g.Jumpers()
		g.start, g.best = 0, -1
		g.lo, g.hi = layout.Spread(uint32(g.Opp)), layout.Spread(uint32(g.Opp>>32))
		for _, m := range g.searchPiece(nil, from, king, math.MaxInt) {
			keep(m.captured, 1<<m.to, g.best)
		}
	case "levels":
		h.levels.init(&h)
		for !h.levels.run(&h, math.MaxInt) {
			flush()
		}
		flush()
	case "sets":
		sets := &h.mem.sets
		sets.init(&h)
		for {
			done := sets.run(&h, math.MaxInt)
			if sets.full {
				return 0, nil, false
			}
			flush()
			if done {
				break
			}
		}
	}
	slices.SortFunc(caps, func(x, y capture) int {
		return cmpOr(x.to-y.to, cmpU(x.taken, y.taken))
	})
	return best, caps, true
}

func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// captures appends the best captures of the side to move, as the library
// asks for them.
func captures(g *Search, dst []Move) []Move {
	kings, men := g.Jumpers()
	return g.CapturesOf(dst, kings, men)
}

// capturers returns the bits of the side to move's pieces that can jump.
func capturers(b board) uint64 {
	var g Search
	g.Init(b.own, b.opp, b.kings, b.side)
	kings, men := g.Jumpers()
	return kings | men
}

// checkMethods compares, piece by piece, the levels search and the set
// search with the plain search of no budget: three different algorithms.
func checkMethods(t *rapid.T, b board) {
	for c := capturers(b); c != 0; c &= c - 1 {
		from := bits.TrailingZeros64(c)
		best, want, _ := pieceCaptures(b, from, "plain")
		for _, method := range []string{"levels", "sets"} {
			got, caps, ok := pieceCaptures(b, from, method)
			if !ok {
				continue
			}
			if got != best || !slices.Equal(caps, want) {
				t.Fatalf("own %s, opp %s, kings %s, piece on %d: %s %d %v, plain %d %v", squareList(b.own), squareList(b.opp),
					squareList(b.kings), layout.SquareOf[from], method, got, caps, best, want)
			}
		}
	}
}

// drawBoard draws a random placement, White to move, with a given density
// of pieces.
func drawBoard(t *rapid.T) board {
	var b board
	own := rapid.IntRange(1, 30).Draw(t, "own")
	opp := rapid.IntRange(5, 60).Draw(t, "opp")
	king := rapid.IntRange(0, 100).Draw(t, "king")
	for n := 1; n <= layout.NumSquares; n++ {
		x := rapid.IntRange(0, 99).Draw(t, "square")
		switch {
		case x < own:
			b.own |= squareBit(n)
		case x < own+opp:
			b.opp |= squareBit(n)
		default:
			continue
		}
		if rapid.IntRange(0, 99).Draw(t, "kind") < king {
			b.kings |= squareBit(n)
		}
	}
	return b
}

// drawWalk draws a board on which a white king can take eight or more
// pieces: a random capture walked on an empty board, each piece it jumps
// placed and every square it crosses kept empty, then the rest of the
// board filled in part with white men (obstacles) and black pieces.
func drawWalk(t *rapid.T) board {
	var b board
	at := int(layout.BitOf[rapid.IntRange(1, layout.NumSquares).Draw(t, "start")])
	b.own, b.kings = 1<<at, 1<<at
	keep := uint64(1) << at
	for range rapid.IntRange(8, 14).Draw(t, "steps") {
		var options [][3]int // direction, piece bit, landing bit
		for d := range 8 {
			for x := layout.Rays[d][at]; x != 0; x &= x - 1 {
				f := bits.TrailingZeros64(x)
				between := layout.Rays[d][at] &^ layout.Rays[d][f] &^ (1 << f)
				if between&b.opp != 0 || (1<<f)&(keep|b.opp) != 0 {
					continue
				}
				for l := layout.Rays[d][f]; l != 0; l &= l - 1 {
					to := bits.TrailingZeros64(l)
					if layout.Rays[d][f]&^layout.Rays[d][to]&b.opp != 0 {
						break
					}
					options = append(options, [3]int{d, f, to})
				}
			}
		}
		if len(options) == 0 {
			break
		}
		o := rapid.SampledFrom(options).Draw(t, "jump")
		d, f, to := o[0], o[1], o[2]
		keep |= layout.Rays[d][at]&^layout.Rays[d][f]&^(1<<f) | layout.Rays[d][f]&^layout.Rays[d][to]
		b.opp |= 1 << f
		at = to
	}
	allKings := rapid.IntRange(0, 3).Draw(t, "allKings") == 0
	for x := b.opp; x != 0; x &= x - 1 {
		if allKings || rapid.Bool().Draw(t, "king") {
			b.kings |= x & -x
		}
	}
	density := rapid.IntRange(30, 100).Draw(t, "density")
	for n := 1; n <= layout.NumSquares; n++ {
		sq := squareBit(n)
		if (b.own|b.opp|keep)&sq != 0 || rapid.IntRange(1, 100).Draw(t, "fill") > density {
			continue
		}
		if rapid.IntRange(0, 9).Draw(t, "black") == 0 {
			b.opp |= sq
		} else {
			b.own |= sq
		}
	}
	return b
}

// Each method of the hard search, alone from the first node, finds the
// captures of the plain search without budget: on random placements, and
// on crowded boards where a king can take many pieces.
func TestMethodsMatchPlain(t *testing.T) {
	t.Run("random", func(t *testing.T) { rapid.Check(t, func(t *rapid.T) { checkMethods(t, drawBoard(t)) }) })
	t.Run("crowded", func(t *testing.T) { rapid.Check(t, func(t *rapid.T) { checkMethods(t, drawWalk(t)) }) })
}

// worstCases reads the hardest known positions of the library's table,
// with at most maxSide pieces a side: all of them in the long run
// (FRISIAN_LONG=1), every sixth row otherwise.
func worstCases(t testing.TB, maxSide int) (names []string, boards []board) {
	f, err := os.Open("../../testdata/worstcase.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for row := 0; sc.Scan(); {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if row++; !longtest.Enabled() && (row-1)%6 != 0 {
			continue
		}
		fields := strings.Split(line, "\t")
		b, white, black := parseFEN(t, fields[1])
		if white <= maxSide && black <= maxSide {
			names, boards = append(names, fields[0]), append(boards, b)
		}
	}
	return names, boards
}

// parseFEN reads the placements of the table: "W:W...:B..." with K for a
// king, and the counts of White's and Black's pieces.
func parseFEN(t testing.TB, fen string) (b board, white, black int) {
	parts := strings.Split(fen, ":")
	var pieces [2]uint64
	for _, part := range parts[1:] {
		side := 0
		if part[0] == 'B' {
			side = 1
		}
		for _, sq := range strings.Split(part[1:], ",") {
			king := strings.HasPrefix(sq, "K")
			n, err := strconv.Atoi(strings.TrimPrefix(sq, "K"))
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			pieces[side] |= squareBit(n)
			if king {
				b.kings |= squareBit(n)
			}
		}
	}
	b.side = 0
	if parts[0] == "B" {
		b.side = 1
	}
	b.own, b.opp = pieces[b.side], pieces[1-b.side]
	return b, bits.OnesCount64(pieces[0]), bits.OnesCount64(pieces[1])
}

// On every piece of the hardest known positions, the levels search and the
// set search alone find the same captures (the library's TestWorstCase
// checks their number against Scan's).
func TestWorstCaseMethods(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two per position")
	}
	names, boards := worstCases(t, 20)
	for i, b := range boards {
		for c := capturers(b); c != 0; c &= c - 1 {
			from := bits.TrailingZeros64(c)
			b1, levels, _ := pieceCaptures(b, from, "levels")
			b2, sets, ok := pieceCaptures(b, from, "sets")
			if ok && (b1 != b2 || !slices.Equal(levels, sets)) {
				t.Errorf("%s, piece on %d: levels %d %v, sets %d %v", names[i], layout.SquareOf[from], b1, levels, b2, sets)
			}
		}
	}
}

// Each order of the Euler test alone finds the same ends as the orders
// taking turns (eulerTest), on the test of everything in reach of each
// piece of the worst-case positions: the long tests, where they take turns.
func TestEulerOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two in all")
	}
	names, boards := worstCases(t, 20)
	switched := 0
	for i, b := range boards {
		for c := capturers(b); c != 0; c &= c - 1 {
			from := bits.TrailingZeros64(c)
			var jg jumpGraph
			jg.init(from, b.own|b.opp, b.opp, b.kings, b.kings&(1<<from) != 0)
			reach, within := jg.reach()
			all := eulerTest{memoBits: hardMemoBits}
			all.begin(&jg, from, reach, within, 0, within, settleFirst)
			all.run(&jg, math.MaxInt)
			if bits.OnesCount64(all.begun) > 1 {
				switched++
			}
			for kind := range orders {
				e := (&eulerTest{memoBits: hardMemoBits}).search(kind)
				e.init(&jg, from, reach, within)
				e.begin(within)
				e.search(math.MaxInt) // in kind's order alone, to the end
				if e.found != all.found {
					t.Errorf("%s, piece on %d, order %d: ends %s, all orders %s", names[i], layout.SquareOf[from], kind, squareList(e.found), squareList(all.found))
				}
			}
		}
	}
	if switched == 0 {
		t.Error("no test went on in another order")
	}
}

// The Euler test's end squares are those of every capture found by trying
// every way, for random sets of the pieces a crowded board's king can
// reach, and random squares the capture must land on.
func TestEulerEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := drawWalk(t)
		from := bits.TrailingZeros64(b.own & b.kings & capturers(b))
		if from == 64 {
			return
		}
		w := NewWalker(from, b.own|b.opp, b.opp, b.kings, true)
		reach, within := w.jg.reach()
		var set, visit uint64
		for r := reach; r != 0; r &= r - 1 {
			if bits.OnesCount64(set) < 9 && rapid.Bool().Draw(t, "in") {
				set |= r & -r
			}
		}
		for q := within &^ (1 << from); q != 0; q &= q - 1 {
			if rapid.IntRange(0, 15).Draw(t, "visit") == 0 {
				visit |= q & -q
			}
		}
		var want uint64
		var walk func(at int, left, landed uint64)
		walk = func(at int, left, landed uint64) {
			if left == 0 {
				if visit&^landed == 0 {
					want |= 1 << at
				}
				return
			}
			w.Steps(at, left, func(l, piece int) { walk(l, left&^(1<<piece), landed|1<<l) })
		}
		walk(from, set, 0)
		if got := w.Ends(context.Background(), from, set, layout.BoardMask, visit); got != want {
			t.Fatalf("from %d taking %s landing on %s: ends %s, want %s", layout.SquareOf[from], squareList(set), squareList(visit), squareList(got), squareList(want))
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

// The engine runs on the caller's goroutine and never looks at the clock:
// its files start no goroutine and import nothing that could (sync only
// for the pool that keeps the set search's memory).
func TestEngineIsPlain(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		name := file.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			switch path, _ := strconv.Unquote(imp.Path.Value); path {
			case "time", "sync/atomic", "runtime", "iter", "os", "unsafe":
				t.Errorf("%s imports %s", name, path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement", fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && n.Sel.Name != "Pool" {
					t.Errorf("%s: sync.%s", fset.Position(n.Pos()), n.Sel.Name)
				}
			}
			return true
		})
	}
}

// Once a collection has emptied the pool, a hard piece that the levels
// search answers makes the Euler test's table but not the set search's
// 6 MiB: stress19's king, which the plain search gives up on. (That
// memory is mapped outside the heap, so the test looks for it in the
// memory the search took from the pool.)
func TestMemoryWithoutPool(t *testing.T) {
	if longtest.Race {
		t.Skip("the race detector's pool keeps nothing")
	}
	b, _, _ := parseFEN(t, "W:WK50:B3,7,10,12,13,14,17,20,21,23,25,30,32,36,38,39,41,43,K47")
	var dst [256]Move
	var g Search
	var before, after runtime.MemStats
	runtime.GC() // twice: the pool keeps its items through one
	runtime.GC()
	mem := hardMemories.New().(*hardMemory)
	hardMemories.Put(mem)
	runtime.ReadMemStats(&before)
	g.Init(b.own, b.opp, b.kings, b.side)
	captures(&g, dst[:0])
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	switch {
	case mem.sets.arena != nil: // first: a search by sets alone begins no Euler test
		t.Error("the set search's memory was made")
	case mem.test.by == [orders]*eulerSearch{}:
		t.Skip("the search took other memory from the pool") // rare: the goroutine changed processor
	}
	g.Init(b.own, b.opp, b.kings, b.side)
	g.Jumpers()
	g.start, g.best = 0, -1
	if g.searchPiece(dst[:0], bits.TrailingZeros64(squareBit(50)), true, earlyBudget); !g.over {
		t.Error("the king is not hard: the test tests nothing")
	}
}

// The search of the hardest known positions allocates nothing once the
// set search's memory is in its pool.
func TestNoAllocations(t *testing.T) {
	if longtest.Race {
		t.Skip("the race detector's pool keeps nothing")
	}
	names, boards := worstCases(t, 99)
	var dst [256]Move
	for i, b := range boards {
		var g Search
		find := func() {
			g.Init(b.own, b.opp, b.kings, b.side)
			captures(&g, dst[:0])
		}
		find()
		if n := testing.AllocsPerRun(3, find); n != 0 {
			t.Errorf("%s: %v allocations", names[i], n)
		}
	}
}

// The set search's memory, kept from call to call and shared by its two
// ways, holds nothing of one call in the next: the hardest positions of
// every size give the same captures the second time round, in another
// order.
func TestCallsIndependent(t *testing.T) {
	names, boards := worstCases(t, 99)
	// Placements of the adversarial climbs that once went wrong on their
	// second call.
	for _, fen := range []string{
		"W:WK1,K5,K10:B3,8,K11,12,K14,K17,19,21,22,K23,K25,K26,28,30,K32,K33,34,K37,K39,41,K43,45,K49",
		"B:WK4,7,K8,K9,10,K13,K15,K16,17,K18,20,K24,K27,K29,K31,32,33,36,K38,K41,43,44,K45,47,K49:BK2,K11,K30,34,K42",
		"B:WK1,K4,8,K9,10,13,K15,K16,17,K18,20,K24,K27,K29,K31,32,33,36,K38,K40,K41,K42,43,44,K47,K49:BK2,K11,K30,34",
		"B:WK4,7,K9,11,K13,14,K15,K16,K17,18,20,22,24,K27,29,31,34,K35,K36,38,40,41,K42,K43,K44,47,49:B2,K8",
	} {
		b, _, _ := parseFEN(t, fen)
		names, boards = append(names, fen), append(boards, b, b, b)
		names = append(names, fen, fen)
	}
	first := make([][]Move, len(boards))
	for i, b := range boards {
		var g Search
		g.Init(b.own, b.opp, b.kings, b.side)
		first[i] = captures(&g, nil)
	}
	for i := len(boards) - 1; i >= 0; i-- {
		b := boards[i]
		var g Search
		g.Init(b.own, b.opp, b.kings, b.side)
		again := captures(&g, nil)
		slices.SortFunc(again, compareMoves)
		slices.SortFunc(first[i], compareMoves)
		if !slices.Equal(again, first[i]) {
			t.Errorf("%s: %d captures, then %d", names[i], len(first[i]), len(again))
		}
	}
}

func compareMoves(a, b Move) int {
	return cmpOr(int(a.from)-int(b.from), cmpOr(int(a.to)-int(b.to), cmpU(a.captured, b.captured)))
}

// CountCaptures, which writes only some captures, counts as many as
// CapturesOf lists: with room for every capture and with none, after moves
// already in the buffer, on random and crowded boards and on the hardest
// known positions (whose hard pieces drop what their plain search found).
func TestCountCaptures(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, name string, b board) {
		var g Search
		g.Init(b.own, b.opp, b.kings, b.side)
		kings, men := g.Jumpers()
		want := len(g.CapturesOf(nil, kings, men))
		for _, scratch := range [][]Move{nil, make([]Move, 0, 4096), make([]Move, 3, 4096)} {
			if got := g.CountCaptures(scratch, kings, men); got != want {
				t.Fatalf("%s: %d counted with %d of %d in the buffer, %d listed", name, got, len(scratch), cap(scratch), want)
			}
		}
	}
	t.Run("random", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) { check(t, "random", drawBoard(t)) })
	})
	t.Run("crowded", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) { check(t, "crowded", drawWalk(t)) })
	})
	names, boards := worstCases(t, 99)
	for i, b := range boards {
		check(t, names[i], b)
	}
}
