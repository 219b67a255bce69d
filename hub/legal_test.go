package hub

import (
	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// gameOutcome is the outcome of g under the official rules.
func gameOutcome(g *pdn.Game) frisian.Outcome {
	o, _ := g.Outcome(frisian.OfficialDraws)
	return o
}

// gameOver reports whether g has ended under the official rules.
func gameOver(g *pdn.Game) bool { return gameOutcome(g).IsOver() }
