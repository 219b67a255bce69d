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
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"github.com/frisian-draughts/frisian/pdn"
)

// testLimits are the server's limits with room for the many games a test
// starts from one address.
func testLimits() limits {
	l := defaultLimits()
	l.newBurst, l.requestBurst = 1<<20, 1<<20
	return l
}

// testOwner is the owner secret of the browser the tests play in, unless
// they play in several (see ownerOf).
const testOwner = "TESTOWNERTESTOWNERTESTOWNE"

// newRequest is httptest.NewRequest from the tests' browser.
func newRequest(method, target string, body io.Reader) *http.Request {
	r := httptest.NewRequest(method, target, body)
	r.AddCookie(&http.Cookie{Name: ownerCookie, Value: testOwner})
	return r
}

// client drives the server under test through real HTTP on the loopback
// interface (httptest listens there).
type client struct {
	t   *testing.T
	srv *httptest.Server
}

func newClient(t *testing.T, lim limits) *client {
	srv := httptest.NewServer(newServer(lim))
	t.Cleanup(srv.Close)
	return &client{t, srv}
}

// do sends a request (a POST as JSON) and returns the status, the content
// type and the body.
func (c *client) do(method, path, body string) (int, string, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.AddCookie(&http.Cookie{Name: ownerCookie, Value: testOwner})
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

func (c *client) pdn(id string) string {
	c.t.Helper()
	status, ctype, data := c.do("GET", "/api/pdn?id="+id, "")
	if status != http.StatusOK || !strings.HasPrefix(ctype, "text/plain") {
		c.t.Fatalf("GET pdn: %d %s %s", status, ctype, data)
	}
	return string(data)
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
	c := newClient(t, testLimits())
	for _, tc := range []struct{ path, ctype, want string }{
		{"/", "text/html", `<div id="board"`},
		{"/static/app.js", "javascript", `"/api/click"`},
		{"/static/style.css", "text/css", ".board"},
		{"/static/favicon.svg", "image/svg+xml", "<svg"},
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
	c := newClient(t, testLimits())
	st := c.post("/api/new", map[string]any{}, http.StatusCreated)
	if st.ID == "" || st.FEN != frisian.StartPosition().FEN() || st.Turn != "white" || st.Mode != "engine" || st.Ply != 0 ||
		st.Human != "white" || !equal(st.Movable, []int{31, 32, 33, 34, 35}) || st.MustCapture || st.Outcome.Over || st.EngineToMove ||
		st.History == nil || len(st.History) != 0 {
		t.Fatalf("new game: %+v", st)
	}
	wellFormed(t, []byte(st.SVG))
	if strings.Count(st.SVG, "data-square=") != 50 {
		t.Errorf("%d data-square attributes", strings.Count(st.SVG, "data-square="))
	}
	if got := c.state(st.ID); got.FEN != st.FEN || got.ID != st.ID || got.SVG != st.SVG {
		t.Errorf("state: %+v", got)
	}
	status, ctype, data := c.do("GET", "/api/board.svg?id="+st.ID+"&ply=0", "")
	if status != http.StatusOK || ctype != "image/svg+xml" || string(data) != st.SVG {
		t.Fatalf("board.svg: %d %s", status, ctype)
	}
	for _, q := range []string{"", "&ply=x", "&ply=-1", "&ply=1"} {
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
	first := st.SVG
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	if st.Played == nil || st.Turn != "black" || st.Ply != 1 || st.Played.Color != "white" || st.History != nil || st.SVG == "" {
		t.Fatalf("after the computer's move: %+v", st)
	}
	c.refused("/api/engine", request{ID: st.ID}, http.StatusConflict) // the person's turn
	st = c.post("/api/flip", request{ID: st.ID}, http.StatusOK)
	if st.Bottom != "white" || st.SVG == "" {
		t.Errorf("flip: bottom %s", st.Bottom)
	}
	// Looking back: the board before the computer's move, as it was drawn
	// then (Black at the bottom), now with White at the bottom.
	_, _, data = c.do("GET", "/api/board.svg?id="+st.ID+"&ply=0", "")
	if string(data) == first || !strings.Contains(string(data), "<desc>W:W31") {
		t.Errorf("board at ply 0 after the flip: %.200s", data)
	}
}

// TestMoveRoundTrip plays a few moves between two people and against the
// computer, checking the state against the library.
func TestMoveRoundTrip(t *testing.T) {
	c := newClient(t, testLimits())
	st := c.post("/api/new", request{Mode: "human"}, http.StatusCreated)
	g := pdn.NewGame(frisian.StartPosition())
	for _, text := range []string{"32-28", "19-23", "28x19", "14x23"} {
		st = c.post("/api/move", request{ID: st.ID, Move: text}, http.StatusOK)
		if _, err := testgame.PlayText(g, text); err != nil {
			t.Fatal(err)
		}
		if st.FEN != g.Position().FEN() || st.Played == nil || st.Played.Text != text || st.EngineToMove {
			t.Fatalf("after %s: %+v", text, st)
		}
	}
	want := []moveJSON{
		{1, "white", "32-28", []int{32, 28}, []int{}},
		{2, "black", "19-23", []int{19, 23}, []int{}},
		{3, "white", "28x19", []int{28, 19}, []int{23}},
		{4, "black", "14x23", []int{14, 23}, []int{19}},
	}
	if got := c.state(st.ID).History; !slices.EqualFunc(got, want, sameMove) {
		t.Errorf("history %+v, want %+v", got, want)
	}
	if pdn := c.pdn(st.ID); !strings.Contains(pdn, "1. 32-28 19-23 2. 28x19 14x23 *") || !strings.Contains(pdn, `[GameType "40"]`) {
		t.Errorf("PDN:\n%s", pdn)
	}
	// Between two people the computer may suggest a move for either side,
	// and undo takes back one move.
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	if st.Ply != 5 || st.Turn != "black" {
		t.Fatalf("hint: %+v", st)
	}
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.FEN != g.Position().FEN() || len(st.History) != 4 {
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
	if _, err := testgame.Legal(p).ParseMove(context.Background(), st.Played.Text); err != nil || st.Turn != "white" {
		t.Fatalf("computer's reply %q: %v", st.Played.Text, err)
	}
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.FEN != start || len(st.History) != 0 || st.History == nil {
		t.Errorf("undo against the computer: %+v", st)
	}
	c.refused("/api/undo", request{ID: st.ID}, http.StatusConflict)
}

func sameMove(a, b moveJSON) bool {
	return a.Ply == b.Ply && a.Color == b.Color && a.Text == b.Text && equal(a.Path, b.Path) && equal(a.Taken, b.Taken)
}

func mustMove(t *testing.T, p frisian.Position, text string) frisian.Move {
	t.Helper()
	m, err := testgame.Legal(p).ParseMove(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRefusedMoves: invalid, illegal and ambiguous move text is refused
// with 422 and the library's reason, without its package prefix, and the
// game is unchanged.
func TestRefusedMoves(t *testing.T) {
	c := newClient(t, testLimits())
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
		if e.Kind != tc.kind || !strings.Contains(e.Error, tc.want) || strings.Contains(e.Error, "frisian:") {
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
	if st.Played.Text != "18x38x40x49x38x36" {
		t.Errorf("played %+v", st.Played)
	}
	e := c.refused("/api/new", request{FEN: "W:W50:B1,1"}, http.StatusUnprocessableEntity)
	if strings.Contains(e.Error, "frisian:") {
		t.Errorf("FEN error %q", e.Error)
	}
}

// TestClickCapture enters a capture of five men square by square along a
// path that revisits a square, checking what the server offers each time.
func TestClickCapture(t *testing.T) {
	c := newClient(t, testLimits())
	fen := "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"
	st := c.post("/api/new", request{Mode: "human", FEN: fen}, http.StatusCreated)
	if !st.MustCapture || !equal(st.Movable, []int{18}) {
		t.Fatalf("the piece that must capture: %v %v", st.MustCapture, st.Movable)
	}
	steps := []struct {
		square         int
		selected, next []int
		taken          []int
		notice         string
	}{
		{17, []int{}, []int{}, []int{}, "Capturing is compulsory"},
		{18, []int{18}, []int{38}, []int{}, ""},                                   // the only first landing
		{38, []int{18, 38}, []int{29, 40, 49}, []int{28}, ""},                     // straight down the column over 28
		{40, []int{18, 38, 40}, []int{49}, []int{28, 39}, ""},                     // along the row over 39
		{1, []int{18, 38, 40}, []int{49}, []int{28, 39}, "cannot go on to 1"},     // a wrong square keeps the capture
		{49, []int{18, 38, 40, 49}, []int{38}, []int{28, 39, 44}, ""},             // diagonally over 44
		{38, []int{18, 38, 40, 49, 38}, []int{29, 36}, []int{28, 39, 44, 43}, ""}, // back on 38; two moves still
	}
	for _, s := range steps {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: s.square}, http.StatusOK)
		if st.Played != nil || !equal(st.Selection.Squares, s.selected) || !equal(st.Selection.Next, s.next) || !equal(st.Selection.Taken, s.taken) {
			t.Fatalf("click %d: selection %+v, want %v then %v, taken %v", s.square, st.Selection, s.selected, s.next, s.taken)
		}
		if !strings.Contains(st.Notice, s.notice) || (s.notice == "") != (st.Notice == "") {
			t.Errorf("click %d: notice %q, want %q", s.square, st.Notice, s.notice)
		}
		// the board has not changed: it is not sent again
		if st.SVG != "" || st.History != nil {
			t.Errorf("click %d: the board or the history sent again", s.square)
		}
	}
	st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: 36}, http.StatusOK)
	if st.Played == nil || st.Played.Text != "18x38x40x49x38x36" || !equal(st.Played.Taken, []int{28, 39, 44, 43, 37}) ||
		st.Turn != "white" || len(st.Selection.Squares) != 0 || st.SVG == "" {
		t.Fatalf("last click: %+v", st)
	}
	want := frisian.MustParseFEN(fen)
	want = want.Apply(mustMove(t, want, "18x38x40x49x38x36"))
	if st.FEN != want.FEN() {
		t.Errorf("FEN %s, want %s", st.FEN, want.FEN())
	}

	// White must now take back, straight up the column: 46x26 over 36.
	// Bad clicks are refused.
	st = c.post("/api/click", request{ID: st.ID, Square: 46}, http.StatusOK)
	if !equal(st.Selection.Next, []int{26}) {
		t.Fatalf("click 46: %+v", st.Selection)
	}
	c.refused("/api/click", request{ID: st.ID, Squares: []int{46}, Square: 0}, http.StatusBadRequest)
	c.refused("/api/click", request{ID: st.ID, Squares: []int{99}, Square: 26}, http.StatusBadRequest)
	c.refused("/api/click", request{ID: st.ID, Squares: make([]int, 100), Square: 26}, http.StatusBadRequest)
	st = c.post("/api/click", request{ID: st.ID, Squares: []int{46}, Square: 26}, http.StatusOK)
	if st.Played == nil || st.Played.Text != "46x26" {
		t.Errorf("46 then 26: %+v", st)
	}
}

// TestMovesOnce: the legal moves of each position are worked out once,
// however many requests ask about it.
func TestMovesOnce(t *testing.T) {
	s := newServer(testLimits())
	c := &client{t, httptest.NewServer(s)}
	t.Cleanup(c.srv.Close)
	st := c.post("/api/new", request{Mode: "human", FEN: "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"}, http.StatusCreated)
	for _, sq := range []int{17, 18, 38, 40, 49, 1, 38} {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: sq}, http.StatusOK)
	}
	c.state(st.ID)
	c.post("/api/flip", request{ID: st.ID}, http.StatusOK)
	st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: 36}, http.StatusOK)
	c.post("/api/click", request{ID: st.ID, Square: 46}, http.StatusOK)
	c.pdn(st.ID)
	c.do("GET", "/api/board.svg?id="+st.ID+"&ply=0", "")
	s.mu.Lock()
	g := s.games[st.ID]
	s.mu.Unlock()
	if g.searched != 2 {
		t.Errorf("two positions, moves worked out %d times", g.searched)
	}
}

// TestPathFollowsClicks: a move is recorded along the path the player
// clicked or typed, not the one the library would pick, also after an undo
// and when the end square was clicked early; the computer's along the
// least path. Its text is the library's, as the PDN writes it, whatever
// the path.
func TestPathFollowsClicks(t *testing.T) {
	c := newClient(t, testLimits())
	// 28x28 goes round either way; the library's path is 28x17x19x28.
	loop := frisian.MustParseFEN("W:W28:B18,22,23")
	st := c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	for _, sq := range []int{28, 19, 17, 28} {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: sq}, http.StatusOK)
	}
	if st.Played == nil || st.Played.Text != "28x17x19x28" || !equal(st.Played.Path, []int{28, 19, 17, 28}) || !equal(st.Played.Taken, []int{23, 18, 22}) {
		t.Errorf("clicked 28x19x17x28: played %+v", st.Played)
	}
	st = c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	// The pieces taken come in the order the path jumps them: 28x19
	// takes 23, 19x17 takes 18, 17x28 takes 22 (RULES.md §3).
	if st = c.post("/api/move", request{ID: st.ID, Move: "28x19x17x28"}, http.StatusOK); st.Played.Text != "28x17x19x28" || !equal(st.Played.Path, []int{28, 19, 17, 28}) || !equal(st.Played.Taken, []int{23, 18, 22}) {
		t.Errorf("typed 28x19x17x28: %+v", st.Played)
	}
	st = c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	if st = c.post("/api/move", request{ID: st.ID, Move: "28x28"}, http.StatusOK); st.Played.Text != "28x17x19x28" || !equal(st.Played.Taken, []int{22, 18, 23}) {
		t.Errorf("typed 28x28: %+v", st.Played)
	}
	st = c.post("/api/new", request{Mode: "human", FEN: loop.FEN()}, http.StatusCreated)
	if st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK); st.Played.Text != "28x17x19x28" || !equal(st.Played.Taken, []int{22, 18, 23}) {
		t.Errorf("the computer's 28x28: %+v", st.Played)
	}

	// After a reply and an undo, the move before is still as clicked.
	q := frisian.MustParseFEN("B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19")
	st = c.post("/api/new", request{Mode: "human", FEN: q.FEN()}, http.StatusCreated)
	for _, sq := range []int{18, 38, 40, 49, 38, 36} {
		st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: sq}, http.StatusOK)
	}
	st = c.post("/api/move", request{ID: st.ID, Move: "46x26"}, http.StatusOK)
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if len(st.History) != 1 || st.History[0].Text != "18x38x40x49x38x36" {
		t.Errorf("after undo: %+v", st.History)
	}

	// lidraughts' worst case, 32 kings against one, is no position a game
	// can reach, and is refused (TestClickWorstCase clicks through it).
	worst := "W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49"
	if e := c.refused("/api/new", request{Mode: "human", FEN: worst}, http.StatusUnprocessableEntity); !strings.Contains(e.Error, "20") {
		t.Errorf("32 kings: %s", e.Error)
	}
}

func equal(a, b []int) bool { return slices.Equal(a, b) }

// TestGameOver: the result and its reason, then no more moves.
func TestGameOver(t *testing.T) {
	c := newClient(t, testLimits())
	st := c.post("/api/new", request{FEN: "W:W28,32:B23"}, http.StatusCreated)
	st = c.post("/api/move", request{ID: st.ID, Move: "28x19"}, http.StatusOK)
	o := st.Outcome
	if !o.Over || o.Result != "white wins" || o.Score != "2-0" || o.Text != "White wins (black has no legal move left), 2-0" ||
		st.EngineToMove || len(st.Movable) != 0 {
		t.Fatalf("after the last capture: %+v", st)
	}
	if pdn := c.pdn(st.ID); !strings.Contains(pdn, "1. 28x19 2-0") || !strings.Contains(pdn, `[Result "2-0"]`) {
		t.Errorf("PDN:\n%s", pdn)
	}
	e := c.refused("/api/move", request{ID: st.ID, Move: "32-28"}, http.StatusConflict)
	if !strings.Contains(e.Error, "The game is over: White wins (black has no legal move left), 2-0") {
		t.Errorf("move after the end: %+v", e)
	}
	c.refused("/api/engine", request{ID: st.ID}, http.StatusConflict)
	c.refused("/api/click", request{ID: st.ID, Square: 32}, http.StatusConflict)

	// A draw under lidraughts' rules: one king each, four plies, with the
	// counter shown as it runs.
	st = c.post("/api/new", request{FEN: "W:WK47:BK5", Mode: "human", Draws: "lidraughts"}, http.StatusCreated)
	for i, m := range []string{"47-36", "5-10", "36-47", "10-5"} {
		if want := "One king each: " + string(rune('0'+i)) + " of 4 plies to a draw"; !slices.Contains(st.Counters, want) {
			t.Errorf("lidraughts, ply %d: counters %q", i, st.Counters)
		}
		// Before the fourth ply the result is still open (the official
		// rules would make it 1-1).
		if !strings.Contains(c.pdn(st.ID), `[Result "*"]`) {
			t.Fatalf("lidraughts, ply %d: PDN open", i)
		}
		st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
	}
	if st.Outcome.Text != "Draw (lidraughts: one king each for 4 plies), 1-1" || !strings.Contains(c.pdn(st.ID), `[Result "1-1"]`) {
		t.Errorf("lidraughts draw: %+v", st.Outcome)
	}
	// The same position is drawn at once under the official rules.
	st = c.post("/api/new", request{FEN: "W:WK47:BK5", Mode: "human"}, http.StatusCreated)
	if st.Outcome.Text != "Draw (one king each), 1-1" {
		t.Errorf("official draw: %+v", st.Outcome)
	}
}

// TestCounters: the three-move king counters and the draw counter of two
// kings against one, as the library counts them.
func TestCounters(t *testing.T) {
	c := newClient(t, testLimits())
	st := c.post("/api/new", request{FEN: "W:WK47,50:BK1,6", Mode: "human"}, http.StatusCreated)
	for _, m := range []string{"47-38", "1-7", "38-47"} {
		st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
	}
	p := frisian.MustParseFEN(st.FEN)
	want := []string{"White's king on 47 has made 2 of its 3 quiet moves in a row", "Black's king on 7 has made 1 of its 3 quiet moves in a row"}
	if p.KingRun(frisian.White).Count != 2 || !slices.Equal(st.Counters, want) {
		t.Errorf("counters %q, want %q", st.Counters, want)
	}
	// Two kings against one, official rules: White's moves are counted
	// from when the material arose (Art. 18).
	st = c.post("/api/new", request{FEN: "W:WK47,K50:BK1", Mode: "human"}, http.StatusCreated)
	for i, m := range []string{"47-38", "1-7", "38-47", "7-1"} {
		if want := "Two kings against one: white has made " + string(rune('0'+(i+1)/2)) + " of its 7 moves to win"; !slices.Equal(st.Counters, []string{want}) {
			t.Errorf("ply %d: %q, want %q", i, st.Counters, want)
		}
		st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
	}
}

// TestBadRequests: bad JSON, the wrong content type, unknown games and
// endpoints, bad options.
func TestBadRequests(t *testing.T) {
	c := newClient(t, testLimits())
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
		{"POST", "/api/new", `{"fen": "W:W21-50:B1-11"}`, http.StatusUnprocessableEntity}, // 30 white pieces
		{"POST", "/api/new", `{"fen": "B:W30-50:B1-20"}`, http.StatusUnprocessableEntity}, // 41 pieces
		{"POST", "/api/new", `{"colour": "white"}`, http.StatusBadRequest},
		{"POST", "/api/new", `{} {}`, http.StatusBadRequest},
		{"POST", "/api/new", `[1, 2]`, http.StatusBadRequest},
		{"POST", "/api/new", `null`, http.StatusBadRequest},
		{"POST", "/api/new", ` null `, http.StatusBadRequest},
		{"POST", "/api/undo", `null`, http.StatusBadRequest},
		{"POST", "/api/new", `{"fen": "` + strings.Repeat("1", 1<<17) + `"}`, http.StatusRequestEntityTooLarge},
		{"POST", "/api/move", `{"id": "nope", "move": "32-28"}`, http.StatusNotFound},
		{"POST", "/api/move", `{"move": "32-28"}`, http.StatusNotFound},
		{"POST", "/api/move", `{"id": "` + st.ID + `", "move": 3228}`, http.StatusBadRequest},
		{"GET", "/api/state?id=nope", "", http.StatusNotFound},
		{"GET", "/api/state", "", http.StatusNotFound},
		{"GET", "/api/pdn?id=nope", "", http.StatusNotFound},
		{"GET", "/api/move", "", http.StatusMethodNotAllowed},
		{"POST", "/api/state", "{}", http.StatusMethodNotAllowed},
		{"GET", "/api/nothing", "", http.StatusNotFound},
	} {
		// Through the handler, not the network: the server would wait to
		// drain the body that is too long before closing the connection.
		rec := httptest.NewRecorder()
		req := newRequest(tc.method, tc.path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		s.ServeHTTP(rec, req)
		if rec.Code != tc.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s %s %.40s: %d %s, want %d: %s", tc.method, tc.path, tc.body, rec.Code, rec.Header().Get("Content-Type"), tc.status, rec.Body)
		}
	}
	// Only JSON is read: a form or plain text is what a page on another
	// site may post without the browser asking first. A browser's request
	// from another site is refused whatever it sends.
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"} {
		rec := httptest.NewRecorder()
		req := newRequest("POST", "/api/undo", strings.NewReader(`{"id":"`+st.ID+`"}`))
		req.Header.Set("Content-Type", ct)
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnsupportedMediaType {
			t.Errorf("Content-Type %q: %d", ct, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	req := newRequest("POST", "/api/new", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "https://elsewhere.example")
	s.ServeHTTP(rec, req)
	var e apiError
	if rec.Code != http.StatusForbidden || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") ||
		json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error == "" {
		t.Errorf("a request from another site: %d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

// TestGarbage throws random and mangled requests at every endpoint: the
// server must answer each with a status below 500 (the library's guarantee
// that no input panics carries through the handlers).
func TestGarbage(t *testing.T) {
	s := newServer(testLimits())
	post := func(path string, body []byte) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := newRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		s.ServeHTTP(rec, req)
		return rec
	}
	var st stateJSON
	if err := json.Unmarshal(post("/api/new", []byte(`{"mode":"human","depth":2}`)).Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	paths := []string{"/api/new", "/api/move", "/api/click", "/api/engine", "/api/undo", "/api/flip", "/api/state", "/api/board.svg", "/api/pdn"}
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
		var rec *httptest.ResponseRecorder
		if path == "/api/state" || path == "/api/board.svg" || path == "/api/pdn" {
			target := path + "?id=" + st.ID + "&ply=" + strings.Trim(string(b[:min(len(b), 12)]), "\x00")
			target = strings.Map(func(r rune) rune {
				if r <= ' ' || r == '#' || r == '%' || r == 0x7f || r == 0xfffd {
					return -1
				}
				return r
			}, target)
			rec = httptest.NewRecorder()
			s.ServeHTTP(rec, newRequest("GET", "http://example.com"+target, nil))
		} else {
			rec = post(path, b)
		}
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("request %d: %s %q: %d %s", i, path, b, rec.Code, rec.Body)
		}
	}
}

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestGamesAndClients: games go when idle, never while played; each
// client may start only so many. (TestGamesTable: a full server.)
func TestGamesAndClients(t *testing.T) {
	lim := testLimits()
	lim.games, lim.idle, lim.newBurst, lim.newEvery = 10, time.Hour, 2, 10*time.Second
	s := newServer(lim)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	s.now = clock.now
	newGameFrom := func(addr string) (int, stateJSON) {
		rec := httptest.NewRecorder()
		req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		s.ServeHTTP(rec, req)
		var st stateJSON
		json.Unmarshal(rec.Body.Bytes(), &st)
		return rec.Code, st
	}
	stateOf := func(id string) int {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest("GET", "/api/state?id="+id, nil))
		return rec.Code
	}
	// Two games at once from one address, then one each ten seconds; an
	// IPv6 client is its /64.
	for i, tc := range []struct {
		addr string
		wait time.Duration
		want int
	}{
		{"192.0.2.1:1000", 0, http.StatusCreated},
		{"192.0.2.1:1001", 0, http.StatusCreated},
		{"192.0.2.1:1002", 0, http.StatusTooManyRequests},
		{"192.0.2.1:1003", 9 * time.Second, http.StatusTooManyRequests},
		{"[2001:db8::1]:1000", 0, http.StatusCreated},
		{"[2001:db8::2]:1000", 0, http.StatusCreated},
		{"[2001:db8::3]:1000", 0, http.StatusTooManyRequests}, // the same /64
	} {
		clock.add(tc.wait)
		if code, _ := newGameFrom(tc.addr); code != tc.want {
			t.Errorf("game %d from %s: %d, want %d", i, tc.addr, code, tc.want)
		}
	}
	// Games in play stay; an idle one goes, making room.
	_, _ = newGameFrom("192.0.2.9:1")
	ids := []string{}
	s.mu.Lock()
	for id := range s.games {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	clock.add(40 * time.Minute)
	stateOf(ids[0])
	stateOf(ids[1])
	clock.add(40 * time.Minute)
	code, st := newGameFrom("192.0.2.9:2")
	if code != http.StatusCreated || stateOf(ids[0]) != http.StatusOK || stateOf(ids[1]) != http.StatusOK || stateOf(ids[2]) != http.StatusNotFound || stateOf(st.ID) != http.StatusOK {
		t.Errorf("after an hour: new game %d; games %d %d %d", code, stateOf(ids[0]), stateOf(ids[1]), stateOf(ids[2]))
	}
	if len(s.clients) != 2 {
		t.Errorf("%d clients remembered, want the two active in the last 20 s (a game started, states asked)", len(s.clients))
	}
}

// TestGameLength: a game stops at the server's length limit.
func TestGameLength(t *testing.T) {
	lim := testLimits()
	lim.plies = 4
	c := newClient(t, lim)
	st := c.post("/api/new", request{Mode: "human"}, http.StatusCreated)
	for _, m := range []string{"31-26", "20-25", "32-27", "19-24"} {
		st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
	}
	if !st.Outcome.Over || !strings.Contains(st.Outcome.Text, "reached 4 moves") || st.Outcome.Score != "*" || len(st.Movable) != 0 {
		t.Errorf("at the limit: %+v", st.Outcome)
	}
	c.refused("/api/move", request{ID: st.ID, Move: "33-29"}, http.StatusConflict)
	c.refused("/api/engine", request{ID: st.ID}, http.StatusConflict)
	st = c.post("/api/undo", request{ID: st.ID}, http.StatusOK)
	if st.Outcome.Over {
		t.Errorf("after undo: %+v", st.Outcome)
	}
}

// TestBusy: requests beyond the cap on those in flight, and searches
// beyond the cap on those running, are refused at once with 503.
func TestBusy(t *testing.T) {
	lim := testLimits()
	lim.inFlight, lim.searches, lim.engineTime = 1, 1, 500*time.Millisecond
	s := newServer(lim)
	s.inFlight <- struct{}{} // a request being served
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, newRequest("GET", "/api/state?id=x", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("over the cap: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, newRequest("GET", "/", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("the page is not counted: %d", rec.Code)
	}
	<-s.inFlight
	c := &client{t, httptest.NewServer(s)}
	t.Cleanup(c.srv.Close)
	st := c.post("/api/new", request{Mode: "human"}, http.StatusCreated)
	release, err := s.queue.acquire(context.Background(), "another client") // a search running
	if err != nil {
		t.Fatal(err)
	}
	c.refused("/api/engine", request{ID: st.ID}, http.StatusServiceUnavailable)
	release()
	c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
}

// TestEngineStops: a computer move whose client has gone stops and plays
// nothing.
func TestEngineStops(t *testing.T) {
	s := newServer(testLimits())
	c := &client{t, httptest.NewServer(s)}
	t.Cleanup(c.srv.Close)
	st := c.post("/api/new", request{Mode: "human", Depth: maxDepth}, http.StatusCreated)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := newRequest("POST", "/api/engine", strings.NewReader(`{"id":"`+st.ID+`"}`)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	begin := time.Now()
	s.ServeHTTP(httptest.NewRecorder(), req)
	if d := time.Since(begin); d > time.Second {
		t.Errorf("the search went on for %v", d)
	}
	if got := c.state(st.ID); got.Ply != 0 {
		t.Errorf("a move was played: %+v", got.History)
	}
}

// TestHTTPServer: the connection limits are set.
func TestHTTPServer(t *testing.T) {
	srv := newHTTPServer(http.NotFoundHandler(), defaultLimits(), nil)
	if srv.ReadTimeout == 0 || srv.ReadHeaderTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 || srv.MaxHeaderBytes == 0 {
		t.Errorf("limits missing: %+v", srv)
	}
	if srv.WriteTimeout <= defaultLimits().engineTime {
		t.Errorf("a search (%v) outlasts the write timeout (%v)", defaultLimits().engineTime, srv.WriteTimeout)
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
	// An engine that is not there, a bad parameter or move time.
	errOut.Reset()
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	if status := run(ctx, []string{"-addr", "127.0.0.1:0", "-engine", missing}, &out, &errOut); status != 1 || !strings.Contains(errOut.String(), "engine") {
		t.Errorf("missing engine: %d %q", status, errOut.String())
	}
	if status := run(ctx, []string{"-engine-param", "threads"}, &out, &errOut); status != 2 {
		t.Errorf("-engine-param without a value: %d", status)
	}
	if status := run(ctx, []string{"-engine-time", "0s"}, &out, &errOut); status != 2 {
		t.Errorf("-engine-time 0s: %d", status)
	}
	// A hang must be found within a request: twice 2 s and a second is
	// more than the 5 s a request has, less its reserve.
	errOut.Reset()
	if status := run(ctx, []string{"-engine-time", "2s"}, &out, &errOut); status != 2 || !strings.Contains(errOut.String(), "at most 1.9s") {
		t.Errorf("-engine-time 2s: %d %q", status, errOut.String())
	}
	if got := maxMoveTime(defaultLimits()); got < time.Second {
		t.Errorf("the default -engine-time, 1s, is refused: at most %v", got)
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
	s := newServer(testLimits())
	post := func(path, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := newRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		s.ServeHTTP(rec, req)
		return rec
	}
	var st stateJSON
	if err := json.Unmarshal(post("/api/new", `{"fen":"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19","mode":"human","depth":1}`).Body.Bytes(), &st); err != nil {
		f.Fatal(err)
	}
	paths := []string{"/api/new", "/api/move", "/api/click", "/api/engine", "/api/undo", "/api/flip"}
	f.Fuzz(func(t *testing.T, which uint8, body string) {
		rec := post(paths[int(which)%len(paths)], strings.ReplaceAll(body, "ID", st.ID))
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
	})
}

// A position whose captures would take long to work out is refused at
// once, and an ordinary one still accepted, however small the server's
// time for the search (here a nanosecond: only the hard searches look at
// the clock).
func TestHostileFEN(t *testing.T) {
	lim := testLimits()
	lim.moveTime, lim.moveWall = time.Nanosecond, time.Nanosecond
	c := newClient(t, lim)
	hostile := "W:WK6,K42,K43,K45,K50:B2,K8,9,K10,K11,K13,15,18,K22,K24,K27,K29,K30,K31,K33,36,K38,K41,44,K48"
	status, _, body := c.do("POST", "/api/new", `{"fen":"`+hostile+`"}`)
	if status != http.StatusUnprocessableEntity || !strings.Contains(string(body), "too long") {
		t.Errorf("hostile FEN: %d %s", status, body)
	}
	c.post("/api/new", request{FEN: "W:W31-50:B1-20"}, http.StatusCreated)

	// A text naming some landing squares of a capture asks for a search of
	// its paths, under the same limit; its whole path needs none.
	st := c.post("/api/new", request{Mode: "human", FEN: "W:W47:B42,32,22,12"}, http.StatusCreated)
	e := c.refused("/api/move", request{ID: st.ID, Move: "47x27x7"}, http.StatusUnprocessableEntity)
	if !strings.Contains(e.Error, "too long") {
		t.Errorf("partial path: %+v", e)
	}
	c.post("/api/move", request{ID: st.ID, Move: "47x38x27x18x7"}, http.StatusOK)
}
