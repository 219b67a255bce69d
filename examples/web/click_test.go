package main

import (
	"bufio"
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

// allPaths returns every path of every legal move of p (copies), or false
// when some move has more than limit paths.
func allPaths(p frisian.Position, limit int) (moves []frisian.Move, paths [][]frisian.Square, ok bool) {
	for _, m := range p.LegalMoves() {
		n := 0
		for path := range p.Paths(m) {
			if n++; n > limit {
				return nil, nil, false
			}
			moves = append(moves, m)
			paths = append(paths, slices.Clone(path))
		}
	}
	return moves, paths, true
}

// TestClickEveryPath enters the paths of the legal moves click by click
// (every other path, or a smaller sample with -short). At each step the squares offered
// next must be exactly those that some path of some legal move takes next
// (the oracle: all paths, listed), and the last click must name the move.
func TestClickEveryPath(t *testing.T) {
	stride := 2
	if testing.Short() {
		stride = 7
	}
	clicked, skipped := 0, 0
	for _, p := range testPositions(t) {
		moves, paths, ok := allPaths(p, 5000)
		if !ok {
			skipped++
			continue
		}
		// next[key of a prefix] = the squares some path takes after it
		key := func(prefix []frisian.Square) string { return string(prefix) }
		next := map[string]map[frisian.Square]bool{}
		for _, path := range paths {
			for i := 1; i < len(path); i++ {
				k := key(path[:i])
				if next[k] == nil {
					next[k] = map[frisian.Square]bool{}
				}
				next[k][path[i]] = true
			}
		}
		for j := 0; j < len(paths); j += stride {
			m, path := moves[j], paths[j]
			clicked++
			var sel selection
			for i, sq := range path {
				sel = click(p, sel.Squares, sq)
				if i == len(path)-1 {
					break
				}
				if !slices.Equal(sel.Squares, path[:i+1]) || !sel.Done.IsZero() {
					t.Fatalf("%s: path %v: after %d clicks selection %+v", p.FEN(), path, i+1, sel)
				}
				want := next[key(path[:i+1])]
				if len(want) != len(sel.Next) {
					t.Fatalf("%s: after %v next %v, want %v", p.FEN(), path[:i+1], sel.Next, want)
				}
				for _, n := range sel.Next {
					if !want[n] {
						t.Fatalf("%s: after %v next %v, want %v", p.FEN(), path[:i+1], sel.Next, want)
					}
				}
			}
			if sel.Done != m || !sel.Whole || !slices.Equal(sel.Squares, path) {
				t.Fatalf("%s: path %v gives %+v, want %s", p.FEN(), path, sel, frisian.MoveText{Squares: p.Path(m), Capture: m.IsCapture()}.String())
			}
			// the pieces shown as jumped along the path are the move's
			if tk := taken(p, path); len(tk) != m.Captured().Len() || frisian.SquareSetOf(tk...) != m.Captured() {
				t.Fatalf("%s: path %v jumps %v, want %v", p.FEN(), path, tk, m.Captured())
			}
			// finishing a path begun with its first half gives a path of the move
			half := path[:(len(path)+1)/2]
			if full := completePath(p, m, half); len(full) != len(path) || !slices.Equal(full[:len(half)], half) {
				t.Fatalf("%s: %v completed to %v", p.FEN(), half, full)
			} else if got, err := (frisian.MoveText{Squares: full, Capture: m.IsCapture()}).Resolve(p); err != nil || got != m {
				t.Fatalf("%s: completed path %v is %v, %v", p.FEN(), full, got, err)
			}
		}
	}
	t.Logf("%d paths clicked, %d positions with too many paths", clicked, skipped)
}

// TestClickWorstCase clicks through lidraughts' worst case, a king taking
// 32 kings along astronomically many paths, which a walk of the paths
// could not finish: each click must be answered at once.
func TestClickWorstCase(t *testing.T) {
	p := frisian.MustParseFEN("W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49")
	m := p.LegalMoves()[0]
	begin := time.Now()
	sel := click(p, nil, 5)
	if !slices.Equal(sel.Next, []frisian.Square{3, 14, 25}) {
		t.Fatalf("click 5: %+v", sel)
	}
	// Take the highest square offered a few times: far from the paths
	// that come first.
	for range 4 {
		sel = click(p, sel.Squares, sel.Next[len(sel.Next)-1])
		if len(sel.Next) == 0 || !sel.Done.IsZero() || len(sel.moves) != 1 {
			t.Fatalf("selection %+v", sel)
		}
	}
	if tk := taken(p, sel.Squares); len(tk) != 4 {
		t.Errorf("after %v taken %v", sel.Squares, tk)
	}
	for slices.Contains(sel.Next, m.To()) { // clicking the end would go on
		sel = click(p, sel.Squares, sel.Next[0])
	}
	// Its end square finishes it early; the path is completed from the
	// clicks.
	done := click(p, sel.Squares, m.To())
	if done.Done != m || done.Whole {
		t.Fatalf("end square: %+v", done)
	}
	full := completePath(p, m, done.Squares)
	if len(full) != 33 || !slices.Equal(full[:len(sel.Squares)], sel.Squares) || full[32] != m.To() {
		t.Fatalf("completed path %v", full)
	}
	if got, err := (frisian.MoveText{Squares: full, Capture: true}).Resolve(p); err != nil || got != m {
		t.Errorf("completed path %v: %v, %v", full, got, err)
	}
	// A few milliseconds of work; the bound is loose for slow machines.
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
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
	if s := click(p, sel.Squares, 29); s.Done.IsZero() || s.Whole || p.MoveText(s.Done).String() != "18x29" {
		t.Errorf("18 then 29: %+v, want 18x29 finished early", s)
	}
	if s := click(p, sel.Squares, 36); !s.Done.IsZero() || len(s.Squares) != 0 {
		t.Errorf("18 then 36: %+v, want nothing (two moves end there; 36 is empty)", s)
	}
	// After 18x38x40 only one of the moves to 36 is left.
	s := click(p, []frisian.Square{18, 38}, 40)
	if s = click(p, s.Squares, 36); (frisian.MoveText{Squares: p.Path(s.Done), Capture: true}).String() != "18x38x40x49x38x36" {
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
