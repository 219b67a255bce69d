package main

// The JavaScript-facing API, in plain Go values: every call into the
// library is in this file. js.go hands each function its argument, a
// JavaScript object converted to a map, and converts its answer back; the
// answers are built of the types js.ValueOf takes (map[string]any, []any,
// string, int, bool) so that no JSON encoder is linked in.
//
// A game is passed whole to every call as {fen, moves, draws}: the start
// position (empty for the usual start), the texts of the moves played,
// and "official" or "lidraughts". The bridge replays it, keeping the last
// game replayed so that a call on the same game, or on one a move longer
// or shorter, costs one move; a page keeps no handle and the module keeps
// nothing a page could leave in a bad state.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/examples/internal/movepath"
	"github.com/frisian-draughts/frisian/pdn"
	"github.com/frisian-draughts/frisian/svg"
)

// object is a JavaScript object, as arguments come and answers go.
type object = map[string]any

// Limits on what a page may pass, so that a call's cost is bounded by more
// than the caller's patience.
const (
	maxPlies    = 500     // moves in a game, as the server of examples/web allows
	maxText     = 1 << 20 // bytes of PDN text to read
	maxGames    = 100     // games read from one PDN text
	maxDepth    = 12      // engine depth
	maxNodes    = 5_000_000
	maxSelected = 64 // squares clicked in one move
)

// errArg: an argument is missing or of the wrong kind.
var errArg = errors.New("bad argument")

// bridge answers the API's calls. It keeps the last game replayed.
type bridge struct {
	last *replayed
}

// replayed is a game record replayed: its start and move texts, the game,
// and the legal moves of its current position once worked out.
type replayed struct {
	start   string
	texts   []string
	game    *pdn.Game
	legal   frisian.Legal
	legalOK bool
}

// functions returns the API: each name and its function.
func (b *bridge) functions() map[string]func(object) (object, error) {
	return map[string]func(object) (object, error){
		"position": b.position,
		"clicks":   b.clicks,
		"play":     b.play,
		"board":    b.board,
		"pdn":      b.pdn,
		"readPDN":  b.readPDN,
		"engine":   b.engine,
		"fen":      b.fen,
	}
}

// call runs the function name with the argument a and returns its answer,
// or {error} with the reason; it never panics, whatever a holds.
func (b *bridge) call(name string, a object) (res object) {
	defer func() {
		if r := recover(); r != nil {
			b.last = nil // it may be half updated
			res = object{"error": fmt.Sprintf("internal error in %s: %v", name, r)}
		}
	}()
	f, ok := b.functions()[name]
	if !ok {
		return object{"error": fmt.Sprintf("no function %q", name)}
	}
	res, err := f(a)
	if err != nil {
		return object{"error": err.Error()}
	}
	return res
}

// Reading arguments.

func str(a object, key string) (string, error) {
	switch v := a[key].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	}
	return "", fmt.Errorf("%w: %s is not a string", errArg, key)
}

func number(a object, key string) (int, error) {
	switch v := a[key].(type) {
	case nil:
		return 0, nil
	case float64:
		if v != float64(int(v)) || v < -1e9 || v > 1e9 {
			return 0, fmt.Errorf("%w: %s is not a whole number", errArg, key)
		}
		return int(v), nil
	case int:
		return v, nil
	}
	return 0, fmt.Errorf("%w: %s is not a number", errArg, key)
}

func list(a object, key string, most int) ([]any, error) {
	switch v := a[key].(type) {
	case nil:
		return nil, nil
	case []any:
		if len(v) > most {
			return nil, fmt.Errorf("%w: %s holds %d items, at most %d", errArg, key, len(v), most)
		}
		return v, nil
	}
	return nil, fmt.Errorf("%w: %s is not an array", errArg, key)
}

func squares(a object, key string) ([]frisian.Square, error) {
	items, err := list(a, key, maxSelected)
	if err != nil {
		return nil, err
	}
	out := make([]frisian.Square, len(items))
	for i, it := range items {
		n, err := number(object{key: it}, key)
		if err != nil || n < 1 || n > frisian.NumSquares {
			return nil, fmt.Errorf("%w: %s[%d] is not a square from 1 to %d", errArg, key, i, frisian.NumSquares)
		}
		out[i] = frisian.Square(n)
	}
	return out, nil
}

func draws(a object) (frisian.DrawRules, error) {
	s, err := str(a, "draws")
	if err != nil || s == "" {
		return frisian.OfficialDraws, err
	}
	var r frisian.DrawRules
	if err := r.UnmarshalText([]byte(s)); err != nil {
		return r, fmt.Errorf("%w: draws: %v", errArg, err)
	}
	return r, nil
}

// replayUnder is replay for the calls that also take the draw rules.
func (b *bridge) replayUnder(a object) (*replayed, frisian.DrawRules, error) {
	rules, err := draws(a)
	if err != nil {
		return nil, 0, err
	}
	r, err := b.replay(a)
	return r, rules, err
}

// replay returns the game {fen, moves} of a, replayed.
func (b *bridge) replay(a object) (*replayed, error) {
	start, err := str(a, "fen")
	if err != nil {
		return nil, err
	}
	items, err := list(a, "moves", maxPlies)
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, fmt.Errorf("%w: moves[%d] is not a string", errArg, i)
		}
		texts[i] = s
	}
	r := b.last
	if r == nil || r.start != start {
		p := frisian.StartPosition()
		if start != "" {
			if p, err = startPosition(start); err != nil {
				return nil, err
			}
		}
		r = &replayed{start: start, game: pdn.NewGame(p)}
	}
	b.last = nil // until it matches a again
	// Keep the moves both share, then play the rest.
	same := 0
	for same < len(r.texts) && same < len(texts) && r.texts[same] == texts[same] {
		same++
	}
	for len(r.texts) > same {
		r.game.Undo()
		r.texts = r.texts[:len(r.texts)-1]
		r.legalOK = false
	}
	for _, t := range texts[same:] {
		if err := r.work(); err != nil {
			return nil, err
		}
		m, err := r.legal.ParseMove(context.Background(), t)
		if err == nil {
			err = r.game.Play(context.Background(), m)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d, %s: %w", len(r.texts)+1, t, err)
		}
		r.texts = append(r.texts, t)
		r.legalOK = false
	}
	if err := r.work(); err != nil {
		return nil, err
	}
	b.last = r
	return r, nil
}

// work works out the legal moves of the current position, once.
func (r *replayed) work() error {
	if r.legalOK {
		return nil
	}
	var err error
	if r.legal, err = r.game.Position().Legal(context.Background()); err != nil {
		return err
	}
	r.legalOK = true
	return nil
}

// Building answers.

func ints(sqs []frisian.Square) []any {
	out := make([]any, len(sqs))
	for i, sq := range sqs {
		out[i] = int(sq)
	}
	return out
}

// moveObject describes m, a legal move of legal, for the calls about one
// move: the path to show it along (see movepath.Of), with the pieces taken
// in order.
func moveObject(legal frisian.Legal, m frisian.Move, path, taken []frisian.Square) object {
	o := listedMove(legal, m)
	o["path"], o["taken"] = ints(path), ints(taken)
	return o
}

// listedMove describes m, a legal move of legal, as position lists it:
// what is quick to work out for every move, without its paths.
func listedMove(legal frisian.Legal, m frisian.Move) object {
	return object{
		"text":     legal.Text(m),
		"from":     int(m.From()),
		"to":       int(m.To()),
		"capture":  m.IsCapture(),
		"captured": ints(m.Captured().Squares()),
	}
}

// position answers {fen, moves, draws} with the current position: its FEN,
// side to move, ply, the most plies a game may have, outcome under the
// draw rules, legal moves (each with its text, start, end and the squares
// of the pieces it captures, in canonical order; a move's paths come from
// the calls about one move), the squares of the pieces that can move, and
// the counters running.
func (b *bridge) position(a object) (object, error) {
	r, rules, err := b.replayUnder(a)
	if err != nil {
		return nil, err
	}
	p := r.game.Position()
	o := r.legal.Outcome(rules)
	moves, movable := []any{}, []any{}
	for _, m := range r.legal.Moves() {
		moves = append(moves, listedMove(r.legal, m))
		if !slices.Contains(movable, any(int(m.From()))) {
			movable = append(movable, int(m.From()))
		}
	}
	outcome := object{"over": o.IsOver(), "result": o.Result.String(), "score": o.Result.PDN(), "reason": ""}
	if o.IsOver() {
		outcome["reason"] = o.Reason.String()
	}
	runs := []any{}
	for _, c := range []frisian.Color{frisian.White, frisian.Black} {
		if km := p.KingRun(c); km.Count > 0 {
			runs = append(runs, object{"color": c.String(), "square": int(km.Square), "count": km.Count, "limit": frisian.KingRunLimit})
		}
	}
	counters := []any{}
	for _, dc := range p.DrawCounters(rules) {
		counters = append(counters, object{"ending": ending(dc.Reason), "reason": dc.Reason.String(), "side": dc.Side.String(), "count": dc.Count, "limit": dc.Limit, "plies": dc.Plies})
	}
	return object{
		"fen":          p.FEN(),
		"turn":         p.Turn().String(),
		"ply":          r.game.Len(),
		"maxPlies":     maxPlies,
		"outcome":      outcome,
		"moves":        moves,
		"movable":      movable,
		"mustCapture":  len(moves) > 0 && r.legal.Moves()[0].IsCapture(),
		"kingRuns":     runs,
		"drawCounters": counters,
	}, nil
}

// ending names the material a draw counter counts, as a key that stays
// the same whatever the reason's prose: "twoKingsAgainstOne" or
// "oneKingEach".
func ending(r frisian.Reason) string {
	switch r {
	case frisian.TwoKingsAgainstOne, frisian.LidraughtsTwoKingsAgainstOne:
		return "twoKingsAgainstOne"
	case frisian.OneKingEach, frisian.LidraughtsOneKingEach:
		return "oneKingEach"
	}
	return ""
}

// clicks answers {fen, moves, clicks}: the squares clicked so far in this
// move, in order, followed by the library's click rules (Legal.Clicks):
// {path, next, taken, moves, move, why}, the path selected, the squares
// that take it further, the pieces jumped so far in order, the texts of
// the moves still possible, the move once the clicks make one ({text,
// path, taken}, else null), and why the last click was refused: the
// library's reason, empty when it was taken.
func (b *bridge) clicks(a object) (object, error) {
	r, err := b.replay(a)
	if err != nil {
		return nil, err
	}
	raw, err := squares(a, "clicks")
	if err != nil {
		return nil, err
	}
	c := r.legal.Clicks(raw)
	why := ""
	if me, ok := errors.AsType[*frisian.MoveError](c.Refused); ok {
		why = me.Reason
	} else if c.Refused != nil {
		why = c.Refused.Error()
	}
	res := object{"path": ints(c.Path), "next": []any{}, "taken": ints(c.Taken), "moves": []any{}, "move": nil, "why": why}
	if len(c.Path) == 0 {
		res["taken"] = []any{}
		return res, nil
	}
	texts := []any{}
	for _, m := range c.Moves {
		texts = append(texts, r.legal.Text(m))
	}
	res["moves"] = texts
	if m, ok := c.Move(); ok {
		res["move"] = moveObject(r.legal, m, c.Path, c.Taken)
	} else {
		res["next"] = ints(c.Next.Squares())
	}
	return res, nil
}

// play answers {fen, moves, move}: the legal move that the text move names
// (any PDN text the library reads: "32-28", "28x8", a whole path), as
// {move: {text, path, taken}, fen}, where fen is the position after it.
// The path is the squares typed when they are a whole path of the move,
// else the move's least path.
func (b *bridge) play(a object) (object, error) {
	r, err := b.replay(a)
	if err != nil {
		return nil, err
	}
	s, err := str(a, "move")
	if err != nil {
		return nil, err
	}
	if len(s) > 1000 {
		return nil, fmt.Errorf("%w: the move text has %d bytes", errArg, len(s))
	}
	m, err := r.legal.ParseMove(context.Background(), s)
	if err != nil {
		return nil, err
	}
	path, taken := movepath.Of(r.legal, m, s)
	return object{"move": moveObject(r.legal, m, path, taken), "fen": r.game.Position().Apply(m).FEN()}, nil
}

// board answers {fen, moves, ply, bottom} with {svg}: the board after ply
// moves (all when absent) with bottom ("white" or "black") at the bottom.
func (b *bridge) board(a object) (object, error) {
	r, err := b.replay(a)
	if err != nil {
		return nil, err
	}
	ply := r.game.Len()
	if _, ok := a["ply"]; ok {
		if ply, err = number(a, "ply"); err != nil {
			return nil, err
		}
	}
	p, ok := r.game.PositionAt(ply)
	if !ok {
		return nil, fmt.Errorf("%w: ply %d: the game has %d moves", errArg, ply, r.game.Len())
	}
	bottom := frisian.White
	if s, err := str(a, "bottom"); err != nil {
		return nil, err
	} else if s != "" {
		if err := bottom.UnmarshalText([]byte(s)); err != nil {
			return nil, fmt.Errorf("%w: bottom: %v", errArg, err)
		}
	}
	return object{"svg": string(svg.Board(p, &svg.Options{Orientation: bottom, Numbers: true}))}, nil
}

// pdn answers {fen, moves, draws, tags} with {pdn}: the game as PDN, with
// the tags given ([[name, value], ...], in order) and its result under
// the draw rules.
func (b *bridge) pdn(a object) (object, error) {
	r, rules, err := b.replayUnder(a)
	if err != nil {
		return nil, err
	}
	g := r.game.Clone()
	tags, err := list(a, "tags", 100)
	if err != nil {
		return nil, err
	}
	for i, t := range tags {
		pair, ok := t.([]any)
		if !ok || len(pair) != 2 {
			return nil, fmt.Errorf("%w: tags[%d] is not a [name, value] pair", errArg, i)
		}
		name, ok1 := pair[0].(string)
		value, ok2 := pair[1].(string)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%w: tags[%d] is not a pair of strings", errArg, i)
		}
		g.Tags.Set(name, value)
	}
	var buf bytes.Buffer
	w := pdn.NewWriter(&buf)
	w.Draws = rules
	if err := w.WriteGame(g); err != nil {
		return nil, err
	}
	return object{"pdn": buf.String()}, nil
}

// readPDN answers {pdn} with {games, errors}: each game read as {fen,
// moves, tags, result} (fen empty for the usual start; moves as texts the
// other calls take), and the reader's errors as text, each with its line
// and column. A game with errors is kept as far as it was read; one the
// other calls would refuse, longer than maxPlies or from a start position
// with more pieces than a game can have, is left out with an error. Tags
// come as [[name, value], ...] in file order. At most maxGames games are
// described, whether kept or not, and one more is read, to say that the
// rest are left: that bounds the work.
func (b *bridge) readPDN(a object) (object, error) {
	s, err := str(a, "pdn")
	if err != nil {
		return nil, err
	}
	if len(s) > maxText {
		return nil, fmt.Errorf("%w: the PDN text has %d bytes, at most %d", errArg, len(s), maxText)
	}
	games, problems := []any{}, []any{}
	read := 0
	for g, err := range pdn.NewReader(strings.NewReader(s)).Games() {
		if err != nil {
			if pe, ok := errors.AsType[pdn.Errors](err); ok {
				for _, e := range pe {
					problems = append(problems, e.Error())
				}
			} else {
				problems = append(problems, err.Error())
			}
		}
		if g == nil {
			continue
		}
		if read == maxGames {
			problems = append(problems, fmt.Sprintf("more than %d games: the rest are not read", maxGames))
			break
		}
		read++
		o, err := readGame(g)
		if err != nil {
			problems = append(problems, fmt.Sprintf("game %d: %v; it is left out", read, err))
			continue
		}
		games = append(games, o)
	}
	return object{"games": games, "errors": problems}, nil
}

// readGame describes g, a game read, as readPDN answers it, or says why
// the other calls would refuse it.
func readGame(g *pdn.Game) (object, error) {
	start, _ := g.PositionAt(0)
	if err := start.CheckMaterial(); err != nil {
		return nil, err
	}
	if g.Len() > maxPlies {
		return nil, fmt.Errorf("%d moves, more than the %d a game may have here", g.Len(), maxPlies)
	}
	texts := []any{}
	for i, m := range g.Played() {
		p, _ := g.PositionAt(i)
		legal, err := p.Legal(context.Background())
		if err != nil {
			return nil, err
		}
		texts = append(texts, legal.Text(m))
	}
	// The reader has looked at every position but the last for the end.
	outcome, _, err := g.Outcome(context.Background(), frisian.OfficialDraws)
	if err != nil {
		return nil, err
	}
	fen := ""
	if start != frisian.StartPosition() {
		fen = start.FEN()
	}
	tags := []any{}
	for _, t := range g.Tags {
		tags = append(tags, []any{t.Name, t.Value})
	}
	return object{"fen": fen, "moves": texts, "tags": tags, "result": outcome.Result.PDN()}, nil
}

// engine answers {fen, moves, draws, depth, nodes} with the example
// engine's move, {move: {text, path, taken, ...}, score, depth, nodes}:
// depth from 1 to maxDepth and nodes from 1 to maxNodes, 0 or absent for
// the engine's defaults. The search is bounded by its nodes, not by a
// clock: in WebAssembly a computation holds the thread, so a deadline
// would not fire until it ended.
func (b *bridge) engine(a object) (object, error) {
	r, rules, err := b.replayUnder(a)
	if err != nil {
		return nil, err
	}
	depth, err := number(a, "depth")
	if err != nil {
		return nil, err
	}
	nodes, err := number(a, "nodes")
	if err != nil {
		return nil, err
	}
	if depth < 0 || depth > maxDepth {
		return nil, fmt.Errorf("%w: depth %d: want 0 (the engine's default) to %d", errArg, depth, maxDepth)
	}
	if nodes < 0 || nodes > maxNodes {
		return nil, fmt.Errorf("%w: nodes %d: want 0 (the engine's default) to %d", errArg, nodes, maxNodes)
	}
	res, ok := engine.Search(r.game.Position(), engine.Options{Depth: depth, Nodes: nodes, Draws: rules})
	if !ok {
		return nil, errors.New("the game is over: there is no move to play")
	}
	path, taken := movepath.Of(r.legal, res.Move, "")
	return object{"move": moveObject(r.legal, res.Move, path, taken), "score": res.Score, "depth": res.Depth, "nodes": res.Nodes}, nil
}

// fen answers {fen} with the position it describes, written back as FEN
// ({fen}), when a game may start from it: readable, and with material a
// game can have.
func (b *bridge) fen(a object) (object, error) {
	s, err := str(a, "fen")
	if err != nil {
		return nil, err
	}
	p, err := startPosition(s)
	if err != nil {
		return nil, err
	}
	return object{"fen": p.FEN()}, nil
}

// startPosition reads the FEN s of a position a game may start from:
// readable, and with material a game can have (Position.CheckMaterial),
// as the server of examples/web requires. A position with more pieces can
// take the library far longer to work out its captures.
func startPosition(s string) (frisian.Position, error) {
	p, err := frisian.ParseFEN(s)
	if err != nil {
		return p, err
	}
	return p, p.CheckMaterial()
}
