package hub

import (
	"context"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// gameOutcome is the outcome of g under the official rules.
func gameOutcome(g *pdn.Game) frisian.Outcome {
	o, _, _ := g.Outcome(context.Background(), frisian.OfficialDraws)
	return o
}

// gameOver reports whether g has ended under the official rules.
func gameOver(g *pdn.Game) bool { return gameOutcome(g).IsOver() }
