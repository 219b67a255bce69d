package frisian

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// clickOracle lists, for every prefix of every path of every legal move of
// p, the squares that follow it, the moves with a path through it and each
// such move's least path through it, from Paths. It returns false when
// some move has more than limit paths.
func clickOracle(p Position, limit int) (o oracle, ok bool) {
	o = oracle{next: map[string]SquareSet{}, moves: map[string][]Move{}, least: map[string]map[Move][]Square{}}
	legal := legalOf(p).Moves()
	slices.SortFunc(legal, Move.Compare)
	for _, m := range legal {
		n := 0
		for path := range legalOf(p).Paths(m) { // least first
			if n++; n > limit {
				return oracle{}, false
			}
			for i := 1; i <= len(path); i++ {
				k := string(path[:i])
				if i < len(path) {
					o.next[k] = o.next[k].With(path[i])
				}
				if l := o.moves[k]; len(l) == 0 || l[len(l)-1] != m {
					o.moves[k] = append(l, m)
				}
				if o.least[k] == nil {
					o.least[k] = map[Move][]Square{}
				}
				if o.least[k][m] == nil {
					o.least[k][m] = slices.Clone(path)
				}
			}
		}
	}
	return o, true
}

type oracle struct {
	next  map[string]SquareSet
	moves map[string][]Move
	least map[string]map[Move][]Square
}

// jumpedAlong returns the pieces on the board that the legs between the
// squares of path cross, in order, by walking each leg square by square
// on rows and columns: the geometry alone, apart from the capture graph.
// The mover's start square counts as empty once it has left.
func jumpedAlong(p Position, path []Square) []Square {
	var out []Square
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		dr, dc := b.Row()-a.Row(), b.Column()-a.Column()
		var r, c int // one step to the next dark square along the leg
		switch {
		case dr == 0:
			c = 2 * towards(dc)
		case dc == 0:
			r = 2 * towards(dr)
		default:
			r, c = towards(dr), towards(dc)
		}
		for sq, ok := SquareAt(a.Row()+r, a.Column()+c); ok && sq != b; sq, ok = SquareAt(sq.Row()+r, sq.Column()+c) {
			if sq != path[0] && p.PieceAt(sq) != NoPiece {
				out = append(out, sq)
			}
		}
	}
	return out
}

// towards returns -1 for a negative n and 1 otherwise.
func towards(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// TestClicksOracle: for every prefix of every path, followClicks (given the
// legal moves in a random order) and Clicks.Next give exactly the squares
// and moves that listing the paths gives, the pieces jumped are those the
// geometry of the clicks crosses, every move completes to its least path
// through the prefix, a whole path gives its move alone, and a prefix
// extended by any other square gives nothing.
func TestClicksOracle(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	stride := 2
	if !long() {
		stride = 7
	}
	checked, skipped, several, completed := 0, 0, 0, 0
	rng := rand.New(rand.NewPCG(7, 8))
	for i, p := range clickPositions(t) {
		if i%stride != 0 {
			continue
		}
		o, ok := clickOracle(p, 2000)
		if !ok {
			skipped++
			continue
		}
		legal := legalOf(p).Moves()
		rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		for k, want := range o.moves {
			prefix := []Square(k)
			gotNext, gotMoves := nextSquares(p, prefix)
			if gotNext != o.next[k] || !slices.Equal(gotMoves, want) {
				t.Fatalf("%s: Clicks.Next(%v) = %v, %v; want %v, %v", p.FEN(), prefix, gotNext, gotMoves, o.next[k], want)
			}
			c := p.followClicks(legal, prefix, nil)
			// the moves in the order given
			var inOrder []Move
			for _, m := range legal {
				if slices.Contains(want, m) {
					inOrder = append(inOrder, m)
				}
			}
			if c.Next != o.next[k] || !slices.Equal(c.Moves, inOrder) {
				t.Fatalf("%s: followClicks(%v) = %v, %v; want %v, %v", p.FEN(), prefix, c.Next, c.Moves, o.next[k], inOrder)
			}
			if tk := jumpedAlong(p, prefix); !slices.Equal(c.Taken, tk) {
				t.Fatalf("%s: followClicks(%v) took %v, want %v", p.FEN(), prefix, c.Taken, tk)
			}
			if c.Next.Empty() {
				if len(c.Moves) != 1 {
					t.Fatalf("%s: whole path %v of %d moves", p.FEN(), prefix, len(c.Moves))
				}
				if m := c.Moves[0]; len(c.Taken) != m.Captured().Len() || SquareSetOf(c.Taken...) != m.Captured() {
					t.Fatalf("%s: whole path %v took %v, the move %v", p.FEN(), prefix, c.Taken, m.Captured())
				}
			}
			for _, m := range c.Moves {
				if got := finishPath(p, m, prefix); !slices.Equal(got, o.least[k][m]) {
					t.Fatalf("%s: %v completed to %v for %s, want %v", p.FEN(), prefix, got, p.fullText(m), o.least[k][m])
				}
				// Finish: that path, with the pieces its legs cross in
				// order, as clicks along the whole of it take them.
				path, taken := p.finishClicks(m, prefix, nil)
				if !slices.Equal(path, o.least[k][m]) || !slices.Equal(taken, jumpedAlong(p, path)) ||
					!slices.Equal(taken, p.followClicks(legal, path, nil).Taken) {
					t.Fatalf("%s: %v finished to %v taking %v for %s, want %v taking %v", p.FEN(), prefix, path, taken, p.fullText(m), o.least[k][m], jumpedAlong(p, o.least[k][m]))
				}
				completed++
			}
			if len(legal) > len(c.Moves) {
				for _, m := range legal {
					if !slices.Contains(c.Moves, m) {
						if got := finishPath(p, m, prefix); got != nil {
							t.Fatalf("%s: %v completed to %v for %s, which it does not begin", p.FEN(), prefix, got, p.fullText(m))
						}
						if path, taken := p.finishClicks(m, prefix, nil); path != nil || taken != nil {
							t.Fatalf("%s: %v finished to %v, %v for %s, which it does not begin", p.FEN(), prefix, path, taken, p.fullText(m))
						}
						break
					}
				}
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
				ext := append(slices.Clip(prefix), sq)
				if n, m := nextSquares(p, ext); !n.Empty() || m != nil {
					t.Fatalf("%s: Clicks.Next(%v) = %v, %v; want nothing", p.FEN(), ext, n, m)
				}
				if c := p.followClicks(legal, ext, nil); !c.Next.Empty() || c.Moves != nil || c.Taken != nil {
					t.Fatalf("%s: followClicks(%v) = %+v; want nothing", p.FEN(), ext, c)
				}
			}
		}
	}
	t.Logf("%d prefixes, %d of captures with several moves, %d completed; %d positions with too many paths", checked, several, completed, skipped)
	if several == 0 {
		t.Error("no prefix of several captures was tried")
	}
}

// TestFollowClicksAnyMoves: moves that are not the position's legal moves
// (zero, from another position, with made-up pieces) give nonsense but
// never a panic, and no clicks select every move given.
func TestFollowClicksAnyMoves(t *testing.T) {
	p := MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	other := legalOf(MustParseFEN(benchPathological)).Moves()
	made := []Move{{}, newMove(63, 63, 0, ^uint64(0)), newMove(layout.BitOf[18], 7, 0, 1<<63|1<<layout.BitOf[28])}
	for _, moves := range [][]Move{nil, other, made, append(legalOf(p).Moves(), made...)} {
		for _, clicked := range [][]Square{nil, {18}, {18, 38}, {5}, {5, 14, 25}, {0, 255}, {18, 38, 40, 49, 38, 36}} {
			c := p.followClicks(moves, clicked, nil)
			for _, m := range c.Moves {
				finishPath(p, m, clicked)
				p.finishClicks(m, clicked, nil)
			}
		}
	}
	c := p.followClicks(other, nil, nil)
	if !slices.Equal(c.Moves, other) || c.Next != SquareSetOf(5) {
		t.Errorf("no clicks: %+v", c)
	}
}

func TestClicksNext(t *testing.T) {
	start := StartPosition()
	next, moves := nextSquares(start, nil)
	if next != SquareSetOf(31, 32, 33, 34, 35) || len(moves) != 9 {
		t.Errorf("start, no clicks: %v, %d moves", next, len(moves))
	}
	next, moves = nextSquares(start, []Square{32})
	if next != SquareSetOf(27, 28) || len(moves) != 2 {
		t.Errorf("start, 32: %v, %v", next, moves)
	}
	next, moves = nextSquares(start, []Square{32, 28})
	if !next.Empty() || len(moves) != 1 || legalOf(start).Text(moves[0]) != "32-28" {
		t.Errorf("start, 32 28: %v, %v", next, moves)
	}
	for _, prefix := range [][]Square{{0}, {51}, {32, 0}, {255}, {32, 28, 23}, {1}, {28}, {46}} {
		if next, moves := nextSquares(start, prefix); !next.Empty() || moves != nil {
			t.Errorf("start, %v: %v, %v; want nothing", prefix, next, moves)
		}
	}
	// 28x28 goes round either way; its start is also its end, and the one
	// click on 28 is not a whole path.
	p := MustParseFEN("W:W28:B18,22,23")
	if next, moves := nextSquares(p, []Square{28}); next != SquareSetOf(17, 19) || len(moves) != 1 {
		t.Errorf("28x28, 28: %v, %v", next, moves)
	}
	if next, moves := nextSquares(p, []Square{28, 19, 17, 28}); !next.Empty() || len(moves) != 1 {
		t.Errorf("28x28, whole: %v, %v", next, moves)
	}
	// Black's man on 18 has three captures: to 29, and two to 36 that take
	// different men. After 18x38x40 one of those to 36 is left.
	q := MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	if next, moves := nextSquares(q, []Square{18}); next != SquareSetOf(38) || len(moves) != 3 {
		t.Errorf("18: %v, %v", next, moves)
	}
	_, moves = nextSquares(q, []Square{18, 38, 40})
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

// TestClicksNextWorstCase clicks through lidraughts' worst case, a king
// taking 32 kings along astronomically many paths: each click is answered
// at once, every path offered can be finished, the clicked path is the
// move, and a path begun by a few clicks is completed to one of the move.
func TestClicksNextWorstCase(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := legalOf(p).Moves()[0]
	rng := rand.New(rand.NewPCG(5, 6))
	begin := time.Now()
	for game := range 5 {
		prefix := []Square{m.From()}
		for {
			next, moves := nextSquares(p, prefix)
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
			for first := range legalOf(p).Paths(m) {
				if !slices.Equal(first, prefix) {
					t.Errorf("least clicked path %v, Paths gives %v first", prefix, first)
				}
				break
			}
		}
		got, err := moveText{Squares: prefix, Capture: true}.resolveAmong(context.Background(), p, legalOf(p).Moves())
		if err != nil || got != m {
			t.Errorf("clicked path %v: %v, %v", prefix, got, err)
		}
	}
	// A few clicks at random, then the rest completed: a whole path of the
	// move through the clicks; and from no clicks the least path.
	legal := legalOf(p).Moves()
	for n := range 6 {
		prefix := []Square{m.From()}
		for range n {
			sq := p.followClicks(legal, prefix, nil).Next.Squares()
			prefix = append(prefix, sq[rng.IntN(len(sq))])
		}
		c := p.followClicks(legal, prefix, nil)
		if len(c.Taken) != n {
			t.Errorf("after %v taken %v", prefix, c.Taken)
		}
		full := finishPath(p, m, prefix)
		if len(full) != 33 || !slices.Equal(full[:len(prefix)], prefix) {
			t.Fatalf("%v completed to %v", prefix, full)
		}
		if got, err := (moveText{Squares: full, Capture: true}).resolveAmong(context.Background(), p, legal); err != nil || got != m {
			t.Errorf("completed path %v: %v, %v", full, got, err)
		}
		if n == 0 && !slices.Equal(full, legalOf(p).Path(m)) {
			t.Errorf("completed from nothing %v, Path gives %v", full, legalOf(p).Path(m))
		}
		// Finish: that path and all 32 pieces, in the order its legs
		// cross them.
		if path, taken := p.finishClicks(m, prefix, nil); !slices.Equal(path, full) || len(taken) != 32 || !slices.Equal(taken, jumpedAlong(p, full)) {
			t.Errorf("%v finished to %v taking %v", prefix, path, taken)
		}
	}
	// About 33 clicks a game at tens of microseconds each; the bound is
	// loose for slow machines but far below a walk of the paths.
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("5 clicked paths took %v", d)
	}
}

func BenchmarkClicksPathological(b *testing.B) {
	p := MustParseFEN(benchPathological)
	prefix := []Square{5, 14, 25, 39}
	for b.Loop() {
		nextSquares(p, prefix)
	}
}

func BenchmarkClicksKingCaptures(b *testing.B) {
	p := MustParseFEN(benchKingCaptures)
	_, moves := nextSquares(p, nil)
	prefix := []Square{moves[0].From()}
	for b.Loop() {
		nextSquares(p, prefix)
	}
}

func BenchmarkCompletePathological(b *testing.B) {
	p := MustParseFEN(benchPathological)
	legal := legalOf(p).Moves()
	b.ReportAllocs()
	for b.Loop() {
		p.finishClicks(legal[0], []Square{5, 14, 25, 39}, nil)
	}
}

// Any list of squares, clicked or given as a path, is answered without a
// panic, a refusal is a *MoveError, and a list Taken accepts as a path of
// a move is one that clicks make that move along, taking the same pieces.
func FuzzClicksTaken(f *testing.F) {
	fens := []string{StartPosition().FEN(), benchKingCaptures, "W:WK43,K50:B1,K5,K7,22,26", "W:W28:B18,22,23",
		"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"}
	var legals []Legal
	for _, fen := range fens {
		legals = append(legals, legalOf(MustParseFEN(fen)))
	}
	for i, l := range legals {
		for _, m := range l.Moves() {
			f.Add(uint8(i), []byte(squaresText(l.Path(m))))
		}
	}
	f.Add(uint8(1), []byte{0, 51, 255})
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		if len(data) > 64 {
			return // a server bounds the clicks it takes
		}
		l := legals[int(which)%len(legals)]
		squares := make([]Square, len(data))
		for i, b := range data {
			squares[i] = Square(b)
		}
		c := l.Clicks(squares)
		var me *MoveError
		if c.Refused != nil && !errors.As(c.Refused, &me) {
			t.Fatalf("%v: refused with %T %v", squares, c.Refused, c.Refused)
		}
		for _, m := range l.Moves() {
			taken, ok := l.Taken(m, squares)
			if !ok {
				continue
			}
			got, made := c.Move()
			if !made || got != m || !slices.Equal(c.Taken, taken) {
				t.Fatalf("%s %v: Taken %v for %v, but clicks make %v, %v taking %v", l.Position().FEN(), squares, taken, m, got, made, c.Taken)
			}
		}
	})
}

// squaresText gives squares as the bytes FuzzClicksTaken reads.
func squaresText(squares []Square) string {
	b := make([]byte, len(squares))
	for i, sq := range squares {
		b[i] = byte(sq)
	}
	return string(b)
}
