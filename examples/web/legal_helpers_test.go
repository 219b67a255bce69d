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

// playText reads PDN move text in the current position of g and plays it.
func playText(g *pdn.Game, s string) (frisian.Move, error) {
	m, err := legalOf(g.Position()).ParseMove(context.Background(), s)
	if err != nil {
		return frisian.Move{}, err
	}
	return m, g.Play(m)
}
