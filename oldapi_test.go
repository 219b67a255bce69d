package frisian

import (
	"context"
	"iter"
	"slices"
)

// The calls the Legal value replaced, spelled out with it, for the tests
// written against them.

// legalMovesForTest returns the moves in LegalMoves' order, under ctx.
func (p Position) legalMovesForTest(ctx context.Context) ([]Move, error) {
	if ctx == nil {
		_, err := p.Legal(ctx)
		return nil, err
	}
	var g generator
	g.init(&p)
	if ctx.Done() != nil {
		g.Ctx = ctx
	}
	raw := g.appendLegal(nil)
	if g.Err != nil {
		_, err := p.Legal(ctx)
		return nil, err
	}
	moves := make([]Move, len(raw))
	for i, m := range raw {
		moves[i] = Move{m}
	}
	return moves, nil
}

func (p Position) nextSquaresForTest(prefix []Square) (SquareSet, []Move) {
	l, _ := p.Legal(context.Background())
	c := l.Clicks(prefix)
	slices.SortFunc(c.Moves, Move.Compare)
	return c.Next, c.Moves
}

func (p Position) pathsForTest(m Move) iter.Seq[[]Square] {
	l, _ := p.Legal(context.Background())
	return l.Paths(m)
}

func (t MoveText) resolveContextForTest(ctx context.Context, p Position) (Move, error) {
	if ctx == nil {
		return t.resolveAmongForTest(ctx, p, nil)
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return Move{}, err
	}
	return l.Resolve(ctx, t)
}

func (t MoveText) resolveAmongForTest(ctx context.Context, p Position, legal []Move) (Move, error) {
	text := clip(t.String())
	if err := t.check(ctx, text); err != nil {
		return Move{}, err
	}
	return t.resolve(ctx, p, legal, text)
}

func (p Position) parseHubMoveForTest(ctx context.Context, s string) (Move, error) {
	return p.parseHubMove(ctx, s)
}

func (c Clicks) completeForTest(m Move) []Square {
	path, _ := c.Finish(m)
	return path
}
