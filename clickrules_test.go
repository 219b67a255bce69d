package frisian

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The click rules of Legal.Clicks, as a UI sees them. (clicks_test.go
// checks what the clicks select against every path; these tests, with
// the data of examples/web's own click rules that they replace, check the
// rules: select, take a step, finish at an end, let go, refuse.)

// clickOneByOne clicks the squares one at a time, each time sending back
// the Path of the answer with the next click, as a page does.
func clickOneByOne(l Legal, squares []Square) Clicks {
	c := l.Clicks(nil)
	for _, sq := range squares {
		c = l.Clicks(append(slices.Clone(c.Path), sq))
	}
	return c
}

// TestClicksEveryPath enters paths of the legal moves by their clicks (up
// to 3 a move, every seventh move of every third position; 50 of every
// other move of every position in the long run): the clicks of a whole path make the move along it, taking its
// pieces. For the first path of each move every prefix is checked too,
// and the clicks one by one, as a page sends them, and a click after the
// move: each click but the last keeps the squares clicked and offers the
// path's next square, and the click after is refused.
func TestClicksEveryPath(t *testing.T) {
	every, stride, perMove := 3, 7, 3
	if long() {
		every, stride, perMove = 1, 2, 50
	}
	clicked := 0
	for i, p := range clickPositions(t) {
		if i%every != 0 {
			continue
		}
		l := legalOf(p)
		moves := l.Moves()
		for j := 0; j < len(moves); j += stride {
			m, n := moves[j], 0
			for path := range l.Paths(m) {
				if n++; n > perMove {
					break
				}
				path = slices.Clone(path)
				clicked++
				if n == 1 {
					for i := 1; i < len(path); i++ {
						c := l.Clicks(path[:i])
						if _, done := c.Move(); !slices.Equal(c.Path, path[:i]) || done || !c.Next.Has(path[i]) || c.Refused != nil {
							t.Fatalf("%s: path %v: after %d clicks %+v", p.FEN(), path, i, c)
						}
					}
				}
				c := l.Clicks(path)
				if got, ok := c.Move(); !ok || got != m || !slices.Equal(c.Path, path) || len(c.Taken) != m.Captured().Len() ||
					SquareSetOf(c.Taken...) != m.Captured() || !c.Next.Empty() || !slices.Equal(c.Moves, []Move{m}) {
					t.Fatalf("%s: path %v gives %+v, want %s", p.FEN(), path, c, l.Text(m))
				}
				if n > 1 {
					continue
				}
				if one := clickOneByOne(l, path); !slices.Equal(one.Path, c.Path) || !slices.Equal(one.Taken, c.Taken) {
					t.Fatalf("%s: path %v one by one gives %+v", p.FEN(), path, one)
				}
				// A further click changes nothing and says so.
				if more := l.Clicks(append(path, path[0])); !slices.Equal(more.Path, path) || !errors.Is(more.Refused, ErrIllegalMove) {
					t.Fatalf("%s: a click after %v: %+v", p.FEN(), path, more)
				}
			}
		}
	}
	t.Logf("%d paths clicked", clicked)
}

// TestClicksWorstCase clicks through lidraughts' worst case, a king taking
// 32 kings along astronomically many paths, which a walk of the paths
// could not finish: each click is answered at once.
func TestClicksWorstCase(t *testing.T) {
	l := legalOf(MustParseFEN(benchPathological))
	m := l.Moves()[0]
	begin := time.Now()
	c := l.Clicks([]Square{5})
	if !slices.Equal(c.Next.Squares(), []Square{3, 14, 25}) {
		t.Fatalf("click 5: %+v", c)
	}
	// Take the highest square offered a few times: far from the paths
	// that come first.
	for range 4 {
		next := c.Next.Squares()
		c = l.Clicks(append(c.Path, next[len(next)-1]))
		if _, done := c.Move(); c.Next.Empty() || done || len(c.Moves) != 1 {
			t.Fatalf("clicks %+v", c)
		}
	}
	for c.Next.Has(m.To()) { // clicking the end would go on
		c = l.Clicks(append(c.Path, c.Next.Squares()[0]))
	}
	// Its end square finishes it early; the path is completed from the
	// clicks.
	done := l.Clicks(append(slices.Clone(c.Path), m.To()))
	if got, ok := done.Move(); !ok || got != m || len(done.Path) != 33 || !slices.Equal(done.Path[:len(c.Path)], c.Path) ||
		len(done.Taken) != 32 || SquareSetOf(done.Taken...) != m.Captured() || !slices.Equal(done.Taken, jumpedAlong(l.p, done.Path)) {
		t.Fatalf("end square: %+v", done)
	}
	// A few milliseconds of work; the bound is loose for slow machines.
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestClicksShortcut: a click on a capture's end square finishes it when
// only one move still possible ends there, and is refused, keeping the
// clicks, when several do.
func TestClicksShortcut(t *testing.T) {
	// Black's man on 18 has three captures: to 29, and two to 36 that take
	// different men.
	l := legalOf(MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"))
	c := l.Clicks([]Square{18})
	if !slices.Equal(c.Path, []Square{18}) || c.Next != SquareSetOf(38) || len(c.Moves) != 3 {
		t.Fatalf("click 18: %+v", c)
	}
	c = l.Clicks([]Square{18, 29})
	if m, ok := c.Move(); !ok || l.Text(m) != "18x29" || !slices.Equal(c.Path, []Square{18, 38, 40, 49, 38, 29}) ||
		!slices.Equal(c.Taken, []Square{28, 39, 44, 43, 33}) {
		t.Errorf("18 then 29: %+v, want 18x38x40x49x38x29 taking 28, 39, 44, 43, 33", c)
	}
	c = l.Clicks([]Square{18, 36})
	var me *MoveError
	if _, done := c.Move(); done || !slices.Equal(c.Path, []Square{18}) || !errors.Is(c.Refused, ErrAmbiguousMove) ||
		!errors.As(c.Refused, &me) || !strings.Contains(me.Reason, "different pieces end on 36") || len(me.Candidates) != 2 {
		t.Errorf("18 then 36: %+v, want the selection kept and the reason", c)
	}
	// After 18x38x40 only one of the moves to 36 is left.
	c = l.Clicks([]Square{18, 38, 40, 36})
	if m, ok := c.Move(); !ok || legalOf(l.p).Text(m) != "18x38x40x49x38x36" {
		t.Errorf("18x38x40 then 36: %+v", c)
	}
	// 35 then 26 plays 35x26, its one capture (of a man on 30, then back).
	l35 := legalOf(MustParseFEN(fen35x26))
	if c := l35.Clicks([]Square{35, 26}); !isMove(l35, c, "35x26") {
		t.Errorf("35 then 26: %+v", c)
	}
	start := legalOf(StartPosition())
	for _, tc := range []struct {
		clicks     []Square
		path, next []Square
	}{
		{[]Square{32, 33}, []Square{33}, []Square{28, 29}}, // another piece
		{[]Square{32, 32}, nil, []Square{31, 32, 33, 34, 35}},
		{[]Square{1, 2, 3, 32}, []Square{32}, []Square{27, 28}}, // a stale selection
		{[]Square{0, 51, 32}, []Square{32}, []Square{27, 28}},
	} {
		c := start.Clicks(tc.clicks)
		if !slices.Equal(c.Path, tc.path) || !slices.Equal(c.Next.Squares(), tc.next) {
			t.Errorf("start, %v: %+v", tc.clicks, c)
		}
	}
	if c := start.Clicks([]Square{32, 28}); !isMove(start, c, "32-28") || !slices.Equal(c.Path, []Square{32, 28}) || c.Taken != nil {
		t.Errorf("32, 28: %+v", c)
	}
	if c := start.Clicks([]Square{0}); !errors.Is(c.Refused, ErrInvalidMove) {
		t.Errorf("square 0: %+v", c.Refused)
	}
}

// isMove reports whether c, clicks of l, make the move with the PDN text
// want.
func isMove(l Legal, c Clicks, want string) bool {
	m, ok := c.Move()
	return ok && l.Text(m) == want
}

// TestClicksRefused: a click that selects nothing says why, in the rules'
// terms, as a *MoveError; a capture begun stays, a selected piece is let
// go.
func TestClicksRefused(t *testing.T) {
	capture := MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	start := StartPosition()
	// White's king on 23 has made its three quiet moves (the last field:
	// Black's count, then White's).
	held := MustParseFEN("W:WK23,45:B5,6:+0+323")
	blocked := MustParseFEN("W:W46,41,37:B10")
	for _, tc := range []struct {
		p       Position
		clicked []Square
		want    string
	}{
		{capture, []Square{17}, "capturing is compulsory"},
		{capture, []Square{28}, "28 holds a white piece and black is to move"},
		{capture, []Square{23}, "no piece on 23"},
		{capture, []Square{18, 38, 1}, "the capture cannot go on to 1"},
		{start, []Square{32, 22}, "the man on 32 cannot go to 22"},
		{start, []Square{47}, "the man on 47 has no move"},
		{held, []Square{23}, "the king on 23 has made three quiet moves in a row"},
		{blocked, []Square{46}, "the man on 46 has no move"},
	} {
		c := legalOf(tc.p).Clicks(tc.clicked)
		var me *MoveError
		if !errors.Is(c.Refused, ErrIllegalMove) || !errors.As(c.Refused, &me) || !strings.Contains(me.Reason, tc.want) {
			t.Errorf("%s, %v: %v, want %q", tc.p.FEN(), tc.clicked, c.Refused, tc.want)
		}
		if _, done := c.Move(); done {
			t.Errorf("%s, %v: a move", tc.p.FEN(), tc.clicked)
		}
		before := tc.clicked[:len(tc.clicked)-1]
		if keep := len(before) > 1; keep && !slices.Equal(c.Path, before) || !keep && len(c.Path) != 0 {
			t.Errorf("%s, %v: path %v", tc.p.FEN(), tc.clicked, c.Path)
		}
	}
}

// TestClicksStartSquareAgain: a piece clicked twice is let go, also when
// its capture ends where it began; that capture is made by its landing
// squares, and once it is under way a click on its start square, its end,
// finishes it.
func TestClicksStartSquareAgain(t *testing.T) {
	// 28x28 (taking 18, 22 and 23) is White's only move.
	l := legalOf(MustParseFEN("W:W28,50:B18,22,23,1"))
	if c := l.Clicks([]Square{28}); !slices.Equal(c.Path, []Square{28}) || c.Next != SquareSetOf(17, 19) {
		t.Fatalf("click 28: %+v", c)
	}
	if c := l.Clicks([]Square{28, 28}); len(c.Path) != 0 || c.Refused != nil {
		t.Errorf("28 twice: %+v, want the man let go", c)
	}
	for _, path := range [][]Square{{28, 17, 19, 28}, {28, 19, 17, 28}, {28, 17, 28}, {28, 19, 28}} {
		if c := l.Clicks(path); !isMove(l, c, "28x17x19x28") {
			t.Errorf("clicks %v: %+v, want 28x28 played", path, c)
		}
	}
}

// fen35x26: White's king on 35 takes two men, 35x26 by way of 13, and the
// click on 26 right after 35 is enough (issue 47).
const fen35x26 = "W:WK35:B2,3,5,7,17,19,20,23,29,31,40,41,K47,K49,K50"

// TestClicksAnyClicks: any clicks, on squares or not, in positions rich in
// captures, give a typed answer and never a panic; the clicks of its Path
// give the same answer again (but for Refused), and a move made is one of
// the legal moves along one of its paths.
func TestClicksAnyClicks(t *testing.T) {
	positions := clickPositions(t)
	rapid.Check(t, func(t *rapid.T) {
		l := legalOf(rapid.SampledFrom(positions).Draw(t, "position"))
		var clicks []Square
		for range rapid.IntRange(0, 8).Draw(t, "clicks") {
			// Mostly the squares that take the clicks on, sometimes any.
			c := l.Clicks(clicks)
			if next := c.Next.Squares(); len(next) > 0 && rapid.IntRange(0, 3).Draw(t, "any") > 0 {
				clicks = append(clicks, rapid.SampledFrom(next).Draw(t, "next"))
			} else {
				clicks = append(clicks, Square(rapid.IntRange(0, 51).Draw(t, "square")))
			}
		}
		c := l.Clicks(clicks)
		var me *MoveError
		if c.Refused != nil && !errors.As(c.Refused, &me) {
			t.Fatalf("%v: refused with %v, not a *MoveError", clicks, c.Refused)
		}
		again := l.Clicks(c.Path)
		m, done := c.Move()
		m2, done2 := again.Move()
		if !slices.Equal(again.Path, c.Path) || again.Next != c.Next || !slices.Equal(again.Moves, c.Moves) ||
			!slices.Equal(again.Taken, c.Taken) || m != m2 || done != done2 {
			t.Fatalf("%v gives %+v; its Path gives %+v", clicks, c, again)
		}
		if done && (!l.Contains(m) || SquareSetOf(c.Taken...) != m.Captured() || !slices.Equal(c.Taken, jumpedAlong(l.p, c.Path))) {
			t.Fatalf("%v makes %v along %v taking %v", clicks, m, c.Path, c.Taken)
		}
	})
}

// BenchmarkLegalClicks: the answer to the ninth click along the worst
// case's least path, as a server works it out from the clicks sent back.
func BenchmarkLegalClicks(b *testing.B) {
	l := legalOf(MustParseFEN(benchPathological))
	path := l.Path(l.Moves()[0])[:9]
	b.ReportAllocs()
	for b.Loop() {
		l.Clicks(path)
	}
}
