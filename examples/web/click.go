package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/frisian-draughts/frisian"
)

// Click-by-click move input. A move is entered as its start square and then
// its landing squares one at a time, along any of its landing paths: a
// capture may have several paths (RULES.md §3.2), and a player may follow any
// of them. The library says, for the squares clicked so far, which squares
// may come next, which moves are still possible and which pieces have been
// jumped (Legal.Clicks), without listing paths: a king's capture
// can have astronomically many, and a page must answer each click at once.

// selection is the state of click-by-click input: the squares clicked so
// far (a prefix of some legal move's path) and what they select; once they
// name a move, that move along a whole path that begins with them; and why
// a click was refused.
type selection struct {
	frisian.Clicks
	squares []frisian.Square
	done    chosen
	why     string
}

// follow returns the selection of the clicked squares in p, whose legal
// moves are legal. Squares that begin no move select nothing.
func follow(legal frisian.Legal, clicked []frisian.Square) selection {
	if len(clicked) == 0 {
		return selection{} // Clicks would offer every piece that can move
	}
	c := legal.Clicks(clicked)
	if len(c.Moves) == 0 {
		return selection{}
	}
	s := selection{Clicks: c, squares: clicked}
	if c.Next.Empty() {
		s.done = chosen{c.Moves[0], clicked, c.Taken} // a whole path
	}
	return s
}

// click returns the selection after a click on sq, given the squares
// clicked before (which need not be valid):
//   - a square that extends the path selected so far extends it;
//   - the selected piece, clicked again, is let go, even when it has a
//     capture that ends where it began (28x28): a second click on a piece
//     means letting it go, and such a capture is entered by its landing
//     squares, which the notice names;
//   - the end square of exactly one move that the path so far can still
//     become finishes that move, so a capture can be entered with two
//     clicks when it is unambiguous (the start square too, once the
//     capture is under way);
//   - otherwise a piece that can move is selected anew;
//   - anything else is refused, with the reason; a capture begun stays.
func click(legal frisian.Legal, prefix []frisian.Square, sq frisian.Square) selection {
	p := legal.Position()
	cur := follow(legal, prefix)
	if len(cur.squares) > 0 && cur.done.move.IsZero() {
		if ext := follow(legal, append(slices.Clone(cur.squares), sq)); len(ext.squares) > 0 {
			return ext
		}
		if len(cur.squares) == 1 && sq == cur.squares[0] {
			return letGo(p, cur)
		}
		var ends []frisian.Move
		for _, m := range cur.Moves {
			if m.To() == sq {
				ends = append(ends, m)
			}
		}
		switch {
		case len(ends) == 1:
			// Finished early: along the clicks, then the least way on.
			path, taken := cur.Finish(ends[0])
			cur.done = chosen{ends[0], path, taken}
			return cur
		case len(ends) > 1:
			cur.why = fmt.Sprintf("Captures that take different pieces end on %d: click the squares along the one you mean.", sq)
			return cur
		}
	}
	if start := follow(legal, []frisian.Square{sq}); len(start.squares) > 0 {
		return start
	}
	why := refusal(legal, cur.squares, sq)
	if len(cur.squares) > 1 {
		cur.why = why
		return cur
	}
	return selection{why: why}
}

// letGo returns the selection after the selected piece of cur is clicked
// again: none, with a word on how to play a capture of the piece that
// ends where it began.
func letGo(p frisian.Position, cur selection) selection {
	from := cur.squares[0]
	for _, m := range cur.Moves {
		if m.IsCapture() && m.To() == from {
			var first []string
			for _, sq := range cur.Next.Squares() {
				first = append(first, sq.String())
			}
			return selection{why: fmt.Sprintf("The %s on %d is let go. To capture round to %d, click it and then each square it lands on, from %s.",
				kind(p.PieceAt(from)), from, from, strings.Join(first, " or "))}
		}
	}
	return selection{}
}

// refusal says why a click on sq, after the squares clicked, selects
// nothing in p, whose legal moves are legal (at least one).
func refusal(legal frisian.Legal, clicked []frisian.Square, sq frisian.Square) string {
	p, moves := legal.Position(), legal.Moves()
	turn := p.Turn()
	piece := p.PieceAt(sq)
	switch {
	case len(clicked) > 1:
		return fmt.Sprintf("The capture cannot go on to %d: click one of the marked squares.", sq)
	case len(clicked) == 1 && piece == frisian.NoPiece:
		return fmt.Sprintf("The %s on %d cannot go to %d.", kind(p.PieceAt(clicked[0])), clicked[0], sq)
	case piece == frisian.NoPiece:
		return fmt.Sprintf("Square %d is empty: click a %s piece to move it.", sq, turn)
	case piece.Color() != turn:
		return fmt.Sprintf("That is a %s piece: %s is to move.", piece.Color(), capitalize(turn.String()))
	case moves[0].IsCapture():
		return "A capture is compulsory, and the one that takes the most must be played: with a marked piece."
	case piece.IsKing() && p.KingRun(turn) == frisian.KingRun{Count: frisian.KingRunLimit, Square: sq}:
		return fmt.Sprintf("The king on %d has made three quiet moves in a row: it may only capture now; move another piece.", sq)
	default:
		return fmt.Sprintf("The %s on %d has no move.", kind(piece), sq)
	}
}

// kind names the kind of piece pc.
func kind(pc frisian.Piece) string {
	if pc.IsKing() {
		return "king"
	}
	return "man"
}
