// Package movepath chooses the path along which the examples' board page
// draws a move: the squares the player typed when they are a whole path of
// the move, otherwise its least path. Shared by the server (examples/web)
// and the WebAssembly bridge (examples/wasm).
package movepath

import (
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian"
)

// Of returns the path of m, a legal move of legal, to draw it along, and
// the pieces it takes in order (Legal.Taken): the squares of typed (PDN
// move text such as "28x17x8") when they are a whole path of m, otherwise
// m's least path (Legal.Path). typed is read only to choose the path;
// Legal.ParseMove has read it and found m. Pass "" for a move that was not
// typed.
func Of(legal frisian.Legal, m frisian.Move, typed string) (path, taken []frisian.Square) {
	if sqs := squares(typed); sqs != nil {
		if taken, ok := legal.Taken(m, sqs); ok {
			return sqs, taken
		}
	}
	path = legal.Path(m)
	taken, _ = legal.Taken(m, path)
	return path, taken
}

// squares returns the squares named in move text, the numbers between its
// separators, or nil when one is not a square.
func squares(text string) []frisian.Square {
	var out []frisian.Square
	for f := range strings.FieldsFuncSeq(text, func(r rune) bool { return r < '0' || r > '9' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > frisian.NumSquares {
			return nil
		}
		out = append(out, frisian.Square(n))
	}
	return out
}
