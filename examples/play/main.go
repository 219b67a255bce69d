// Command play is a game of Frisian draughts in the terminal against a small
// computer player.
//
//	go run ./examples/play
//	go run ./examples/play -color black -depth 4
//	go run ./examples/play -fen 'W:WK46,K50:BK5:H12' -draws official
//	go run ./examples/play -engine /opt/scan/scan -engine-param book=false
//
// Moves are typed as PDN move text: "32-28", "28x19", or a capture's whole
// landing path such as "28x17x8" (needed only when two captures share their
// start and end squares, but accepted always). The commands are moves (the
// legal moves), undo (take back your last move and the reply to it), board,
// fen, pdn (the game so far), help and quit.
//
// The board is drawn once a turn, from your side of it: when it is your move,
// after the computer's reply, and at the end, with the result and its reason.
// A capture is written with its whole landing path and the squares of the
// pieces it took ("19x28x39 (takes 23, 33)"), the computer's as well as
// yours. When you must capture, the prompt says so and lists the captures,
// and a move that is not one of them is refused with that list.
//
// Flags:
//
//	-color white|black          the side you play (default white)
//	-fen FEN                    the start position (default the initial one)
//	-depth N                    the computer's search depth in plies
//	-nodes N                    the computer's node budget per move
//	-draws official|lidraughts  the draw rules for king-only endings
//	-seed N                     vary the computer's choice among equal moves
//	-engine PATH                an external Hub engine plays instead (Scan, examples/hubengine)
//	-engine-args ARGS           its arguments, separated by spaces (default "hub", which Scan needs)
//	-engine-param NAME=VALUE    set one of its parameters (repeatable)
//	-movetime DURATION          its time per move (default 1s); -depth and -nodes, when given, bound it too
//
// The built-in computer is deterministic: the same game gets the same
// replies, unless -seed is given. An external engine is sent the game from
// its last position without a king counted by the three-move rule, with the
// moves since (hub.FromGame), and its moves are checked against the rules.
//
// The program reads commands from its standard input and writes plain text,
// so a script or a test can play it.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/examples/internal/hubflags"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/frisian-draughts/frisian/pdn"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Args[1:]))
}

// run is the whole program: it reads the flags in args, plays the game with
// commands read from in, writes everything to out and returns the exit status:
// 0 after quit or the end of the input, 1 for a bad start position or a read
// error, 2 for bad flags.
func run(in io.Reader, out io.Writer, args []string) int {
	s, status := newSession(out, args)
	if s == nil {
		return status
	}
	defer s.close()
	return s.loop(in)
}

// session is one game in progress.
type session struct {
	out   io.Writer
	game  *pdn.Game
	human frisian.Color
	draws frisian.DrawRules
	opts  engine.Options
	// announced records that the end of the game has been printed, so that
	// it is printed once however many commands follow.
	announced bool
	// drawn is the position last drawn, and drew whether there is one, so
	// that the board is drawn once a turn, not after every move.
	drawn frisian.Position
	drew  bool
	// client is the external engine, when -engine is given, and limits
	// what it is asked; failed records that it failed.
	client *hub.Client
	limits hub.Limits
	failed bool
}

// newSession reads the flags and sets up the game. On failure it returns nil
// and the exit status, having said why.
func newSession(out io.Writer, args []string) (*session, int) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(out)
	human := frisian.White
	fs.TextVar(&human, "color", frisian.White, "the side you play: white or black")
	fen := fs.String("fen", "", "the start position in FEN (default: the initial position)")
	depth := fs.Int("depth", engine.DefaultDepth, "the computer's search depth in plies (1-32)")
	nodes := fs.Int("nodes", engine.DefaultNodes, "the computer's node budget per move")
	var draws frisian.DrawRules
	fs.TextVar(&draws, "draws", frisian.OfficialDraws, "the draw rules for king-only endings: official or lidraughts")
	seed := fs.Uint64("seed", 0, "when not 0, choose at random among the computer's equally good moves")
	var ext hubflags.Flags
	ext.Register(fs, hubflags.Usage{Engine: "an external Hub engine to play against instead of the built-in computer", MoveTime: "the external engine's time per move"})
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: play [-color white|black] [-fen FEN] [-depth N] [-nodes N] [-draws official|lidraughts] [-seed N]")
		fmt.Fprintln(out, "            [-engine PATH [-engine-args ARGS] [-engine-param NAME=VALUE]... [-movetime DURATION]]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0
		}
		return nil, 2
	}
	bad := func(format string, a ...any) (*session, int) {
		fmt.Fprintf(out, "play: "+format+"\n", a...)
		fs.Usage()
		return nil, 2
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q", fs.Arg(0))
	}
	s := &session{out: out, human: human, draws: draws}
	if *depth < 1 || *depth > 32 {
		return bad("-depth %d: want 1 to 32", *depth)
	}
	if *nodes < 1 {
		return bad("-nodes %d: want at least 1", *nodes)
	}
	if err := ext.Check(); err != nil {
		return bad("%v", err)
	}
	s.opts = engine.Options{Depth: *depth, Nodes: *nodes, Draws: s.draws}
	if *seed != 0 {
		s.opts.Rand = rand.New(rand.NewPCG(*seed, 0))
	}
	start := frisian.StartPosition()
	if *fen != "" {
		p, err := frisian.ParseFEN(*fen)
		if err != nil {
			fmt.Fprintln(out, "play:", err)
			return nil, 1
		}
		start = p
	}
	s.game = pdn.NewGame(start)
	s.game.Tags.Set("Event", "examples/play")
	s.game.Tags.Set(sideTag(s.human), "You")
	s.game.Tags.Set(sideTag(s.human.Opponent()), fmt.Sprintf("Computer (depth %d)", *depth))
	if ext.Path != "" {
		s.limits = hub.Limits{MoveTime: ext.MoveTime}
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "depth":
				s.limits.Depth = *depth
			case "nodes":
				s.limits.Nodes = int64(*nodes)
			}
		})
		c, err := ext.Start(context.Background())
		if err != nil {
			fmt.Fprintln(out, "play: engine:", err)
			return nil, 1
		}
		s.client = c
		id := c.ID()
		s.game.Tags.Set(sideTag(s.human.Opponent()), strings.TrimSpace(id.Name+" "+id.Version))
	}
	return s, 0
}

// close ends the external engine, if any.
func (s *session) close() {
	if s.client != nil {
		if err := s.client.Close(); err != nil {
			fmt.Fprintln(s.out, "play: engine:", err)
		}
	}
}

// sideTag returns the PDN tag naming the player of color c.
func sideTag(c frisian.Color) string {
	if c == frisian.White {
		return "White"
	}
	return "Black"
}

// loop plays until quit or the end of the input.
func (s *session) loop(in io.Reader) int {
	fmt.Fprintf(s.out, "Frisian draughts against the computer. You play %s; type help for the commands.\n", s.human)
	lines := bufio.NewScanner(in)
	lines.Buffer(nil, 1<<16)
	for {
		goesOn := s.computerMoves()
		if !goesOn && s.failed {
			return 1
		}
		s.turn(goesOn)
		fmt.Fprintf(s.out, "%s> ", s.prompt())
		if !lines.Scan() {
			fmt.Fprintln(s.out)
			if err := lines.Err(); err != nil {
				fmt.Fprintln(s.out, "play:", err)
				return 1
			}
			return 0
		}
		if quit := s.command(strings.TrimSpace(lines.Text())); quit {
			return 0
		}
	}
}

// prompt names whose turn it is, or says that the game is over.
func (s *session) prompt() string {
	if s.outcome().IsOver() {
		return "game over"
	}
	return s.game.Position().Turn().String()
}

// outcome is the outcome of the game under the chosen draw rules.
func (s *session) outcome() frisian.Outcome {
	o, _, err := s.game.Outcome(context.Background(), s.draws)
	if err != nil {
		panic(err) // a context that is never done cannot stop the search
	}
	return o
}

// legal returns the legal moves of p, a position of the game. No deadline
// bounds the search: the one who types the moves also chose the start
// (-fen), and even the hardest made-up placement known takes a fraction of
// a second, so the answer is worth waiting for.
func legal(p frisian.Position) frisian.Legal {
	l, err := p.Legal(context.Background())
	if err != nil {
		panic(err) // a context that is never done cannot stop the search
	}
	return l
}

// moveText is the text of move i of the game, in its position.
func (s *session) moveText(i int) string {
	before, _ := s.game.PositionAt(i)
	return legal(before).Text(s.game.Played()[i])
}

// played describes the last move of the game for the line that reports it:
// a quiet move as its text, a capture as its whole landing path and the
// squares of the pieces it took, so that a capture can be followed on the
// board even where its short text ("19x39") leaves out the way it went.
func (s *session) played() string {
	n := s.game.Len()
	before, _ := s.game.PositionAt(n - 1)
	m, l := s.game.Played()[n-1], legal(before)
	if !m.IsCapture() {
		return l.Text(m)
	}
	path := make([]string, 0, m.Captured().Len()+1)
	for _, sq := range l.Path(m) {
		path = append(path, sq.String())
	}
	return fmt.Sprintf("%s (takes %s)", strings.Join(path, "x"), squareList(m.Captured().Squares()))
}

// squareList writes squares as "23, 28, 33".
func squareList(squares []frisian.Square) string {
	text := make([]string, len(squares))
	for i, sq := range squares {
		text[i] = sq.String()
	}
	return strings.Join(text, ", ")
}

// maxListed bounds the captures the compulsory-capture line names: a king
// in a crowded position can have dozens, which the moves command lists.
const maxListed = 8

// mustCapture returns the line that tells the player to move in p that a
// capture is compulsory, with the captures to choose from as move text, or
// "" when p has no capture. The legal moves of a position with a capture
// are its heaviest captures only (RULES.md §3.1), so they are the list.
func mustCapture(p frisian.Position) string {
	l := legal(p)
	moves := l.Moves()
	if len(moves) == 0 || !moves[0].IsCapture() {
		return ""
	}
	text := make([]string, min(len(moves), maxListed))
	for i := range text {
		text[i] = l.Text(moves[i])
	}
	list := strings.Join(text, ", ")
	if more := len(moves) - len(text); more > 0 {
		list += fmt.Sprintf(" and %d more (type moves for them all)", more)
	}
	return fmt.Sprintf("You must capture: %s (the heaviest capture is compulsory).", list)
}

// turn shows what the human needs before the prompt: the board, when the
// position has changed since it was last drawn, then the end of the game if
// the game does not go on, or else, with a new board, the captures the
// human must choose from, if any.
func (s *session) turn(goesOn bool) {
	p := s.game.Position()
	if !s.drew || p != s.drawn {
		s.board()
		if goesOn {
			if line := mustCapture(p); line != "" {
				fmt.Fprintln(s.out, line)
			}
		}
	}
	if !goesOn {
		s.announce()
	}
}

// computerMoves lets the computer play while it is its turn and the game
// goes on. It reports whether the game goes on.
func (s *session) computerMoves() bool {
	for {
		if s.outcome().IsOver() {
			return false
		}
		p := s.game.Position()
		if p.Turn() == s.human {
			return true
		}
		m, ok := s.computerMove(p)
		if !ok {
			return false
		}
		if err := s.game.Play(context.Background(), m); err != nil {
			fmt.Fprintln(s.out, "play: the computer chose an illegal move:", err)
			return false
		}
		fmt.Fprintf(s.out, "Computer (%s) plays %s.\n", p.Turn(), s.played())
	}
}

// computerMove returns the computer's move in p, the current position of
// the game, from the built-in engine or the external one. false means no
// move: the external engine failed, which has been said.
func (s *session) computerMove(p frisian.Position) (frisian.Move, bool) {
	if s.client == nil {
		r, ok := engine.Search(p, s.opts)
		return r.Move, ok // ok: the game is not over, so there is a move
	}
	search := hub.FromGame(s.game)
	search.Limits = s.limits
	ctx, cancel := context.WithTimeout(context.Background(), s.limits.MoveTime+hubflags.Timeout)
	defer cancel()
	res, err := s.client.BestMove(ctx, search)
	if err != nil {
		fmt.Fprintln(s.out, "play: the engine failed:", err)
		s.failed = true
		return frisian.Move{}, false
	}
	return res.Move, true
}

// announce prints the end of the game, once.
func (s *session) announce() {
	if s.announced {
		return
	}
	s.announced = true
	o := s.outcome()
	reason := o.Reason.String()
	if o.Reason == frisian.NoLegalMove {
		// Say who could not move: the bare "no legal move" reads as if
		// the winner were stuck.
		reason = s.game.Position().Turn().String() + " has no legal move left"
	}
	verdict := "Nobody wins."
	if w, ok := o.Result.Winner(); ok {
		verdict = "You win!"
		if w != s.human {
			verdict = "The computer wins."
		}
	}
	fmt.Fprintf(s.out, "Game over: %s (%s), %s. %s\n", o.Result, reason, o.Result.PDN(), verdict)
	fmt.Fprintln(s.out, "Type pdn for the game, undo to take back your last move, or quit.")
}

// board prints the current position from the human's side of the board and
// records that it has been drawn.
func (s *session) board() {
	s.drawn, s.drew = s.game.Position(), true
	fmt.Fprint(s.out, s.drawn.Diagram(s.human))
}

// command carries out one line of input and reports whether to quit.
func (s *session) command(line string) (quit bool) {
	switch strings.ToLower(line) {
	case "":
	case "quit", "exit", "q":
		return true
	case "help", "?":
		fmt.Fprint(s.out, help)
	case "moves":
		s.listMoves()
	case "board":
		s.board()
	case "undo":
		s.undo()
	case "fen":
		fmt.Fprintln(s.out, s.game.Position().FEN())
	case "pdn":
		s.writePDN()
	default:
		s.humanMove(line)
	}
	return false
}

const help = `Type a move as PDN text: 32-28, 28x19, or a capture's landing path 28x17x8.
Commands:
  moves  list the legal moves
  undo   take back your last move and the computer's reply
  board  draw the board again
  fen    print the position in FEN
  pdn    print the game so far in PDN
  help   print this text
  quit   leave the game
`

// listMoves prints the legal moves in canonical order, as the shortest
// unambiguous PDN text.
func (s *session) listMoves() {
	if s.outcome().IsOver() {
		fmt.Fprintln(s.out, "The game is over: there are no moves to play.")
		return
	}
	l := legal(s.game.Position())
	moves := l.Moves()
	text := make([]string, len(moves))
	for i, m := range moves {
		text[i] = l.Text(m)
	}
	fmt.Fprintf(s.out, "Legal moves (%d): %s\n", len(moves), strings.Join(text, " "))
}

// humanMove reads line as a move of the human and plays it.
func (s *session) humanMove(line string) {
	if s.outcome().IsOver() {
		fmt.Fprintln(s.out, "The game is over; type undo, pdn, fen or quit.")
		return
	}
	p := s.game.Position()
	m, err := legal(p).ParseMove(context.Background(), line)
	if err != nil {
		// The library's errors already say what is wrong (not a move, not
		// legal and why, or ambiguous with the candidates); the hint says
		// what to do about it.
		fmt.Fprintln(s.out, err)
		switch {
		case errors.Is(err, frisian.ErrInvalidMove):
			fmt.Fprintln(s.out, "Type a move such as 32-28 or 28x19, or help for the commands.")
		case errors.Is(err, frisian.ErrIllegalMove):
			// Whatever was wrong with the move, when a capture is
			// compulsory the captures are what may be played.
			if line := mustCapture(p); line != "" {
				fmt.Fprintln(s.out, line)
			} else {
				fmt.Fprintln(s.out, "Type moves for the legal moves.")
			}
		case errors.Is(err, frisian.ErrAmbiguousMove):
			fmt.Fprintln(s.out, "Type one of them in full.")
		}
		return
	}
	if err := s.game.Play(context.Background(), m); err != nil {
		fmt.Fprintln(s.out, err)
		return
	}
	fmt.Fprintf(s.out, "You play %s.\n", s.played())
}

// undo takes back the human's last move and every move after it (the
// computer's reply), so that it is the human's turn again in the position
// where the human last moved.
func (s *session) undo() {
	last := -1
	for ply := s.game.Len() - 1; ply >= 0; ply-- {
		if p, _ := s.game.PositionAt(ply); p.Turn() == s.human {
			last = ply
			break
		}
	}
	if last < 0 {
		fmt.Fprintln(s.out, "Nothing to undo: you have not moved yet.")
		return
	}
	var taken []string
	for s.game.Len() > last {
		ply := s.game.Len() - 1
		text := s.moveText(ply)
		s.game.Undo()
		taken = append([]string{text}, taken...)
	}
	s.announced = false
	fmt.Fprintf(s.out, "Took back %s.\n", strings.Join(taken, " "))
}

// writePDN prints the game so far with the library's PDN writer, which
// fills in the Result tag under the chosen draw rules.
func (s *session) writePDN() {
	pw := pdn.NewWriter(s.out)
	pw.Draws = s.draws
	if err := pw.WriteGame(s.game); err != nil {
		fmt.Fprintln(s.out, "play:", err)
	}
}
