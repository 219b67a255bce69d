package frisian

import (
	"context"
	"slices"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// Helpers for the tests, on the API that stays.

// legal returns the Legal of p. A context that is never done cannot stop
// the search, so there is no error to look at.
func legalOf(p Position) Legal {
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err)
	}
	return l
}

// movesIn returns the legal moves of p worked out under ctx.
func movesIn(p Position, ctx context.Context) ([]Move, error) {
	l, err := p.Legal(ctx)
	if err != nil {
		return nil, err
	}
	return l.Moves(), nil
}

// parseIn reads PDN move text in p under ctx, as a server does.
func parseIn(p Position, ctx context.Context, s string) (Move, error) {
	l, err := p.Legal(ctx)
	if err != nil {
		return Move{}, err
	}
	return l.ParseMove(ctx, s)
}

// parseHubIn reads Hub move text in p under ctx.
func parseHubIn(p Position, ctx context.Context, s string) (Move, error) {
	l, err := p.Legal(ctx)
	if err != nil {
		return Move{}, err
	}
	return l.ParseHubMove(s)
}

// nextSquares is the squares that may follow prefix, a start square and
// landing squares, and the moves it may still become.
func nextSquares(p Position, prefix []Square) (SquareSet, []Move) {
	c := p.followClicks(legalOf(p).Moves(), prefix, nil)
	return c.Next, c.Moves
}

// finishPath is the least path of m that begins with prefix.
func finishPath(p Position, m Move, prefix []Square) []Square {
	path, _ := p.finishClicks(m, prefix, nil)
	return path
}

// resolveAmong is the second step of Legal.ParseMove, among any moves.
func (t moveText) resolveAmong(ctx context.Context, p Position, moves []Move) (Move, error) {
	if ctx == nil {
		return Move{}, errtext.NilContext("resolving " + errtext.Clip(t.String()))
	}
	return t.resolve(ctx, p, moves, errtext.Clip(t.String()))
}

// sorted returns the moves in canonical order.
func sorted(moves []Move) []Move {
	moves = slices.Clone(moves)
	slices.SortFunc(moves, Move.Compare)
	return moves
}
