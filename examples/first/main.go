// Command first is the program of the README's recipe: it lists the legal
// moves of the start position, plays one, and prints where that leaves the
// game and the replies.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/frisian-draughts/frisian"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(w io.Writer) error {
	p := frisian.StartPosition()
	for _, m := range p.LegalMoves() {
		fmt.Fprint(w, p.MoveText(m), " ")
	}
	fmt.Fprintln(w)

	m, err := p.ParseMove("32-28")
	if err != nil {
		return err
	}
	p = p.Apply(m)
	fmt.Fprintln(w, p.FEN(), p.Outcome())

	// One position, many questions: the moves worked out once.
	l, err := p.Legal(context.Background())
	if err != nil {
		return err
	}
	for _, m := range l.Moves() {
		fmt.Fprint(w, l.Text(m), " ")
	}
	fmt.Fprintln(w)
	return nil
}
