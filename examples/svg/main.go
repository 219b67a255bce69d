// Command svg writes the SVG picture of a Frisian draughts position to
// standard output, optionally with one of its legal moves drawn.
//
//	go run ./examples/svg > start.svg
//	go run ./examples/svg -fen 'W:WK46:B10,19,28,37' -move 46x5 -numbers > capture.svg
//	go run ./examples/svg -fen 'W:WK46:B10,19,28,37' -move 46x5 -played -flip > after.svg
//
// The move is a legal move of the position in PDN (32-28, 46x5, or a landing
// path such as 46x32x23x14x5) or in the Hub form with every captured square
// (46x5x10x19x28x37). The other flags: -flip puts Black at the bottom,
// -numbers draws the square numbers, -highlight 27,28 marks squares and
// -size sets the width and height in pixels (0 for none, only the viewBox).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/svg"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program: it reads the flags in args, writes the picture to
// stdout and any error to stderr, and returns the exit status (0 done, 1 bad
// input, 2 bad flags).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("svg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", "", "the position in FEN (default: the start position)")
	moveText := fs.String("move", "", "a legal move of the position to draw, such as 32-28 or 46x5")
	played := fs.Bool("played", false, "draw the position after -move, as its last move")
	flip := fs.Bool("flip", false, "draw the board with Black at the bottom")
	numbers := fs.Bool("numbers", false, "draw the square numbers")
	highlight := fs.String("highlight", "", "squares to highlight, separated by commas")
	size := fs.Int("size", 400, "width and height in pixels (0: none, only the viewBox)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: svg [-fen FEN] [-move TEXT [-played]] [-flip] [-numbers] [-highlight SQUARES] [-size N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "svg: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}

	p := frisian.StartPosition()
	if *fen != "" {
		var err error
		if p, err = frisian.ParseFEN(*fen); err != nil {
			fmt.Fprintln(stderr, "svg:", err)
			return 1
		}
	}
	opts := &svg.Options{Size: *size, Numbers: *numbers, Played: *played}
	if *flip {
		opts.Orientation = frisian.Black
	}
	if *moveText != "" {
		m, err := findMove(p, *moveText)
		if err != nil {
			fmt.Fprintln(stderr, "svg:", err)
			return 1
		}
		opts.Move = m
	}
	if *highlight != "" {
		set, err := parseSquares(*highlight)
		if err != nil {
			fmt.Fprintln(stderr, "svg:", err)
			return 1
		}
		opts.Highlight = set
	}
	if err := svg.Render(stdout, p, opts); err != nil {
		fmt.Fprintln(stderr, "svg:", err)
		return 1
	}
	return 0
}

// findMove returns the legal move of p that text names, read with
// Legal.ParseMove (PDN: "32-28", "46x5", a landing path "46x32x23x14x5")
// or, when that finds no move, Legal.ParseHubMove (the Hub form with
// every captured square, "46x5x10x19x28x37"). An illegal move's error lists
// the legal moves.
func findMove(p frisian.Position, text string) (frisian.Move, error) {
	ctx := context.Background()
	l, err := p.Legal(ctx)
	if err != nil {
		return frisian.Move{}, err
	}
	m, err := l.ParseMove(ctx, text)
	if err == nil {
		return m, nil
	}
	if errors.Is(err, frisian.ErrAmbiguousMove) {
		return frisian.Move{}, err
	}
	if hub, herr := l.ParseHubMove(text); herr == nil {
		return hub, nil
	}
	if !errors.Is(err, frisian.ErrIllegalMove) {
		return frisian.Move{}, err
	}
	legal := l.Moves()
	if len(legal) == 0 {
		return frisian.Move{}, fmt.Errorf("%w; %s has no legal move", err, p.Turn())
	}
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = l.Text(m)
	}
	return frisian.Move{}, fmt.Errorf("%w; the legal moves are %s", err, strings.Join(names, " "))
}

// parseSquares reads square numbers separated by commas.
func parseSquares(text string) (frisian.SquareSet, error) {
	var set frisian.SquareSet
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > frisian.NumSquares {
			return set, fmt.Errorf("highlight: %q is not a square (1-50)", f)
		}
		set = set.With(frisian.Square(n))
	}
	return set, nil
}
