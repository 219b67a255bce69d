package frisian

import (
	"strconv"
	"strings"
)

// Diagram returns a small text picture of p for logs and terminals: the board
// seen from White's side, with the numbers of the first and last square of
// each row on its left and right, then whose turn it is and, when they are
// not zero, the three-move king states and the draw-rule ply counter.
//
// Men and kings are drawn as w, W, b and B (as Piece.String gives them),
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
// Every line ends in a newline. Any Position, the zero one included, has a
// diagram.
func (p Position) Diagram() string {
	var b strings.Builder
	const frame = "   +---------------------+\n"
	b.Grow(13 * 32)
	b.WriteString(frame)
	for row := range 10 {
		first := 5*row + 1
		if first < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(first))
		b.WriteString(" |")
		for col := range 10 {
			b.WriteByte(' ')
			sq, ok := SquareAt(row, col)
			if !ok {
				b.WriteByte(' ')
				continue
			}
			b.WriteString(p.PieceAt(sq).String())
		}
		b.WriteString(" | ")
		if first+4 < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(first + 4))
		b.WriteByte('\n')
	}
	b.WriteString(frame)
	if p.Turn() == Black {
		b.WriteString("Black to move\n")
	} else {
		b.WriteString("White to move\n")
	}
	for _, c := range [2]Color{White, Black} {
		km := p.KingMoves(c)
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
