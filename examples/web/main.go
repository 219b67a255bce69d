// Command web serves a page on which to play Frisian draughts in the
// browser, against the computer or against another person at the same
// screen.
//
//	go run ./examples/web
//	go run ./examples/web -addr 127.0.0.1:9000
//
// and open http://127.0.0.1:8080/. Click a piece, then the squares it lands
// on; a capture is entered one landing square at a time along any of its
// paths (or by clicking its end square when that leaves no doubt). Moves can
// also be typed as PDN text.
//
// The page is plain HTML and JavaScript embedded in the program; the board
// is an SVG picture from the svg package. Everything else goes through a
// small JSON API, which carries positions as FEN:
//
//	POST /api/new     {"fen", "mode": "engine"|"human", "human": "white"|"black",
//	                   "draws": "official"|"lidraughts", "depth"} → state
//	GET  /api/state?id=ID                                   → state
//	POST /api/click   {"id", "squares": [28, 17], "square": 8} → state
//	POST /api/move    {"id", "move": "28x17x8"}             → state
//	POST /api/engine  {"id"}  the computer moves            → state
//	POST /api/undo    {"id"}                                → state
//	POST /api/flip    {"id"}  turn the board round          → state
//	GET  /api/board.svg?id=ID&ply=N   the board after N moves, to look back
//	GET  /api/pdn?id=ID               the game as PDN
//
// A state holds the position, the outcome, the counters that are running,
// the click selection and, when they changed, the board picture and the
// moves played. Errors are JSON {"error": "…"} with a 4xx or 503 status.
//
// The server is meant to be copied: every request has bounded work, tied
// to its context; games live in memory, are dropped when idle and have a
// length limit; a client may start only so many games a minute; and the
// connections have timeouts. It listens on the loopback address unless
// told otherwise.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program: it reads the flags in args and serves until ctx
// is done. It returns the exit status: 0 after a clean stop, 1 when it
// cannot listen, 2 for bad flags.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: web [-addr HOST:PORT]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	srv := newHTTPServer(newServer(defaultLimits()))
	fmt.Fprintf(stdout, "Frisian draughts on http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintln(stderr, "web:", err)
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// newHTTPServer wraps h with the connection limits: a slow or idle client
// cannot hold a connection for ever, nor send endless headers.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second, // headers and body
		WriteTimeout:      30 * time.Second, // above the computer's longest search
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}
