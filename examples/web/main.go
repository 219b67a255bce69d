// Command web serves a page on which to play Frisian draughts in the
// browser, against the computer or against another person at the same
// screen.
//
//	go run ./examples/web
//	go run ./examples/web -addr 127.0.0.1:9000
//	go run ./examples/web -engine /opt/scan/scan -engine-param book=false
//
// and open http://127.0.0.1:8080/. With -engine the computer's moves come
// from that Hub engine (package hub), one game at a time, with -engine-time
// per move (at most 1.9 s, so that a hung engine is found within a
// request's time); otherwise from the small built-in engine. Click a
// piece, then the squares it lands on; a capture is entered one landing
// square at a time along any of its paths (or by clicking its end square
// when that leaves no doubt). Moves can also be typed as PDN text.
//
// The page is plain HTML and JavaScript embedded in the program (shared with
// the static WebAssembly site, examples/wasm, in examples/internal/webui); the board
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
// moves played. Errors are JSON {"error": "…"} with a 4xx or 503 status,
// 502 when the external engine fails and 504 when it does not answer in
// time.
//
// The server is meant to be copied, and holds up under attack. Its limits
// (see defaultLimits):
//
//   - at most 512 connections, 32 per client (an IPv4 address or an IPv6
//     /64); a connection must send a request's headers within 5 s, and is
//     closed after 30 s idle between requests; at the limit a newcomer
//     gets the place of a connection waiting for a request, of the client
//     with the most, else of one serving a request of a client holding 8
//     or more;
//   - a request's body, 16 KiB at most, must arrive within 5 s, before the
//     request takes one of 64 slots: a slow client holds a connection, not
//     a slot, and one whose body stalls is answered 408 and closed;
//   - a client makes at most 40 API requests at once and 20 a second
//     after (429 past that);
//   - every API request is answered within 5 s of its body's arrival, the
//     computer's move included: the built-in engine then plays its best
//     move so far, an external engine that has not answered gets a 504;
//     the answer is made in memory and the slot let go before it is sent,
//     so a client that reads slowly holds only its connection; searches
//     (one per core, one for an external engine) go to the clients in
//     turn, those whose last search went well first, those whose last
//     search failed last; at most 4 waiting or running per client;
//   - games live in memory: 1000 at most, 20 per client, 500 moves each;
//     a game belongs to the browser that started it, by a secret in an
//     HttpOnly cookie: its id alone neither reads nor plays it. A client's
//     two most recently used games, while used in the last 10 minutes,
//     are kept whatever other clients start; on a full server a new game
//     replaces another one, finished ones and those of the client with the
//     most first, or is refused (503) when all are kept. Games unused for
//     2 hours go; a client starts at most 10 games at once and one per 6 s
//     after;
//   - a position sent must have at most 20 pieces a side; one whose moves
//     take over 50 ms of processor time to work out (on Linux; 50 ms on
//     the clock elsewhere), or 250 ms on the clock, is refused, and worked
//     out again only after 1, 2, 4 … up to 60 s;
//   - an external engine that crashes, hangs (has not answered within
//     twice -engine-time and a second) or breaks the protocol is killed
//     with its process group and started again, at most once a second; a
//     game in which it failed twice gets no more computer moves, nor does
//     a position in which it failed in the last hour, in any game. A
//     child of the engine that leaves its process group (setsid) is not
//     ended with it: run such an engine under a service manager or in a
//     container that ends all its processes;
//   - SIGINT and SIGTERM finish the requests under way, then end the
//     engine.
//
// The server listens on the loopback address unless told otherwise. Put a
// reverse proxy in front of it to serve it to the world, which should
// still: terminate TLS (and mark the owner cookie Secure); pass the
// client's address in a header that the server then reads instead of the
// connection's (see clientKey: behind a proxy every client has the
// proxy's address, which the limits per client would treat as one), or
// raise those limits; bound connections, HTTP/2 streams and requests per
// client itself, as the server cannot see them; and keep its own timeouts
// for slow clients, as the server's then apply to the proxy.
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
	"strings"
	"syscall"
	"time"

	"github.com/frisian-draughts/frisian/hub"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program: it reads the flags in args and serves until ctx
// is done (main ends it at SIGINT and SIGTERM); then it finishes the
// requests under way, refusing new ones, and ends the engine. It returns
// the exit status: 0 after a clean stop, 1 when it cannot listen or the
// requests under way do not end in time, 2 for bad flags.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
	enginePath := fs.String("engine", "", "play the computer's moves with the Hub engine at `PATH` (such as Scan 3.1) instead of the built-in one")
	engineArgs := fs.String("engine-args", "hub", "the engine's `ARGS`, split at spaces")
	moveTime := fs.Duration("engine-time", time.Second, "the engine's `TIME` per move")
	var settings hub.Settings
	fs.Var(&settings, "engine-param", "set the engine parameter `NAME=VALUE` before the games (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: web [-addr HOST:PORT] [-engine PATH [-engine-args ARGS] [-engine-time TIME] [-engine-param NAME=VALUE]...]")
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
	lim := defaultLimits()
	if most := maxMoveTime(lim); *moveTime <= 0 || *moveTime > most {
		fmt.Fprintf(stderr, "web: -engine-time %v: want above 0 and at most %v, so that an engine that hangs (no answer in %d times its time and %v) is found within a request's %v\n", *moveTime, most, hungFactor, hungSlack, lim.engineTime)
		return 2
	}
	ln, err := listen(*addr, lim)
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	if *enginePath != "" {
		lim.searches = 1 // the engine searches for one game at a time
	}
	s := newServer(lim)
	if *enginePath != "" {
		start := engineStarter(*enginePath, strings.Fields(*engineArgs), settings)
		if s.player, err = startHubPlayer(start, *moveTime); err != nil {
			ln.Close()
			fmt.Fprintln(stderr, "web: engine:", err)
			return 1
		}
		defer func() {
			if err := s.player.close(); err != nil {
				fmt.Fprintln(stderr, "web: engine:", err)
			}
		}()
		s.think = s.player.think
		id, _ := s.player.id()
		fmt.Fprintf(stdout, "The computer plays with %s %s.\n", id.Name, id.Version)
	}
	srv := newHTTPServer(s, lim, ln)
	fmt.Fprintf(stdout, "Frisian draughts on http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintln(stderr, "web:", err)
		return 1
	case <-ctx.Done():
	}
	// A request under way has its body within bodyTime and its answer
	// engineTime after that.
	shutdown, cancel := context.WithTimeout(context.Background(), lim.bodyTime+lim.engineTime+time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// maxMoveTime is the longest -engine-time the limits lim allow: the time
// after which an engine counts as hung (hungFactor, hungSlack) must fit
// in the time a request gives the search, engineTime less its reserve;
// otherwise a hung engine would only ever make its requests time out, and
// never be counted as failed and restarted.
func maxMoveTime(lim limits) time.Duration {
	return (lim.engineTime - lim.reserve() - hungSlack) / hungFactor
}

// listen listens on addr with the limits on connections of lim.
func listen(addr string, lim limits) (*limitListener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return newLimitListener(ln, lim.conns, lim.connsPerClient), nil
}

// newHTTPServer wraps h with the timeouts of lim: a slow or idle client
// cannot hold a connection for ever, nor send endless headers. It tells
// ln, when not nil, which connections wait for a request.
func newHTTPServer(h http.Handler, lim limits, ln *limitListener) *http.Server {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: lim.headerTime,
		ReadTimeout:       lim.headerTime + lim.bodyTime, // the handler sets the body's own deadline
		WriteTimeout:      30 * time.Second,              // above the computer's longest search
		IdleTimeout:       lim.idleTime,
		MaxHeaderBytes:    16 << 10,
	}
	if ln != nil {
		srv.ConnState = ln.connState
	}
	return srv
}
