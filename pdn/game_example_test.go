package pdn_test

import (
	"context"
	"fmt"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
)

func ExampleGame() {
	// One king each: the official rules draw at once when neither side can
	// force a capture; lidraughts lets four plies be played first.
	ctx := context.Background()
	g := pdn.NewGame(frisian.MustParseFEN("W:WK47:BK4"))
	g.Tags.Set("Event", "Endgame")
	for _, s := range []string{"47-41", "4-9", "41-47", "9-4"} {
		l, err := g.Legal(ctx)
		if err != nil {
			fmt.Println(err)
			return
		}
		m, err := l.ParseMove(ctx, s)
		if err == nil {
			err = g.Play(ctx, m)
		}
		if err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Len(), g.Position())
	for _, rules := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
		o, ply, err := g.Outcome(ctx, rules)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(o, ply)
	}

	m, _ := g.Undo()
	o, ply, _ := g.Outcome(ctx, frisian.LidraughtsDraws)
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
