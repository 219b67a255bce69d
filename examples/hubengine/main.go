// Command hubengine is the example computer player (examples/internal/engine)
// as a Hub engine: it speaks the Hub protocol on its standard input and
// output, so that any Hub interface, or hub.Client, can play against it.
//
//	go build ./examples/hubengine
//	go run ./examples/play -engine ./hubengine
//
// It declares two parameters: draws (official or lidraughts), the draw rules
// it plays by, and seed (0 for none), which varies its choice among equally
// good moves. A search goes as deep as level depth and as far as level nodes
// allow, unbounded when they are not given, and ends at stop or at the time
// limit. The reports give the depth, the score in men, the nodes, the time
// and the best move so far. The engine behind the protocol is
// examples/internal/enginehub, which the other examples' tests run too.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/frisian-draughts/frisian/examples/internal/enginehub"
	"github.com/frisian-draughts/frisian/hub"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hubengine:", err)
		os.Exit(1)
	}
}

// run is the whole program.
func run(in io.Reader, out io.Writer) error { return hub.Serve(in, out, &enginehub.Player{}) }
