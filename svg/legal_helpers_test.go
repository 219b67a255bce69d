package svg_test

import (
	"context"

	"github.com/frisian-draughts/frisian"
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
