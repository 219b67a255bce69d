package frisian_test

import (
	"context"
	"fmt"

	"github.com/frisian-draughts/frisian"
)

func ExampleLegal_Outcome() {
	// A board UI works out the legal moves of each position once, for the
	// clicks, and asks the outcome of them.
	l, _ := frisian.MustParseFEN("W:WK47:BK4:H3").Legal(context.Background())
	fmt.Println(l.Outcome(frisian.OfficialDraws))
	fmt.Println(l.Outcome(frisian.LidraughtsDraws))

	// No legal move: lost.
	l, _ = frisian.MustParseFEN("W:W46:BK5,37,41").Legal(context.Background())
	fmt.Println(l.Outcome(frisian.OfficialDraws))
	// Output:
	// draw (one king each)
	// ongoing
	// black wins (no legal move)
}

func ExamplePosition_DrawCounters() {
	// Two kings against one: White, with two kings, has made 6 of its 7
	// moves (the last of 12 plies was Black's). lidraughts counts plies.
	p := frisian.MustParseFEN("W:WK46,K50:BK4:H12")
	for _, rules := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
		for _, c := range p.DrawCounters(rules) {
			fmt.Printf("%s: %v: %d to go\n", rules, c, c.Limit-c.Count)
		}
	}
	// One king each: the official rules draw at once or not at all, and
	// count nothing.
	p = frisian.MustParseFEN("W:WK47:BK4:H1")
	fmt.Println(len(p.DrawCounters(frisian.OfficialDraws)), p.DrawCounters(frisian.LidraughtsDraws))
	// Output:
	// official: 6 of 7 moves by white: 1 to go
	// lidraughts: 12 of 14 plies: 2 to go
	// 0 [1 of 4 plies]
}
