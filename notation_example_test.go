package frisian_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/frisian-draughts/frisian"
)

func ExampleLegal_ParseMove() {
	ctx := context.Background()
	l, _ := frisian.StartPosition().Legal(ctx)
	m, err := l.ParseMove(ctx, "32-28")
	fmt.Println(l.Text(m), err)

	// Text that is no move, and a move that is not legal here.
	_, err = l.ParseMove(ctx, "32-28-23")
	fmt.Println(errors.Is(err, frisian.ErrInvalidMove), err)
	_, err = l.ParseMove(ctx, "32-26!")
	fmt.Println(errors.Is(err, frisian.ErrIllegalMove))

	// Black's man on 18 can end on 36 taking two different sets of men:
	// "18x36" is ambiguous, and the error lists both landing paths.
	l, _ = frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19").Legal(ctx)
	_, err = l.ParseMove(ctx, "18x36")
	var me *frisian.MoveError
	if errors.Is(err, frisian.ErrAmbiguousMove) && errors.As(err, &me) {
		fmt.Println(me.Candidates)
	}
	// Any landing square that tells them apart is enough.
	m, _ = l.ParseMove(ctx, "18x40x36")
	fmt.Println(l.Text(m), m)
	// Output:
	// 32-28 <nil>
	// true invalid move "32-28-23": a quiet move names two squares
	// true
	// [18x38x29x49x38x36 18x38x40x49x38x36]
	// 18x38x40x49x38x36 18x36x28x37x39x43x44
}

func ExampleLegal_Text() {
	// A king takes a king and a man: the shortest text names start and end;
	// the path shows the way; Move.String, the Hub form, needs no position
	// and lists what it takes.
	l, _ := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26").Legal(context.Background())
	for _, m := range l.Moves() {
		fmt.Println(l.Text(m), l.Path(m), m)
	}
	// Output:
	// 50x2 [50 11 2] 50x2x7x22
	// 50x8 [50 6 8] 50x8x7x22
	// 50x9 [50 6 9] 50x9x7x22
	// 50x10 [50 6 10] 50x10x7x22
}

// A position from a stranger, such as a GUI's pos command, is worked out
// under a deadline, which caps the move generation; its moves are then read
// in the Hub protocol's long form, as engines write them.
func ExampleLegal_ParseHubMove() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	l, err := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26").Legal(ctx)
	if errors.Is(err, frisian.ErrSearchStopped) {
		fmt.Println("out of time")
		return
	}
	for _, text := range []string{"50x8x22x7", "43-38"} {
		m, err := l.ParseHubMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(l.Text(m), m)
	}
	// Output:
	// 50x8 50x8x7x22
	// illegal move "43-38": capturing is compulsory (Art. 10)
}
