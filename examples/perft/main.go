// Command perft counts the leaf nodes of the Frisian move tree from a
// position, depth by depth, and reports the speed.
//
//	go run ./examples/perft -depth 8
//	go run ./examples/perft -fen 'W:W28:B18,22,23' -depth 3 -divide
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/frisian-draughts/frisian"
)

func main() {
	fen := flag.String("fen", "", "start position in FEN (default: the initial position)")
	depth := flag.Int("depth", 7, "deepest depth to count")
	divide := flag.Bool("divide", false, "print the count below each root move at the last depth")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "goroutines to count with")
	flag.Parse()
	if err := run(os.Stdout, *fen, *depth, *divide, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "perft:", err)
		os.Exit(1)
	}
}

func run(w *os.File, fen string, depth int, divide bool, workers int) error {
	p := frisian.StartPosition()
	if fen != "" {
		var err error
		if p, err = frisian.ParseFEN(fen); err != nil {
			return err
		}
	}
	if depth < 1 {
		return fmt.Errorf("depth %d: must be at least 1", depth)
	}
	var total uint64
	start := time.Now()
	for d := 1; d <= depth; d++ {
		n := frisian.PerftParallel(p, d, workers)
		total += n
		fmt.Fprintf(w, "depth %d nodes %d\n", d, n)
	}
	elapsed := time.Since(start).Seconds()
	if divide {
		entries := frisian.Divide(p, depth)
		for _, e := range entries {
			fmt.Fprintf(w, "%s %d\n", e.Move, e.Nodes)
		}
	}
	fmt.Fprintf(w, "total nodes %d seconds %.3f nodes/second %.0f\n", total, elapsed, float64(total)/max(elapsed, 1e-9))
	return nil
}
