package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/examples/internal/webui"
	"github.com/frisian-draughts/frisian/internal/errtext"
)

// limits keep one client from exhausting the server.
type limits struct {
	games int           // games in memory at once; past it a new game replaces one (see add)
	idle  time.Duration // a game unused this long is dropped
	// stale: a game unused this long is no longer kept for its client
	// (see keep) and may be replaced by a new one on a full server.
	stale          time.Duration
	gamesPerClient int // games of one client in memory; its next replaces its own
	// keep is how many of a client's games, the most recently used, are
	// never replaced by another client's while used within stale.
	keep     int
	plies    int           // moves in one game, at most maxPDNPlies
	newBurst int           // games a client may start at once,
	newEvery time.Duration // and then one more each newEvery
	// A client may make requestBurst API requests at once, and then one
	// more each requestEvery.
	requestBurst int
	requestEvery time.Duration
	clients      int // clients whose starts and requests are counted
	// conns bounds the connections open at once, connsPerClient those of
	// one client (see limitListener); headerTime and idleTime bound how
	// long a connection may wait for a request's headers and sit idle.
	conns, connsPerClient int
	headerTime, idleTime  time.Duration
	inFlight              int           // API requests being served at once (their bodies read); more get 503
	slotWait              time.Duration // how long a request waits for one of those slots
	bodyTime              time.Duration // to send a request's body, before it takes a slot
	// moveTime bounds the legal-move search of one position, in
	// processor time (see cpuLimited), and moveWall in time on the clock.
	// Real positions need microseconds and the hardest known of at most
	// 20 pieces a side 15 ms on an idle core (51-60 ms on a shared one);
	// a search on a busy server waits for a core, which is not the
	// position's fault.
	moveTime, moveWall time.Duration
	// engineTime bounds every API request, and so the computer's move:
	// its answer comes within engineTime of its body's arrival.
	engineTime        time.Duration
	searches          int // searches at once (one per core)
	searchesPerClient int // searches of one client waiting or running
}

// reserve is the part of engineTime kept for the work after the search:
// playing the move, the legal moves of the next position, the answer.
func (l limits) reserve() time.Duration {
	return min(2*l.moveTime+100*time.Millisecond, l.engineTime/4)
}

func defaultLimits() limits {
	return limits{
		games:             1000,
		idle:              2 * time.Hour,
		stale:             10 * time.Minute,
		gamesPerClient:    20,
		keep:              2,
		plies:             500,
		newBurst:          10,
		newEvery:          6 * time.Second,
		requestBurst:      40,
		requestEvery:      50 * time.Millisecond,
		clients:           10000,
		conns:             512,
		connsPerClient:    32,
		headerTime:        5 * time.Second,
		idleTime:          30 * time.Second,
		inFlight:          64,
		slotWait:          250 * time.Millisecond,
		bodyTime:          5 * time.Second,
		moveTime:          50 * time.Millisecond,
		moveWall:          250 * time.Millisecond,
		engineTime:        5 * time.Second,
		searches:          runtime.GOMAXPROCS(0),
		searchesPerClient: 4,
	}
}

// maxPDNPlies is the longest game the library's PDN writer writes.
const maxPDNPlies = 10_000

// Limits of single requests.
const (
	maxBody     = 1 << 14 // bytes of a request body
	maxDepth    = 12      // the deepest search a client may ask for
	maxSelected = 64      // squares in a click selection
)

// server holds the games, keyed by id. It is an http.Handler.
type server struct {
	handler  http.Handler
	lim      limits
	now      func() time.Time // the clock, set in tests
	inFlight chan struct{}    // a token per API request being served
	queue    *searchQueue     // the search slots
	player   *hubPlayer       // an external engine, or nil for the built-in one
	think    thinker          // the computer: the built-in engine, player's, or a test's

	mu      sync.Mutex
	games   map[string]*game
	clients map[string]*clientRecord // see clientAt
	// engineFailed holds when the external engine last failed in a
	// position, for at most games positions.
	engineFailed map[frisian.Position]time.Time
}

// newServer returns the handler of the whole site: the page, its static
// files and the JSON API.
func newServer(lim limits) *server {
	lim.plies = min(lim.plies, maxPDNPlies) // every game can be saved
	s := &server{
		lim: lim, now: time.Now,
		inFlight: make(chan struct{}, lim.inFlight),
		queue:    newSearchQueue(lim.searches, lim.searchesPerClient),
		think:    builtin,
		games:    map[string]*game{}, clients: map[string]*clientRecord{},
		engineFailed: map[frisian.Position]time.Time{},
	}
	mux := http.NewServeMux()
	files := http.FileServerFS(webui.Files())
	mux.Handle("GET /{$}", files)
	mux.Handle("GET /static/", http.StripPrefix("/static/", files))
	endpoints := []struct {
		method, path string
		h            http.HandlerFunc
	}{
		{"POST", "/api/new", s.handleNew},
		{"GET", "/api/state", s.withGame(s.handleState)},
		{"POST", "/api/click", s.withGame(s.handleClick)},
		{"POST", "/api/move", s.withGame(s.handleMove)},
		{"POST", "/api/engine", s.withGame(s.handleEngine)},
		{"POST", "/api/undo", s.withGame(s.handleUndo)},
		{"POST", "/api/flip", s.withGame(s.handleFlip)},
		{"GET", "/api/board.svg", s.withGame(s.handleBoard)},
		{"GET", "/api/pdn", s.withGame(s.handlePDN)},
	}
	allowed := map[string]string{}
	for _, e := range endpoints {
		mux.HandleFunc(e.method+" "+e.path, e.h)
		allowed[e.path] = e.method
	}
	// Everything else under /api/ gets its error in JSON too, as the
	// client reads every answer as JSON.
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if m, ok := allowed[r.URL.Path]; ok {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" takes "+m)
			return
		}
		writeError(w, http.StatusNotFound, "no such API endpoint: "+errtext.Clip(r.URL.Path))
	})
	// A page on another site may not post here in the player's name.
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "a request from a page on another site is refused")
	}))
	s.handler = cop.Handler(mux)
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		s.handler.ServeHTTP(w, r)
		return
	}
	// The body is read before the request takes a slot, and within
	// bodyTime: a client that sends it slowly holds a connection (of which
	// there are many, see limitListener), not a slot.
	if r.Body != nil && r.Body != http.NoBody {
		body, ok := readBody(w, r, s.lim.bodyTime)
		if !ok {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	if !s.admit(r) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, "too many requests from your address; slow down")
		return
	}
	// Every API request, the computer's move included, is answered within
	// engineTime.
	ctx, cancel := context.WithTimeout(r.Context(), s.lim.engineTime)
	defer cancel()
	r = r.WithContext(ctx)
	wait := time.NewTimer(s.lim.slotWait)
	defer wait.Stop()
	select {
	case s.inFlight <- struct{}{}:
	case <-wait.C:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "the server is busy; try again in a moment")
		return
	case <-r.Context().Done():
		return // the client has gone
	}
	// The answer is made in memory and sent after the slot (and the
	// game) is let go: a client that reads it slowly holds its
	// connection, not a slot.
	a := &answer{header: w.Header()}
	func() {
		defer func() { <-s.inFlight }()
		s.handler.ServeHTTP(a, r)
	}()
	a.send(w)
}

// answer is an http.ResponseWriter that keeps the response in memory, for
// send to write.
type answer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *answer) Header() http.Header { return a.header }

func (a *answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *answer) Write(b []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	return a.body.Write(b)
}

// send writes the response to w.
func (a *answer) send(w http.ResponseWriter) {
	a.WriteHeader(http.StatusOK)
	w.Header().Set("Content-Length", strconv.Itoa(a.body.Len()))
	w.WriteHeader(a.status)
	w.Write(a.body.Bytes())
}

// readBody reads the body of r, at most maxBody bytes, within d, answering
// the error itself when it cannot.
func readBody(w http.ResponseWriter, r *http.Request, d time.Duration) ([]byte, bool) {
	rc := http.NewResponseController(w)
	// Not every ResponseWriter has deadlines (a test's recorder has not).
	deadline := rc.SetReadDeadline(time.Now().Add(d)) == nil
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if deadline && err == nil {
		// No deadline while the request is served: the server reads the
		// connection meanwhile to see the client go, and a deadline
		// there would end the request. After an error the deadline
		// stays, for the server drains what is left of the body before
		// it closes the connection.
		rc.SetReadDeadline(time.Time{})
	}
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		return body, true
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxBody))
	case errors.As(err, &netErr) && netErr.Timeout():
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestTimeout, fmt.Sprintf("the request body took more than %v to arrive", d))
	default:
		writeError(w, http.StatusBadRequest, "reading the request body: "+err.Error())
	}
	return nil, false
}

// request is the JSON body of every POST; each endpoint reads the fields it
// needs. GET requests give id (and ply) as query parameters.
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
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Error: msg})
}

// readRequest decodes the JSON body of r into req, answering the error
// itself when it cannot. Only application/json is read: a form or a
// text/plain body is what a page on another site could send without the
// browser asking first.
func readRequest(w http.ResponseWriter, r *http.Request, req *request) bool {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the request as application/json")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	var body *request // nil for null, which is no request
	if err := dec.Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON request: "+err.Error())
		return false
	}
	if body == nil {
		writeError(w, http.StatusBadRequest, "bad JSON request: want an object, not null")
		return false
	}
	*req = *body
	if dec.More() {
		writeError(w, http.StatusBadRequest, "bad JSON request: more than one value")
		return false
	}
	return true
}

// withGame wraps a handler of one game: it reads the request (the body of a
// POST, the query of a GET), finds the game and holds its lock.
func (s *server) withGame(h func(http.ResponseWriter, *http.Request, *request, *game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req request
		if r.Method == http.MethodGet {
			req.ID = r.URL.Query().Get("id")
		} else if !readRequest(w, r, &req) {
			return
		}
		s.mu.Lock()
		g := s.games[req.ID]
		if g != nil && !g.ownedBy(r) {
			g = nil // another's game: as good as none
		}
		if g != nil {
			g.used = s.now()
		}
		s.mu.Unlock()
		if g == nil {
			writeError(w, http.StatusNotFound, fmt.Sprintf("no game with id %q (games live in the server's memory for a while; start a new one)", errtext.Clip(req.ID)))
			return
		}
		if !g.lock(r.Context()) {
			writeError(w, http.StatusServiceUnavailable, "the game is busy with another request; try again in a moment")
			return
		}
		defer g.unlock()
		h(w, r, &req, g)
	}
}

// failed notes a failure of the external engine in position p.
func (s *server) failed(p frisian.Position) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	roomFor(s.engineFailed, p, s.lim.games, func(t time.Time) bool { return now.Sub(t) >= positionBlock })
	s.engineFailed[p] = now
}

// roomFor makes room in m for key, when m lacks it, within most entries:
// it drops the entries expired says have, and if none has, any one.
func roomFor[K comparable, V any](m map[K]V, key K, most int, expired func(V) bool) {
	if _, ok := m[key]; ok || len(m) < most {
		return
	}
	for k, v := range m {
		if expired(v) {
			delete(m, k)
		}
	}
	for k := range m {
		if len(m) < most {
			break
		}
		delete(m, k)
	}
}

// failedIn reports whether the external engine failed in position p in the
// last positionBlock.
func (s *server) failedIn(p frisian.Position) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.engineFailed[p]
	return ok && s.now().Sub(t) < positionBlock
}

// plyParam reads the ply query parameter of r, from 0 to n.
func plyParam(r *http.Request, n int) (int, error) {
	v, err := strconv.Atoi(r.URL.Query().Get("ply"))
	if err != nil || v < 0 || v > n {
		return 0, fmt.Errorf("ply: want 0 to %d", n)
	}
	return v, nil
}

// writeMoveError answers a move the library refused with 422 and the
// library's explanation.
func writeMoveError(w http.ResponseWriter, err error) {
	e := apiError{Error: err.Error()} // the library's messages describe the input
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
