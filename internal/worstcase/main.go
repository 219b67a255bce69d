// Command worstcase searches for Frisian positions whose legal moves take
// the longest to compute, so that every change to the capture search can be
// checked against the worst positions found so far.
//
// It climbs over board placements: from a random start in which the side to
// move has a capture it mutates the placement (moves, adds or removes a
// piece, crowns or uncrowns one, changes a piece's color or the side to
// move) and keeps the changes that make computing the legal moves slower,
// now and then also one that makes it a little faster (simulated annealing),
// and starts afresh when a climb stops improving. A placement is scored by
// the least wall time of a few computations of its legal moves (-reps); a
// placement without a capture for the side to move scores nothing, and one
// whose moves take longer than -timeout counts as the worst of all.
//
//	go run ./internal/worstcase -seconds 60 -kind kings
//	go run ./internal/worstcase -seconds 120 -kind men -seed 7
//	go run ./internal/worstcase -seconds 60 -kind mixed -max 50 -capturers 25
//	go run ./internal/worstcase -check worst.txt
//
// -kind chooses the starts: kings (the side to move has mostly kings),
// men (the side to move has men only, by default a single man) or mixed.
// -capturers sets how many pieces the side to move has at each start and at
// most during a climb (by default 3, 1 and 6 for the three kinds); -max is
// the most pieces a side may have (20 by default; 50 allows any placement).
// Men never stand on their own crowning row.
//
// Each time a new best is found it prints one line
//
//	<microseconds>\t<number of legal moves>\t<FEN>
//
// and a position that times out is printed at once, with the timeout as its
// time and "timeout" for the number of moves. At the end it prints the -top
// slowest distinct positions found (a position and its mirror image, the board
// turned round with the colors swapped, count as one) in the same form, after
// a comment line. Lines starting with # are comments.
//
// -check FILE reads positions, one per line with the FEN as the last
// tab-separated field that is one (so the output of a search and
// testdata/worstcase.txt can both be read back), skips
// blank lines and lines starting with #, and prints each position's time and
// number of legal moves in the same form: a regression check after a change
// to move generation.
//
// -seed makes the starts and the proposed mutations reproducible; which
// mutations are kept depends on measured times, so two runs can still climb
// differently.
package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian"
)

func main() {
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "worstcase:", err)
		os.Exit(1)
	}
}

// config holds the settings of a run; the flags fill it in.
type config struct {
	Seconds    float64       // time budget of the search; 0 for none
	Iterations int           // evaluations budget of the search; 0 for none
	Seed       uint64        // seed of the random source
	Kind       string        // "kings", "men" or "mixed"
	Capturers  int           // pieces of the side to move: at the start, and at most
	Max        int           // the most pieces a side may have
	Timeout    time.Duration // the most one computation of the legal moves may take
	Reps       int           // computations per evaluation; the least time counts
	Patience   int           // evaluations without a better placement before a restart
	Top        int           // distinct positions listed at the end
	Check      string        // file of positions to time instead of searching
}

// kindCapturers is the default of -capturers for each kind of start.
var kindCapturers = map[string]int{"kings": 3, "men": 1, "mixed": 6}

// parseFlags reads the command line into a config and checks it. Usage
// errors are written to stderr.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("worstcase", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Float64Var(&cfg.Seconds, "seconds", 60, "time budget of the search in `seconds` (0: none, then -iters must be set)")
	fs.IntVar(&cfg.Iterations, "iters", 0, "stop after this many evaluations (0: no limit)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random source")
	fs.StringVar(&cfg.Kind, "kind", "kings", "kind of start: kings, men or mixed")
	fs.IntVar(&cfg.Capturers, "capturers", 0, "pieces of the side to move at each start, and at most (0: 3 for kings, 1 for men, 6 for mixed)")
	fs.IntVar(&cfg.Max, "max", 20, "the most pieces a side may have (50: any placement)")
	fs.DurationVar(&cfg.Timeout, "timeout", 2*time.Second, "the longest one computation of the legal moves may take; a position that takes longer counts as the worst")
	fs.IntVar(&cfg.Reps, "reps", 3, "computations of the legal moves per evaluation; the least time counts")
	fs.IntVar(&cfg.Patience, "patience", 500, "evaluations without a better placement before the climb restarts")
	fs.IntVar(&cfg.Top, "top", 10, "distinct positions to list at the end")
	fs.StringVar(&cfg.Check, "check", "", "time the positions in `FILE` (FEN as the last tab-separated field of each line that is one) instead of searching")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: worstcase [flags]\n       worstcase -check FILE [-timeout D] [-reps N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := cfg.fill(); err != nil {
		fmt.Fprintln(stderr, "worstcase:", err)
		return cfg, err
	}
	return cfg, nil
}

// fill puts in the defaults that depend on other settings and checks the
// settings.
func (cfg *config) fill() error {
	if cfg.Reps < 1 {
		return fmt.Errorf("-reps %d: must be at least 1", cfg.Reps)
	}
	if cfg.Timeout <= 0 {
		return fmt.Errorf("-timeout %v: must be positive", cfg.Timeout)
	}
	if cfg.Check != "" {
		return nil
	}
	def, ok := kindCapturers[cfg.Kind]
	if !ok {
		return fmt.Errorf("-kind %q: must be kings, men or mixed", cfg.Kind)
	}
	if cfg.Capturers == 0 {
		cfg.Capturers = def
	}
	switch {
	case cfg.Max < 1 || cfg.Max > frisian.NumSquares:
		return fmt.Errorf("-max %d: must be 1 to %d", cfg.Max, frisian.NumSquares)
	case cfg.Capturers < 1 || cfg.Capturers > cfg.Max:
		return fmt.Errorf("-capturers %d: must be 1 to -max (%d)", cfg.Capturers, cfg.Max)
	case cfg.Capturers >= frisian.NumSquares:
		return fmt.Errorf("-capturers %d: leaves no square for a piece to capture", cfg.Capturers)
	case cfg.Seconds < 0 || cfg.Iterations < 0:
		return errors.New("-seconds and -iters must not be negative")
	case cfg.Seconds == 0 && cfg.Iterations == 0:
		return errors.New("no budget: set -seconds or -iters")
	case cfg.Patience < 1:
		return fmt.Errorf("-patience %d: must be at least 1", cfg.Patience)
	case cfg.Top < 0:
		return fmt.Errorf("-top %d: must not be negative", cfg.Top)
	}
	return nil
}

// run searches, or with cfg.Check set checks a file, writing the results to
// stdout. cfg must have been checked (see parseFlags); a config made by hand
// gets its defaults filled in here.
func run(cfg config, stdout io.Writer) error {
	if err := cfg.fill(); err != nil {
		return err
	}
	if cfg.Check != "" {
		f, err := os.Open(cfg.Check)
		if err != nil {
			return err
		}
		defer f.Close()
		return check(cfg, f, stdout)
	}
	return search(cfg, stdout)
}

// A result is what one evaluation found out about a position.
type result struct {
	fen      string
	key      string  // the same for a position and its mirror image
	micros   float64 // least time of the computations, in microseconds
	moves    int     // number of legal moves
	timedOut bool    // a computation took longer than the timeout
	capture  bool    // the side to move has a capture
}

// score is what the search maximises: the time, and above every time a
// timeout (a computation that overran the timeout without noticing can take
// a little longer than the timeout itself).
func (r result) score() float64 {
	if r.timedOut {
		return math.Inf(1)
	}
	return r.micros
}

// line formats r as an output line: time, number of moves, FEN.
func (r result) line() string {
	if r.timedOut {
		return fmt.Sprintf("%.0f\ttimeout\t%s", r.micros, r.fen)
	}
	return fmt.Sprintf("%.1f\t%d\t%s", r.micros, r.moves, r.fen)
}

// measure computes the legal moves of p up to reps times and returns the
// least time taken, the number of moves and whether the side to move has a
// capture. It stops at the first computation that takes longer than timeout
// and reports the timeout as the time, and it stops repeating once a
// computation has taken less than floor microseconds or found no capture:
// the search has no use for a more exact time then. The error is any other
// error of the move generator.
func measure(p frisian.Position, timeout time.Duration, reps int, floor float64) (result, error) {
	r := result{fen: p.FEN(), micros: math.Inf(1)}
	for i := range reps {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		moves, err := legalMoves(ctx, p)
		elapsed := time.Since(start)
		cancel()
		if err != nil {
			if errors.Is(err, frisian.ErrSearchStopped) {
				r.micros = float64(timeout) / float64(time.Microsecond)
				r.timedOut = true
				r.capture = true // the worst, whatever it is
				return r, nil
			}
			return r, fmt.Errorf("%s: %w", r.fen, err)
		}
		if i == 0 {
			r.moves = len(moves)
			r.capture = len(moves) > 0 && moves[0].IsCapture()
		}
		r.micros = min(r.micros, float64(elapsed)/float64(time.Microsecond))
		if r.micros < floor || !r.capture {
			break
		}
	}
	return r, nil
}

// legalMoves returns the legal moves of p, or an error when ctx is done
// first.
func legalMoves(ctx context.Context, p frisian.Position) ([]frisian.Move, error) {
	l, err := p.Legal(ctx)
	if err != nil {
		return nil, err
	}
	return l.Moves(), nil
}

// mirrorKey returns a key shared by p and its mirror image: the board
// turned round (square n to 51−n) with the colors and the side to move
// swapped, which has the same moves.
func mirrorKey(p frisian.Position) string {
	s := p.Setup()
	var m frisian.Setup
	m.Turn = s.Turn.Opponent()
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		if pc := s.Board[sq]; pc != frisian.NoPiece {
			m.Board[frisian.NumSquares+1-sq] = frisian.NewPiece(pc.Color().Opponent(), pc.IsKing())
		}
	}
	for c := frisian.White; c <= frisian.Black; c++ {
		km := s.KingRun[c]
		if km.Count > 0 {
			km.Square = frisian.NumSquares + 1 - km.Square
		}
		m.KingRun[c.Opponent()] = km
	}
	m.DrawPlies = s.DrawPlies
	a := p.FEN()
	mp, err := m.Position()
	if err != nil {
		return a // cannot happen: the mirror of a position is one
	}
	return min(a, mp.FEN())
}

// lineFEN returns the position of a line of tab-separated fields: the
// last field that is a FEN, so that both this program's output (the FEN
// last) and testdata/worstcase.txt (name, FEN, moves, source) can be read.
func lineFEN(line string) (frisian.Position, error) {
	fields := strings.Split(line, "\t")
	var first error
	for i := len(fields) - 1; i >= 0; i-- {
		p, err := frisian.ParseFEN(strings.TrimSpace(fields[i]))
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	return frisian.Position{}, first
}

// check times the positions read from in and writes one line for each to
// out, then a summary comment. Lines it cannot read are reported in a
// comment line and make the returned error.
func check(cfg config, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	var bad []string
	n, timeouts := 0, 0
	var total, slowest float64
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := lineFEN(line)
		if err != nil {
			fmt.Fprintf(out, "# line %d: %v\n", lineNo, err)
			bad = append(bad, strconv.Itoa(lineNo))
			continue
		}
		r, err := measure(p, cfg.Timeout, cfg.Reps, 0)
		if err != nil {
			fmt.Fprintf(out, "# line %d: %v\n", lineNo, err)
			bad = append(bad, strconv.Itoa(lineNo))
			continue
		}
		fmt.Fprintln(out, r.line())
		n++
		total += r.micros
		slowest = max(slowest, r.micros)
		if r.timedOut {
			timeouts++
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "# %d positions, total %.1f µs, slowest %.1f µs, %d timed out\n", n, total, slowest, timeouts)
	if len(bad) > 0 {
		return fmt.Errorf("%s: unreadable lines %s", cfg.Check, strings.Join(bad, ", "))
	}
	return nil
}

// A searcher holds the state of a search.
type searcher struct {
	cfg      config
	rng      *rand.Rand
	out      io.Writer
	deadline time.Time       // zero: no time limit
	evals    int             // evaluations made
	best     result          // the slowest position found
	top      []result        // the slowest distinct positions, slowest first
	climbs   []result        // the slowest position of each climb so far
	timeouts map[string]bool // keys of the positions that timed out
}

// search runs the search of cfg, writing to out.
func search(cfg config, out io.Writer) error {
	s := &searcher{
		cfg:      cfg,
		rng:      rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		out:      out,
		timeouts: map[string]bool{},
	}
	start := time.Now()
	if cfg.Seconds > 0 {
		s.deadline = start.Add(time.Duration(cfg.Seconds * float64(time.Second)))
	}
	fmt.Fprintf(out, "# worstcase -kind %s -capturers %d -max %d -seed %d -timeout %v -reps %d\n",
		cfg.Kind, cfg.Capturers, cfg.Max, cfg.Seed, cfg.Timeout, cfg.Reps)
	for !s.done() {
		s.climbs = append(s.climbs, result{})
		if err := s.climb(); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "# %d evaluations, %d climbs, %d positions timed out, %.1f s\n",
		s.evals, len(s.climbs), len(s.timeouts), time.Since(start).Seconds())
	list := s.final()
	fmt.Fprintf(out, "# %d slow distinct positions, slowest first: the slowest of each of the slowest climbs, then the next slowest positions\n", len(list))
	for _, r := range list {
		fmt.Fprintln(out, r.line())
	}
	return nil
}

// final returns the positions to list at the end: for variety the slowest
// position of each climb, as far as cfg.Top allows, topped up with the
// slowest other positions; slowest first, each position once.
func (s *searcher) final() []result {
	var list []result
	seen := map[string]bool{}
	add := func(rs []result) {
		for _, r := range rs {
			if len(list) < s.cfg.Top && r.key != "" && !seen[r.key] {
				seen[r.key] = true
				list = append(list, r)
			}
		}
	}
	climbs := slices.Clone(s.climbs)
	slices.SortStableFunc(climbs, slower)
	add(climbs)
	add(s.top)
	slices.SortStableFunc(list, slower)
	return list
}

// slower orders results slowest first.
func slower(a, b result) int {
	return cmp.Compare(b.score(), a.score())
}

// done reports whether the budget is spent.
func (s *searcher) done() bool {
	if s.cfg.Iterations > 0 && s.evals >= s.cfg.Iterations {
		return true
	}
	return !s.deadline.IsZero() && !time.Now().Before(s.deadline)
}

// The annealing schedule, on the logarithm of the time: a climb starts
// accepting a placement 10% faster than the current one with probability
// exp(-0.1/0.2) ≈ 0.6 and cools towards plain greedy climbing.
const (
	startTemperature = 0.2
	endTemperature   = 0.005
	cooling          = 0.995
)

// climb makes one climb from a random start, until the budget is spent or
// cfg.Patience evaluations bring nothing better than the best of this climb.
func (s *searcher) climb() error {
	cur, curR, ok, err := s.start()
	if err != nil || !ok {
		return err
	}
	bestHere := curR.score()
	temp := startTemperature
	for stale := 0; stale < s.cfg.Patience && !s.done(); stale++ {
		if curR.timedOut {
			return nil // nothing can be worse; look elsewhere
		}
		next := s.mutate(cur)
		// Half the current time is a step the climb almost never takes
		// (with probability at most exp(-ln 2/0.2) ≈ 3%), so such a
		// placement need not be timed exactly.
		r, err := s.evaluate(next, curR.micros/2)
		if err != nil {
			return err
		}
		if !r.capture {
			continue
		}
		if r.score() > bestHere {
			bestHere = r.score()
			stale = 0
		}
		delta := math.Log(r.micros) - math.Log(curR.micros)
		if r.timedOut || delta >= 0 || s.rng.Float64() < math.Exp(delta/temp) {
			cur, curR = next, r
		}
		temp = max(temp*cooling, endTemperature)
	}
	return nil
}

// start returns a random placement of the configured kind in which the side
// to move has a capture, and its result. ok is false when the budget ran out
// first.
func (s *searcher) start() (st frisian.Setup, r result, ok bool, err error) {
	for !s.done() {
		st = s.randomSetup()
		if r, err = s.evaluate(st, 0); err != nil || r.capture {
			return st, r, err == nil, err
		}
	}
	return st, r, false, nil
}

// evaluate measures the position of st and records the result. A position
// faster than floor microseconds is timed only once.
func (s *searcher) evaluate(st frisian.Setup, floor float64) (result, error) {
	s.evals++
	p, err := st.Position()
	if err != nil {
		return result{}, fmt.Errorf("internal error: a mutation made an invalid setup: %w", err)
	}
	r, err := measure(p, s.cfg.Timeout, s.cfg.Reps, floor)
	if err != nil || !r.capture {
		return r, err
	}
	r.key = mirrorKey(p)
	s.record(r)
	return r, nil
}

// record prints r when it is a new best or a new timeout and keeps it among
// the slowest positions.
func (s *searcher) record(r result) {
	switch {
	case r.timedOut:
		if !s.timeouts[r.key] {
			s.timeouts[r.key] = true
			fmt.Fprintln(s.out, r.line())
		}
	case r.score() > s.best.score():
		fmt.Fprintln(s.out, r.line())
	}
	if r.score() > s.best.score() {
		s.best = r
	}
	if c := &s.climbs[len(s.climbs)-1]; r.score() > c.score() {
		*c = r
	}
	if i := slices.IndexFunc(s.top, func(t result) bool { return t.key == r.key }); i >= 0 {
		if s.top[i].score() >= r.score() {
			return
		}
		s.top = slices.Delete(s.top, i, i+1)
	}
	if len(s.top) == s.cfg.Top && (s.cfg.Top == 0 || s.top[len(s.top)-1].score() >= r.score()) {
		return
	}
	i, _ := slices.BinarySearchFunc(s.top, r, slower)
	s.top = slices.Insert(s.top, i, r)
	if len(s.top) > s.cfg.Top {
		s.top = s.top[:s.cfg.Top]
	}
}

// kingShare gives, for each kind of start, the chance that a piece of the
// side to move (index 0) or of the other side (index 1) is a king.
var kingShare = map[string][2]float64{
	"kings": {0.85, 0.5},
	"men":   {0, 0.3},
	"mixed": {0.5, 0.5},
}

// manAllowed reports whether a man of color c may stand on sq: not on its
// own crowning row.
func manAllowed(c frisian.Color, sq frisian.Square) bool {
	if c == frisian.White {
		return sq.Row() != 0
	}
	return sq.Row() != 9
}

// randomPiece returns a random piece for the side to move (own) or the other
// side, as the kind of start has it.
func (s *searcher) randomPiece(turn frisian.Color, own bool) frisian.Piece {
	c, share := turn, kingShare[s.cfg.Kind][0]
	if !own {
		c, share = turn.Opponent(), kingShare[s.cfg.Kind][1]
	}
	return frisian.NewPiece(c, s.rng.Float64() < share)
}

// randomSetup returns a random placement: cfg.Capturers pieces for the side
// to move and from half of cfg.Max to cfg.Max for the other side.
func (s *searcher) randomSetup() frisian.Setup {
	var st frisian.Setup
	st.Turn = frisian.Color(s.rng.IntN(2))
	others := s.cfg.Max/2 + s.rng.IntN(s.cfg.Max-s.cfg.Max/2+1)
	others = max(1, min(others, frisian.NumSquares-s.cfg.Capturers))
	// place puts pc on a random square it may stand on, if one is free.
	place := func(pc frisian.Piece) {
		var free []frisian.Square
		for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
			if st.Board[sq] == frisian.NoPiece && (pc.IsKing() || manAllowed(pc.Color(), sq)) {
				free = append(free, sq)
			}
		}
		if len(free) > 0 {
			st.Board[free[s.rng.IntN(len(free))]] = pc
		}
	}
	for range s.cfg.Capturers {
		place(s.randomPiece(st.Turn, true))
	}
	for range others {
		place(s.randomPiece(st.Turn, false))
	}
	return st
}

// fits reports whether st is a placement the search may visit: each side
// has 1 to cfg.Max pieces, the side to move at most cfg.Capturers and, for
// -kind men, no kings; no man stands on its crowning row.
func (s *searcher) fits(st *frisian.Setup) bool {
	var count [2]int
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		pc := st.Board[sq]
		if pc == frisian.NoPiece {
			continue
		}
		c := pc.Color()
		count[c]++
		if !pc.IsKing() && !manAllowed(c, sq) {
			return false
		}
		if c == st.Turn && pc.IsKing() && s.cfg.Kind == "men" {
			return false
		}
	}
	own, other := count[st.Turn], count[st.Turn.Opponent()]
	return own >= 1 && other >= 1 && own <= min(s.cfg.Capturers, s.cfg.Max) && other <= s.cfg.Max
}

// neighbours[sq] lists the squares next to sq in the eight Frisian
// directions: the diagonal neighbours, two rows up or down in the same
// column, and two columns left or right in the same row.
var neighbours = func() (nb [frisian.NumSquares + 1][]frisian.Square) {
	steps := [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2, 0}, {2, 0}, {0, -2}, {0, 2}}
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		for _, d := range steps {
			if t, ok := frisian.SquareAt(sq.Row()+d[0], sq.Column()+d[1]); ok {
				nb[sq] = append(nb[sq], t)
			}
		}
	}
	return nb
}()

// The mutations and their weights.
const (
	opStep     = iota // move a piece to a neighbouring empty square
	opMove            // move a piece to any empty square
	opAdd             // add a piece
	opRemove          // remove a piece
	opCrown           // turn a man into a king or a king into a man
	opRecolor         // give a piece the other color
	opFlipTurn        // give the move to the other side
	numOps
)

var opWeights = [numOps]int{opStep: 25, opMove: 15, opAdd: 15, opRemove: 12, opCrown: 12, opRecolor: 12, opFlipTurn: 4}

// mutate returns a placement that differs from st by one to three random
// mutations and fits (see fits). It returns st itself only when it finds no
// such placement in many tries.
func (s *searcher) mutate(st frisian.Setup) frisian.Setup {
	for range 10000 {
		next := st
		n := 1
		if s.rng.IntN(5) == 0 {
			n += 1 + s.rng.IntN(2)
		}
		ok := true
		for range n {
			if !s.mutateOnce(&next) {
				ok = false
				break
			}
		}
		if ok && next != st && s.fits(&next) {
			return next
		}
	}
	return st
}

// mutateOnce applies one random mutation to st and reports whether it could.
// It keeps men off their crowning rows; the other limits are for fits.
func (s *searcher) mutateOnce(st *frisian.Setup) bool {
	var occupied, empty []frisian.Square
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		if st.Board[sq] == frisian.NoPiece {
			empty = append(empty, sq)
		} else {
			occupied = append(occupied, sq)
		}
	}
	pick := func(list []frisian.Square) (frisian.Square, bool) {
		if len(list) == 0 {
			return 0, false
		}
		return list[s.rng.IntN(len(list))], true
	}
	put := func(sq frisian.Square, pc frisian.Piece) bool {
		if !pc.IsKing() && !manAllowed(pc.Color(), sq) {
			return false
		}
		st.Board[sq] = pc
		return true
	}
	w := s.rng.IntN(sum(opWeights[:]))
	op := 0
	for ; w >= opWeights[op]; op++ {
		w -= opWeights[op]
	}
	switch op {
	case opStep, opMove:
		from, ok := pick(occupied)
		if !ok {
			return false
		}
		var to frisian.Square
		if op == opStep {
			to, _ = pick(neighbours[from])
			if st.Board[to] != frisian.NoPiece {
				return false
			}
		} else if to, ok = pick(empty); !ok {
			return false
		}
		pc := st.Board[from]
		st.Board[from] = frisian.NoPiece
		return put(to, pc)
	case opAdd:
		sq, ok := pick(empty)
		return ok && put(sq, s.randomPiece(st.Turn, s.rng.IntN(2) == 0))
	case opRemove:
		sq, ok := pick(occupied)
		if ok {
			st.Board[sq] = frisian.NoPiece
		}
		return ok
	case opCrown:
		sq, ok := pick(occupied)
		if !ok {
			return false
		}
		pc := st.Board[sq]
		return put(sq, frisian.NewPiece(pc.Color(), !pc.IsKing()))
	case opRecolor:
		sq, ok := pick(occupied)
		if !ok {
			return false
		}
		pc := st.Board[sq]
		return put(sq, frisian.NewPiece(pc.Color().Opponent(), pc.IsKing()))
	default: // opFlipTurn
		st.Turn = st.Turn.Opponent()
		return true
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
