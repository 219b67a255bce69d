package frisian

import "slices"

// Click-by-click move input. A board UI lets a player enter a move as its
// start square and then its landing squares one at a time, along any path
// of the move (RULES.md §3.2). After each click it needs the squares that
// may come next and the moves still possible.
//
// Listing the paths (Paths) and keeping those that start with the clicks
// does not work: a king taking many pieces has astronomically many paths,
// in ascending order, and the ones that start with a late first landing
// square come after all the others. Instead the clicks are followed as
// jumps on the board, one piece each, and every jump that could come next
// is asked whether the rest of the move can still be completed from its
// landing square: the Euler test of euler.go answers that at once for
// every end square (captureGraph.ends, which stays exact when the test
// runs out of budget).

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
// NextSquares does not list paths: it follows prefix on the board and
// asks, of each square that could come next, whether the move can still be
// completed from there, so it answers at once also where the moves have
// countless paths (BenchmarkNextSquaresPathological). It lists the legal
// moves first, as LegalMoves does.
func (p Position) NextSquares(prefix []Square) (next SquareSet, moves []Move) {
	legal := p.LegalMoves()
	slices.SortFunc(legal, Move.Compare)
	if len(prefix) == 0 {
		for _, m := range legal {
			next = next.With(m.From())
		}
		return next, legal
	}
	for _, sq := range prefix {
		if !sq.Valid() {
			return SquareSet{}, nil
		}
	}
	from := bitOf[prefix[0]]
	match := make([]bool, len(legal))
	done := make([]bool, len(legal)) // captures already looked at with an equal captured set
	for i, m := range legal {
		if m.from&63 != from || done[i] {
			continue
		}
		if m.captured == 0 {
			switch {
			case len(prefix) == 1:
				next.b |= 1 << (m.to & 63)
				match[i] = true
			case len(prefix) == 2 && prefix[1] == m.To():
				match[i] = true
			}
			continue
		}
		// The moves with this start and these captured pieces differ only in
		// their end square; one walk along the clicks serves them all.
		var group []int
		var targets uint64 // their end squares
		for j := i; j < len(legal); j++ {
			if o := legal[j]; o.from&63 == from && o.captured == m.captured {
				group = append(group, j)
				targets |= 1 << (o.to & 63)
				done[j] = true
			}
		}
		steps, ends := p.followClicks(m, prefix, targets)
		next.b |= steps
		for _, j := range group {
			if ends&(1<<(legal[j].to&63)) != 0 {
				match[j] = true
			}
		}
	}
	for i, m := range legal {
		if match[i] {
			moves = append(moves, m)
		}
	}
	return next, moves
}

// followClicks follows the squares of prefix as jumps of the capture m's
// piece, taking only pieces m takes. It returns the landing squares that
// may follow prefix (as bits) and those of targets (end squares of moves
// that take m's pieces from m's start) that some path beginning with
// prefix ends on.
func (p Position) followClicks(m Move, prefix []Square, targets uint64) (next, ends uint64) {
	from := uint64(1) << (m.from & 63)
	cg := newCaptureGraph(int(m.from&63), p.side[0]|p.side[1], m.captured, p.kings&from != 0)
	at, left := int(m.from&63), m.captured
	for _, sq := range prefix[1:] {
		taken, ok := cg.jumpBetween(at, int(bitOf[sq]))
		if !ok || left&(1<<taken) == 0 {
			return 0, 0
		}
		at, left = int(bitOf[sq]), left&^(1<<taken)
	}
	if left == 0 {
		return 0, targets & (1 << at) // prefix is a whole path
	}
	cg.steps(at, left, func(l, f int) {
		if e := cg.ends(l, left&^(1<<f)) & targets; e != 0 {
			next |= 1 << l
			ends |= e
		}
	})
	return next, ends
}
