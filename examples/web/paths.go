package main

import (
	"slices"

	"github.com/frisian-draughts/frisian"
)

// Click-by-click move input. A move is entered as its start square and then
// its landing squares one at a time, along any of its landing paths: a
// capture may have several paths (RULES.md §3.2), and a player may follow any
// of them. The library lists each move once and shows one path
// (Position.Path) but does not expose the others, so this file walks them on
// the board through the exported accessors. It only guides the clicks: the
// finished path is played as move text through Position.ParseMove, so the
// library stays the judge of what is legal.

// steps are the eight capture directions as (row, column) steps to the next
// dark square: four diagonals, then vertical and horizontal (RULES.md §3).
var steps = [8][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2, 0}, {2, 0}, {0, -2}, {0, 2}}

// step returns the dark square one step from sq in direction d, if any.
func step(sq frisian.Square, d [2]int) (frisian.Square, bool) {
	return frisian.SquareAt(sq.Row()+d[0], sq.Column()+d[1])
}

// capturePaths walks the landing paths of one legal capture. It jumps only
// the pieces the capture takes, so every path that takes them all and ends
// on the capture's end square is one of its paths: a path that could go on
// would take more and the capture would not be legal.
type capturePaths struct {
	p    frisian.Position
	from frisian.Square
	to   frisian.Square
	king bool
	want frisian.SquareSet // the pieces the capture takes
}

func newCapturePaths(p frisian.Position, m frisian.Move) capturePaths {
	return capturePaths{p: p, from: m.From(), to: m.To(), king: m.ByKing(), want: m.Captured()}
}

// empty reports whether the capturing piece may pass or land on sq. Its own
// start square counts as empty, since it has left it (RULES.md §3); captured
// pieces stay on the board until the move ends, so they are not.
func (c capturePaths) empty(sq frisian.Square) bool {
	return sq == c.from || c.p.PieceAt(sq) == frisian.NoPiece
}

// jumps calls f with each single jump from at that takes a piece of want not
// yet in taken: the piece taken and a square to land on. It stops when f
// returns false, and reports whether it was stopped.
func (c capturePaths) jumps(at frisian.Square, taken frisian.SquareSet, f func(victim, land frisian.Square) bool) bool {
	for _, d := range steps {
		victim, ok := step(at, d)
		if c.king {
			// A king flies over empty squares to the piece it takes.
			for ok && c.empty(victim) {
				victim, ok = step(victim, d)
			}
		}
		if !ok || !c.want.Has(victim) || taken.Has(victim) {
			continue
		}
		for land, ok := step(victim, d); ok && c.empty(land); land, ok = step(land, d) {
			if !f(victim, land) {
				return true
			}
			if !c.king {
				break // a man lands right behind the piece it takes
			}
		}
	}
	return false
}

// completes reports whether a capture standing on at, having taken taken,
// can be finished as this move.
func (c capturePaths) completes(at frisian.Square, taken frisian.SquareSet) bool {
	if taken == c.want {
		return at == c.to
	}
	return c.jumps(at, taken, func(victim, land frisian.Square) bool {
		return !c.completes(land, taken.With(victim))
	})
}

// follow walks the paths that begin with prefix (whose first square is the
// start square). It adds to next every landing square that extends prefix
// towards a whole path, and reports whether prefix is itself a whole path.
func (c capturePaths) follow(prefix []frisian.Square, next map[frisian.Square]bool) (whole bool) {
	var walk func(at frisian.Square, taken frisian.SquareSet, i int)
	walk = func(at frisian.Square, taken frisian.SquareSet, i int) {
		// at is prefix[i]
		if i == len(prefix)-1 && taken == c.want && at == c.to {
			whole = true
		}
		if taken == c.want {
			return
		}
		c.jumps(at, taken, func(victim, land frisian.Square) bool {
			switch {
			case i+1 < len(prefix):
				if land == prefix[i+1] {
					walk(land, taken.With(victim), i+1)
				}
			case !next[land] && c.completes(land, taken.With(victim)):
				next[land] = true
			}
			return true
		})
	}
	walk(c.from, frisian.SquareSet{}, 0)
	return whole
}

// all returns every landing path of the capture (start and end included) in
// ascending order, or at most limit of them. It is for tests: a king's
// capture can have very many paths.
func (c capturePaths) all(limit int) [][]frisian.Square {
	var out [][]frisian.Square
	path := []frisian.Square{c.from}
	var walk func(at frisian.Square, taken frisian.SquareSet)
	walk = func(at frisian.Square, taken frisian.SquareSet) {
		if taken == c.want {
			if at == c.to {
				out = append(out, slices.Clone(path))
			}
			return
		}
		c.jumps(at, taken, func(victim, land frisian.Square) bool {
			path = append(path, land)
			walk(land, taken.With(victim))
			path = path[:len(path)-1]
			return len(out) < limit
		})
	}
	walk(c.from, frisian.SquareSet{})
	slices.SortFunc(out, slices.Compare)
	return out
}

// selection is the state of click-by-click input: the squares clicked so
// far (a start square and landing squares, a prefix of some legal move's
// path), the squares that may be clicked next to extend it, and, once the
// clicks name a move, that move.
type selection struct {
	Squares []frisian.Square
	Next    []frisian.Square
	Done    frisian.Move
	// Whole reports that Squares is a whole landing path of Done; when Done
	// is set without it, its end square was clicked before the path was
	// complete.
	Whole bool
}

// follow returns the selection for the clicked squares prefix in p. A
// prefix that matches no legal move gives the empty selection.
func follow(p frisian.Position, moves []frisian.Move, prefix []frisian.Square) selection {
	if len(prefix) == 0 {
		return selection{}
	}
	next := map[frisian.Square]bool{}
	var done frisian.Move
	for _, m := range moves {
		if m.From() != prefix[0] {
			continue
		}
		if !m.IsCapture() {
			switch {
			case len(prefix) == 1:
				next[m.To()] = true
			case len(prefix) == 2 && prefix[1] == m.To():
				done = m
			}
			continue
		}
		if newCapturePaths(p, m).follow(prefix, next) {
			// A landing path fixes the pieces taken (each leg crosses
			// exactly one), so at most one move has it as a whole path.
			done = m
		}
	}
	if done.IsZero() && len(next) == 0 {
		return selection{}
	}
	s := selection{Squares: slices.Clone(prefix), Done: done, Whole: !done.IsZero()}
	for sq := range next {
		s.Next = append(s.Next, sq)
	}
	slices.Sort(s.Next)
	return s
}

// click returns the selection after a click on sq, given the squares
// clicked before (which need not be valid):
//   - a square that extends the path selected so far extends it;
//   - the end square of exactly one move that the path so far can still
//     become finishes that move, so a capture can be entered with two
//     clicks when it is unambiguous;
//   - otherwise the start square of a legal move selects that piece anew;
//   - anything else clears the selection.
func click(p frisian.Position, prefix []frisian.Square, sq frisian.Square) selection {
	moves := p.LegalMoves()
	frisian.SortMoves(moves)
	if cur := follow(p, moves, prefix); len(cur.Squares) > 0 && cur.Done.IsZero() {
		if ext := follow(p, moves, append(slices.Clone(cur.Squares), sq)); len(ext.Squares) > 0 {
			return ext
		}
		var ends []frisian.Move
		for _, m := range moves {
			if m.To() == sq && m.From() == cur.Squares[0] && canBecome(p, m, cur.Squares) {
				ends = append(ends, m)
			}
		}
		if len(ends) == 1 {
			return selection{Squares: slices.Clone(cur.Squares), Done: ends[0]}
		}
	}
	return follow(p, moves, []frisian.Square{sq})
}

// canBecome reports whether some path of m begins with prefix.
func canBecome(p frisian.Position, m frisian.Move, prefix []frisian.Square) bool {
	if !m.IsCapture() {
		return len(prefix) == 1
	}
	next := map[frisian.Square]bool{}
	whole := newCapturePaths(p, m).follow(prefix, next)
	return whole || len(next) > 0
}

// taken returns the pieces the clicked capture path prefix has jumped so
// far: on each leg between two clicked squares, the one piece it crosses.
// A page shows them, as the library's picture of a finished move does.
func taken(p frisian.Position, prefix []frisian.Square) []frisian.Square {
	var out []frisian.Square
	for i := 1; i < len(prefix); i++ {
		a, b := prefix[i-1], prefix[i]
		dr, dc := b.Row()-a.Row(), b.Column()-a.Column()
		var d [2]int
		switch {
		case dr == 0 && dc != 0:
			d = [2]int{0, 2 * sign(dc)} // horizontal
		case dc == 0 && dr != 0:
			d = [2]int{2 * sign(dr), 0} // vertical
		case dr == dc || dr == -dc:
			d = [2]int{sign(dr), sign(dc)} // diagonal
		default:
			continue // not on one line: not a leg of any capture
		}
		for sq, ok := step(a, d); ok && sq != b; sq, ok = step(sq, d) {
			if sq != prefix[0] && p.PieceAt(sq) != frisian.NoPiece {
				out = append(out, sq)
			}
		}
	}
	return out
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}
