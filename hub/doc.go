// Package hub speaks the Hub protocol (version 2), with which draughts
// programs and their user interfaces talk: Scan 3.1 by Fabien Letouzey
// defined it, in its protocol.txt, and lidraughts and pydraughts use it.
// The package has both sides: a Client that runs any Hub engine and asks it
// for moves and analyses, and Serve, which makes a Go engine a Hub engine
// that any Hub interface can use.
//
// # Client
//
// Start runs an engine and does the handshake; Init (called by Go when it
// has not been) sets the parameter variant to frisian, which Scan needs,
// and waits for the engine to be ready. Setup sets parameters (such as
// Scan's threads or tt-size) and then does Init:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
//	defer cancel()
//	c, err := hub.Start(ctx, "/opt/scan/scan", "hub")
//	if err != nil { … }
//	defer c.Close()
//	if err := c.Setup(ctx, hub.Setting{Name: "threads", Value: "2"}); err != nil { … }
//	res, err := c.BestMove(ctx, hub.Search{Start: p, Limits: hub.Limits{MoveTime: time.Second}})
//
// A Search is a start position and the moves played from it: the Hub
// position format has no room for the three-move king states of Frisian
// draughts, so a game goes out as an earlier position and its moves
// (FromGame), from which the engine learns them. Moves come back checked
// against the rules: an illegal move is an error, never a Move. Go starts a
// search and streams its reports (info lines) over a channel; Stop, Wait
// and PonderHit end or steer it.
//
// Every call that waits for the engine takes a context, and returns when
// it ends, with an error wrapping the context's (ctx.Err()); give it a
// deadline. A search given up is stopped in the background, and the next
// call waits for that. A line being written when the context ends gets
// 20 ms more; an engine that does not read it by then is killed. An engine that hangs,
// crashes, writes garbage or plays illegal moves gives a typed error (see
// the Err variables, ProtocolError, EngineError and ExitError), and one
// that ignores stop or quit is killed after Options.StopTimeout, whatever
// the context: stopping a search and closing a Client always end, and
// Close leaves no process or goroutine behind. On unix Start runs the
// engine in a process group of its own and ends the whole group, so that
// an engine behind a wrapper script, or a child it forked, ends with it; a
// child that leaves the group (setsid, a daemon) is beyond its reach, as
// it is beyond a terminal's.
//
// A nil context is refused, as in the frisian package: every function and
// method here that takes a context returns an error wrapping os.ErrInvalid
// for a nil one, before it reads, writes or changes anything.
//
// # Server
//
// Serve reads a GUI's commands and has an Engine search; a Go engine is
// then a Hub engine:
//
//	func main() {
//		if err := hub.Serve(os.Stdin, os.Stdout, myEngine{}); err != nil {
//			log.Fatal(err)
//		}
//	}
//
// Serve checks every position and move it is sent, ends searches at their
// time limit and at stop, and declares the parameter variant, whose only
// value is frisian. examples/hubengine is such a program.
//
// # Scores
//
// An info line's score is in men for the side to move. A decided game is
// written as Scan writes it, and GUIs such as pydraughts read it so: a win
// in n plies scores 100 − n/100 (WinScore: 99.97 for three plies), a loss
// its negation (LossScore), and an evaluation stays within ±EvalLimit (80).
// An Engine reports its wins and losses with WinScore and LossScore, never
// as a large number of men; a client reads them with Info.Decided.
//
// # Scan
//
// Scan 3.1 is the strongest Frisian engine that speaks Hub. To build it,
// take its sources (from the Scan 3.1 distribution, or a copy such as
// github.com/rhalbersma/scan) and compile them:
//
//	cd scan/src
//	g++ -O3 -DNDEBUG -std=c++14 -fno-rtti -pthread *.cpp -o ../scan
//
// Scan reads scan.ini and its data files from the directory it runs in:
// data/eval_frisian, without which it exits at init, and
// data/book_frisian, its opening book (set the parameter book to false
// when it is missing). Start runs an engine in the directory that holds it,
// so the binary goes next to scan.ini and data. Scan speaks Hub only when
// given the argument "hub".
//
// TestRealEngine plays against such an engine when FRISIAN_HUB_ENGINE
// names it:
//
//	FRISIAN_HUB_ENGINE=/opt/scan/scan FRISIAN_HUB_PARAMS=book=false go test -run TestRealEngine -v ./hub
//
// FRISIAN_HUB_ARGS replaces the argument "hub" for other engines (set it
// empty for examples/hubengine).
package hub
