package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/svg"
)

// client drives the server under test through real HTTP on the loopback
// interface (httptest listens there).
type client struct {
	t   *testing.T
	srv *httptest.Server
}

func newClient(t *testing.T) *client {
	srv := httptest.NewServer(newServer())
	t.Cleanup(srv.Close)
	return &client{t, srv}
}

// do sends a request and returns the status, the content type and the body.
func (c *client) do(method, path, body string) (int, string, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	res, err := c.srv.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), data
}

// post sends v as JSON and decodes a state, failing unless the status is
// want.
func (c *client) post(path string, v any, want int) stateJSON {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	status, _, data := c.do("POST", path, string(body))
	if status != want {
		c.t.Fatalf("POST %s %s: status %d, want %d: %s", path, body, status, want, data)
	}
	var st stateJSON
	if err := json.Unmarshal(data, &st); err != nil {
		c.t.Fatalf("POST %s: %v in %s", path, err, data)
	}
	return st
}

// refused posts v, expects the status want and returns the error body.
func (c *client) refused(path string, v any, want int) apiError {
	c.t.Helper()
	body, _ := json.Marshal(v)
	status, ctype, data := c.do("POST", path, string(body))
	if status != want || !strings.HasPrefix(ctype, "application/json") {
		c.t.Fatalf("POST %s %s: status %d (%s), want %d: %s", path, body, status, ctype, want, data)
	}
	var e apiError
	if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
		c.t.Fatalf("POST %s: error body %s (%v)", path, data, err)
	}
	return e
}

func (c *client) state(id string) stateJSON {
	c.t.Helper()
	status, _, data := c.do("GET", "/api/state?id="+id, "")
	if status != http.StatusOK {
		c.t.Fatalf("GET state: %d %s", status, data)
	}
	var st stateJSON
	if err := json.Unmarshal(data, &st); err != nil {
		c.t.Fatal(err)
	}
	return st
}

// wellFormed checks that data is well-formed XML with an svg root.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
}

func TestPageAndFiles(t *testing.T) {
	c := newClient(t)
	for _, tc := range []struct{ path, ctype, want string }{
		{"/", "text/html", `<div id="board"`},
		{"/static/app.js", "javascript", `"/api/click"`},
		{"/static/style.css", "text/css", ".board"},
	} {
		status, ctype, data := c.do("GET", tc.path, "")
		if status != http.StatusOK || !strings.Contains(ctype, tc.ctype) || !bytes.Contains(data, []byte(tc.want)) {
			t.Errorf("GET %s: %d %s, %d bytes", tc.path, status, ctype, len(data))
		}
	}
	if status, _, _ := c.do("GET", "/nothing", ""); status != http.StatusNotFound {
		t.Errorf("GET /nothing: %d", status)
	}
}

func TestNewStateAndBoard(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", map[string]any{}, http.StatusCreated)
	if st.ID == "" || st.FEN != frisian.StartPosition().FEN() || st.Turn != "white" || st.Mode != "engine" ||
		st.Human != "white" || len(st.Moves) != 9 || st.Outcome.Over || st.EngineToMove {
		t.Fatalf("new game: %+v", st)
	}
	wellFormed(t, []byte(st.SVG))
	if strings.Count(st.SVG, "data-square=") != 50 {
		t.Errorf("%d data-square attributes", strings.Count(st.SVG, "data-square="))
	}
	if got := c.state(st.ID); got.FEN != st.FEN || got.ID != st.ID {
		t.Errorf("state: %+v", got)
	}
	status, ctype, data := c.do("GET", "/api/board.svg?id="+st.ID+"&select=32", "")
	if status != http.StatusOK || ctype != "image/svg+xml" {
		t.Fatalf("board.svg: %d %s", status, ctype)
	}
	wellFormed(t, data)
	// 32's moves, to 27 and 28, are highlighted
	if n := bytes.Count(data, []byte(`class="highlight"`)); n != 2 {
		t.Errorf("%d highlighted squares, want 2", n)
	}
	for _, q := range []string{"&select=x", "&select=0", "&select=51"} {
		if status, _, _ := c.do("GET", "/api/board.svg?id="+st.ID+q, ""); status != http.StatusBadRequest {
			t.Errorf("board.svg%s: %d", q, status)
		}
	}

	// A game as Black against the computer, from a FEN: White (the
	// computer) is to move, and the board shows Black at the bottom.
	st = c.post("/api/new", request{FEN: "W:W31-50:B1-20", Human: "black", Draws: "lidraughts", Depth: 3}, http.StatusCreated)
	if !st.EngineToMove || st.Bottom != "black" || st.Draws != "lidraughts" || st.Depth != 3 {
		t.Fatalf("as Black: %+v", st)
	}
	c.refused("/api/move", request{ID: st.ID, Move: "32-28"}, http.StatusConflict)
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	if st.Played == "" || st.Turn != "black" || len(st.History) != 1 || st.History[0].Color != "white" {
		t.Fatalf("after the computer's move: %+v", st)
	}
	c.refused("/api/engine", request{ID: st.ID}, http.StatusConflict) // the person's turn
	st = c.post("/api/flip", request{ID: st.ID}, http.StatusOK)
	if st.Bottom != "white" {
		t.Errorf("flip: bottom %s", st.Bottom)
	}
}

// TestMoveRoundTrip plays a few moves between two people and against the
// computer, checking the state against the library.
func TestMoveRoundTrip(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", request{Mode: "human"}, http.StatusCreated)
	g := frisian.NewGame(frisian.StartPosition())
	for _, text := range []string{"32-28", "19-23", "28x19", "14x23"} {
		st = c.post("/api/move", request{ID: st.ID, Move: text}, http.StatusOK)
		if _, err := g.PlayText(text); err != nil {
			t.Fatal(err)
		}
		if st.FEN != g.Position().FEN() || st.Played != text || st.EngineToMove {
			t.Fatalf("after %s: %+v", text, st)
		}
	}
	want := []historyJSON{{1, "white", "32-28"}, {1, "black", "19-23"}, {2, "white", "28x19"}, {2, "black", "14x23"}}
	for i, h := range st.History {
		if h != want[i] {
			t.Errorf("history %d: %+v, want %+v", i, h, want[i])
		}
	}
	if !strings.Contains(st.PDN, "1. 32-28 19-23 2. 28x19 14x23 *") || !strings.Contains(st.PDN, `[GameType "40"]`) {
		t.Errorf("PDN:\n%s", st.PDN)
	}
	// Between two people the computer may suggest a move for either side,
	// and undo takes back one move.
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	if len(st.History) != 5 || st.Turn != "black" {
		t.Fatalf("hint: %+v", st)
	}
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.FEN != g.Position().FEN() {
		t.Errorf("undo: %s, want %s", st.FEN, g.Position().FEN())
	}

	// Against the computer: a move, the reply, and undo takes back both.
	st = c.post("/api/new", request{}, http.StatusCreated)
	start := st.FEN
	st = c.post("/api/move", request{ID: st.ID, Move: "33-28"}, http.StatusOK)
	if !st.EngineToMove || st.Turn != "black" {
		t.Fatalf("after 33-28: %+v", st)
	}
	c.refused("/api/click", request{ID: st.ID, Square: 19}, http.StatusConflict)
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	p := frisian.MustParseFEN(start)
	p = p.Apply(mustMove(t, p, "33-28"))
	if _, err := p.ParseMove(st.Played); err != nil || st.Turn != "white" {
		t.Fatalf("computer's reply %q: %v", st.Played, err)
	}
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.FEN != start || len(st.History) != 0 {
		t.Errorf("undo against the computer: %+v", st)
	}
	c.refused("/api/undo", request{ID: st.ID}, http.StatusConflict)
}

func mustMove(t *testing.T, p frisian.Position, text string) frisian.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRefusedMoves: invalid, illegal and ambiguous move text is refused
// with 422 and the library's reason, and the game is unchanged.
func TestRefusedMoves(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", request{Mode: "human", FEN: "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"}, http.StatusCreated)
	for _, tc := range []struct {
		move, kind, want string
	}{
		{"hello", "invalid", `invalid move "hello"`},
		{"", "invalid", "invalid move"},
		{"12-16", "illegal", "capturing is compulsory"},
		{"32-28", "illegal", "illegal move"},
		{"18x36", "ambiguous", "give the landing path"},
	} {
		e := c.refused("/api/move", request{ID: st.ID, Move: tc.move}, http.StatusUnprocessableEntity)
		if e.Kind != tc.kind || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%q: %+v, want kind %s and %q", tc.move, e, tc.kind, tc.want)
		}
		if tc.kind == "ambiguous" && strings.Join(e.Candidates, " ") != "18x38x29x49x38x36 18x38x40x49x38x36" {
			t.Errorf("candidates %v", e.Candidates)
		}
	}
	if got := c.state(st.ID); got.FEN != st.FEN || len(got.History) != 0 {
		t.Errorf("the game changed: %+v", got)
	}
	// The full path is accepted.
	st = c.post("/api/move", request{ID: st.ID, Move: "18x38x40x49x38x36"}, http.StatusOK)
	if st.Played != "18x38x40x49x38x36" {
		t.Errorf("played %q", st.Played)
	}
}

// TestClickCapture enters a capture of five men square by square along a
// path that revisits a square, checking what the server offers each time.
func TestClickCapture(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", request{Mode: "human", FEN: "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"}, http.StatusCreated)
	steps := []struct {
		square         int
		selected, next []int
		taken          []int
	}{
		{17, []int{}, []int{}, []int{}},                                       // 17 cannot move: a capture is compulsory
		{18, []int{18}, []int{38}, []int{}},                                   // the only first landing
		{38, []int{18, 38}, []int{29, 40, 49}, []int{28}},                     // straight down the column over 28
		{40, []int{18, 38, 40}, []int{49}, []int{28, 39}},                     // along the row over 39
		{49, []int{18, 38, 40, 49}, []int{38}, []int{28, 39, 44}},             // diagonally over 44
		{38, []int{18, 38, 40, 49, 38}, []int{29, 36}, []int{28, 39, 44, 43}}, // back on 38; two moves still
	}
	for _, s := range steps {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: s.square}, http.StatusOK)
		if st.Played != "" || !equal(st.Selected.Squares, s.selected) || !equal(st.Selected.Next, s.next) || !equal(st.Selected.Taken, s.taken) {
			t.Fatalf("click %d: selection %+v, want %v then %v, taken %v", s.square, st.Selected, s.selected, s.next, s.taken)
		}
		// the squares offered are highlighted on the board
		if n := strings.Count(st.SVG, `class="highlight"`); n != len(s.next) {
			t.Errorf("click %d: %d highlighted squares", s.square, n)
		}
	}
	st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: 36}, http.StatusOK)
	if st.Played != "18x38x40x49x38x36" || st.Turn != "white" || len(st.Selected.Squares) != 0 {
		t.Fatalf("last click: %+v", st)
	}
	want := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	want = want.Apply(mustMove(t, want, "18x38x40x49x38x36"))
	if st.FEN != want.FEN() {
		t.Errorf("FEN %s, want %s", st.FEN, want.FEN())
	}
	// the last move is drawn with its captured pieces crossed out
	if n := strings.Count(st.SVG, "data-captured="); n != 5 {
		t.Errorf("%d captured marks", n)
	}

	// White must now take back, straight up the column: 46x26 over 36.
	// Bad clicks are refused.
	st = c.post("/api/click", request{ID: st.ID, Square: 46}, http.StatusOK)
	if !equal(st.Selected.Next, []int{26}) {
		t.Fatalf("click 46: %+v", st.Selected)
	}
	c.refused("/api/click", request{ID: st.ID, Squares: []int{46}, Square: 0}, http.StatusBadRequest)
	c.refused("/api/click", request{ID: st.ID, Squares: []int{99}, Square: 26}, http.StatusBadRequest)
	c.refused("/api/click", request{ID: st.ID, Squares: make([]int, 100), Square: 26}, http.StatusBadRequest)
	st = c.post("/api/click", request{ID: st.ID, Squares: []int{46}, Square: 26}, http.StatusOK)
	if st.Played != "46x26" {
		t.Errorf("46 then 26: %+v", st)
	}
}

// TestArrowFollowsClicks: the last move is drawn along the path the player
// clicked or typed, not the one the library would pick, also after an undo
// and when the end square was clicked early.
func TestArrowFollowsClicks(t *testing.T) {
	c := newClient(t)
	// 28x28 goes round either way; the library's path is 28x17x19x28.
	loop := frisian.MustParseFEN("W:W28:B18,22,23")
	m := loop.LegalMoves()[0]
	drawn := func(p frisian.Position, m frisian.Move, path ...frisian.Square) string {
		return string(svg.Board(p, &svg.Options{Numbers: true, Move: m, Played: true, Path: path}))
	}
	if drawn(loop, m, 28, 19, 17, 28) == drawn(loop, m) {
		t.Fatal("the two paths are drawn alike")
	}
	st := c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	for _, sq := range []int{28, 19, 17, 28} {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: sq}, http.StatusOK)
	}
	if st.Played == "" || st.SVG != drawn(loop, m, 28, 19, 17, 28) {
		t.Errorf("clicked 28x19x17x28: played %q, arrow not along the clicks", st.Played)
	}
	st = c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	st = c.post("/api/move", request{ID: st.ID, Move: "28x19x17x28"}, http.StatusOK)
	if st.SVG != drawn(loop, m, 28, 19, 17, 28) {
		t.Error("typed 28x19x17x28: arrow not along it")
	}

	// After a reply and an undo, the move before is drawn as clicked.
	q := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	clicked := []frisian.Square{18, 38, 40, 49, 38, 36}
	st = c.post("/api/new", request{Mode: "human", FEN: q.FEN()}, http.StatusCreated)
	for _, sq := range clicked {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: int(sq)}, http.StatusOK)
	}
	st = c.post("/api/move", request{ID: st.ID, Move: "46x26"}, http.StatusOK)
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.SVG != drawn(q, mustMove(t, q, "18x38x40x49x38x36"), clicked...) {
		t.Error("after undo: the move before is not drawn along its clicks")
	}

	// lidraughts' worst case: a few clicks, then the end square; the move
	// is drawn along a path that begins with the clicks.
	worst := frisian.MustParseFEN("W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49")
	wm := worst.LegalMoves()[0]
	begin := time.Now()
	st = c.post("/api/new", request{Mode: "human", FEN: worst.FEN()}, http.StatusCreated)
	st = c.post("/api/click", request{ID: st.ID, Square: 5}, http.StatusOK)
	for range 3 {
		next := st.Selected.Next
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: next[len(next)-1]}, http.StatusOK)
	}
	prefix := make([]frisian.Square, len(st.Selected.Squares))
	for i, n := range st.Selected.Squares {
		prefix[i] = frisian.Square(n)
	}
	if len(prefix) != 4 || slices.Contains(st.Selected.Next, int(wm.To())) {
		t.Fatalf("worst case: selection %+v", st.Selected)
	}
	st = c.post("/api/click", request{ID: st.ID, Squares: st.Selected.Squares, Square: int(wm.To())}, http.StatusOK)
	if st.Played == "" || st.SVG != drawn(worst, wm, completePath(worst, wm, prefix)...) {
		t.Errorf("worst case: played %q, arrow not along the clicks", st.Played)
	}
	if d := time.Since(begin); d > 5*time.Second {
		t.Errorf("worst case took %v", d)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestGameOver: the result and its reason, then no more moves.
func TestGameOver(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", request{FEN: "W:W28,32:B23"}, http.StatusCreated)
	st = c.post("/api/move", request{ID: st.ID, Move: "28x19"}, http.StatusOK)
	o := st.Outcome
	if !o.Over || o.Result != "white wins" || o.Score != "2-0" || o.Text != "White wins (black has no legal move left), 2-0" ||
		st.EngineToMove || len(st.Moves) != 0 || !strings.Contains(st.PDN, "1. 28x19 2-0") {
		t.Fatalf("after the last capture: %+v", st)
	}
	e := c.refused("/api/move", request{ID: st.ID, Move: "32-28"}, http.StatusConflict)
	if !strings.Contains(e.Error, "The game is over: White wins (black has no legal move left), 2-0") {
		t.Errorf("move after the end: %+v", e)
	}
	c.refused("/api/engine", request{ID: st.ID}, http.StatusConflict)
	c.refused("/api/click", request{ID: st.ID, Square: 32}, http.StatusConflict)

	// A draw under lidraughts' rules: one king each, four plies.
	st = c.post("/api/new", request{FEN: "W:WK47:BK5", Mode: "human", Draws: "lidraughts"}, http.StatusCreated)
	for i, m := range []string{"47-36", "5-10", "36-47", "10-5"} {
		// Before the fourth ply the PDN's result is still open (the
		// official rules would make it 1-1).
		if !strings.Contains(st.PDN, `[Result "*"]`) {
			t.Fatalf("lidraughts, ply %d: PDN\n%s", i, st.PDN)
		}
		st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
	}
	if st.Outcome.Text != "Draw (lidraughts: one king each for 4 plies), 1-1" || !strings.Contains(st.PDN, `[Result "1-1"]`) {
		t.Errorf("lidraughts draw: %+v", st.Outcome)
	}
	// The same position is drawn at once under the official rules.
	st = c.post("/api/new", request{FEN: "W:WK47:BK5", Mode: "human"}, http.StatusCreated)
	if st.Outcome.Text != "Draw (one king each), 1-1" {
		t.Errorf("official draw: %+v", st.Outcome)
	}
}

// TestBadRequests: bad JSON, unknown games and endpoints, bad options.
func TestBadRequests(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", request{}, http.StatusCreated)
	s := c.srv.Config.Handler
	for _, tc := range []struct {
		method, path, body string
		status             int
	}{
		{"POST", "/api/new", "{", http.StatusBadRequest},
		{"POST", "/api/new", `{"mode": "chess"}`, http.StatusBadRequest},
		{"POST", "/api/new", `{"human": "red"}`, http.StatusBadRequest},
		{"POST", "/api/new", `{"draws": "fmjd"}`, http.StatusBadRequest},
		{"POST", "/api/new", `{"depth": 99}`, http.StatusBadRequest},
		{"POST", "/api/new", `{"depth": -1}`, http.StatusBadRequest},
		{"POST", "/api/new", `{"fen": "W:W50:B1,1"}`, http.StatusUnprocessableEntity},
		{"POST", "/api/new", `{"fen": "W:W1:B50"}`, http.StatusUnprocessableEntity},
		{"POST", "/api/new", `{"color": "white"}`, http.StatusBadRequest},
		{"POST", "/api/new", `{} {}`, http.StatusBadRequest},
		{"POST", "/api/new", `[1, 2]`, http.StatusBadRequest},
		{"POST", "/api/new", `{"fen": "` + strings.Repeat("1", 1<<17) + `"}`, http.StatusBadRequest},
		{"POST", "/api/move", `{"id": "nope", "move": "32-28"}`, http.StatusNotFound},
		{"POST", "/api/move", `{"move": "32-28"}`, http.StatusNotFound},
		{"POST", "/api/move", `{"id": "` + st.ID + `", "move": 3228}`, http.StatusBadRequest},
		{"GET", "/api/state?id=nope", "", http.StatusNotFound},
		{"GET", "/api/state", "", http.StatusNotFound},
		{"GET", "/api/move", "", http.StatusMethodNotAllowed},
		{"POST", "/api/state", "{}", http.StatusMethodNotAllowed},
		{"GET", "/api/nothing", "", http.StatusNotFound},
	} {
		// Through the handler, not the network: the server would wait to
		// drain the body that is too long before closing the connection.
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
		if rec.Code != tc.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s %s %.40s: %d %s, want %d: %s", tc.method, tc.path, tc.body, rec.Code, rec.Header().Get("Content-Type"), tc.status, rec.Body)
		}
	}
}

// TestGarbage throws random and mangled requests at every endpoint: the
// server must answer each with a status below 500 (the library's guarantee
// that no input panics carries through the handlers).
func TestGarbage(t *testing.T) {
	s := newServer()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","depth":2}`)))
	var st stateJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	paths := []string{"/api/new", "/api/move", "/api/click", "/api/engine", "/api/undo", "/api/flip", "/api/state", "/api/board.svg"}
	seeds := []string{
		`{"id":"ID","move":"32-28"}`, `{"id":"ID","squares":[32],"square":28}`, `{"id":"ID","squares":[18,38],"square":40}`,
		`{"fen":"W:W31-50:B1-20","mode":"human","depth":2}`, `{"id":"ID","move":"28x17x8x"}`, `{"id":"ID","squares":null,"square":-5}`,
		`{"id":"ID","move":"1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x16x17x18x19x20x21x22x23x24x25x26x27x28x29x30"}`,
		`{"fen":"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19","mode":"human"}`,
		`{"id":"ID","squares":[50,50,50],"square":50}`, `{"fen":"[FEN \"W:W31:B19\"]","human":"black","depth":1}`,
		`null`, `""`, `{"id":null}`, `{"depth":1e400}`, `{"squares":"x"}`,
	}
	rng := rand.New(rand.NewPCG(5, 5))
	const junk = `{}[]":,0123456789-x WBK.idmovesquarefen\` + "\x00\xff"
	for i := range 3000 {
		body := strings.ReplaceAll(seeds[rng.IntN(len(seeds))], "ID", st.ID)
		b := []byte(body)
		for range rng.IntN(4) {
			switch k := rng.IntN(3); {
			case k == 0 && len(b) > 0:
				b = append(b[:rng.IntN(len(b))], b[rng.IntN(len(b)):]...)
			case k == 1:
				at := rng.IntN(len(b) + 1)
				b = append(b[:at], append([]byte{junk[rng.IntN(len(junk))]}, b[at:]...)...)
			default:
				if len(b) > 0 {
					b[rng.IntN(len(b))] = junk[rng.IntN(len(junk))]
				}
			}
		}
		path := paths[rng.IntN(len(paths))]
		method := "POST"
		target := path
		if path == "/api/state" || path == "/api/board.svg" {
			method = "GET"
			target = path + "?id=" + st.ID + "&select=" + strings.Trim(string(b[:min(len(b), 12)]), "\x00")
			target = strings.Map(func(r rune) rune {
				if r <= ' ' || r == '#' || r == '%' || r == 0x7f || r == 0xfffd {
					return -1
				}
				return r
			}, target)
		}
		req := httptest.NewRequest(method, "http://example.com"+target, bytes.NewReader(b))
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("request %d: %s %s %q: %d %s", i, method, target, b, rec.Code, rec.Body)
		}
	}
}

// TestEviction: the oldest games go once there are too many.
func TestEviction(t *testing.T) {
	s := newServer()
	var first string
	for i := range maxGames + 5 {
		g := &game{g: frisian.NewGame(frisian.StartPosition())}
		s.add(g)
		if i == 0 {
			first = g.id
		}
	}
	if len(s.games) != maxGames || len(s.order) != maxGames || s.games[first] != nil {
		t.Errorf("%d games, %d ids, first kept: %v", len(s.games), len(s.order), s.games[first] != nil)
	}
}

// TestRun: the program starts on a free loopback port and stops when told;
// bad flags and addresses are refused.
func TestRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if status := run(ctx, []string{"-addr", "127.0.0.1:0"}, &out, &errOut); status != 0 || !strings.Contains(out.String(), "http://127.0.0.1:") {
		t.Errorf("run: %d, %q %q", status, out.String(), errOut.String())
	}
	if status := run(ctx, []string{"-port", "1"}, &out, &errOut); status != 2 {
		t.Errorf("bad flag: %d", status)
	}
	if status := run(ctx, []string{"extra"}, &out, &errOut); status != 2 {
		t.Errorf("extra argument: %d", status)
	}
	if status := run(ctx, []string{"-addr", "127.0.0.1:99999"}, &out, &errOut); status != 1 {
		t.Errorf("bad address: %d", status)
	}
}

// FuzzAPI posts arbitrary bodies to the endpoints of one game; no request
// may make the server fail (5xx) or panic. Run with
// go test -fuzz FuzzAPI ./examples/web.
func FuzzAPI(f *testing.F) {
	for i, body := range []string{
		`{"id":"ID","move":"32-28"}`, `{"id":"ID","squares":[32],"square":28}`,
		`{"fen":"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19","mode":"human","depth":1}`,
		`{"id":"ID","squares":[18,38,40,49,38],"square":36}`, `{"id":"ID"}`, `{`,
	} {
		f.Add(uint8(i), body)
	}
	s := newServer()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/new", strings.NewReader(
		`{"fen":"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19","mode":"human","depth":1}`)))
	var st stateJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
		f.Fatal(err)
	}
	paths := []string{"/api/new", "/api/move", "/api/click", "/api/engine", "/api/undo", "/api/flip"}
	f.Fuzz(func(t *testing.T, which uint8, body string) {
		body = strings.ReplaceAll(body, "ID", st.ID)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", paths[int(which)%len(paths)], strings.NewReader(body)))
		if rec.Code >= 500 {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
	})
}

// A position whose captures would take long to work out is refused at
// once, and an ordinary one still accepted, however small the server's
// time for the search (here a nanosecond: only the hard search looks at
// the clock).
func TestHostileFEN(t *testing.T) {
	s := newServer()
	s.moveTime = time.Nanosecond
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	c := &client{t, srv}
	hostile := "W:WK6,K42,K43,K45,K50:B2,K8,9,K10,K11,K13,15,18,K22,K24,K27,K29,K30,K31,K33,36,K38,K41,44,K48"
	status, _, body := c.do("POST", "/api/new", `{"fen":"`+hostile+`"}`)
	if status != http.StatusUnprocessableEntity || !strings.Contains(string(body), "too long") {
		t.Errorf("hostile FEN: %d %s", status, body)
	}
	c.post("/api/new", request{FEN: "W:W31-50:B1-20"}, http.StatusCreated)
}
