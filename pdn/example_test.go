package pdn_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
)

func ExampleReader() {
	const file = `[Event "Frysk! Shield Arena"]
[Result "2-0"]
[GameType "97"]
[FEN "W:W46,47,48,49,50:B1,2,3,4,5"]

1. 48-43 {[%clock w0:03:00 B0:03:00]} 5-10 2. 43-39 3-9 2-0

[Event "A slip"]
[GameType "40"]

1. 32-28 18-23 2. 28-19 *
`
	r := pdn.NewReader(strings.NewReader(file))
	for g, err := range r.Games() {
		fmt.Println(g.Tags.Get("Event"), g.Len(), g.Position())
		fmt.Println(" comment:", g.Annotation(1).Comments)
		var pe *pdn.Error
		if errors.As(err, &pe) {
			fmt.Println(" line", pe.Line, "column", pe.Column, "move", pe.Move, errors.Is(err, frisian.ErrIllegalMove))
			fmt.Println(" ", err)
		}
	}
	// Output:
	// Frysk! Shield Arena 4 W:W39,46,47,49,50:B1,2,4,9,10
	//  comment: [[%clock w0:03:00 B0:03:00]]
	// A slip 2 W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19,20,23
	//  comment: []
	//  line 11 column 19 move 2 true
	//   PDN game 2, line 11, column 19, move 2: illegal move "28-19": the piece on 28 cannot move to 19
}

func ExampleWriter() {
	ctx := context.Background()
	g := pdn.NewGame(frisian.StartPosition())
	g.Tags.Set("Event", "Demo")
	for _, s := range []string{"32-28", "19-23", "28x19", "14x23"} {
		l, _ := g.Legal(ctx)
		m, err := l.ParseMove(ctx, s)
		if err == nil {
			err = g.Play(ctx, m)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	g.SetAnnotation(3, pdn.Annotation{Marks: []string{"!"}, Comments: []string{"forced"}})
	w := pdn.NewWriter(os.Stdout)
	// A game from a stranger may start from a position whose captures take
	// long to search: ctx bounds the writer's search of the moves' text.
	if err := w.WriteGameContext(ctx, g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "Demo"]
	// [GameType "40"]
	// [Result "*"]
	//
	// 1. 32-28 19-23 2. 28x19! {forced} 2... 14x23 *
}
