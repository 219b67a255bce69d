package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/engine"
	"github.com/frisian-draughts/frisian/hub"
	"github.com/frisian-draughts/frisian/internal/errtext"
)

// The API's handlers. Each works out the legal moves of the current
// position at most once (game.legalMoves), within the request's context.

func (s *server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req request
	if !readRequest(w, r, &req) {
		return
	}
	start := frisian.StartPosition()
	if req.FEN != "" {
		p, err := frisian.ParseFEN(req.FEN)
		if err == nil {
			// A position no game can reach (more than 20 pieces a side)
			// is refused: its captures can take the engines far longer
			// than a game's.
			err = p.CheckMaterial()
		}
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		start = p
	}
	g := newGame(start)
	g.depth, g.maxLen = engine.DefaultDepth, s.lim.plies
	switch req.Mode {
	case "", modeEngine:
	case modeHuman:
		g.mode = modeHuman
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("mode %q: want engine or human", errtext.Clip(req.Mode)))
		return
	}
	if req.Human != "" {
		if err := g.human.UnmarshalText([]byte(req.Human)); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("human %q: want white or black", errtext.Clip(req.Human)))
			return
		}
	}
	if req.Draws != "" {
		if err := g.draws.UnmarshalText([]byte(req.Draws)); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("draws %q: want official or lidraughts", errtext.Clip(req.Draws)))
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
	g.setTags()
	// The start is counted only now: a request refused above costs the
	// server little, and leaves the client's starts whole, so that its
	// record (made by admit) is among the first a full table forgets.
	if !s.allow(r) {
		w.Header().Set("Retry-After", fmt.Sprint(int(s.lim.newEvery.Seconds()+1)))
		writeError(w, http.StatusTooManyRequests, "too many new games from your address; wait a little")
		return
	}
	legal, err := g.legalMoves(r.Context(), s.lim.moveTime, s.lim.moveWall, s.now())
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	g.secret = ownerOf(w, r)
	if !s.add(g, clientOf(r)) {
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusServiceUnavailable, "the server is full of games in play; try again in a few minutes")
		return
	}
	writeJSON(w, http.StatusCreated, g.state(legal, nil, withBoard|withHistory))
}

// legalOrError returns the legal moves of g's position, answering 503
// itself when they take too long to work out.
func (s *server) legalOrError(w http.ResponseWriter, r *http.Request, g *game) (frisian.Legal, bool) {
	legal, err := g.legalMoves(r.Context(), s.lim.moveTime, s.lim.moveWall, s.now())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return frisian.Legal{}, false
	}
	return legal, true
}

func (s *server) handleState(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	if legal, ok := s.legalOrError(w, r, g); ok {
		writeJSON(w, http.StatusOK, g.state(legal, nil, withBoard|withHistory))
	}
}

// personMayMove returns the legal moves when a person may move now, and
// answers 409 itself when not: the game is over, or it is the computer's
// turn.
func (s *server) personMayMove(w http.ResponseWriter, r *http.Request, g *game) (frisian.Legal, bool) {
	legal, ok := s.legalOrError(w, r, g)
	switch {
	case !ok:
	case g.over(legal):
		writeError(w, http.StatusConflict, "The game is over: "+g.state(legal, nil, 0).Outcome.Text)
	case g.engineToMove(legal):
		writeError(w, http.StatusConflict, "it is the computer's turn")
	default:
		return legal, true
	}
	return frisian.Legal{}, false
}

// handleClick takes one click on the board: the squares clicked before in
// this move (sent back by the client as the server gave them) and the square
// clicked now. It answers with the state, whose selection says what may be
// clicked next, and plays the move once the clicks name one.
func (s *server) handleClick(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	legal, ok := s.personMayMove(w, r, g)
	if !ok {
		return
	}
	if len(req.Squares) > maxSelected {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%d squares selected: at most %d", len(req.Squares), maxSelected))
		return
	}
	prefix := make([]frisian.Square, len(req.Squares))
	for i, n := range append(req.Squares, req.Square) {
		if n < 1 || n > frisian.NumSquares {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("square %d: want 1 to %d", n, frisian.NumSquares))
			return
		}
		if i < len(prefix) {
			prefix[i] = frisian.Square(n)
		}
	}
	// The library's click rules (Legal.Clicks): the squares sent back are
	// the clicks that count, so the new click follows them.
	sel := legal.Clicks(append(prefix, frisian.Square(req.Square)))
	m, ok := sel.Move()
	if !ok {
		writeJSON(w, http.StatusOK, g.state(legal, &sel, 0))
		return
	}
	s.play(w, r, g, legal, chosen{m, sel.Path, sel.Taken})
}

// play plays the chosen move c, one of the legal moves legal of the
// current position, and answers with the state after it.
func (s *server) play(w http.ResponseWriter, r *http.Request, g *game, legal frisian.Legal, c chosen) {
	e, err := g.play(legal, c)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if legal, ok := s.legalOrError(w, r, g); ok {
		st := g.state(legal, nil, withBoard)
		st.Played = &e
		writeJSON(w, http.StatusOK, st)
	}
}

// handleMove plays a move given as PDN text: "32-28", "28x19" or a landing
// path "28x17x8".
func (s *server) handleMove(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	legal, ok := s.personMayMove(w, r, g)
	if !ok {
		return
	}
	// The library reads the text against every path of the legal moves;
	// for a text naming some landing squares it searches the paths, which
	// gets the same limit as working out the moves.
	ctx, cancel := cpuLimited(r.Context(), s.lim.moveTime, s.lim.moveWall)
	defer cancel()
	m, err := legal.ParseMove(ctx, req.Move)
	if errors.Is(err, frisian.ErrSearchStopped) {
		writeError(w, http.StatusUnprocessableEntity, "This move takes too long to work out from its text; give its whole landing path.")
		return
	}
	if err != nil {
		writeMoveError(w, err)
		return
	}
	// The move list follows the squares typed when they are a whole
	// landing path of the move.
	s.play(w, r, g, legal, choose(legal, m, req.Move))
}

// handleEngine lets the computer make the next move. In engine mode it
// answers 409 when it is the person's turn; between two people it plays for
// the side to move, as a hint.
func (s *server) handleEngine(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	legal, ok := s.legalOrError(w, r, g)
	switch {
	case !ok:
		return
	case g.over(legal):
		writeError(w, http.StatusConflict, "The game is over: "+g.state(legal, nil, 0).Outcome.Text)
		return
	case g.mode == modeEngine && !g.engineToMove(legal):
		writeError(w, http.StatusConflict, "it is your turn")
		return
	}
	// The search ends reserve before the request's deadline, which
	// ServeHTTP set, leaving time to play the move and answer.
	deadline, ok := r.Context().Deadline()
	if !ok {
		deadline = time.Now().Add(s.lim.engineTime)
	}
	ctx, cancel := context.WithDeadline(r.Context(), deadline.Add(-s.lim.reserve()))
	defer cancel()
	release, err := s.queue.acquire(ctx, clientOf(r))
	switch {
	case errors.Is(err, errTooManySearches):
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, err.Error())
		return
	case err != nil:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "the computer is busy with other games; try again in a moment")
		return
	}
	// The failures are counted once the slot is ours: the search that
	// held it last has counted its own.
	if g.engineFailures.Load() >= maxEngineFailures || s.failedIn(g.pos()) {
		release()
		writeError(w, http.StatusConflict, "the computer's engine has failed in this position, or twice in this game; play on without it, or start a new game")
		return
	}
	j := job{pos: g.pos(), depth: g.depth, draws: g.draws}
	j.failed = func() {
		g.engineFailures.Add(1)
		s.failed(j.pos)
		s.queue.judge(clientOf(r), true, time.Now().Add(standingTime))
	}
	var fallback frisian.Move
	if s.player != nil {
		j.game = hub.FromGame(g.rec)
	} else {
		fallback = legal.Moves()[0] // the built-in engine's choice before its first iteration
	}
	m, err := think(ctx, s.think, j, release, fallback)
	if err == nil {
		s.queue.judge(clientOf(r), false, time.Now().Add(standingTime))
	}
	if errors.Is(r.Context().Err(), context.Canceled) {
		return // the client has gone: play nothing it will not see
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusGatewayTimeout, fmt.Sprintf("the computer did not answer within %v", s.lim.engineTime))
		return
	case err != nil:
		writeError(w, http.StatusBadGateway, "the computer could not move: "+err.Error())
		return
	}
	s.play(w, r, g, legal, choose(legal, m, ""))
}

// handleUndo takes back the last move between two people; against the
// computer it takes back the person's last move and the reply to it.
func (s *server) handleUndo(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	back := 0
	for i := g.rec.Len() - 1; i >= 0; i-- {
		if before, _ := g.rec.PositionAt(i); g.mode == modeHuman || before.Turn() == g.human {
			back = g.rec.Len() - i
			break
		}
	}
	if back == 0 {
		writeError(w, http.StatusConflict, "there is no move of yours to take back")
		return
	}
	for range back {
		g.undo()
	}
	if legal, ok := s.legalOrError(w, r, g); ok {
		writeJSON(w, http.StatusOK, g.state(legal, nil, withBoard|withHistory))
	}
}

// handleFlip turns the board round.
func (s *server) handleFlip(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	g.bottom = g.bottom.Opponent()
	if legal, ok := s.legalOrError(w, r, g); ok {
		writeJSON(w, http.StatusOK, g.state(legal, nil, withBoard))
	}
}

// handleBoard serves the board after ?ply= moves alone, as image/svg+xml,
// for looking back at the game.
func (s *server) handleBoard(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	n, err := plyParam(r, g.rec.Len())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write([]byte(g.picture(n)))
}

// handlePDN serves the game as PDN text; with ?download=1 as a file.
func (s *server) handlePDN(w http.ResponseWriter, r *http.Request, req *request, g *game) {
	// The writer works out the moves of every position without a limit:
	// the earlier ones were worked out in time when they were played, the
	// current one must be too.
	if _, ok := s.legalOrError(w, r, g); !ok {
		return
	}
	text, err := g.pdn()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the game cannot be written as PDN: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if r.URL.Query().Get("download") != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="frisian-`+strings.ToLower(g.id[:8])+`.pdn"`)
	}
	w.Write([]byte(text))
}
