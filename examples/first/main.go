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
	// One position, many questions: its moves worked out once, in
	// canonical order, under a context that could bound the search.
	ctx := context.Background()
	p := frisian.StartPosition()
	l, err := p.Legal(ctx)
	if err != nil {
		return err
	}
	for _, m := range l.Moves() {
		fmt.Fprint(w, l.Text(m), " ")
	}
	fmt.Fprintln(w)

	m, err := l.ParseMove(ctx, "32-28")
	if err != nil {
		return err
	}
	p = p.Apply(m)
	if l, err = p.Legal(ctx); err != nil {
		return err
	}
	fmt.Fprintln(w, p.FEN(), l.Outcome(frisian.OfficialDraws))
	for _, m := range l.Moves() {
		fmt.Fprint(w, l.Text(m), " ")
	}
	fmt.Fprintln(w)
	return nil
}
