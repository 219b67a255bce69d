package frisian_test

import (
	"context"
	"fmt"

	"github.com/frisian-draughts/frisian"
)

func ExampleLegal_Clicks() {
	// Black's man on 18 must take five men, and may end on 29 or, taking
	// different men, on 36. A page asks after each click what may come
	// next, of the legal moves it has worked out once.
	p := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err)
	}
	c := l.Clicks([]frisian.Square{18, 38, 40})
	fmt.Println("next:", c.Next, "taken so far:", c.Taken, "moves:", len(c.Moves))

	// The player clicks 36, an end square only one of those moves has:
	// the page plays it, drawn along the squares clicked.
	for _, m := range c.Moves {
		if m.To() == 36 {
			path, _ := c.Finish(m)
			fmt.Println("played along", path)
		}
	}
	// Output:
	// next: 49 taken so far: [28 39] moves: 2
	// played along [18 38 40 49 38 36]
}

func ExampleClicks_Finish() {
	// The computer, or a typed move, names a move with no clicks: from the
	// selection of no clicks, Finish gives its least path and the pieces
	// in the order they are jumped, to record and to animate it.
	p := frisian.MustParseFEN("W:W28:B18,22,23")
	l, _ := p.Legal(context.Background())
	m := l.Moves()[0]
	path, taken := l.Clicks(nil).Finish(m)
	fmt.Println(path, taken)

	// A player who clicked 28 and 19 goes round the other way.
	path, taken = l.Clicks([]frisian.Square{28, 19}).Finish(m)
	fmt.Println(path, taken)
	// Output:
	// [28 17 19 28] [22 18 23]
	// [28 19 17 28] [23 18 22]
}
