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
	fmt.Println(g.End(frisian.OfficialDraws))
	fmt.Println(g.End(frisian.LidraughtsDraws))

	m, _ := g.Undo()
	o, ply := g.End(frisian.LidraughtsDraws)
	fmt.Println("took back", m, "-", o, ply)

	pdn, _ := g.MarshalText()
	fmt.Print(string(pdn))
	// Output:
	// 4 W:WK47:BK4:H4
	// draw (one king each) 0
	// draw (lidraughts: one king each for 4 plies) 4
	// took back 9-4 - ongoing -1
	// [Event "Endgame"]
	// [GameType "40"]
	// [FEN "W:WK47:BK4"]
	// [Result "1-1"]
	//
	// 1. 47-41 4-9 2. 41-47 1-1
}
