// Command legalmoves reads positions in FEN, one per line, from the
// standard input and prints for each one line: its legal moves, sorted by
// start square, end square and captured squares, separated by spaces. An
// invalid FEN gives a line "error: …" and the next line is read; the exit
// status is then 1, as grep's and diff's are when not every input was fine.
//
// Moves are written as PDN move text, the shortest that is unambiguous in
// the position ("32-28", "28x19", or the landing path "28x17x8" when two
// captures share start and end); -format hub writes the Hub engine
// protocol's long form instead (start, end and every captured square).
//
//	echo 'W:W28:B18,22,23' | go run ./examples/legalmoves
//	go run ./examples/legalmoves -format hub < positions.txt
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/frisian-draughts/frisian"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, with its inputs and outputs given, so that
// tests can call it. It returns the exit status: 0, 1 when a line was not
// a FEN it could read, or 2 on a usage or read error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("legalmoves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "pdn", "move notation: pdn or hub")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: legalmoves [-format pdn|hub] < FILE")
		fmt.Fprintln(stderr, "Reads one FEN per line on standard input and prints, for each, its legal moves")
		fmt.Fprintln(stderr, "sorted and separated by spaces, or \"error: …\" for a FEN it cannot read.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "pdn" && *format != "hub" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: legalmoves [-format pdn|hub] < FENs")
		return 2
	}
	in := bufio.NewScanner(stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	for in.Scan() {
		p, err := frisian.ParseFEN(strings.TrimSpace(in.Text()))
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			status = 1
			continue
		}
		l, err := p.Legal(context.Background())
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			status = 1
			continue
		}
		for i, m := range l.Moves() {
			if i > 0 {
				out.WriteByte(' ')
			}
			if *format == "hub" {
				out.WriteString(m.String())
			} else {
				out.WriteString(l.Text(m))
			}
		}
		out.WriteByte('\n')
	}
	if err := in.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "legalmoves: %v\n", err)
		return 2
	}
	return status
}
