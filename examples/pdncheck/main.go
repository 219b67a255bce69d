// Command pdncheck replays every game of PDN files, checking every move
// against the rules of Frisian draughts, and prints one line per game:
//
//	<game number> TAB <plies played> TAB <final FEN> TAB <outcome>
//
// the outcome being "white wins", "black wins", "draw" or "ongoing", then a
// line "error: …" for each problem found in the game (line, column, move
// number and what is wrong); text that holds no game (only comments or
// NAGs) gives its error line alone. Games are numbered from 1 in each file; with
// several files, a line "# FILE" comes before each file's games.
//
// Moves played after a game has ended by a draw rule are still replayed and
// checked (the file is the record); the outcome is that of the game's end.
//
//	go run ./examples/pdncheck pdn/testdata/games/*.pdn
//	go run ./examples/pdncheck -strict -draws lidraughts games.pdn
//
// Flags: -strict stops at the first problem; -draws official|lidraughts
// picks the draw rules of the outcome (official by default). A FILE of "-"
// is the standard input. The exit status is 0 when every game is clean, 1
// when a problem was found and 2 on a usage or read error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, with its inputs and outputs given, so that
// tests can call it. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pdncheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	strict := fs.Bool("strict", false, "stop at the first problem")
	var rules frisian.DrawRules
	fs.TextVar(&rules, "draws", frisian.OfficialDraws, "draw rules for the outcome: official or lidraughts")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pdncheck [-strict] [-draws official|lidraughts] FILE...")
		fmt.Fprintln(stderr, "Replays every game and prints one line per game, tab-separated:")
		fmt.Fprintln(stderr, "  game number, plies played, final FEN, outcome")
		fmt.Fprintln(stderr, "then \"error: …\" lines for the game's problems. FILE - is standard input.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	files := fs.Args()
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, name := range files {
		if len(files) > 1 {
			fmt.Fprintf(stdout, "# %s\n", name)
		}
		found, err := check(name, stdin, stdout, *strict, rules)
		if err != nil {
			fmt.Fprintf(stderr, "pdncheck: %v\n", err)
			return 2
		}
		if found {
			status = 1
			if *strict {
				break
			}
		}
	}
	return status
}

// check replays the games of one file and reports whether it found a
// problem in them; the error is a read error.
func check(name string, stdin io.Reader, w io.Writer, strict bool, rules frisian.DrawRules) (bool, error) {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return false, err
		}
		defer f.Close()
		in = f
	}
	r := pdn.NewReader(in)
	r.Strict = strict
	found := false
	for n := 1; ; n++ {
		g, err := r.Next()
		if g == nil && err == io.EOF {
			return found, nil
		}
		if g != nil {
			fmt.Fprintf(w, "%d\t%d\t%s\t%s\n", n, g.Len(), g.Position().FEN(), outcome(g, rules).Result)
			if err == nil {
				continue
			}
		} else {
			// Text without a game (only comments or NAGs) is a problem
			// of the file, with no game line.
			n--
		}
		// Next gives a game's problems as an Errors, in both modes; any
		// other error is the file's reading failing.
		var list pdn.Errors
		if !errors.As(err, &list) {
			return found, fmt.Errorf("%s: %w", name, err)
		}
		found = true
		for _, e := range list {
			fmt.Fprintf(w, "error: %v\n", e)
		}
		if strict {
			return true, nil
		}
	}
}

// outcome is the outcome of g under rules. No deadline bounds it, as
// none bounds the reading (Reader.Next): the checker's user gave the files
// and waits for the whole answer (a made-up start position takes at most a
// fraction of a second per position for the hardest known).
func outcome(g *pdn.Game, rules frisian.DrawRules) frisian.Outcome {
	o, _, err := g.Outcome(context.Background(), rules)
	if err != nil {
		panic(err) // a context that is never done cannot stop the search
	}
	return o
}
