package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/svg"
)

//go:embed static
var staticFiles embed.FS

// Limits that keep one client from exhausting the server.
const (
	maxGames    = 1000    // games kept in memory; the oldest go first
	maxBody     = 1 << 16 // bytes of a request body
	maxDepth    = 12      // the deepest search a client may ask for
	maxSelected = 64      // squares in a click selection

	// maxMoveTime bounds the legal-move search of a position a client
	// sends. Real positions need microseconds and the hardest known
	// placements tens of milliseconds; the page lists the moves of each
	// state several times over, so a position must be far below this.
	maxMoveTime = 5 * time.Millisecond
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
	g      *frisian.Game
	mode   string
	human  frisian.Color // the person's side in engine mode
	bottom frisian.Color // the side drawn at the bottom of the board
	draws  frisian.DrawRules
	depth  int
	// paths holds, for each move of g, the landing path it was entered
	// along (nil for the computer's moves), so that the picture of the
	// last move follows the squares the player clicked.
	paths [][]frisian.Square
}

// server holds the games, keyed by id. It is an http.Handler.
type server struct {
	mux   *http.ServeMux
	mu    sync.Mutex
	games map[string]*game
	order []string // ids, oldest first, for eviction

	moveTime time.Duration // maxMoveTime, or less in tests
}

// newServer returns the handler of the whole site: the page, its static
// files and the JSON API.
func newServer() *server {
	s := &server{mux: http.NewServeMux(), games: map[string]*game{}, moveTime: maxMoveTime}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	files := http.FileServerFS(static)
	s.mux.Handle("GET /{$}", files)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", files))
	endpoints := []struct {
		method, path string
		h            http.HandlerFunc
	}{
		{"POST", "/api/new", s.handleNew},
		{"GET", "/api/state", s.withGame(s.handleState)},
		{"POST", "/api/move", s.withGame(s.handleMove)},
		{"POST", "/api/click", s.withGame(s.handleClick)},
		{"POST", "/api/engine", s.withGame(s.handleEngine)},
		{"POST", "/api/undo", s.withGame(s.handleUndo)},
		{"POST", "/api/flip", s.withGame(s.handleFlip)},
		{"GET", "/api/board.svg", s.withGame(s.handleBoard)},
	}
	allowed := map[string]string{}
	for _, e := range endpoints {
		s.mux.HandleFunc(e.method+" "+e.path, e.h)
		allowed[e.path] = e.method
	}
	// Everything else under /api/ gets its error in JSON too, as the
	// client reads every answer as JSON.
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if m, ok := allowed[r.URL.Path]; ok {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" takes "+m)
			return
		}
		writeError(w, http.StatusNotFound, "no such API endpoint: "+clip(r.URL.Path))
	})
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// request is the JSON body of every POST; each endpoint reads the fields it
// needs. GET requests give id as a query parameter.
type request struct {
	ID string `json:"id"`

	// for /api/new
	FEN   string `json:"fen"`
	Mode  string `json:"mode"`  // engine (default) or human
	Human string `json:"human"` // white (default) or black, in engine mode
	Draws string `json:"draws"` // official (default) or lidraughts
	Depth int    `json:"depth"` // the computer's depth (default engine.DefaultDepth)

	// for /api/move
	Move string `json:"move"`

	// for /api/click: the squares clicked so far and the square clicked now
	Squares []int `json:"squares"`
	Square  int   `json:"square"`
}

// apiError is the JSON body of every error response.
type apiError struct {
	Error string `json:"error"`
	// Kind is, for a move that was refused, "invalid", "illegal" or
	// "ambiguous"; Candidates lists an ambiguous move's landing paths.
	Kind       string   `json:"kind,omitempty"`
	Candidates []string `json:"candidates,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Error: msg})
}

// readRequest decodes the JSON body of r into req, answering 400 itself
// when it cannot.
func readRequest(w http.ResponseWriter, r *http.Request, req *request) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON request: "+err.Error())
		return false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, "bad JSON request: more than one value")
		return false
	}
	return true
}

// withGame wraps a handler of one game: it reads the request (the body of a
// POST, the query of a GET), finds the game and holds its lock.
func (s *server) withGame(h func(http.ResponseWriter, *request, *game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req request
		if r.Method == http.MethodGet {
			req.ID = r.URL.Query().Get("id")
			if sel := r.URL.Query().Get("select"); sel != "" {
				for f := range strings.SplitSeq(sel, ",") {
					n, err := strconv.Atoi(strings.TrimSpace(f))
					if err != nil {
						writeError(w, http.StatusBadRequest, fmt.Sprintf("select: %q is not a square number", f))
						return
					}
					req.Squares = append(req.Squares, n)
				}
			}
		} else if !readRequest(w, r, &req) {
			return
		}
		s.mu.Lock()
		g := s.games[req.ID]
		s.mu.Unlock()
		if g == nil {
			writeError(w, http.StatusNotFound, fmt.Sprintf("no game with id %q (games live in the server's memory; start a new one)", clip(req.ID)))
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		h(w, &req, g)
	}
}

// clip cuts s to a length fit for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// add stores g under a new id, dropping the oldest game when there are too
// many.
func (s *server) add(g *game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g.id = rand.Text()
	for len(s.order) >= maxGames {
		delete(s.games, s.order[0])
		s.order = s.order[1:]
	}
	s.games[g.id] = g
	s.order = append(s.order, g.id)
}

func (s *server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req request
	if !readRequest(w, r, &req) {
		return
	}
	g := &game{mode: modeEngine, depth: engine.DefaultDepth}
	start := frisian.StartPosition()
	if req.FEN != "" {
		p, err := frisian.ParseFEN(req.FEN)
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.moveTime)
		_, err = p.LegalMovesContext(ctx)
		cancel()
		if errors.Is(err, frisian.ErrSearchStopped) {
			writeError(w, http.StatusUnprocessableEntity, "this position's captures take too long to work out; try a simpler one")
			return
		}
		start = p
	}
	switch req.Mode {
	case "", modeEngine:
	case modeHuman:
		g.mode = modeHuman
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("mode %q: want engine or human", clip(req.Mode)))
		return
	}
	if req.Human != "" {
		if err := g.human.UnmarshalText([]byte(req.Human)); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("human %q: want white or black", clip(req.Human)))
			return
		}
	}
	if req.Draws != "" {
		if err := g.draws.UnmarshalText([]byte(req.Draws)); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("draws %q: want official or lidraughts", clip(req.Draws)))
			return
		}
	}
	if req.Depth != 0 {
		if req.Depth < 1 || req.Depth > maxDepth {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("depth %d: want 1 to %d", req.Depth, maxDepth))
			return
		}
		g.depth = req.Depth
	}
	if g.mode == modeEngine {
		g.bottom = g.human
	}
	g.g = frisian.NewGame(start)
	g.g.Tags.Set("Event", "examples/web")
	if g.mode == modeEngine {
		g.g.Tags.Set(sideTag(g.human), "Human")
		g.g.Tags.Set(sideTag(g.human.Opponent()), fmt.Sprintf("Computer (depth %d)", g.depth))
	}
	s.add(g)
	writeJSON(w, http.StatusCreated, g.state(nil, ""))
}

// sideTag returns the PDN tag naming the player of color c.
func sideTag(c frisian.Color) string {
	if c == frisian.White {
		return "White"
	}
	return "Black"
}

func (s *server) handleState(w http.ResponseWriter, req *request, g *game) {
	writeJSON(w, http.StatusOK, g.state(nil, ""))
}

// handleMove plays a move given as PDN text: "32-28", "28x19" or a landing
// path "28x17x8".
func (s *server) handleMove(w http.ResponseWriter, req *request, g *game) {
	if !g.personMayMove(w) {
		return
	}
	m, err := g.g.Position().ParseMove(req.Move)
	if err != nil {
		writeMoveError(w, err)
		return
	}
	// The squares typed, which the picture follows when they are a whole
	// landing path of the move and ignores otherwise.
	text, _ := frisian.ParseMoveText(req.Move)
	g.play(w, m, text.Squares)
}

// writeMoveError answers a move the library refused with 422 and the
// library's explanation.
func writeMoveError(w http.ResponseWriter, err error) {
	e := apiError{Error: strings.TrimPrefix(err.Error(), "frisian: ")}
	switch {
	case errors.Is(err, frisian.ErrInvalidMove):
		e.Kind = "invalid"
	case errors.Is(err, frisian.ErrAmbiguousMove):
		e.Kind = "ambiguous"
	case errors.Is(err, frisian.ErrIllegalMove):
		e.Kind = "illegal"
	}
	var me *frisian.MoveError
	if errors.As(err, &me) {
		e.Candidates = me.Candidates
	}
	writeJSON(w, http.StatusUnprocessableEntity, e)
}

// personMayMove reports whether a person may move now, answering 409 when
// not: the game is over, or it is the computer's turn.
func (g *game) personMayMove(w http.ResponseWriter) bool {
	if o := g.outcome(); o.IsOver() {
		writeError(w, http.StatusConflict, "The game is over: "+outcomeOf(o, g.g.Position()).Text)
		return false
	}
	if g.engineToMove() {
		writeError(w, http.StatusConflict, "it is the computer's turn")
		return false
	}
	return true
}

// play plays the legal move m, entered along path (nil when not known),
// and answers with the new state.
func (g *game) play(w http.ResponseWriter, m frisian.Move, path []frisian.Square) {
	if err := g.g.Play(m); err != nil {
		writeMoveError(w, err)
		return
	}
	g.paths = append(g.paths[:min(len(g.paths), g.g.Len()-1)], path)
	writeJSON(w, http.StatusOK, g.state(nil, g.moveText(g.g.Len()-1)))
}

// handleClick takes one click on the board: the squares clicked before in
// this move (sent back by the client as the server gave them) and the square
// clicked now. It answers with the state, whose selection says what may be
// clicked next, and plays the move once the clicks name a whole path.
func (s *server) handleClick(w http.ResponseWriter, req *request, g *game) {
	if !g.personMayMove(w) {
		return
	}
	prefix, ok := squares(w, req.Squares)
	if !ok {
		return
	}
	if req.Square < 1 || req.Square > frisian.NumSquares {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("square %d: want 1 to %d", req.Square, frisian.NumSquares))
		return
	}
	p := g.g.Position()
	sel := click(p, prefix, frisian.Square(req.Square))
	if sel.Done.IsZero() {
		writeJSON(w, http.StatusOK, g.state(&sel, ""))
		return
	}
	path := sel.Squares
	if !sel.Whole {
		// The end square was clicked early: go on from the squares
		// clicked, so that the move is drawn along them.
		path = completePath(p, sel.Done, sel.Squares)
	}
	g.play(w, sel.Done, path) // Play checks the move again
}

// squares converts square numbers from a request, answering 400 for bad
// ones.
func squares(w http.ResponseWriter, nums []int) ([]frisian.Square, bool) {
	if len(nums) > maxSelected {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%d squares selected: at most %d", len(nums), maxSelected))
		return nil, false
	}
	out := make([]frisian.Square, len(nums))
	for i, n := range nums {
		if n < 1 || n > frisian.NumSquares {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("square %d: want 1 to %d", n, frisian.NumSquares))
			return nil, false
		}
		out[i] = frisian.Square(n)
	}
	return out, true
}

// handleEngine lets the computer make the next move. In engine mode it
// answers 409 when it is the person's turn; between two people it plays for
// the side to move, as a hint.
func (s *server) handleEngine(w http.ResponseWriter, req *request, g *game) {
	if o := g.outcome(); o.IsOver() {
		writeError(w, http.StatusConflict, "The game is over: "+outcomeOf(o, g.g.Position()).Text)
		return
	}
	if g.mode == modeEngine && !g.engineToMove() {
		writeError(w, http.StatusConflict, "it is your turn")
		return
	}
	r, ok := engine.Search(g.g.Position(), engine.Options{Depth: g.depth, Draws: g.draws})
	if !ok {
		writeError(w, http.StatusConflict, "the computer has no move")
		return
	}
	g.play(w, r.Move, nil)
}

// handleUndo takes back the last move between two people; against the
// computer it takes back the person's last move and the reply to it.
func (s *server) handleUndo(w http.ResponseWriter, req *request, g *game) {
	if g.g.Len() == 0 {
		writeError(w, http.StatusConflict, "there is no move to take back")
		return
	}
	if g.mode == modeHuman {
		g.undo()
		writeJSON(w, http.StatusOK, g.state(nil, ""))
		return
	}
	last := -1
	for ply := g.g.Len() - 1; ply >= 0; ply-- {
		if p, _ := g.g.PositionAt(ply); p.Turn() == g.human {
			last = ply
			break
		}
	}
	if last < 0 {
		writeError(w, http.StatusConflict, "you have not moved yet")
		return
	}
	for g.g.Len() > last {
		g.undo()
	}
	writeJSON(w, http.StatusOK, g.state(nil, ""))
}

// undo takes back the last move, with its path.
func (g *game) undo() {
	g.g.Undo()
	g.paths = g.paths[:min(len(g.paths), g.g.Len())]
}

// handleFlip turns the board round.
func (s *server) handleFlip(w http.ResponseWriter, req *request, g *game) {
	g.bottom = g.bottom.Opponent()
	writeJSON(w, http.StatusOK, g.state(nil, ""))
}

// handleBoard serves the board picture alone, as image/svg+xml, with the
// squares of ?select= (a click selection) marked.
func (s *server) handleBoard(w http.ResponseWriter, req *request, g *game) {
	prefix, ok := squares(w, req.Squares)
	if !ok {
		return
	}
	p := g.g.Position()
	sel := follow(p, prefix)
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(g.picture(&sel))
}

// outcome is the game's outcome under its draw rules.
func (g *game) outcome() frisian.Outcome {
	o, _ := g.g.End(g.draws)
	return o
}

// moveText is the text of move i of the game, in its position.
func (g *game) moveText(i int) string {
	m, before, _ := g.g.MoveAt(i)
	return before.MoveText(m).String()
}

// engineToMove reports whether the computer is to move in a game that goes on.
func (g *game) engineToMove() bool {
	return g.mode == modeEngine && g.g.Position().Turn() != g.human && !g.outcome().IsOver()
}

// picture draws the board: the last move played (its path, the pieces it
// took as ghosts), the selected squares and the squares that may be clicked
// next.
func (g *game) picture(sel *selection) []byte {
	opts := &svg.Options{Orientation: g.bottom, Numbers: true}
	p := g.g.Position()
	if n := g.g.Len(); n > 0 {
		// Draw the last move as played: the position before it, with
		// Played set, shows the position after it.
		p, _ = g.g.PositionAt(n - 1)
		opts.Move, _, _ = g.g.MoveAt(n - 1)
		opts.Played = true
		if len(g.paths) == n { // else a move was played elsewhere: draw its usual path
			opts.Path = g.paths[n-1]
		}
	}
	if sel != nil {
		opts.Highlight = frisian.SquareSetOf(sel.Next...)
	}
	return svg.Board(p, opts)
}

// stateJSON is the state of a game as the API returns it.
type stateJSON struct {
	ID   string `json:"id"`
	FEN  string `json:"fen"`  // the current position
	Turn string `json:"turn"` // white or black
	Mode string `json:"mode"` // engine or human
	// Human is the person's side against the computer.
	Human  string `json:"human,omitempty"`
	Draws  string `json:"draws"`
	Bottom string `json:"bottom"` // the side drawn at the bottom
	Depth  int    `json:"depth,omitempty"`
	// EngineToMove: the client should ask /api/engine for the reply.
	EngineToMove bool `json:"engineToMove"`
	// Played is the move this request played, if any, in PDN text.
	Played   string        `json:"played,omitempty"`
	Moves    []moveJSON    `json:"moves"`   // the legal moves
	History  []historyJSON `json:"history"` // the moves played
	PDN      string        `json:"pdn"`
	Outcome  outcomeJSON   `json:"outcome"`
	Selected selectionJSON `json:"selection"`
	SVG      string        `json:"svg"` // the board, with the selection
}

// moveJSON is a legal move.
type moveJSON struct {
	Text     string `json:"text"` // the shortest PDN text
	Full     string `json:"full"` // with the whole landing path
	From     int    `json:"from"`
	To       int    `json:"to"`
	Captured []int  `json:"captured,omitempty"`
	Path     []int  `json:"path"` // one landing path, start and end included
}

// historyJSON is a move played, numbered as in PDN.
type historyJSON struct {
	Number int    `json:"number"`
	Color  string `json:"color"`
	Text   string `json:"text"`
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

// state returns the game's state for the API, with sel as the click
// selection (nil for none) and played the move the request played.
func (g *game) state(sel *selection, played string) stateJSON {
	p := g.g.Position()
	o := g.outcome()
	st := stateJSON{
		ID:           g.id,
		FEN:          p.FEN(),
		Turn:         p.Turn().String(),
		Mode:         g.mode,
		Draws:        g.draws.String(),
		Bottom:       g.bottom.String(),
		EngineToMove: g.engineToMove(),
		Played:       played,
		Moves:        []moveJSON{},
		History:      []historyJSON{},
		Outcome:      outcomeOf(o, p),
		Selected:     selectionJSON{Squares: []int{}, Next: []int{}, Taken: []int{}},
		SVG:          string(g.picture(sel)),
	}
	if g.mode == modeEngine {
		st.Human = g.human.String()
		st.Depth = g.depth
	}
	if !o.IsOver() {
		moves := p.LegalMoves()
		slices.SortFunc(moves, frisian.Move.Compare)
		for _, m := range moves {
			st.Moves = append(st.Moves, moveJSON{
				Text:     p.MoveText(m).String(),
				Full:     frisian.MoveText{Squares: p.Path(m), Capture: m.IsCapture()}.String(),
				From:     int(m.From()),
				To:       int(m.To()),
				Captured: ints(m.Captured().Squares()),
				Path:     ints(p.Path(m)),
			})
		}
	}
	number := 1
	for i := range g.g.Len() {
		before, _ := g.g.PositionAt(i)
		st.History = append(st.History, historyJSON{Number: number, Color: before.Turn().String(), Text: g.moveText(i)})
		if before.Turn() == frisian.Black {
			number++
		}
	}
	if sel != nil {
		st.Selected.Squares = append(st.Selected.Squares, ints(sel.Squares)...)
		st.Selected.Next = append(st.Selected.Next, ints(sel.Next)...)
		st.Selected.Taken = append(st.Selected.Taken, ints(taken(p, sel.Squares))...)
	}
	st.PDN = g.pdn()
	return st
}

// pdn returns the game as PDN, with the Result tag from the outcome under
// the game's own draw rules.
func (g *game) pdn() string {
	var b bytes.Buffer
	pw := frisian.NewPDNWriter(&b)
	pw.Draws = g.draws
	if err := pw.WriteGame(g.g); err != nil {
		return "" // only a tag the writer cannot write; these tags are plain
	}
	return b.String()
}

// outcomeOf describes o, the outcome in position p, for the page.
func outcomeOf(o frisian.Outcome, p frisian.Position) outcomeJSON {
	j := outcomeJSON{Over: o.IsOver(), Result: o.Result.String(), Score: o.Result.PDN()}
	if !o.IsOver() {
		j.Text = p.Turn().String() + " to move"
		j.Text = strings.ToUpper(j.Text[:1]) + j.Text[1:]
		return j
	}
	j.Reason = o.Reason.String()
	if o.Reason == frisian.NoLegalMove {
		j.Reason = p.Turn().String() + " has no legal move left"
	}
	res := o.Result.String()
	j.Text = strings.ToUpper(res[:1]) + res[1:] + " (" + j.Reason + "), " + o.Result.PDN()
	return j
}

// ints converts squares to their numbers for JSON.
func ints(sqs []frisian.Square) []int {
	out := make([]int, len(sqs))
	for i, sq := range sqs {
		out[i] = int(sq)
	}
	return slices.Clip(out)
}
