package main

import (
	"bufio"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

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

// TestPathsResolve: every path walked for a legal move is one the library
// reads back as that move, the library's own Path is among them, and every
// move has at least one.
func TestPathsResolve(t *testing.T) {
	paths, multi := 0, 0
	for _, p := range testPositions(t) {
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				continue
			}
			all := newCapturePaths(p, m).all(500)
			if len(all) == 0 {
				t.Fatalf("%s: no path for %s", p.FEN(), p.FullMoveText(m))
			}
			if len(all) > 1 {
				multi++
			}
			want := p.Path(m)
			if !slices.ContainsFunc(all, func(q []frisian.Square) bool { return slices.Equal(q, want) }) {
				t.Errorf("%s: %s: Path %v not among %v", p.FEN(), p.FullMoveText(m), want, all)
			}
			for _, path := range all {
				paths++
				got, err := (frisian.MoveText{Squares: path, Capture: true}).Resolve(p)
				if err != nil || got != m {
					t.Fatalf("%s: path %v of %s resolves to %v, %v", p.FEN(), path, p.FullMoveText(m), got, err)
				}
			}
		}
	}
	t.Logf("%d paths, %d moves with several", paths, multi)
	if multi == 0 {
		t.Error("no move with several paths was tried")
	}
}

// TestClickEveryPath enters the paths of the legal moves click by click
// (every path, or a sample with -short). At each step the squares offered
// next must be exactly those that some path of some legal move takes next
// (the oracle: all paths, listed), and the last click must name the move.
func TestClickEveryPath(t *testing.T) {
	stride := 1
	if testing.Short() {
		stride = 7
	}
	clicked := 0
	for _, p := range testPositions(t) {
		type entry struct {
			m    frisian.Move
			path []frisian.Square
		}
		var every []entry
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				every = append(every, entry{m, []frisian.Square{m.From(), m.To()}})
				continue
			}
			for _, path := range newCapturePaths(p, m).all(1 << 20) {
				every = append(every, entry{m, path})
			}
		}
		// next[key of a prefix] = the squares some path takes after it
		key := func(prefix []frisian.Square) string { return string(prefix) }
		next := map[string]map[frisian.Square]bool{}
		for _, e := range every {
			for i := 1; i < len(e.path); i++ {
				k := key(e.path[:i])
				if next[k] == nil {
					next[k] = map[frisian.Square]bool{}
				}
				next[k][e.path[i]] = true
			}
		}
		for j := 0; j < len(every); j += stride {
			e := every[j]
			clicked++
			var sel selection
			for i, sq := range e.path {
				sel = click(p, sel.Squares, sq)
				if i == len(e.path)-1 {
					break
				}
				if !slices.Equal(sel.Squares, e.path[:i+1]) || !sel.Done.IsZero() {
					t.Fatalf("%s: path %v: after %d clicks selection %+v", p.FEN(), e.path, i+1, sel)
				}
				want := next[key(e.path[:i+1])]
				if len(want) != len(sel.Next) {
					t.Fatalf("%s: after %v next %v, want %v", p.FEN(), e.path[:i+1], sel.Next, want)
				}
				for _, n := range sel.Next {
					if !want[n] {
						t.Fatalf("%s: after %v next %v, want %v", p.FEN(), e.path[:i+1], sel.Next, want)
					}
				}
			}
			if sel.Done != e.m || !sel.Whole || !slices.Equal(sel.Squares, e.path) {
				t.Fatalf("%s: path %v gives %+v, want %s", p.FEN(), e.path, sel, p.FullMoveText(e.m))
			}
			// the pieces shown as jumped along the path are the move's
			if tk := taken(p, e.path); len(tk) != e.m.Captured().Len() || frisian.SquareSetOf(tk...) != e.m.Captured() {
				t.Fatalf("%s: path %v jumps %v, want %v", p.FEN(), e.path, tk, e.m.Captured())
			}
		}
	}
	t.Logf("%d paths clicked", clicked)
}

// TestClickShortcut: clicking a capture's end square early finishes it when
// only one move can end there, and not otherwise.
func TestClickShortcut(t *testing.T) {
	// Black's man on 18 has three captures: to 29, and two to 36 that take
	// different men.
	p := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	sel := click(p, nil, 18)
	if !slices.Equal(sel.Squares, []frisian.Square{18}) || !slices.Equal(sel.Next, []frisian.Square{38}) {
		t.Fatalf("click 18: %+v", sel)
	}
	if s := click(p, sel.Squares, 29); s.Done.IsZero() || s.Whole || p.MoveText(s.Done) != "18x29" {
		t.Errorf("18 then 29: %+v, want 18x29 finished early", s)
	}
	if s := click(p, sel.Squares, 36); !s.Done.IsZero() || len(s.Squares) != 0 {
		t.Errorf("18 then 36: %+v, want nothing (two moves end there; 36 is empty)", s)
	}
	// After 18x38x40 only one of the moves to 36 is left.
	s := click(p, []frisian.Square{18, 38}, 40)
	if s = click(p, s.Squares, 36); p.FullMoveText(s.Done) != "18x38x40x49x38x36" {
		t.Errorf("18x38x40 then 36: %+v", s)
	}
	// Another piece of the side to move starts afresh; an empty square or
	// an opponent's piece clears the selection.
	if s := click(p, sel.Squares, 19); !slices.Equal(s.Squares, []frisian.Square{}) && len(s.Squares) != 0 {
		t.Errorf("19 cannot move (a capture is compulsory): %+v", s)
	}
	if s := click(p, sel.Squares, 28); len(s.Squares) != 0 {
		t.Errorf("a white piece: %+v", s)
	}
	if s := click(p, []frisian.Square{1, 2, 3}, 18); !slices.Equal(s.Squares, []frisian.Square{18}) {
		t.Errorf("a stale selection, then 18: %+v", s)
	}
	q := frisian.StartPosition()
	if s := click(q, []frisian.Square{32}, 33); !slices.Equal(s.Squares, []frisian.Square{33}) || !slices.Equal(s.Next, []frisian.Square{28, 29}) {
		t.Errorf("32, then 33: %+v", s)
	}
}
