// Command perft counts the leaf nodes of the Frisian move tree from a
// position, depth by depth, and reports the speed.
//
//	go run ./examples/perft -depth 8
//	go run ./examples/perft -depth 10 -workers 1   # single-core speed
//	go run ./examples/perft -fen 'W:W28:B18,22,23' -depth 3 -divide
//
// It prints one line per depth, "depth N nodes X", and a last line with the
// total nodes, the seconds taken and the nodes per second.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/frisian-draughts/frisian"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("perft", flag.ContinueOnError)
	flags.SetOutput(stderr)
	fen := flags.String("fen", "", "start position in FEN (default: the initial position)")
	depth := flags.Int("depth", 7, "deepest depth to count")
	divide := flags.Bool("divide", false, "also print the count below each root move at the last depth")
	workers := flags.Int("workers", runtime.GOMAXPROCS(0), "goroutines to count with")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: perft [-fen FEN] [-depth N] [-divide] [-workers N]")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", flags.Arg(0))
		flags.Usage()
		return 2
	}
	p := frisian.StartPosition()
	if *fen != "" {
		var err error
		if p, err = frisian.ParseFEN(*fen); err != nil {
			fmt.Fprintln(stderr, "perft:", err)
			return 1
		}
	}
	if *depth < 1 {
		fmt.Fprintf(stderr, "perft: depth %d: must be at least 1\n", *depth)
		return 2
	}
	var total uint64
	start := time.Now()
	for d := 1; d <= *depth; d++ {
		n := frisian.PerftParallel(p, d, *workers)
		total += n
		fmt.Fprintf(stdout, "depth %d nodes %d\n", d, n)
	}
	elapsed := time.Since(start).Seconds()
	if *divide {
		l, err := p.Legal(context.Background())
		if err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return 1
		}
		for _, e := range frisian.Divide(p, *depth) {
			fmt.Fprintf(stdout, "%s %d\n", l.Text(e.Move), e.Nodes)
		}
	}
	fmt.Fprintf(stdout, "total nodes %d seconds %.3f nodes/second %.0f\n", total, elapsed, float64(total)/max(elapsed, 1e-9))
	return 0
}
