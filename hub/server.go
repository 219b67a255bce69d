package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// Engine is a program that searches positions, the part a Go engine
// supplies to Serve to speak the Hub protocol.
type Engine interface {
	// Search searches s and returns the move to play, and optionally the
	// reply it expects as Result.Ponder; Result.Info is ignored. The
	// position, s.Position(), has a legal move; Serve has checked the
	// moves and worked the position out, so that s.Position() plays no
	// move again. Search should end within s.Limits.Depth and
	// s.Limits.Nodes; Serve ends ctx at the time limit (move-time, or a
	// share of the game clock), when the GUI sends stop or any command but
	// ping and ponder-hit, and when it goes away, and Search should then
	// return the best move found so far promptly.
	//
	// report sends an info line to the GUI; Search may call it from any
	// goroutine until it returns. An error from Search, or a Result.Move
	// that is not legal, is sent to the GUI as an error line, followed by
	// a done without a move.
	Search(ctx context.Context, s Search, report func(Info)) (Result, error)
}

// Identifier is an Engine that names itself in the id line. Without it the
// name is "unnamed".
type Identifier interface {
	ID() ID
}

// Configurable is an Engine with parameters. Params is asked for at the
// handshake, and again at each set-param to find the name among them;
// SetParam is called for every set-param of a parameter it declared, and
// its error goes to the GUI as an error line. Serve itself declares and
// handles the parameter variant, whose only value is frisian.
type Configurable interface {
	Params() []Param
	SetParam(name, value string) error
}

// Initializer is an Engine that prepares itself at init, after its
// parameters are set. Its error goes to the GUI as an error line.
type Initializer interface {
	Init() error
}

// GameResetter is an Engine told of new-game, so that it may forget what it
// learnt in searches of the last game.
type GameResetter interface {
	NewGame()
}

// genTimeout bounds each move generation of Serve: the checking of the
// moves of one pos command, which come from the GUI and so from anyone,
// and of the position searched and the engine's answer in it (see
// Position.Legal).
const genTimeout = 5 * time.Second

// Serve speaks the engine side of the Hub protocol: it reads the GUI's
// commands from r, answers on w and has e search. It returns nil after quit
// or at the end of r, and otherwise the error that ended it (reading r or
// writing w). A search still running is stopped, and waited for, before
// Serve returns.
//
// While a search runs Serve answers ping, stop and ponder-hit at once; any
// other command stops the search first, as in Scan. Malformed lines,
// positions and moves, and unknown commands, are answered with an error
// line, and Serve goes on (Scan answers a bad position or move and an
// unknown command so, and dies on a malformed line).
//
// The limits of a search are those of the level lines since the last pos
// or go, as in Scan: each line sets the limits it names (a game clock,
// moves, time and inc, as a whole) and keeps the others, so that "level
// depth=10" then "level move-time=5" bound the search by both.
//
// Each generation of legal moves (checking the moves of a pos command, the
// position at go, whose moves the engine's move must be one of, and the
// engine's ponder move) gets at most 5 seconds, since positions from the
// GUI may be made up to be slow: past that a position is answered as bad,
// and a ponder move is left out of done.
func Serve(r io.Reader, w io.Writer, e Engine) error {
	s := &server{e: e, w: w, genTimeout: genTimeout}
	return s.serve(r)
}

// serve is Serve with the server's settings.
func (s *server) serve(r io.Reader) error {
	defer s.stopSearch()
	br := bufio.NewReaderSize(r, 4096)
	for {
		text, err := readLine(br)
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			return err
		}
		if err := s.writeErr(); err != nil {
			return err
		}
		l, err := ParseLine(text)
		if err != nil {
			s.error(err.Error())
			continue
		}
		if s.busy() {
			switch l.Command {
			case "ping":
				s.write(cmd("pong"))
				continue
			case "stop":
				s.cancelSearch()
				continue
			case "ponder-hit":
				s.ponderHit()
				continue
			}
			s.stopSearch()
		}
		if quit := s.command(l); quit {
			return s.writeErr()
		}
	}
}

// server is the state of one Serve.
type server struct {
	e Engine
	// genTimeout bounds each generation of legal moves (genTimeout but
	// in tests).
	genTimeout time.Duration

	wmu  sync.Mutex
	w    io.Writer
	werr error

	// The position and limits of the next search; pos is nil when no
	// position has been given or the last one was wrong.
	pos    *Search
	limits Limits

	// The running search: nil when none.
	run *run
}

// run is a search in progress.
type run struct {
	cancel    context.CancelFunc
	done      chan struct{}
	mode      Mode
	budget    time.Duration // the time limit started at ponder-hit, 0 for none
	mu        sync.Mutex
	timer     *time.Timer
	reporting bool // report may still write
}

func (s *server) busy() bool { return s.run != nil }

func (s *server) command(l Line) (quit bool) {
	switch l.Command {
	case "hub":
		s.hello()
	case "set-param":
		s.setParam(l)
	case "init":
		if in, ok := s.e.(Initializer); ok {
			if err := in.Init(); err != nil {
				s.error(err.Error())
			}
		}
		s.write(cmd("ready"))
	case "pos":
		s.position(l)
	case "level":
		s.level(l)
	case "go":
		s.goSearch(l)
	case "new-game":
		if g, ok := s.e.(GameResetter); ok {
			g.NewGame()
		}
	case "ping":
		s.write(cmd("pong"))
	case "stop", "ponder-hit":
		// No search to stop: a late one, crossing the engine's done.
	case "quit":
		return true
	default:
		s.error("unknown command " + l.Command)
	}
	return false
}

// hello answers hub with the identity, the parameters and wait.
func (s *server) hello() {
	id := ID{Name: "unnamed"}
	if i, ok := s.e.(Identifier); ok {
		id = i.ID()
	}
	l := cmd("id", "name", id.Name)
	for _, kv := range [][2]string{{"version", id.Version}, {"author", id.Author}, {"country", id.Country}} {
		if kv[1] != "" {
			l.Args = append(l.Args, Arg{Name: kv[0], Value: kv[1]})
		}
	}
	s.write(l)
	s.write(Param{Name: "variant", Value: "frisian", Type: "enum", Values: []string{"frisian"}}.line())
	if c, ok := s.e.(Configurable); ok {
		for _, p := range c.Params() {
			if p.Name != "variant" {
				s.write(p.line())
			}
		}
	}
	s.write(cmd("wait"))
}

// line returns the param line declaring p.
func (p Param) line() Line {
	l := cmd("param", "name", p.Name, "value", p.Value)
	if p.Type != "" {
		l.Args = append(l.Args, Arg{Name: "type", Value: p.Type})
	}
	if p.Min != "" {
		l.Args = append(l.Args, Arg{Name: "min", Value: p.Min})
	}
	if p.Max != "" {
		l.Args = append(l.Args, Arg{Name: "max", Value: p.Max})
	}
	if len(p.Values) > 0 {
		l.Args = append(l.Args, Arg{Name: "values", Value: strings.Join(p.Values, " ")})
	}
	return l
}

func (s *server) setParam(l Line) {
	name, _ := l.Get("name")
	value, _ := l.Get("value")
	if name == "" {
		s.error("set-param without a name")
		return
	}
	if name == "variant" {
		if value != "frisian" {
			s.error("variant " + value + " is not played: only frisian")
		}
		return
	}
	if c, ok := s.e.(Configurable); ok {
		for _, p := range c.Params() {
			if p.Name == name {
				if err := c.SetParam(name, value); err != nil {
					s.error(err.Error())
				}
				return
			}
		}
	}
	s.error("unknown parameter " + name)
}

// position reads a pos command. Like Scan, it starts from the start
// position when pos= is missing (or the flag start is given), and a
// new position resets the limits.
func (s *server) position(l Line) {
	s.pos = nil
	s.limits = Limits{}
	start := frisian.StartPosition()
	if text, ok := l.Get("pos"); ok && !l.Has("start") {
		p, err := ParsePosition(text)
		if err != nil {
			s.error("bad position: " + err.Error())
			return
		}
		start = p
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.genTimeout)
	defer cancel()
	text, _ := l.Get("moves")
	moves, end, i, err := parseMoves(ctx, start, text)
	if err != nil {
		s.error(fmt.Sprintf("bad move %d: %v", i+1, err))
		return
	}
	// The position is worked out here once: go and the engine's
	// Search.Position take it as it is.
	s.pos = &Search{Start: start, Moves: moves, checked: &checkedSearch{start: start, moves: slices.Clone(moves), end: end}}
}

// level reads a level command. As in Scan 3.1, levels add up until the
// search: a level line sets the limits it names and leaves the others,
// but a game clock (moves, time, inc) is set as a whole, its fields not
// named being zero. A malformed line leaves the limits as they were.
func (s *server) level(l Line) {
	lim := s.limits
	if l.Has("moves") || l.Has("time") || l.Has("inc") {
		lim.Moves, lim.Time, lim.Inc = 0, 0, 0
	}
	for _, a := range l.Args {
		var err error
		switch a.Name {
		case "depth":
			lim.Depth, err = strconv.Atoi(a.Value)
		case "nodes":
			lim.Nodes, err = strconv.ParseInt(a.Value, 10, 64)
		case "moves":
			lim.Moves, err = strconv.Atoi(a.Value)
		case "move-time", "time", "inc":
			d, ok := parseSeconds(a.Value)
			if !ok {
				err = errors.New("not a time in seconds")
			}
			switch a.Name {
			case "move-time":
				lim.MoveTime = d
			case "time":
				lim.Time = d
			default:
				lim.Inc = d
			}
		case "infinite":
			lim.Infinite = true
		}
		if err == nil && (lim.Depth < 0 || lim.Nodes < 0 || lim.Moves < 0) {
			err = errors.New("negative")
		}
		if err != nil {
			s.error(fmt.Sprintf("bad level %s=%q", a.Name, a.Value))
			return
		}
	}
	s.limits = lim
}

// budget is the time the search may take: the move time, or a share of the
// game clock (the time left over the moves to go, 30 when not given, plus
// the increment, but never more than nine tenths of what is left), the
// smaller of the two when both are given, or 0 for no limit.
func (lim Limits) budget() time.Duration {
	if lim.Infinite {
		return 0
	}
	b := lim.MoveTime
	if lim.Time > 0 || lim.Inc > 0 {
		n := lim.Moves
		if n <= 0 {
			n = 30
		}
		clock := min(lim.Time/time.Duration(n)+lim.Inc, (lim.Time+lim.Inc)/10*9)
		if b == 0 || clock < b {
			b = clock
		}
	}
	return b
}

func (s *server) goSearch(l Line) {
	mode := Think
	switch {
	case l.Has("ponder"):
		mode = Ponder
	case l.Has("analyze"):
		mode = Analyze
	}
	srch, lim := s.pos, s.limits
	s.limits = Limits{} // as Scan does: the level holds for one search
	if srch == nil {
		s.error("no position to search")
		s.write(cmd("done"))
		return
	}
	q := *srch
	q.Limits, q.Mode = lim, mode
	p := q.checked.end
	moves, err := s.legalMoves(p)
	if err != nil || len(moves) == 0 {
		s.error("no legal move to search")
		s.write(cmd("done"))
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &run{cancel: cancel, done: make(chan struct{}), mode: mode, reporting: true}
	if b := lim.budget(); b > 0 {
		if mode == Ponder {
			r.budget = b // the clock starts at ponder-hit
		} else {
			r.timer = time.AfterFunc(b, cancel)
		}
	}
	s.run = r
	report := func(info Info) {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.reporting {
			s.write(info.line())
		}
	}
	go func() {
		defer close(r.done)
		res, err := s.e.Search(ctx, q, report)
		r.mu.Lock()
		r.reporting = false
		if r.timer != nil {
			r.timer.Stop()
		}
		r.mu.Unlock()
		cancel()
		done := cmd("done")
		switch {
		case err != nil:
			s.error(err.Error())
		case !slices.Contains(moves, res.Move):
			s.error(fmt.Sprintf("the engine chose %v, which is not a legal move", res.Move))
		default:
			done.Args = append(done.Args, Arg{Name: "move", Value: res.Move.String()})
			// The ponder move is advice: one that takes too long to
			// check is left out like one that is not legal.
			if !res.Ponder.IsZero() && s.isLegal(p.Apply(res.Move), res.Ponder) {
				done.Args = append(done.Args, Arg{Name: "ponder", Value: res.Ponder.String()})
			}
		}
		s.write(done)
	}()
}

// legalMoves returns the legal moves of p, generated within genTimeout.
func (s *server) legalMoves(p frisian.Position) ([]frisian.Move, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.genTimeout)
	defer cancel()
	l, err := p.Legal(ctx)
	if err != nil {
		return nil, err
	}
	return l.Moves(), nil
}

// isLegal reports whether m is legal in p, and false when that takes longer
// than genTimeout to tell.
func (s *server) isLegal(p frisian.Position, m frisian.Move) bool {
	moves, err := s.legalMoves(p)
	return err == nil && slices.Contains(moves, m)
}

// ponderHit starts the clock of a pondering search.
func (s *server) ponderHit() {
	r := s.run
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.mode == Ponder && r.budget > 0 && r.timer == nil && r.reporting {
		r.timer = time.AfterFunc(r.budget, r.cancel)
	}
}

// cancelSearch asks the running search to end; its done follows.
func (s *server) cancelSearch() {
	if s.run != nil {
		s.run.cancel()
	}
}

// stopSearch ends the running search and waits for its done.
func (s *server) stopSearch() {
	if s.run == nil {
		return
	}
	s.run.cancel()
	<-s.run.done
	s.run = nil
}

// write sends l; the first write error is kept and ends Serve.
func (s *server) write(l Line) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if s.werr != nil {
		return
	}
	_, s.werr = io.WriteString(s.w, l.String()+"\n")
}

func (s *server) writeErr() error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.werr
}

// error sends an error line; the message loses the characters the protocol
// cannot quote.
func (s *server) error(msg string) {
	b := []byte(errtext.Clip(msg))
	for i, c := range b {
		if c == '"' {
			b[i] = '\''
		} else if c < ' ' || c == 0x7f {
			b[i] = ' '
		}
	}
	s.write(cmd("error", "message", string(b)))
}
