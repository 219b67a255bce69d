package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/svg"
)

// Game modes.
const (
	modeEngine = "engine" // a person against the computer
	modeHuman  = "human"  // two people at the same screen
)

// game is one game in progress. Its mutex serialises the requests on it,
// including a computer move, which takes a little while.
type game struct {
	mu     sync.Mutex
	id     string
	used   time.Time // the last request, for dropping idle games; under server.mu
	mode   string
	human  frisian.Color // the person's side in engine mode
	bottom frisian.Color // the side drawn at the bottom of the board
	draws  frisian.DrawRules
	depth  int
	maxLen int // the most moves the game may have

	// positions[i] is the position after i moves; played[i] is move i.
	positions []frisian.Position
	played    []ply

	// legal caches the legal moves of the current position, sorted, so
	// that each position's moves are worked out once: legalAt is the
	// number of moves played when they were, or -1.
	legal    []frisian.Move
	legalAt  int
	searched int // how many times they were worked out, for tests
}

// ply is a move played, with how the page shows it.
type ply struct {
	move  frisian.Move
	entry moveJSON
}

func newGame(start frisian.Position) *game {
	return &game{positions: []frisian.Position{start}, legalAt: -1, mode: modeEngine}
}

// pos returns the current position.
func (g *game) pos() frisian.Position { return g.positions[len(g.positions)-1] }

// errTooHard: a position's captures take too long to work out.
var errTooHard = errors.New("this position's captures take too long to work out; try a simpler one")

// legalMoves returns the legal moves of the current position, sorted,
// working them out once with at most moveTime of the request's time.
func (g *game) legalMoves(ctx context.Context, moveTime time.Duration) ([]frisian.Move, error) {
	if g.legalAt == len(g.played) {
		return g.legal, nil
	}
	ctx, cancel := context.WithTimeout(ctx, moveTime)
	defer cancel()
	moves, err := g.pos().LegalMovesContext(ctx)
	if err != nil {
		return nil, errTooHard
	}
	slices.SortFunc(moves, frisian.Move.Compare)
	g.legal, g.legalAt = moves, len(g.played)
	g.searched++
	return moves, nil
}

// outcome is the outcome of the current position, whose legal moves are
// legal, under the game's draw rules.
func (g *game) outcome(legal []frisian.Move) frisian.Outcome {
	p := g.pos()
	if len(legal) == 0 {
		winner := frisian.WhiteWins
		if p.Turn() == frisian.White {
			winner = frisian.BlackWins
		}
		return frisian.Outcome{Result: winner, Reason: frisian.NoLegalMove}
	}
	// The draw rules concern two or three kings alone; the library then
	// has a handful of moves to look at.
	if p.Men(frisian.White).Empty() && p.Men(frisian.Black).Empty() &&
		p.Kings(frisian.White).Len()+p.Kings(frisian.Black).Len() <= 3 {
		return p.OutcomeWith(g.draws)
	}
	return frisian.Outcome{}
}

// over reports whether the game has ended, by its rules or by its length.
func (g *game) over(legal []frisian.Move) bool {
	return g.outcome(legal).IsOver() || len(g.played) >= g.maxLen
}

// engineToMove reports whether the computer is to move in a game that goes
// on.
func (g *game) engineToMove(legal []frisian.Move) bool {
	return g.mode == modeEngine && g.pos().Turn() != g.human && !g.over(legal)
}

// play plays m, a legal move of the current position, whose legal moves
// are legal, entered along path (nil or any squares when not known).
func (g *game) play(legal []frisian.Move, m frisian.Move, path []frisian.Square) moveJSON {
	p := g.pos()
	c := p.FollowClicks(legal, path)
	if !c.Next.Empty() || len(c.Moves) != 1 || c.Moves[0] != m {
		// Not a whole path of m: the move's least path.
		path = p.FollowClicks(legal, nil).Complete(m)
		c = p.FollowClicks(legal, path)
	}
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	text := make([]string, len(path))
	for i, sq := range path {
		text[i] = sq.String()
	}
	e := moveJSON{
		Ply:   len(g.played) + 1,
		Color: p.Turn().String(),
		Text:  strings.Join(text, sep),
		Path:  ints(path),
		Taken: ints(c.Taken),
	}
	g.played = append(g.played, ply{m, e})
	g.positions = append(g.positions, p.Apply(m))
	return e
}

// undo takes back the last move.
func (g *game) undo() {
	g.played = g.played[:len(g.played)-1]
	g.positions = g.positions[:len(g.positions)-1]
}

// picture draws the board after ply moves. The last move is drawn by the
// page, from the move list: drawing it here would make the svg package
// work out the moves of the position before it again.
func (g *game) picture(ply int) string {
	return string(svg.Board(g.positions[ply], &svg.Options{Orientation: g.bottom, Numbers: true}))
}

// pdn returns the game as PDN. The library checks each move again and
// writes its shortest text, which works out the moves of every position
// once more; that happens only when a player asks for the PDN, and a game
// holds few positions whose captures take long (each removes pieces).
func (g *game) pdn(legal []frisian.Move) string {
	rec := frisian.NewGame(g.positions[0])
	rec.Tags.Set("Event", "examples/web")
	if g.mode == modeEngine {
		rec.Tags.Set(sideTag(g.human), "Human")
		rec.Tags.Set(sideTag(g.human.Opponent()), fmt.Sprintf("Computer (depth %d)", g.depth))
	}
	rec.Tags.Set("Result", g.outcome(legal).Result.PDN())
	for _, pl := range g.played {
		if err := rec.Play(pl.move); err != nil {
			return "" // cannot happen: every move played was legal
		}
	}
	var b bytes.Buffer
	pw := frisian.NewPDNWriter(&b)
	pw.Draws = g.draws
	if err := pw.WriteGame(rec); err != nil {
		return "" // only a tag the writer cannot write; these tags are plain
	}
	return b.String()
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
	Text  string `json:"text"`  // the whole path in PDN: 19x30x50
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
func (g *game) state(legal []frisian.Move, sel *selection, parts int) stateJSON {
	p := g.pos()
	o := g.outcome(legal)
	st := stateJSON{
		ID:           g.id,
		Ply:          len(g.played),
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
	if !o.IsOver() && len(g.played) >= g.maxLen {
		st.Outcome = outcomeJSON{Over: true, Result: "ongoing", Reason: "too long", Score: "*",
			Text: fmt.Sprintf("The game has reached %d moves, this server's limit: start a new one", g.maxLen)}
	}
	if g.mode == modeEngine {
		st.Human = g.human.String()
		st.Depth = g.depth
	}
	if !st.Outcome.Over {
		for _, m := range legal {
			if n := int(m.From()); !slices.Contains(st.Movable, n) {
				st.Movable = append(st.Movable, n)
			}
		}
		st.MustCapture = legal[0].IsCapture()
	}
	if sel != nil {
		st.Selection.Squares = append(st.Selection.Squares, ints(sel.squares)...)
		st.Selection.Next = append(st.Selection.Next, ints(sel.Next.Squares())...)
		st.Selection.Taken = append(st.Selection.Taken, ints(sel.Taken)...)
		st.Notice = sel.why
	}
	if parts&withBoard != 0 {
		st.SVG = g.picture(len(g.played))
	}
	if parts&withHistory != 0 {
		st.History = []moveJSON{}
		for _, pl := range g.played {
			st.History = append(st.History, pl.entry)
		}
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
// three-move king counter (RULES.md §5) and the draw counter of king
// endings under the draw rules (RULES.md §7).
func counters(p frisian.Position, draws frisian.DrawRules) []string {
	out := []string{}
	for _, c := range []frisian.Color{frisian.White, frisian.Black} {
		if km := p.KingRun(c); km.Count > 0 {
			out = append(out, fmt.Sprintf("%s's king on %d has made %d of its 3 quiet moves in a row", capitalize(c.String()), km.Square, km.Count))
		}
	}
	if !p.Men(frisian.White).Empty() || !p.Men(frisian.Black).Empty() {
		return out
	}
	w, b, n := p.Kings(frisian.White).Len(), p.Kings(frisian.Black).Len(), p.DrawPlies()
	switch {
	case w == 1 && b == 1 && draws == frisian.LidraughtsDraws:
		out = append(out, fmt.Sprintf("One king each: %d of 4 plies to a draw", n))
	case (w == 2 && b == 1 || w == 1 && b == 2) && draws == frisian.LidraughtsDraws:
		out = append(out, fmt.Sprintf("Two kings against one: %d of 14 plies to a draw", n))
	case w == 2 && b == 1 || w == 1 && b == 2:
		// The strong side's moves: the plies alternate and the last was
		// the side's not to move.
		strong := frisian.White
		if b == 2 {
			strong = frisian.Black
		}
		if p.Turn() != strong {
			n++
		}
		out = append(out, fmt.Sprintf("Two kings against one: %s has made %d of its 7 moves to win", strong, n/2))
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
