package frisian_test

import (
	"context"
	"fmt"

	"github.com/frisian-draughts/frisian"
)

func ExampleLegal_Clicks() {
	// Black's man on 18 must take five men, and may end on 29 or, taking
	// other men, on 36 by two paths. A page works out the legal moves once
	// and asks, after each click, what the clicks so far select.
	p := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err)
	}
	c := l.Clicks([]frisian.Square{18})
	fmt.Println("selected:", c.Path, "next:", c.Next, "moves:", len(c.Moves))

	// A click on 36 names no one move: two end there.
	c = l.Clicks([]frisian.Square{18, 36})
	fmt.Println(c.Refused)

	// A click on 29, the end of one move, plays it along its least path.
	c = l.Clicks([]frisian.Square{18, 29})
	if m, ok := c.Move(); ok {
		fmt.Println("played", l.Text(m), "along", c.Path, "taking", c.Taken)
	}

	// So does a click on 36 once the path leaves one move ending there.
	c = l.Clicks([]frisian.Square{18, 38, 40, 36})
	if m, ok := c.Move(); ok {
		fmt.Println("played", l.Text(m), "along", c.Path)
	}
	// Output:
	// selected: [18] next: 38 moves: 3
	// ambiguous move "36": captures that take different pieces end on 36; click the squares along the one you mean (18x38x29x49x38x36, 18x38x40x49x38x36)
	// played 18x29 along [18 38 40 49 38 29] taking [28 39 44 43 33]
	// played 18x38x40x49x38x36 along [18 38 40 49 38 36]
}

func ExampleLegal_Clicks_computer() {
	// The computer, or a typed move, names a move without clicks: the
	// clicks of its path give the pieces in the order jumped, to animate
	// it as if it had been clicked.
	p := frisian.MustParseFEN("W:W28:B18,22,23")
	l, _ := p.Legal(context.Background())
	m := l.Moves()[0]
	c := l.Clicks(l.Path(m))
	fmt.Println(l.Text(m), c.Path, c.Taken)

	// A capture that comes back to its start is clicked along its landing
	// squares: a second click on 28 would let the man go.
	c = l.Clicks([]frisian.Square{28, 19, 17, 28})
	got, ok := c.Move()
	fmt.Println(got == m, ok, c.Taken)
	// Output:
	// 28x17x19x28 [28 17 19 28] [22 18 23]
	// true true [23 18 22]
}
