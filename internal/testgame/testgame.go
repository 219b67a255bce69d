// Package testgame holds the tests' shortcuts for positions and games
// asked about without a deadline, shared by the packages' tests so that
// each does not write them again.
package testgame

import (
	"context"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// Legal returns the Legal of p. A context that is never done cannot stop
// the search, so there is no error to look at.
func Legal(p frisian.Position) frisian.Legal {
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err) // unreachable: only a done context stops the search
	}
	return l
}

// PlayText reads PDN move text in the current position of g and plays it.
func PlayText(g *pdn.Game, s string) (frisian.Move, error) {
	m, err := Legal(g.Position()).ParseMove(context.Background(), s)
	if err != nil {
		return frisian.Move{}, err
	}
	return m, g.Play(context.Background(), m)
}

// Start returns the position g starts from.
func Start(g *pdn.Game) frisian.Position {
	p, _ := g.PositionAt(0)
	return p
}

// HasMoves reports whether the side to move in p has a legal move.
func HasMoves(p frisian.Position) bool { return len(Legal(p).Moves()) > 0 }
