package frisian

import (
	"strconv"
	"strings"
)

// Diagram returns a small text picture of p for logs and terminals: the board
// seen from the side of from (White below), with the numbers of the first and last square of
// each row on its left and right, then whose turn it is and, when they are
// not zero, the three-move king states and the draw-rule ply counter.
//
// Men and kings are drawn as w, W, b and B (as [Piece.String] gives them),
// empty dark squares as '.' and light squares as blanks:
//
//	   +---------------------+
//	 1 |   b   b   b   b   b |  5
//	 6 | b   b   b   b   b   | 10
//	   ...
//	46 | w   w   w   w   w   | 50
//	   +---------------------+
//	White to move
//
// Seen from Black (from is Black) the board is turned round, square 1 at
// the bottom right and 50 at the top left, as Black's player sees it, and
// the numbers beside each row follow:
//
//	   +---------------------+
//	50 |   w   w   w   w   w | 46
//	45 | w   w   w   w   w   | 41
//	   ...
//	 5 | b   b   b   b   b   |  1
//	   +---------------------+
//	White to move
//
// Any other Color draws the board from White's side. Every line ends in a
// newline. Any Position, the zero one included, has a diagram.
func (p Position) Diagram(from Color) string {
	var b strings.Builder
	const frame = "   +---------------------+\n"
	b.Grow(13 * 32)
	b.WriteString(frame)
	number := func(n int) {
		if n < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(n))
	}
	for i := range 10 {
		// Turning the board round reverses both the rows and the columns.
		row, left, right := i, 5*i+1, 5*i+5
		if from == Black {
			row = 9 - i
			left, right = 5*row+5, 5*row+1
		}
		number(left)
		b.WriteString(" |")
		for j := range 10 {
			col := j
			if from == Black {
				col = 9 - j
			}
			b.WriteByte(' ')
			sq, ok := SquareAt(row, col)
			if !ok {
				b.WriteByte(' ')
				continue
			}
			b.WriteString(p.PieceAt(sq).String())
		}
		b.WriteString(" | ")
		number(right)
		b.WriteByte('\n')
	}
	b.WriteString(frame)
	if p.Turn() == Black {
		b.WriteString("Black to move\n")
	} else {
		b.WriteString("White to move\n")
	}
	for _, c := range [2]Color{White, Black} {
		km := p.KingRun(c)
		if km.Count == 0 {
			continue
		}
		name := "White"
		if c == Black {
			name = "Black"
		}
		b.WriteString(name)
		b.WriteString(" king on ")
		b.WriteString(km.Square.String())
		b.WriteString(": ")
		b.WriteString(strconv.Itoa(km.Count))
		b.WriteString(" of 3 quiet moves in a row\n")
	}
	if n := p.DrawPlies(); n != 0 {
		b.WriteString("Draw counter: ")
		b.WriteString(strconv.Itoa(n))
		b.WriteString(" plies\n")
	}
	return b.String()
}
