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
// answer to one click of click-by-click move input (see [Legal.Clicks]).
type Clicks struct {
	// Next holds the squares that may be clicked next: those that follow
	// the clicks on some path ([Legal.Paths]) of some legal move.
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

// followClicks is Legal.Clicks, given the legal moves of p in any order.
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

// Finish returns a whole path of m that begins with the clicks, and the
// pieces it jumps in the order jumped, as Taken holds them for clicks
// along the whole path (nil for a quiet move). The path is the least,
// compared square by square, as [Position.Path] gives when nothing is
// clicked. A UI records and animates a move with it once the clicks name
// m, such as by a click on its end square, without following them again;
// for a move given otherwise, typed or an engine's, it calls Finish on the
// Clicks of no clicks. path and taken are nil when m is not in c.Moves.
// Each step asks the Euler test about a few squares, so even a king taking
// 32 pieces is completed at once.
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
