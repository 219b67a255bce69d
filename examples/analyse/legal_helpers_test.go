package main

import (
	"context"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// legalOf returns the Legal of p. A context that is never done cannot stop
// the search, so there is no error to look at.
func legalOf(p frisian.Position) frisian.Legal {
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err)
	}
	return l
}

// startOf returns the position g starts from.
func startOf(g *pdn.Game) frisian.Position {
	p, _ := g.PositionAt(0)
	return p
}
