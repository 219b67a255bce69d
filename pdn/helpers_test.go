package pdn

import (
	"context"

	"github.com/frisian-draughts/frisian"
)

// txtFailer is what testing.T and rapid.T share.
type txtFailer interface {
	Helper()
	Errorf(format string, args ...any)
}

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
func playText(g *Game, s string) (frisian.Move, error) {
	m, err := legalOf(g.Position()).ParseMove(context.Background(), s)
	if err != nil {
		return frisian.Move{}, err
	}
	return m, g.Play(context.Background(), m)
}

// climb3Kings2 is a placement of testdata/worstcase.txt in the root
// package whose capture search takes long: a reader of it needs its
// context.
const climb3Kings2 = "B:WK4,7,10,K12,13,15,18,K22,24,K27,31,36,38,K40,41,42,43,47,49:BK19,K25"
