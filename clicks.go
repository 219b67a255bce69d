package frisian

import (
	"context"
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

// Clicks is what the squares a player has clicked so far select: the
// answer to one click of click-by-click move input (see
// [Position.FollowClicks]).
type Clicks struct {
	// Next holds the squares that may be clicked next: those that follow
	// the clicks on some path ([Position.Paths]) of some legal move.
	Next SquareSet
	// Moves holds the legal moves that have a path beginning with the
	// clicks, in the order they were given. It is empty when the clicks
	// begin no path. When Next is empty and Moves is not, the clicks are a
	// whole path and Moves holds just its move: a path fixes the pieces
	// taken, and a capture that could go on would not be legal.
	Moves []Move
	// Taken holds the pieces the clicked landing squares have jumped, in
	// the order jumped: empty for a quiet move and before the first
	// landing square. Taken pieces stay on the board until the capture
	// ends (Art. 14), so a board shows them as about to go.
	Taken []Square

	p       Position
	clicked []Square
}

// FollowClicks is for click-by-click move input. clicked is what the player
// has clicked so far: the start square of a move, then landing squares in
// order. legal must be the legal moves of p, as [Position.LegalMoves] or
// [Position.LegalMovesContext] returns them, in any order: a server that bounds the
// move search with a context, or answers many clicks in one position,
// computes them once. For other moves the answer is meaningless, but
// FollowClicks does not panic.
//
// No clicks select every legal move, and Next holds their start squares.
// Clicks that begin no path of a move in legal (a square that is not a
// square, a piece that cannot move, a step no move takes) select nothing.
//
// FollowClicks does not list paths: it follows the clicks on the board and
// asks, of each square that could come next, whether the move can still be
// completed from there, so it answers at once also where the moves have
// countless paths.
func (p Position) FollowClicks(legal []Move, clicked []Square) Clicks {
	return p.followClicks(legal, clicked)
}

// followClicks is FollowClicks.
func (p Position) followClicks(legal []Move, clicked []Square) Clicks {
	c := Clicks{p: p, clicked: slices.Clone(clicked)}
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
		w := p.walkClicks(m, clicked)
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
func (p Position) walkClicks(m Move, clicked []Square) followedCapture {
	w := followedCapture{
		w:    newWalker(&p, int(m.from()&63), m.captured()),
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

// Complete returns a whole path of m that begins with the clicks: the
// least, compared square by square, as [Position.Path] gives when nothing
// is clicked. It is for a move finished early, such as by a click on its
// end square, to be shown and recorded along the squares the player did
// click. It returns nil when m is not in c.Moves.
//
// Each step asks the Euler test about a few squares, so even a king
// taking 32 pieces is completed at once.
func (c Clicks) Complete(m Move) []Square {
	path, _ := c.Finish(m)
	return path
}

// Finish is [Clicks.Complete] that also returns the pieces the path
// jumps, in the order jumped, as Taken holds them for clicks along the
// whole path (nil for a quiet move). A UI records and animates a move with
// it once the clicks name m, without following them again; for a move
// given otherwise, typed or an engine's, it calls Finish on the Clicks of
// no clicks, FollowClicks(legal, nil). path and taken are nil when m is
// not in c.Moves.
func (c Clicks) Finish(m Move) (path, taken []Square) {
	if !slices.Contains(c.Moves, m) {
		return nil, nil
	}
	if m.captured() == 0 {
		return []Square{m.From(), m.To()}, nil
	}
	path = c.clicked
	if len(path) == 0 {
		path = []Square{m.From()}
	}
	w := c.p.walkClicks(m, path)
	if !w.ok {
		return nil, nil // cannot happen: m has a path beginning with the clicks
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
			return nil, nil // cannot happen: some path of m goes on from here
		}
	}
	return path, taken
}

// NextSquares is for click-by-click move input. prefix is what the player
// has clicked so far: the start square of a move, then landing squares in
// order. NextSquares returns the squares that may be clicked next, that is
// the squares that follow prefix on some path (see Paths) of some legal
// move, and the legal moves that have a path beginning with prefix, in the
// order of Move.Compare.
//
// When moves is empty, prefix is not the beginning of any legal move's path
// (it holds a square that is not a square, or a piece that cannot move, or
// a step no move takes). When next is empty and moves is not, prefix is a
// whole path of a move and moves holds just that move: a path fixes the
// pieces taken, and a capture that could go on would not be legal. For a
// quiet move the path is its start and end square. An empty prefix gives
// the start squares of the legal moves and all the legal moves.
//
// NextSquares lists the legal moves first, as LegalMoves does, and then
// answers as [Position.FollowClicks], which also gives the pieces jumped so far and
// completes a path, and which takes the legal moves from the caller.
func (p Position) NextSquares(prefix []Square) (next SquareSet, moves []Move) {
	legal := p.LegalMoves()
	slices.SortFunc(legal, Move.Compare)
	c := p.FollowClicks(legal, prefix)
	return c.Next, c.Moves
}
