package frisian_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/frisian-draughts/frisian"
)

func ExamplePosition_ParseMove() {
	p := frisian.StartPosition()
	m, err := p.ParseMove("32-28")
	fmt.Println(m, err)

	// Text that is no move, and a move that is not legal here.
	_, err = p.ParseMove("32-28-23")
	fmt.Println(errors.Is(err, frisian.ErrInvalidMove), err)
	_, err = p.ParseMove("32-26!")
	fmt.Println(errors.Is(err, frisian.ErrIllegalMove))

	// Black's man on 18 can end on 36 taking two different sets of men:
	// "18x36" is ambiguous, and the error lists both landing paths.
	p = frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	_, err = p.ParseMove("18x36")
	var me *frisian.MoveError
	if errors.Is(err, frisian.ErrAmbiguousMove) && errors.As(err, &me) {
		fmt.Println(me.Candidates)
	}
	// Any landing square that tells them apart is enough.
	m, _ = p.ParseMove("18x40x36")
	fmt.Println(p.MoveText(m).String(), m.HubString())
	// Output:
	// 32-28 <nil>
	// true invalid move "32-28-23": a quiet move names two squares
	// true
	// [18x38x29x49x38x36 18x38x40x49x38x36]
	// 18x38x40x49x38x36 18x36x28x37x39x43x44
}

func ExamplePosition_MoveText() {
	// A king takes a king and a man: the shortest text names start and end,
	// the whole landing path shows the way, the Hub form lists what it
	// takes.
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	moves := p.LegalMoves()
	slices.SortFunc(moves, frisian.Move.Compare)
	for _, m := range moves {
		full := frisian.MoveText{Squares: p.Path(m), Capture: true}
		fmt.Println(p.MoveText(m), full, m.HubString())
	}
	// Output:
	// 50x2 50x11x2 50x2x7x22
	// 50x8 50x6x8 50x8x7x22
	// 50x9 50x6x9 50x9x7x22
	// 50x10 50x6x10 50x10x7x22
}

func ExamplePosition_ParseHubMove() {
	// Engines speak Hub: start, end, then every captured square.
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	m, err := p.ParseHubMove("50x8x22x7")
	fmt.Println(p.MoveText(m).String(), err)
	// Output:
	// 50x8 <nil>
}

// A position from a stranger, such as a GUI's pos command, is worked out
// under a deadline, which caps the move generation; its moves are then read
// in the Hub protocol's long form.
func ExampleLegal_ParseHubMove() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	l, err := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26").Legal(ctx)
	if errors.Is(err, frisian.ErrSearchStopped) {
		fmt.Println("out of time")
		return
	}
	for _, text := range []string{"50x8x7x22", "43-38"} {
		m, err := l.ParseHubMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(l.Text(m))
	}
	// Output:
	// 50x8
	// illegal move "43-38": capturing is compulsory (Art. 10)
}

func ExampleLegal_Resolve() {
	// A board UI has worked out the legal moves once, for the clicks; a
	// typed move is read against them.
	l, _ := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19").Legal(context.Background())
	for _, s := range []string{"18x40x36", "18x36", "19-24"} {
		text, err := frisian.ParseMoveText(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		m, err := l.Resolve(context.Background(), text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(l.Text(m))
	}
	// Output:
	// 18x38x40x49x38x36
	// ambiguous move "18x36": several legal captures match; give the landing path (18x38x29x49x38x36, 18x38x40x49x38x36)
	// illegal move "19-24": capturing is compulsory (Art. 10)
}
