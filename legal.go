package frisian

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian/internal/capture"
)

// Legal is a position with its legal moves, worked out once: what a board
// UI, a server or a bot needs of one position — the moves, their text, a
// typed move resolved, a click followed, a path to animate, the outcome —
// without working the moves out again for each. Get one with
// [Position.Legal].
//
// A Legal is a small value, safe to copy and to share between goroutines.
// The zero Legal is the empty board with White to move and no moves: lost
// for White.
type Legal struct {
	p     Position
	moves []Move // in Move.Compare order, shared by copies: never written
}

// Legal works out the legal moves of p. ctx bounds the time of the capture
// search: made-up placements of many pieces can have captures that take
// long to search (up to a few hundred milliseconds for the hardest known;
// no bound is proven), so a server that reads positions from strangers
// gives ctx a deadline.
// When ctx is done before the moves are known, Legal returns an error
// wrapping both [ErrSearchStopped] and ctx.Err(), never a partial list. A
// nil ctx gives an error wrapping [os.ErrInvalid].
func (p Position) Legal(ctx context.Context) (Legal, error) {
	if ctx == nil {
		return Legal{}, errtext.NilContext("legal moves")
	}
	var buf [128]capture.Move
	var g generator
	g.init(&p)
	if ctx.Done() != nil {
		g.Ctx = ctx // a context that is never done needs no looking at
	}
	moves := g.appendLegal(buf[:0])
	if g.Err != nil {
		return Legal{}, fmt.Errorf("legal moves of %s: %w: %w", p.FEN(), ErrSearchStopped, g.Err)
	}
	l := Legal{p, slices.Clone(asMoves(moves))}
	slices.SortFunc(l.moves, Move.Compare)
	return l, nil
}

// Position returns the position.
func (l Legal) Position() Position { return l.p }

// Moves returns the legal moves in canonical order ([Move.Compare]): the
// captures of the highest value if there is any capture, otherwise the
// quiet moves. An empty list means the side to move has lost.
func (l Legal) Moves() []Move { return slices.Clone(l.moves) }

// Contains reports whether m is one of the legal moves.
func (l Legal) Contains(m Move) bool {
	_, found := slices.BinarySearchFunc(l.moves, m, Move.Compare)
	return found
}

// Path returns the squares m visits: its start, every landing square in
// order, and its end (for a quiet move just start and end). A capture
// with several paths gets the least, compared square by square, so the
// answer never depends on how paths are found. It is nil when m is not
// legal. For the pieces taken along it, in order, see [Legal.Taken].
func (l Legal) Path(m Move) []Square {
	if !l.Contains(m) {
		return nil
	}
	return l.p.legalPath(m)
}

// Taken returns the pieces m takes along path, in the order jumped, and
// true when path is one of m's paths as [Legal.Path] and [Legal.Paths]
// give them: its start, every landing square in order, its end. A quiet
// move's path is its start and end, taking nothing. When m is not legal or
// path is not one of its paths, Taken returns nil and false. It follows
// path on the board once, so it costs about what Path does, where
// [Legal.Clicks] of the path would ask at each step what could come next.
func (l Legal) Taken(m Move, path []Square) ([]Square, bool) {
	switch {
	case !l.Contains(m):
		return nil, false
	case !m.IsCapture():
		return nil, len(path) == 2 && path[0] == m.From() && path[1] == m.To()
	}
	return l.p.takenAlong(m, path)
}

// Paths yields every path of m, least first, as [Legal.Path] writes
// one: for a capture every order and choice of landing squares that takes
// exactly m's pieces from m's start to m's end, for a quiet move its one
// path. The slice yielded is reused: copy it to keep it. A capture of many
// pieces can have astronomically many paths, so stop when you have what
// you need; for click-by-click input use [Legal.Clicks]. A move that is
// not legal yields nothing.
func (l Legal) Paths(m Move) iter.Seq[[]Square] {
	return func(yield func([]Square) bool) {
		if !l.Contains(m) {
			return
		}
		if m.captured() == 0 {
			yield([]Square{m.From(), m.To()})
			return
		}
		var buf []Square
		l.p.walkCaptures(m, func(path []uint8) bool {
			buf = buf[:0]
			for _, b := range path {
				buf = append(buf, squareOfBit(b))
			}
			return yield(buf)
		})
	}
}

// Outcome returns the outcome of the position under the given draw rules:
// a win for the side not to move when the side to move has no legal move,
// otherwise a draw when a draw rule applies (RULES.md §7), otherwise
// Ongoing. A side with no legal move has lost under either rules; the draw
// rules are looked at only after.
func (l Legal) Outcome(rules DrawRules) Outcome { return l.p.outcomeAmong(rules, l.moves) }
