package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/movepath"
	"github.com/frisian-draughts/frisian/pdn"
	"github.com/frisian-draughts/frisian/svg"
)

// Game modes.
const (
	modeEngine = "engine" // a person against the computer
	modeHuman  = "human"  // two people at the same screen
)

// game is one game in progress. Its lock serialises the requests on it,
// including a computer move, which takes a little while.
type game struct {
	locked chan struct{} // holds a token while a request has the game
	id     string
	used   time.Time // the last request, for dropping idle games; under server.mu
	owner  string    // the client that started it (clientKey)
	secret string    // its browser's owner secret (see ownerOf)
	// finished is set when the game is over, for the server to drop it
	// first; it is read without the game's lock.
	finished atomic.Bool
	mode     string
	human    frisian.Color // the person's side in engine mode
	bottom   frisian.Color // the side drawn at the bottom of the board
	draws    frisian.DrawRules
	depth    int
	maxLen   int // the most moves the game may have
	// engineFailures counts the external engine's failures in this
	// game; past maxEngineFailures the game gets no more computer moves.
	// A search counts its failure when it ends, which may be after its
	// request, so the count is atomic.
	engineFailures atomic.Int32

	// rec is the game: its start, moves, positions and PDN tags.
	rec *pdn.Game
	// history is how the page shows each move of rec: along the path it
	// was entered on, with the pieces taken in that order. A move in rec
	// is its start, end and captured pieces; a capture can have several
	// paths, and the page keeps the one the player took.
	history []moveJSON

	// legal caches the legal moves of the current position, sorted, so
	// that each position's moves are worked out once: legalOf is the
	// position they are of, when legalOK.
	legal    frisian.Legal
	legalOf  frisian.Position
	legalOK  bool
	searched int // how many times they were worked out, for tests
	// hard is the position whose moves took too long to work out, when
	// hardOK: they are tried again only from retryAt on, each time after
	// twice as long (retryGap), so that a game stuck there costs the
	// server nothing per request.
	hard     frisian.Position
	hardOK   bool
	retryAt  time.Time
	retryGap time.Duration
	tries    int // searches begun, for tests
}

func newGame(start frisian.Position) *game {
	return &game{rec: pdn.NewGame(start), mode: modeEngine, locked: make(chan struct{}, 1)}
}

// lock takes the game for a request, waiting while ctx lasts; it reports
// whether it did.
func (g *game) lock(ctx context.Context) bool {
	select {
	case g.locked <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (g *game) unlock() { <-g.locked }

// pos returns the current position.
func (g *game) pos() frisian.Position { return g.rec.Position() }

// maxEngineFailures is how often the external engine may fail in one
// game; in one position, whatever the game, it may fail once each
// positionBlock. A position that crashes or hangs it would otherwise have
// it restarted over and over, taking it from every other game.
const (
	maxEngineFailures = 2
	positionBlock     = time.Hour
)

// standingTime is how long a client's last search decides its place in
// the search queue (see searchQueue).
const standingTime = 10 * time.Minute

// errTooHard: a position's captures take too long to work out.
var errTooHard = errors.New("this position's captures take too long to work out; try a simpler one")

// Retries of a position whose moves took too long: the first after
// retryFirst, then each after twice as long, up to retryMost.
const (
	retryFirst = time.Second
	retryMost  = time.Minute
)

// legalMoves returns the legal moves of the current position, sorted,
// working them out once with at most moveTime of processor time and
// moveWall of the request's time; now is the time. A position whose moves
// took longer is refused at once until its next retry.
func (g *game) legalMoves(ctx context.Context, moveTime, moveWall time.Duration, now time.Time) (frisian.Legal, error) {
	p := g.pos()
	if g.legalOK && g.legalOf == p {
		return g.legal, nil
	}
	if g.hardOK && g.hard == p && now.Before(g.retryAt) {
		return frisian.Legal{}, errTooHard
	}
	search, cancel := cpuLimited(ctx, moveTime, moveWall)
	defer cancel()
	g.tries++
	legal, err := p.Legal(search)
	if err != nil {
		if ctx.Err() == nil { // the position's fault, not the client's going
			if !g.hardOK || g.hard != p {
				g.hard, g.hardOK, g.retryGap = p, true, retryFirst
			} else {
				g.retryGap = min(2*g.retryGap, retryMost)
			}
			g.retryAt = now.Add(g.retryGap)
		}
		return frisian.Legal{}, errTooHard
	}
	g.legal, g.legalOf, g.legalOK = legal, p, true
	g.hardOK = false
	g.searched++
	return legal, nil
}

// outcome is the outcome of the current position, whose legal moves are
// legal, under the game's draw rules. The game stops at its end, so this
// is the outcome of the game too (g.rec.End would work out the legal
// moves again).
func (g *game) outcome(legal frisian.Legal) frisian.Outcome {
	return legal.Outcome(g.draws)
}

// over reports whether the game has ended, by its rules or by its length.
func (g *game) over(legal frisian.Legal) bool {
	return g.outcome(legal).IsOver() || g.rec.Len() >= g.maxLen
}

// engineToMove reports whether the computer is to move in a game that goes
// on.
func (g *game) engineToMove(legal frisian.Legal) bool {
	return g.mode == modeEngine && g.pos().Turn() != g.human && !g.over(legal)
}

// chosen is a move to play with how the page shows it: path is a whole
// path of the move, and taken the pieces it jumps, in order.
type chosen struct {
	move        frisian.Move
	path, taken []frisian.Square
}

// choose returns m, a legal move of the current position, whose legal
// moves are legal, as the page shows it: along the squares typed when they
// are a whole path of it (typed is "" for a move not typed), otherwise
// along its least path, with the pieces it jumps in order.
func choose(legal frisian.Legal, m frisian.Move, typed string) chosen {
	path, taken := movepath.Of(legal, m, typed)
	return chosen{m, path, taken}
}

// errNotLegal: a move to play is not legal, which the handlers never let
// happen.
var errNotLegal = errors.New("the move is not legal here")

// play plays the chosen move c, a legal move of the current position,
// whose legal moves are legal. (Game.Play checks that it is, working out
// the moves of the position once more: the same work, as quick as the
// first time, which had moveTime.)
func (g *game) play(legal frisian.Legal, c chosen) (moveJSON, error) {
	p := g.pos()
	if c.path == nil {
		return moveJSON{}, errNotLegal // not one of the moves c was chosen from
	}
	// The move list writes the move as the PDN does: its shortest text
	// among the legal moves (the path taken is drawn on the board).
	text := legal.Text(c.move)
	if err := g.rec.Play(context.Background(), c.move); err != nil { // the move was checked against g.legal
		return moveJSON{}, errNotLegal
	}
	e := moveJSON{
		Ply:   g.rec.Len(),
		Color: p.Turn().String(),
		Text:  text,
		Path:  ints(c.path),
		Taken: ints(c.taken),
	}
	g.history = append(g.history, e)
	return e, nil
}

// undo takes back the last move.
func (g *game) undo() {
	if _, ok := g.rec.Undo(); ok {
		g.history = g.history[:len(g.history)-1]
	}
}

// picture draws the board after ply moves. The last move is drawn by the
// page, from the move list: drawing it here would make the svg package
// work out the moves of the position before it again.
func (g *game) picture(ply int) string {
	p, _ := g.rec.PositionAt(ply)
	return string(svg.Board(p, &svg.Options{Orientation: g.bottom, Numbers: true}))
}

// setTags gives the record the tags of the game's options.
func (g *game) setTags() {
	g.rec.Tags.Set("Event", "examples/web")
	if g.mode == modeEngine {
		g.rec.Tags.Set(sideTag(g.human), "Human")
		g.rec.Tags.Set(sideTag(g.human.Opponent()), fmt.Sprintf("Computer (depth %d)", g.depth))
	}
}

// pdn returns the game as PDN. The writer adds the Result under the
// game's draw rules and writes each move's shortest text, which works out
// the moves of every position again; that happens only when a player asks
// for the PDN, and a game holds few positions whose captures take long
// (each removes pieces). The writer refuses games longer than
// maxPDNPlies, which the server's length limit keeps games below.
func (g *game) pdn() (string, error) {
	var b bytes.Buffer
	pw := pdn.NewWriter(&b)
	pw.Draws = g.draws
	if err := pw.WriteGame(g.rec); err != nil {
		return "", err
	}
	return b.String(), nil
}

// sideTag returns the PDN tag naming the player of color c.
func sideTag(c frisian.Color) string {
	if c == frisian.White {
		return "White"
	}
	return "Black"
}

// stateJSON is the state of a game as the API returns it.
type stateJSON struct {
	ID   string `json:"id"`
	Ply  int    `json:"ply"`  // the number of moves played
	FEN  string `json:"fen"`  // the current position
	Turn string `json:"turn"` // white or black
	Mode string `json:"mode"` // engine or human
	// Human is the person's side against the computer.
	Human  string `json:"human,omitempty"`
	Draws  string `json:"draws"`
	Bottom string `json:"bottom"` // the side drawn at the bottom
	Depth  int    `json:"depth,omitempty"`
	// EngineToMove: the client should ask /api/engine for the reply.
	EngineToMove bool        `json:"engineToMove"`
	Outcome      outcomeJSON `json:"outcome"`
	// Movable are the squares of the pieces that can move; MustCapture
	// says they must capture.
	Movable     []int `json:"movable"`
	MustCapture bool  `json:"mustCapture"`
	// Counters describes the three-move king counters and the draw
	// counter that are running, a sentence each.
	Counters  []string      `json:"counters"`
	Selection selectionJSON `json:"selection"`
	// Notice says why the click of this request was refused.
	Notice string `json:"notice,omitempty"`
	// Played is the move this request played. History, the moves played,
	// comes with new games, /api/state and after an undo; otherwise the
	// page adds Played to the moves it has.
	Played  *moveJSON  `json:"played,omitzero"`
	History []moveJSON `json:"history,omitzero"`
	// SVG is the board, when it changed.
	SVG string `json:"svg,omitempty"`
}

// moveJSON is a move played.
type moveJSON struct {
	Ply   int    `json:"ply"`   // from 1
	Color string `json:"color"` // the side that made it
	Text  string `json:"text"`  // as the PDN writes it: 32-28, 19x50, 28x17x8
	Path  []int  `json:"path"`  // the squares it visits, start and end included
	Taken []int  `json:"taken"` // the pieces it takes, in the order taken
}

type outcomeJSON struct {
	Over   bool   `json:"over"`
	Result string `json:"result"` // ongoing, white wins, black wins, draw
	Reason string `json:"reason,omitempty"`
	Score  string `json:"score"` // as in PDN: 2-0, 0-2, 1-1, *
	Text   string `json:"text"`  // a sentence for the page
}

type selectionJSON struct {
	Squares []int `json:"squares"` // clicked so far: send them back with the next click
	Next    []int `json:"next"`    // may be clicked next
	Taken   []int `json:"taken"`   // pieces the clicked capture has jumped so far
}

// parts of a state beyond what every state holds.
const (
	withBoard   = 1 << iota // the picture
	withHistory             // the moves played
)

// state returns the game's state for the API, with sel as the click
// selection (nil for none).
func (g *game) state(legal frisian.Legal, sel *frisian.Clicks, parts int) stateJSON {
	p := g.pos()
	o := g.outcome(legal)
	st := stateJSON{
		ID:           g.id,
		Ply:          g.rec.Len(),
		FEN:          p.FEN(),
		Turn:         p.Turn().String(),
		Mode:         g.mode,
		Draws:        g.draws.String(),
		Bottom:       g.bottom.String(),
		EngineToMove: g.engineToMove(legal),
		Outcome:      outcomeOf(o, p),
		Movable:      []int{},
		Counters:     counters(p, g.draws),
		Selection:    selectionJSON{Squares: []int{}, Next: []int{}, Taken: []int{}},
	}
	if !o.IsOver() && g.rec.Len() >= g.maxLen {
		st.Outcome = outcomeJSON{Over: true, Result: "ongoing", Reason: "too long", Score: "*",
			Text: fmt.Sprintf("The game has reached %d moves, this server's limit: start a new one", g.maxLen)}
	}
	g.finished.Store(st.Outcome.Over)
	if g.mode == modeEngine {
		st.Human = g.human.String()
		st.Depth = g.depth
	}
	if !st.Outcome.Over {
		for _, m := range legal.Moves() {
			if n := int(m.From()); !slices.Contains(st.Movable, n) {
				st.Movable = append(st.Movable, n)
			}
		}
		st.MustCapture = legal.Moves()[0].IsCapture()
	}
	if sel != nil {
		if len(sel.Path) > 0 { // with nothing selected, Movable says it
			st.Selection.Squares = append(st.Selection.Squares, ints(sel.Path)...)
			st.Selection.Next = append(st.Selection.Next, ints(sel.Next.Squares())...)
			st.Selection.Taken = append(st.Selection.Taken, ints(sel.Taken)...)
		}
		st.Notice = notice(sel.Refused)
	}
	if parts&withBoard != 0 {
		st.SVG = g.picture(g.rec.Len())
	}
	if parts&withHistory != 0 {
		st.History = append([]moveJSON{}, g.history...)
	}
	return st
}

// outcomeOf describes o, the outcome in position p, for the page.
func outcomeOf(o frisian.Outcome, p frisian.Position) outcomeJSON {
	j := outcomeJSON{Over: o.IsOver(), Result: o.Result.String(), Score: o.Result.PDN()}
	if !o.IsOver() {
		j.Text = capitalize(p.Turn().String()) + " to move"
		return j
	}
	j.Reason = o.Reason.String()
	if o.Reason == frisian.NoLegalMove {
		j.Reason = p.Turn().String() + " has no legal move left"
	}
	j.Text = capitalize(o.Result.String()) + " (" + j.Reason + "), " + o.Result.PDN()
	return j
}

// counters describes the counters of p that are running: each side's
// three-move king counter (RULES.md §5) and the draw count of king endings
// under the draw rules (RULES.md §7), with the limits the library gives.
func counters(p frisian.Position, draws frisian.DrawRules) []string {
	out := []string{}
	for _, c := range []frisian.Color{frisian.White, frisian.Black} {
		if km := p.KingRun(c); km.Count > 0 {
			out = append(out, fmt.Sprintf("%s's king on %d has made %d of its %d quiet moves in a row", capitalize(c.String()), km.Square, km.Count, frisian.KingRunLimit))
		}
	}
	for _, dc := range p.DrawCounters(draws) {
		var ending string
		switch dc.Reason {
		case frisian.TwoKingsAgainstOne, frisian.LidraughtsTwoKingsAgainstOne:
			ending = "Two kings against one"
		case frisian.LidraughtsOneKingEach:
			ending = "One king each"
		default:
			ending = capitalize(dc.Reason.String())
		}
		if dc.Plies {
			out = append(out, fmt.Sprintf("%s: %d of %d plies to a draw", ending, dc.Count, dc.Limit))
		} else {
			out = append(out, fmt.Sprintf("%s: %s has made %d of its %d moves to win", ending, dc.Side, dc.Count, dc.Limit))
		}
	}
	return out
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ints converts squares to their numbers for JSON.
func ints(sqs []frisian.Square) []int {
	out := make([]int, len(sqs))
	for i, sq := range sqs {
		out[i] = int(sq)
	}
	return out
}

// notice words a refused click for the page: the library's reason, as a
// sentence.
func notice(err error) string {
	var me *frisian.MoveError
	if !errors.As(err, &me) || me.Reason == "" {
		return ""
	}
	return strings.ToUpper(me.Reason[:1]) + me.Reason[1:] + "."
}
