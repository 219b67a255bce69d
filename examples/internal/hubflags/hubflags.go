// Package hubflags is what the examples that play or analyse with an
// external Hub engine (such as Scan 3.1) share: the command-line flags that
// name the engine and say how to run it, and its start, which sets its
// parameters and waits until it is ready.
//
//	var ef hubflags.Flags
//	ef.Register(fs, hubflags.Usage{Engine: "the Hub engine to play against", MoveTime: "its time per move"})
//	…
//	if err := ef.Check(); err != nil { … }
//	c, err := ef.Start(context.Background())
package hubflags

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian/hub"
)

// Timeout bounds the start of the engine, and is how much longer than its
// move time the examples let a search take before they give it up.
const Timeout = 30 * time.Second

// DefaultMoveTime is -movetime's default.
const DefaultMoveTime = time.Second

// Flags are what the engine flags say.
type Flags struct {
	Path     string        // -engine: the engine's program, "" for none
	Args     string        // -engine-args: its arguments, separated by blanks
	Params   hub.Settings  // -engine-param NAME=VALUE, repeatable: its parameters, set in order
	MoveTime time.Duration // -movetime: its time per search
}

// Usage holds the help text of the flags whose meaning each program says
// in its own words.
type Usage struct {
	Engine   string // -engine: what the engine does in the program
	MoveTime string // -movetime
}

// Register defines the flags on fs: -engine, -engine-args (default "hub",
// which Scan needs), -engine-param and -movetime (default
// DefaultMoveTime), with the help texts of u.
func (f *Flags) Register(fs *flag.FlagSet, u Usage) {
	fs.StringVar(&f.Path, "engine", "", u.Engine)
	fs.StringVar(&f.Args, "engine-args", "hub", "the engine's arguments, separated by spaces")
	fs.Var(&f.Params, "engine-param", "NAME=VALUE: set a parameter of the engine (repeatable)")
	fs.DurationVar(&f.MoveTime, "movetime", DefaultMoveTime, u.MoveTime)
}

// Check reports whether the flags can be used: the move time must be more
// than 0. The error names the flag.
func (f *Flags) Check() error {
	if f.MoveTime <= 0 {
		return fmt.Errorf("-movetime %v: want more than 0", f.MoveTime)
	}
	return nil
}

// Start starts the engine, sets its parameters in order and waits until it
// is ready, for Timeout at most (or until ctx ends). On failure the engine
// is closed and the error is hub.Start's or Client.Setup's.
func (f *Flags) Start(ctx context.Context) (*hub.Client, error) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	c, err := hub.Start(ctx, f.Path, strings.Fields(f.Args)...)
	if err != nil {
		return nil, err
	}
	if err := c.Setup(ctx, f.Params...); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
