package main

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// testPositions returns positions rich in captures: the library's vector
// file of positions (kings with many paths among them) and positions from
// random games.
func testPositions(t *testing.T) []frisian.Position {
	t.Helper()
	var out []frisian.Position
	if f, err := os.Open("../../testdata/positions.txt"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fen, _, _ := strings.Cut(line, "\t")
			if p, err := frisian.ParseFEN(fen); err == nil {
				out = append(out, p)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 30 {
		p := frisian.StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			if moves[0].IsCapture() {
				out = append(out, p)
			}
			p = p.Apply(moves[rng.IntN(len(moves))])
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d test positions", len(out))
	}
	return out
}

// TestClickEveryPath enters paths of the legal moves click by click (up to
// 50 per move, every other move, or fewer with -short): each click but the
// last must keep the squares clicked and offer the path's next square, and
// the last must name the move, along the squares clicked. (The library's
// tests check what Legal.Clicks offers against every path.)
func TestClickEveryPath(t *testing.T) {
	stride := 2
	if testing.Short() {
		stride = 7
	}
	clicked := 0
	for _, p := range testPositions(t) {
		legal, _ := p.Legal(context.Background())
		moves := legal.Moves()
		for j := 0; j < len(moves); j += stride {
			m, n := moves[j], 0
			for path := range legal.Paths(m) {
				if n++; n > 50 {
					break
				}
				clicked++
				var sel selection
				for i, sq := range path {
					sel = click(legal, sel.squares, sq)
					if i == len(path)-1 {
						break
					}
					if !slices.Equal(sel.squares, path[:i+1]) || !sel.done.move.IsZero() || !sel.Next.Has(path[i+1]) || sel.why != "" {
						t.Fatalf("%s: path %v: after %d clicks selection %+v", p.FEN(), path, i+1, sel)
					}
				}
				if d := sel.done; d.move != m || !slices.Equal(d.path, path) || len(d.taken) != m.Captured().Len() || frisian.SquareSetOf(d.taken...) != m.Captured() {
					t.Fatalf("%s: path %v gives %v along %v taking %v, want %s", p.FEN(), path, d.move, d.path, d.taken, (frisian.MoveText{Squares: p.Path(m), Capture: m.IsCapture()}).String())
				}
			}
		}
	}
	t.Logf("%d paths clicked", clicked)
}

// TestClickWorstCase clicks through lidraughts' worst case, a king taking
// 32 kings along astronomically many paths, which a walk of the paths
// could not finish: each click must be answered at once.
func TestClickWorstCase(t *testing.T) {
	p := frisian.MustParseFEN("W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49")
	legal, _ := p.Legal(context.Background())
	m := legal.Moves()[0]
	begin := time.Now()
	sel := click(legal, nil, 5)
	if !slices.Equal(sel.Next.Squares(), []frisian.Square{3, 14, 25}) {
		t.Fatalf("click 5: %+v", sel)
	}
	// Take the highest square offered a few times: far from the paths
	// that come first.
	for range 4 {
		next := sel.Next.Squares()
		sel = click(legal, sel.squares, next[len(next)-1])
		if sel.Next.Empty() || !sel.done.move.IsZero() || len(sel.Moves) != 1 {
			t.Fatalf("selection %+v", sel)
		}
	}
	for sel.Next.Has(m.To()) { // clicking the end would go on
		sel = click(legal, sel.squares, sel.Next.Squares()[0])
	}
	// Its end square finishes it early; the path is completed from the
	// clicks.
	done := click(legal, sel.squares, m.To()).done
	if done.move != m || len(done.path) != 33 || !slices.Equal(done.path[:len(sel.squares)], sel.squares) ||
		len(done.taken) != 32 || frisian.SquareSetOf(done.taken...) != m.Captured() {
		t.Fatalf("end square: %v along %v taking %v", done.move, done.path, done.taken)
	}
	if got, err := (frisian.MoveText{Squares: done.path, Capture: true}).Resolve(p); err != nil || got != m {
		t.Errorf("completed path %v: %v, %v", done.path, got, err)
	}
	// A few milliseconds of work; the bound is loose for slow machines.
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestClickShortcut: clicking a capture's end square early finishes it when
// only one move can end there, and says why not otherwise.
func TestClickShortcut(t *testing.T) {
	// Black's man on 18 has three captures: to 29, and two to 36 that take
	// different men.
	p := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	legal, _ := p.Legal(context.Background())
	sel := click(legal, nil, 18)
	if !slices.Equal(sel.squares, []frisian.Square{18}) || sel.Next != frisian.SquareSetOf(38) {
		t.Fatalf("click 18: %+v", sel)
	}
	if s := click(legal, sel.squares, 29); (frisian.MoveText{Squares: p.Path(s.done.move), Capture: true}).String() != "18x38x40x49x38x29" || !slices.Equal(s.done.path, []frisian.Square{18, 38, 40, 49, 38, 29}) ||
		!slices.Equal(s.done.taken, []frisian.Square{28, 39, 44, 43, 33}) {
		t.Errorf("18 then 29: %+v, want 18x38x40x49x38x29 taking 28, 39, 44, 43, 33", s.done)
	}
	if s := click(legal, sel.squares, 36); !s.done.move.IsZero() || !slices.Equal(s.squares, sel.squares) || !strings.Contains(s.why, "different pieces end on 36") {
		t.Errorf("18 then 36: %+v, want the selection kept and the reason", s)
	}
	// After 18x38x40 only one of the moves to 36 is left.
	s := click(legal, []frisian.Square{18, 38}, 40)
	if s = click(legal, s.squares, 36); (frisian.MoveText{Squares: p.Path(s.done.move), Capture: true}).String() != "18x38x40x49x38x36" {
		t.Errorf("18x38x40 then 36: %+v", s)
	}
	q, _ := frisian.StartPosition().Legal(context.Background())
	if s := click(q, []frisian.Square{32}, 33); !slices.Equal(s.squares, []frisian.Square{33}) || s.Next != frisian.SquareSetOf(28, 29) {
		t.Errorf("32, then 33: %+v", s)
	}
	if s := click(q, []frisian.Square{32}, 32); len(s.squares) != 0 || s.why != "" {
		t.Errorf("32 twice: %+v, want the piece let go", s)
	}
	if s := click(legal, []frisian.Square{1, 2, 3}, 18); !slices.Equal(s.squares, []frisian.Square{18}) {
		t.Errorf("a stale selection, then 18: %+v", s)
	}
}

// TestRefusals: a click that selects nothing says why, in the rules'
// terms; a capture begun stays selected.
func TestRefusals(t *testing.T) {
	capture := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	start := frisian.StartPosition()
	// White's king on 23 has made its three quiet moves (the last field:
	// Black's count, then White's).
	held := frisian.MustParseFEN("W:WK23,45:B5,6:+0+323")
	blocked := frisian.MustParseFEN("W:W46,41,37:B10")
	for _, tc := range []struct {
		p       frisian.Position
		clicked []frisian.Square
		sq      frisian.Square
		want    string
	}{
		{capture, nil, 17, "A capture is compulsory"},
		{capture, nil, 28, "That is a white piece: Black is to move."},
		{capture, nil, 23, "Square 23 is empty: click a black piece"},
		{capture, []frisian.Square{18, 38}, 1, "The capture cannot go on to 1"},
		{start, []frisian.Square{32}, 22, "The man on 32 cannot go to 22."},
		{start, nil, 47, "The man on 47 has no move."},
		{held, nil, 23, "The king on 23 has made three quiet moves in a row"},
		{blocked, nil, 46, "The man on 46 has no move."},
	} {
		l, _ := tc.p.Legal(context.Background())
		s := click(l, tc.clicked, tc.sq)
		if !strings.Contains(s.why, tc.want) || !s.done.move.IsZero() {
			t.Errorf("%s, %v then %d: %q, want %q", tc.p.FEN(), tc.clicked, tc.sq, s.why, tc.want)
		}
		if keep := len(tc.clicked) > 1; keep != slices.Equal(s.squares, tc.clicked) && keep {
			t.Errorf("%s: the capture begun %v is lost: %v", tc.p.FEN(), tc.clicked, s.squares)
		}
	}
}

// TestClickStartSquareAgain: a piece clicked twice is let go, also when
// its capture ends where it began, which the notice then explains; that
// capture is played by its landing squares, and once under way a click on
// its start square, its end, finishes it.
func TestClickStartSquareAgain(t *testing.T) {
	// 28x28 (taking 18, 22 and 23) is White's only move.
	p := frisian.MustParseFEN("W:W28,50:B18,22,23,1")
	legal, _ := p.Legal(context.Background())
	sel := click(legal, nil, 28)
	if !slices.Equal(sel.squares, []frisian.Square{28}) {
		t.Fatalf("click 28: %+v", sel)
	}
	s := click(legal, sel.squares, 28)
	if len(s.squares) != 0 || !s.done.move.IsZero() || !strings.Contains(s.why, "The man on 28 is let go") || !strings.Contains(s.why, "from 17 or 19") {
		t.Errorf("28 twice: %+v, want the man let go and the way to capture", s)
	}
	for _, path := range [][]frisian.Square{{28, 17, 19, 28}, {28, 19, 17, 28}, {28, 17, 28}} {
		s := selection{}
		for _, sq := range path {
			s = click(legal, s.squares, sq)
		}
		if s.done.move.IsZero() || s.done.move != legal.Moves()[0] {
			t.Errorf("clicks %v: %+v, want 28x28 played", path, s)
		}
	}
}
