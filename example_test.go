package frisian_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/frisian-draughts/frisian"
)

func ExampleStartPosition() {
	p := frisian.StartPosition()
	fmt.Println(p.FEN())
	fmt.Println(p.Turn(), "to move")

	// White's front men (31–35) each step to one or two squares of row 26–30.
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err) // only a context that is done stops the search
	}
	for _, m := range l.Moves() {
		fmt.Print(l.Text(m), " ")
	}
	fmt.Println()
	// Output:
	// W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
	// white to move
	// 31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30
}

func ExampleLegal_Moves() {
	// White's king on 7 and man on 21 can each take Black's king on 17: the
	// king vertically (7, 17, then any empty square beyond), the man
	// diagonally to 12. The values are equal, so the king's capture must be
	// played (Art. 12); it may land on 27, 37 or 47: three moves.
	p := frisian.MustParseFEN("W:WK7,21:BK17,35")
	l, _ := p.Legal(context.Background())
	for _, m := range l.Moves() {
		fmt.Println(l.Text(m), "by king:", m.ByKing(), "captures:", m.Captured())
	}
	// Output:
	// 7x27 by king: true captures: 17
	// 7x37 by king: true captures: 17
	// 7x47 by king: true captures: 17
}

func ExampleParseFEN() {
	// The tag form, ranges and a trailing dot are all accepted.
	p, err := frisian.ParseFEN(`[FEN "B:W31-35,K45:B1-5."]`)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.FEN())
	fmt.Println(p.Turn(), p.PieceAt(45), p.PieceAt(3))

	// lidraughts' king-move field, Black first: White's king on 40 has made
	// three quiet moves in a row and may not make a fourth.
	p = frisian.MustParseFEN("W:W31,K40:B1:H0:F12:+0+340")
	fmt.Println(p.KingRun(frisian.White).Count, p.KingRun(frisian.White).Square)
	fmt.Println(p.FEN())

	// A well-formed FEN of an impossible position: a White man on square 3,
	// White's promotion row.
	_, err = frisian.ParseFEN("W:W3:B1")
	fmt.Println(err)
	fmt.Println(errors.Is(err, frisian.ErrInvalidPosition))
	// Output:
	// B:W31,32,33,34,35,K45:B1,2,3,4,5
	// black W b
	// 3 40
	// W:W31,K40:B1:+0+340
	// invalid position at offset 3: white man on its promotion row at 3
	// true
}

func ExamplePosition_Apply() {
	// White's man on 28 must take all three Black men, jumping 22, 18 and
	// 23 and coming back to its own start square (RULES.md §3).
	p := frisian.MustParseFEN("W:W28:B18,22,23")
	l, _ := p.Legal(context.Background())
	m := l.Moves()[0]
	fmt.Println(l.Text(m), m, m.Captured())

	q := p.Apply(m)
	fmt.Println(q.FEN())
	lq, _ := q.Legal(context.Background())
	fmt.Println(lq.Outcome(frisian.OfficialDraws))
	fmt.Println("receiver unchanged:", p.FEN())
	// Output:
	// 28x17x19x28 28x28x18x22x23 18,22,23
	// B:W28:B
	// white wins (no legal move)
	// receiver unchanged: W:W28:B18,22,23
}

func ExampleLegal_Path() {
	// A man captures straight up over 22 (32 → 12), sideways over 13
	// (12 → 14), then diagonally over 10 onto 5, where its move ends and it
	// is crowned.
	p := frisian.MustParseFEN("W:W32:B10,13,22")
	l, _ := p.Legal(context.Background())
	for _, m := range l.Moves() {
		fmt.Println(l.Text(m), "path:", l.Path(m), "captures:", m.Captured(), "promotion:", m.IsPromotion())
		fmt.Println(p.Apply(m).FEN())
	}
	// Output:
	// 32x5 path: [32 12 14 5] captures: 10,13,22 promotion: true
	// B:WK5:B
}

func ExamplePerft() {
	p := frisian.StartPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Printf("depth %d: %d\n", depth, frisian.Perft(p, depth))
	}
	// Output:
	// depth 1: 9
	// depth 2: 81
	// depth 3: 658
	// depth 4: 3874
}

func ExampleLegal_ParseMove_deadline() {
	// A server reading a stranger's position and move text bounds the
	// searches: of the legal moves, and here of the capture's paths, as
	// the text names it by one of its landing squares.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	l, err := frisian.MustParseFEN("W:W47:B42,32,22,12").Legal(ctx)
	if err != nil {
		fmt.Println("too slow to answer:", err)
		return
	}
	m, err := l.ParseMove(ctx, "47x27x7")
	if errors.Is(err, frisian.ErrSearchStopped) {
		fmt.Println("too slow to answer")
		return
	}
	fmt.Println(l.Text(m), err, l.Path(m))
	// Output:
	// 47x7 <nil> [47 38 27 18 7]
}

func ExamplePosition_KingRun() {
	// White's king moves three times in a row while White has a man: the
	// fourth time it is held (Art. 17), and only the man may move.
	ctx := context.Background()
	p := frisian.MustParseFEN("W:W35,K46:BK3")
	for _, s := range []string{"46-41", "3-9", "41-46", "9-3", "46-41", "3-9"} {
		l, _ := p.Legal(ctx)
		m, err := l.ParseMove(ctx, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		p = p.Apply(m)
	}
	r := p.KingRun(frisian.White)
	fmt.Printf("king on %v: %d of %d moves\n", r.Square, r.Count, frisian.KingRunLimit)
	l, _ := p.Legal(ctx)
	for _, m := range l.Moves() {
		fmt.Println(l.Text(m))
	}
	// Output:
	// king on 41: 3 of 3 moves
	// 35-30
}
