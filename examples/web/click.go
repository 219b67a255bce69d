package main

import (
	"slices"

	"github.com/frisian-draughts/frisian"
)

// Click-by-click move input. A move is entered as its start square and then
// its landing squares one at a time, along any of its landing paths: a
// capture may have several paths (RULES.md §3.2), and a player may follow any
// of them. The library says, for the squares clicked so far, which squares
// may come next and which moves are still possible
// (Position.NextSquares). It does so without listing paths, which matters:
// a king's capture can have astronomically many, and a page must answer
// each click at once.

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
	// moves are the legal moves with a path that begins with Squares.
	moves []frisian.Move
}

// follow returns the selection for the clicked squares prefix in p. A
// prefix that matches no legal move gives the empty selection.
func follow(p frisian.Position, prefix []frisian.Square) selection {
	if len(prefix) == 0 {
		return selection{} // NextSquares would offer every piece that can move
	}
	next, moves := p.NextSquares(prefix)
	if len(moves) == 0 {
		return selection{}
	}
	s := selection{Squares: slices.Clone(prefix), Next: next.Squares(), moves: moves}
	if next.Empty() {
		// Nothing can follow: prefix is a whole path, of its one move.
		s.Done, s.Whole = moves[0], true
	}
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
	if cur := follow(p, prefix); len(cur.Squares) > 0 && cur.Done.IsZero() {
		if ext := follow(p, append(slices.Clone(cur.Squares), sq)); len(ext.Squares) > 0 {
			return ext
		}
		var ends []frisian.Move
		for _, m := range cur.moves {
			if m.To() == sq {
				ends = append(ends, m)
			}
		}
		if len(ends) == 1 {
			return selection{Squares: cur.Squares, Done: ends[0]}
		}
	}
	return follow(p, []frisian.Square{sq})
}

// completePath returns a whole path of m that begins with prefix, taking
// the lowest square that keeps m possible at each step, or nil when no path
// of m begins with prefix. It finishes a move whose end square was clicked
// early, so that the move is shown and recorded along the squares the player
// did click. Each step asks the library about a few squares, so even a king
// taking 32 pieces is completed in about a millisecond.
func completePath(p frisian.Position, m frisian.Move, prefix []frisian.Square) []frisian.Square {
	path := slices.Clone(prefix)
	if len(path) == 0 {
		path = []frisian.Square{m.From()}
	}
	next, moves := p.NextSquares(path)
	if !slices.Contains(moves, m) {
		return nil
	}
	for !next.Empty() {
		extended := false
		for sq := range next.All() {
			n, ms := p.NextSquares(append(path, sq))
			if slices.Contains(ms, m) {
				path, next, extended = append(path, sq), n, true
				break
			}
		}
		if !extended {
			return nil // cannot happen: some path of m goes on from path
		}
	}
	return path
}

// taken returns the pieces the clicked capture path prefix has jumped so
// far: on each leg between two clicked squares, the one piece it crosses.
// A page shows them, as the library's picture of a finished move does.
func taken(p frisian.Position, prefix []frisian.Square) []frisian.Square {
	var out []frisian.Square
	for i := 1; i < len(prefix); i++ {
		a, b := prefix[i-1], prefix[i]
		dr, dc := b.Row()-a.Row(), b.Column()-a.Column()
		var d [2]int // one step to the next dark square along the leg
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
			// The mover's start square is empty once it has left.
			if sq != prefix[0] && p.PieceAt(sq) != frisian.NoPiece {
				out = append(out, sq)
			}
		}
	}
	return out
}

// step returns the dark square one (row, column) step d from sq, if any.
func step(sq frisian.Square, d [2]int) (frisian.Square, bool) {
	return frisian.SquareAt(sq.Row()+d[0], sq.Column()+d[1])
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}
