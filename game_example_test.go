package frisian_test

import (
	"fmt"

	"github.com/frisian-draughts/frisian"
)

func ExampleGame() {
	// One king each: the official rules draw at once when neither side can
	// force a capture; lidraughts lets four plies be played first.
	g := frisian.NewGame(frisian.MustParseFEN("W:WK47:BK4"))
	g.Tags.Set("Event", "Endgame")
	for _, s := range []string{"47-41", "4-9", "41-47", "9-4"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Len(), g.Position())
	fmt.Println(g.Outcome(), "at ply", g.EndPly(frisian.OfficialDraws))
	fmt.Println(g.OutcomeWith(frisian.LidraughtsDraws), "at ply", g.EndPly(frisian.LidraughtsDraws))

	m, _ := g.Undo()
	fmt.Println("took back", m, "-", g.OutcomeWith(frisian.LidraughtsDraws))

	pdn, _ := g.MarshalText()
	fmt.Print(string(pdn))
	// Output:
	// 4 W:WK47:BK4:H4
	// draw (one king each) at ply 0
	// draw (lidraughts: one king each for 4 plies) at ply 4
	// took back 9-4 - ongoing
	// [Event "Endgame"]
	// [GameType "40"]
	// [FEN "W:WK47:BK4"]
	// [Result "1-1"]
	//
	// 1. 47-41 4-9 2. 41-47 1-1
}
