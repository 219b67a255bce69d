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

func ExampleLegal_Clicks_circular() {
	// A capture that comes back to its start is clicked along its landing
	// squares: a second click on 28 would let the man go.
	p := frisian.MustParseFEN("W:W28:B18,22,23")
	l, _ := p.Legal(context.Background())
	c := l.Clicks([]frisian.Square{28, 19, 17, 28})
	m, ok := c.Move()
	fmt.Println(l.Text(m), ok, c.Taken)
	// Output:
	// 28x17x19x28 true [23 18 22]
}

func ExampleLegal_Taken() {
	// The computer, or a typed move, names a move without clicks: to
	// animate it, a page shows its path and lifts the pieces in the order
	// they are jumped.
	p := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err)
	}
	for _, m := range l.Moves() {
		path := l.Path(m)
		taken, _ := l.Taken(m, path)
		fmt.Println(l.Text(m), "along", path, "taking", taken)
	}
	// Output:
	// 18x29 along [18 38 40 49 38 29] taking [28 39 44 43 33]
	// 18x38x29x49x38x36 along [18 38 29 49 38 36] taking [28 33 39 43 37]
	// 18x38x40x49x38x36 along [18 38 40 49 38 36] taking [28 39 44 43 37]
}
