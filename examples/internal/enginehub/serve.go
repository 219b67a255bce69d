package enginehub

import (
	"os"

	"github.com/frisian-draughts/frisian/hub"
)

// ServeArg is the argument that makes ServeIfAsked serve the engine.
const ServeArg = "hubengine"

// ServeIfAsked lets a test binary be the examples' Hub engine, for tests
// that start one as a program: called from TestMain, it serves a Player on
// standard input and output and exits when the program's only argument is
// ServeArg, and returns at once otherwise.
func ServeIfAsked() {
	if len(os.Args) != 2 || os.Args[1] != ServeArg {
		return
	}
	if err := hub.Serve(os.Stdin, os.Stdout, &Player{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}
