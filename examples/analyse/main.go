// Command analyse has a Hub engine, such as Scan, analyse the games of a PDN
// file, and writes them back with the engine's best move and score in a
// comment after every move (and before the first):
//
//	go run ./examples/analyse -engine /opt/scan/scan -engine-param book=false -movetime 2s games.pdn > analysed.pdn
//
// A comment reads
//
//	{Scan 3.1: 34-29 +0.25 depth 14}
//
// the engine's move in the position, its score in men from White's side
// (positive is good for White), and the depth it reached. Positions where
// the game is over get none. Comments the games already had are kept.
//
// Flags:
//
//	-engine PATH              the Hub engine (required)
//	-engine-args ARGS         its arguments, separated by spaces (default "hub", which Scan needs)
//	-engine-param NAME=VALUE  set one of its parameters (repeatable)
//	-movetime DURATION        time per position (default 1s)
//	-depth N, -nodes N        bound each search by depth or nodes too
//
// The games are read from the files named, or from the standard input, and
// written to the standard output. Problems in a game are reported on the
// standard error, and the game is analysed as far as it could be read; the
// exit status is then 1.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/hubflags"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/frisian-draughts/frisian/pdn"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is what the flags say.
type config struct {
	engine hubflags.Flags
	limits hub.Limits
	files  []string
}

// run is the whole program; it returns the exit status: 0, 1 after a
// problem with a game, the engine or a file, 2 for bad flags.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, status := parseFlags(args, stderr)
	if status >= 0 {
		return status
	}
	c, err := cfg.engine.Start(context.Background())
	if err != nil {
		fmt.Fprintln(stderr, "analyse: engine:", err)
		return 1
	}
	defer func() {
		if err := c.Close(); err != nil {
			fmt.Fprintln(stderr, "analyse: engine:", err)
		}
	}()
	a := &analyser{c: c, limits: cfg.limits, out: pdn.NewWriter(stdout), stderr: stderr}
	if len(cfg.files) == 0 {
		a.file("standard input", stdin)
	}
	for _, name := range cfg.files {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "analyse:", err)
			a.failed = true
			continue
		}
		a.file(name, f)
		f.Close()
		if a.fatal {
			break
		}
	}
	if a.failed {
		return 1
	}
	return 0
}

// parseFlags reads the flags; status is -1 to go on, or the exit status.
func parseFlags(args []string, stderr io.Writer) (cfg config, status int) {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg.engine.Register(fs, hubflags.Usage{Engine: "the Hub engine to analyse with (required)", MoveTime: "the time per position"})
	fs.IntVar(&cfg.limits.Depth, "depth", 0, "when not 0, the depth of each search")
	fs.Int64Var(&cfg.limits.Nodes, "nodes", 0, "when not 0, the nodes of each search")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: analyse -engine PATH [-engine-args ARGS] [-engine-param NAME=VALUE]... [-movetime D] [-depth N] [-nodes N] [FILE.pdn ...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cfg, 0
		}
		return cfg, 2
	}
	bad := func(msg string) (config, int) {
		fmt.Fprintln(stderr, "analyse:", msg)
		fs.Usage()
		return cfg, 2
	}
	if cfg.engine.Path == "" {
		return bad("-engine is required")
	}
	if err := cfg.engine.Check(); err != nil {
		return bad(err.Error())
	}
	if cfg.limits.Depth < 0 || cfg.limits.Nodes < 0 {
		return bad("-depth and -nodes cannot be negative")
	}
	cfg.limits.MoveTime = cfg.engine.MoveTime
	cfg.files = fs.Args()
	return cfg, -1
}

// analyser analyses games one after the other.
type analyser struct {
	c      *hub.Client
	limits hub.Limits
	out    *pdn.Writer
	stderr io.Writer
	games  int
	// failed records a problem for the exit status; fatal one that ends
	// the program (the engine or the output failed).
	failed, fatal bool
}

// file analyses every game of one PDN stream.
func (a *analyser) file(name string, r io.Reader) {
	for g, err := range pdn.NewReader(r).Games() {
		if err != nil {
			fmt.Fprintf(a.stderr, "analyse: %s: %v\n", name, err)
			a.failed = true
			if g == nil {
				return // the stream could not be read on
			}
		}
		a.games++
		if err := a.game(g); err != nil {
			fmt.Fprintf(a.stderr, "analyse: %s: game %d: %v\n", name, a.games, err)
			a.failed, a.fatal = true, true
			return
		}
	}
}

// game analyses the positions of g, comments them and writes g.
func (a *analyser) game(g *pdn.Game) error {
	if err := a.c.NewGame(context.Background()); err != nil {
		return err
	}
	name := strings.TrimSpace(a.c.ID().Name + " " + a.c.ID().Version)
	// From the end backwards, so that one clone, taken back a move at a
	// time, gives every position with the moves that led to it.
	replay := g.Clone()
	for ply := g.Len(); ply >= 0; ply-- {
		p := replay.Position()
		l, err := p.Legal(context.Background())
		if err != nil {
			return err
		}
		if !l.Outcome(frisian.OfficialDraws).IsOver() {
			s := hub.FromGame(replay)
			s.Limits = a.limits
			ctx, cancel := context.WithTimeout(context.Background(), a.limits.MoveTime+hubflags.Timeout)
			res, err := a.c.BestMove(ctx, s)
			cancel()
			if err != nil {
				return fmt.Errorf("ply %d: %w", ply, err)
			}
			ann := g.Annotation(ply)
			ann.Comments = append(ann.Comments, comment(name, l, res))
			g.SetAnnotation(ply, ann)
		}
		replay.Undo()
	}
	return a.out.WriteGame(g)
}

// comment writes the engine's opinion of p: its move, its score from
// White's side (or who wins in how many plies, when the engine has found
// the game decided) and its depth.
func comment(engine string, l frisian.Legal, res hub.Result) string {
	p := l.Position()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", engine, l.Text(res.Move))
	if won, plies, ok := res.Info.Decided(); ok {
		winner := p.Turn()
		if !won {
			winner = winner.Opponent()
		}
		fmt.Fprintf(&b, " %v wins in %s", winner, pliesText(plies))
	} else if res.Info.HasScore {
		score := res.Info.Score
		if p.Turn() == frisian.Black && score != 0 {
			score = -score
		}
		fmt.Fprintf(&b, " %+.2f", score)
	}
	if res.Info.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", res.Info.Depth)
	}
	return b.String()
}

// pliesText writes a count of plies: "1 ply", "3 plies".
func pliesText(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
