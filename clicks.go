package frisian

import (
	"context"
	"fmt"
	"slices"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Click-by-click move input. A board UI lets a player enter a move as its
// start square and then its landing squares one at a time, along any path
// of the move (RULES.md §3.2). After each click it needs the squares that
// may come next, the moves still possible and the pieces jumped so far,
// and once the player clicks a move's end square early, a whole path of
// the move to show it along.
//
// Listing the paths (Paths) and keeping those that start with the clicks
// does not work: a king taking many pieces has astronomically many paths,
// in ascending order, and the ones that start with a late first landing
// square come after all the others. Instead the clicks are followed as
// jumps on the board, one piece each, and every jump that could come next
// is asked whether the rest of the move can still be completed from its
// landing square: the capture engine's walker answers that at once for
// every end square (capture.Walker.Ends, by the Euler test).

// Clicks is the state of click-by-click move input after the clicks a
// player has made: what is selected, what may come next, and, once they
// make one, the move. Get one with [Legal.Clicks].
type Clicks struct {
	// Path holds the clicks that count: the square of the selected piece,
	// then the landing squares clicked, in order; once the clicks make a
	// move, its whole path. It is empty when nothing is selected. Clicks
	// of Path alone give these Clicks again (but for Refused), so a page or
	// a server can keep Path and send it back with the next click.
	Path []Square
	// Next holds the squares that take the path one step further: with
	// nothing selected the squares of the pieces that can move, then the
	// squares that follow the path on some path ([Legal.Paths]) of some
	// legal move. The end square of a move of Moves completes it too when
	// no other move of Moves ends there.
	Next SquareSet
	// Moves holds the legal moves still possible, in canonical order:
	// every legal move when nothing is selected, else those with a path
	// that begins with Path.
	Moves []Move
	// Taken holds the pieces jumped along Path, in the order jumped: empty
	// for a quiet move and before the first landing square. Taken pieces
	// stay on the board until the capture ends (Art. 14), so a board shows
	// them as about to go.
	Taken []Square
	// Refused says why the last click changed nothing it could: a
	// *MoveError wrapping [ErrIllegalMove] (such as "no piece on 23"),
	// [ErrAmbiguousMove] (an end square that several moves share) or
	// [ErrInvalidMove] (not a square); nil when the click was taken.
	Refused error
}

// Move returns the move the clicks make, and false while they make none
// yet: once Path is a whole path of the one move left in Moves.
func (c Clicks) Move() (Move, bool) {
	if len(c.Path) > 0 && c.Next.Empty() && len(c.Moves) == 1 {
		return c.Moves[0], true
	}
	return Move{}, false
}

// Clicks follows click-by-click move input, as a board UI needs it: it
// takes the squares clicked, in order, from nothing selected, and returns
// what they select. Each click does the first of these that applies:
//
//   - a click on the selected piece, with no landing square clicked yet,
//     lets it go;
//   - a click on a square of Next takes the path one step on (a landing
//     square of a capture, or the end of a quiet move);
//   - a click on the end square of exactly one move still possible makes
//     that move, along the least path that begins with the clicks (so 35
//     then 26 plays 35x26 when no other move ends there);
//   - a click on a piece that can move selects it instead;
//   - any other click is refused (see Clicks.Refused): a capture under
//     way stays, a selected piece is let go.
//
// A capture that ends on its own start square is made by clicking its
// landing squares, since a second click on the piece lets it go. Once the
// clicks make a move, further clicks are refused.
//
// It does not list paths: it follows the clicks on the board and asks, of
// each square that could come next, whether a move can still be completed
// from there, so a click costs about the same however many paths the moves
// have: well under a millisecond in games, up to a few on the hardest
// placements known. A server that takes clicks from strangers bounds their
// number. A click on something that is not a square (0, or past 50) is
// refused and keeps what is selected.
func (l Legal) Clicks(clicks []Square) Clicks {
	ws := walkers{}
	c := l.follow(nil, ws)
	for _, sq := range clicks {
		c = l.click(c, sq, ws)
	}
	return c
}

// walkers keeps the capture walkers of one position by start square and
// pieces taken, so that following the clicks one by one makes each once:
// a walker's tables cost more than a step of the walk.
type walkers map[[2]uint64]*capture.Walker

// of returns the walker of the capture m of p, made if need be; a nil
// walkers makes a new one each time.
func (ws walkers) of(p *Position, m Move) *capture.Walker {
	if ws == nil {
		return newWalker(p, int(m.from()&63), m.captured())
	}
	k := [2]uint64{uint64(m.from() & 63), m.captured()}
	w := ws[k]
	if w == nil {
		w = newWalker(p, int(m.from()&63), m.captured())
		ws[k] = w
	}
	return w
}

// follow returns the Clicks of path, a prefix of a legal move's path, or
// nothing selected for nil. The Clicks keep path: callers give a new one.
func (l Legal) follow(path []Square, ws walkers) Clicks {
	c := l.p.followClicks(l.moves, path, ws)
	c.Path = path
	return c
}

// click returns the Clicks after c and a click on sq (see Legal.Clicks).
func (l Legal) click(c Clicks, sq Square, ws walkers) Clicks {
	c.Refused = nil
	if _, done := c.Move(); done {
		c.Refused = &MoveError{Move: sq.String(), Err: ErrIllegalMove, Reason: "the move is already complete"}
		return c
	}
	switch {
	case !sq.Valid():
		c.Refused = invalidMove(sq.String(), "not a square (1–50)")
		return c
	case len(c.Path) == 1 && sq == c.Path[0]:
		return l.follow(nil, ws)
	case len(c.Path) > 0 && c.Next.Has(sq):
		return l.follow(append(slices.Clip(c.Path), sq), ws) // follow keeps the new slice
	}
	if len(c.Path) > 0 {
		var ends []Move
		for _, m := range c.Moves {
			if m.To() == sq {
				ends = append(ends, m)
			}
		}
		switch {
		case len(ends) == 1:
			path, taken := l.p.finishClicks(ends[0], c.Path, ws)
			return Clicks{Path: path, Moves: ends, Taken: taken}
		case len(ends) > 1:
			cands := make([]string, len(ends))
			for i, m := range ends {
				cands[i] = l.p.fullText(m)
			}
			c.Refused = &MoveError{Move: sq.String(), Err: ErrAmbiguousMove,
				Reason: fmt.Sprintf("captures that take different pieces end on %d; click the squares along the one you mean", sq), Candidates: cands}
			return c
		}
	}
	if sel := l.follow([]Square{sq}, ws); len(sel.Moves) > 0 {
		return sel
	}
	refused := &MoveError{Move: sq.String(), Err: ErrIllegalMove, Reason: l.refusal(c.Path, sq)}
	if len(c.Path) > 1 {
		c.Refused = refused // a capture under way stays
		return c
	}
	c = l.follow(nil, ws)
	c.Refused = refused
	return c
}

// refusal says why a click on sq, after the clicks of path, is refused.
func (l Legal) refusal(path []Square, sq Square) string {
	p := l.p
	turn := p.Turn()
	piece := p.PieceAt(sq)
	switch {
	case len(path) > 1:
		return fmt.Sprintf("the capture cannot go on to %d", sq)
	case len(path) == 1 && piece == NoPiece:
		return fmt.Sprintf("the %s on %d cannot go to %d", pieceKind(p.PieceAt(path[0])), path[0], sq)
	}
	if why := p.whyNotMover(sq, l.moves); why != "" {
		return why
	}
	switch {
	case l.moves[0].IsCapture():
		return "capturing is compulsory, with a piece that takes the most (Art. 10–12)"
	case piece.IsKing() && p.KingRun(turn) == KingRun{Count: KingRunLimit, Square: sq}:
		return fmt.Sprintf("the king on %d has made three quiet moves in a row and may only capture (Art. 17)", sq)
	}
	return fmt.Sprintf("the %s on %d has no move", pieceKind(piece), sq)
}

// pieceKind names the kind of piece pc.
func pieceKind(pc Piece) string {
	if pc.IsKing() {
		return "king"
	}
	return "man"
}

// followClicks returns Next, Moves and Taken for clicked, a start square
// and landing squares, given the legal moves of p in any order.
func (p Position) followClicks(legal []Move, clicked []Square, ws walkers) Clicks {
	var c Clicks
	if len(clicked) == 0 {
		for _, m := range legal {
			c.Next = c.Next.With(m.From())
		}
		c.Moves = slices.Clone(legal)
		return c
	}
	for _, sq := range clicked {
		if !sq.Valid() {
			return c
		}
	}
	from := layout.BitOf[clicked[0]]
	match := make([]bool, len(legal))
	done := make([]bool, len(legal)) // captures already looked at with an equal captured set
	for i, m := range legal {
		if m.from()&63 != from || done[i] || !p.mayBeLegal(m) {
			continue
		}
		if m.captured() == 0 {
			switch {
			case len(clicked) == 1:
				c.Next.b |= 1 << (m.to() & 63)
				match[i] = true
			case len(clicked) == 2 && clicked[1] == m.To():
				match[i] = true
			}
			continue
		}
		// The moves with this start and these captured pieces differ only in
		// their end square; one walk along the clicks serves them all.
		var targets uint64 // their end squares
		for j := i; j < len(legal); j++ {
			if o := legal[j]; o.from()&63 == from && o.captured() == m.captured() {
				targets |= 1 << (o.to() & 63)
				done[j] = true
			}
		}
		w := p.walkClicks(m, clicked, ws)
		if !w.ok {
			continue
		}
		steps, ends := w.next(targets)
		c.Next.b |= steps
		for j := i; j < len(legal); j++ {
			if o := legal[j]; o.from()&63 == from && o.captured() == m.captured() && ends&(1<<(o.to()&63)) != 0 {
				match[j] = true
			}
		}
		if ends != 0 && c.Taken == nil {
			// The piece jumped between two squares is the board's, whatever
			// the move: any matching move gives the same pieces.
			c.Taken = w.taken
		}
	}
	for i, m := range legal {
		if match[i] {
			c.Moves = append(c.Moves, m)
		}
	}
	return c
}

// mayBeLegal reports whether m moves a piece of the side to move and takes
// only pieces of the other side: enough for the walks to mean something
// and, as they index tables by bit, to be safe with any Move value.
func (p Position) mayBeLegal(m Move) bool {
	return p.side[0]&(1<<(m.from()&63)) != 0 && m.captured()&^p.side[1] == 0
}

// followedCapture is a capture followed along clicked squares: the capture graph
// of its piece limited to the pieces it takes, where the clicks lead and
// the pieces still to take.
type followedCapture struct {
	w     *capture.Walker
	at    int
	left  uint64
	taken []Square // jumped along the clicks, in order
	ok    bool     // the clicks are jumps of the move's piece
}

// walkClicks follows the squares of clicked (from the start square of the
// capture m) as jumps of m's piece, taking only pieces m takes.
func (p Position) walkClicks(m Move, clicked []Square, ws walkers) followedCapture {
	w := followedCapture{
		w:    ws.of(&p, m),
		at:   int(m.from() & 63),
		left: m.captured(),
	}
	for _, sq := range clicked[1:] {
		taken, ok := w.w.JumpBetween(w.at, int(layout.BitOf[sq]))
		if !ok || w.left&(1<<taken) == 0 {
			return w
		}
		w.at, w.left = int(layout.BitOf[sq]), w.left&^(1<<taken)
		w.taken = append(w.taken, squareOfBit(taken))
	}
	w.ok = true
	return w
}

// next returns the landing squares that may follow the clicks (as bits)
// and those of targets (end squares of moves that take the walk's pieces
// from its start) that some path beginning with the clicks ends on.
func (w *followedCapture) next(targets uint64) (next, ends uint64) {
	if w.left == 0 {
		return 0, targets & (1 << w.at) // the clicks are a whole path
	}
	w.w.Steps(w.at, w.left, func(l, f int) {
		if e := w.w.Ends(context.Background(), l, w.left&^(1<<f), targets, 0); e != 0 {
			next |= 1 << l
			ends |= e
		}
	})
	return next, ends
}

// finishClicks returns the least path of m, compared square by square,
// that begins with clicked, and the pieces it jumps in the order jumped;
// nil when there is none. Each step asks the Euler test about a few
// squares, so even a king taking 32 pieces is completed at once.
func (p Position) finishClicks(m Move, clicked []Square, ws walkers) (path, taken []Square) {
	if m.captured() == 0 {
		if len(clicked) > 2 || (len(clicked) > 0 && clicked[0] != m.From()) || (len(clicked) == 2 && clicked[1] != m.To()) {
			return nil, nil
		}
		return []Square{m.From(), m.To()}, nil
	}
	path = clicked
	if len(path) == 0 {
		path = []Square{m.From()}
	}
	if path[0] != m.From() || !p.mayBeLegal(m) {
		return nil, nil
	}
	w := p.walkClicks(m, path, ws)
	if !w.ok {
		return nil, nil
	}
	path = slices.Clone(path)
	taken = slices.Clone(w.taken)
	to := uint64(1) << (m.to() & 63)
	for w.left != 0 {
		// The jumps from here come in ascending order of landing square
		// (bit order is square order); the first that can still end on
		// m's end square is the least path's.
		found := false
		at, left := w.at, w.left
		w.w.Steps(at, left, func(l, f int) {
			if rest := left &^ (1 << f); !found && w.w.Ends(context.Background(), l, rest, to, 0) != 0 {
				w.at, w.left, found = l, rest, true
				path = append(path, squareOfBit(l))
				taken = append(taken, squareOfBit(f))
			}
		})
		if !found {
			return nil, nil // m has no path that begins with clicked
		}
	}
	if path[len(path)-1] != m.To() {
		return nil, nil // clicked is a whole path of another move
	}
	return path, taken
}
