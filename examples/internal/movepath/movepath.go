// Package movepath chooses the path along which the examples' board page
// draws a move: the squares the player typed when they are a whole path of
// the move, otherwise its least path. Shared by the server (examples/web)
// and the WebAssembly bridge (examples/wasm).
package movepath

import (
	"slices"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian"
)

// Of returns the clicks of m, a legal move of legal, along the squares of
// typed (PDN move text such as "28x17x8") when they are a whole path of m,
// and otherwise along m's least path (Legal.Path): the path and, as
// Clicks.Taken, the pieces it takes in order. typed is read only to choose
// the path; Legal.ParseMove has read it and found m. Pass "" for a move
// that was not typed.
func Of(legal frisian.Legal, m frisian.Move, typed string) frisian.Clicks {
	// A capture's whole path has a square per piece taken and its start;
	// a quiet move's is its least path. Only then are the squares clicked.
	if sqs := squares(typed); m.IsCapture() && len(sqs) == m.Captured().Len()+1 {
		if c := legal.Clicks(sqs); slices.Equal(c.Path, sqs) {
			if got, ok := c.Move(); ok && got == m {
				return c
			}
		}
	}
	return legal.Clicks(legal.Path(m))
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
