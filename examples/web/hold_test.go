package main

// Tests of attacks that try to hold the server's connections, request
// slots, games or engine for ever: each is the attack in miniature.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// TestStalledBody: a request whose body stops after a byte gets 408 at the
// body's deadline, and then its connection is closed: the server does not
// wait for the rest of the body without a deadline.
func TestStalledBody(t *testing.T) {
	lim := testLimits()
	lim.bodyTime = 300 * time.Millisecond
	addr, _ := startServer(t, newServer(lim))
	conn := idleConn(t, addr, 60)
	fmt.Fprintf(conn, "POST /api/move HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{", addr)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestTimeout {
		t.Errorf("status %d, want %d", res.StatusCode, http.StatusRequestTimeout)
	}
	if !closedWithin(conn, lim.headerTime) {
		t.Errorf("the connection was still open %v after the 408", lim.headerTime)
	}

	// Nor does a stalled body hold up the server's shutdown.
	ln, err := listen("127.0.0.1:0", lim)
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(newServer(lim), lim, ln)
	go srv.Serve(ln)
	conn = idleConn(t, ln.Addr().String(), 61)
	fmt.Fprintf(conn, "POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{")
	time.Sleep(50 * time.Millisecond) // the request is under way
	ctx, cancel := context.WithTimeout(context.Background(), lim.bodyTime+time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		srv.Close()
		t.Errorf("shutting down beside a stalled body: %v", err)
	}
}

// keptAlive opens a connection from 127.0.0.from that makes one request
// and then keeps the connection open, idle.
func keptAlive(t *testing.T, addr string, from int) net.Conn {
	t.Helper()
	conn := idleConn(t, addr, from)
	fmt.Fprintf(conn, "GET /api/state?id=x HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return conn
}

// TestIdleShed: clients that hold all the connections open between
// requests do not keep a newcomer out: at the limit, an idle connection of
// the client with the most is closed to make room; nor do clients that
// hold them with requests under way, a quarter of their share or more.
func TestIdleShed(t *testing.T) {
	lim := testLimits()
	lim.conns, lim.connsPerClient, lim.idleTime = 8, 4, time.Minute
	addr, ln := startServer(t, newServer(lim))
	var held []net.Conn
	for i := range lim.conns {
		held = append(held, keptAlive(t, addr, 70+i/lim.connsPerClient))
	}
	p := newPlayer(t, addr, 72)
	p.c.Timeout = 2 * time.Second
	begin := time.Now()
	if status, _ := p.post("/api/new", request{}); status != http.StatusCreated {
		t.Fatalf("the newcomer: %d after %v", status, time.Since(begin))
	}
	t.Logf("the newcomer was served after %v", time.Since(begin))
	closed := 0
	for _, c := range held {
		if closedWithin(c, 10*time.Millisecond) {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d idle connections closed, want 1", closed)
	}
	ln.mu.Lock()
	if ln.peak > lim.conns {
		t.Errorf("%d connections open at once, limit %d", ln.peak, lim.conns)
	}
	ln.mu.Unlock()

	// Two clients hold the connections with stalled bodies, each a
	// quarter of its share or more.
	lim.bodyTime = time.Minute
	addr, ln = startServer(t, newServer(lim))
	var slow []*slowBody
	for i := range lim.conns {
		slow = append(slow, startSlowBody(t, addr, 73+i/lim.connsPerClient, 100*time.Millisecond))
	}
	waitActive(t, ln, lim.conns) // the slow requests are under way
	begin = time.Now()
	p = newPlayer(t, addr, 72)
	p.c.Timeout = 2 * time.Second
	if status, _ := p.post("/api/new", request{}); status != http.StatusCreated {
		t.Fatalf("the newcomer beside stalled bodies: %d after %v", status, time.Since(begin))
	}
	t.Logf("the newcomer beside stalled bodies was served after %v", time.Since(begin))
	closed = 0
	for _, sb := range slow {
		sb.conn.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		_, err := io.ReadAll(sb.conn)
		if ne, ok := err.(net.Error); !ok || !ne.Timeout() { // the end, or a reset
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d connections with stalled bodies closed, want 1", closed)
	}
}

// TestClientsTable: the table of clients' game starts cannot be filled
// to keep a newcomer out: a start refused for its bad FEN is not counted,
// and a full table forgets the clients with the most of their allowance
// left, not one that used it.
func TestClientsTable(t *testing.T) {
	lim := testLimits()
	lim.clients, lim.newBurst = 4, 3
	s := newServer(lim)
	s.now = (&fakeClock{t: time.Unix(1e9, 0)}).now
	start := func(from, fen string) int {
		rec := httptest.NewRecorder()
		req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","fen":"`+fen+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = from + ":1000"
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	for i := range 2 * lim.clients {
		if code := start(fmt.Sprintf("10.0.0.%d", i), "W:W99"); code != http.StatusUnprocessableEntity {
			t.Fatalf("a bad FEN: %d", code)
		}
	}
	if code := start("10.0.1.1", ""); code != http.StatusCreated {
		t.Errorf("a newcomer after %d bad FENs: %d", 2*lim.clients, code)
	}
	for range lim.newBurst - 1 {
		start("10.0.1.1", "")
	}
	for i := range 4 * lim.clients {
		if code := start(fmt.Sprintf("10.0.2.%d", i), ""); code != http.StatusCreated {
			t.Errorf("newcomer %d on a full table: %d", i, code)
		}
	}
	if code := start("10.0.1.1", ""); code != http.StatusTooManyRequests {
		t.Errorf("a client that used its allowance, after %d others: %d", 4*lim.clients, code)
	}
}

// TestRequestRate: a client's API requests beyond its allowance are
// refused at once with 429; another client's are served.
func TestRequestRate(t *testing.T) {
	lim := testLimits()
	lim.requestBurst, lim.requestEvery = 10, 100*time.Millisecond
	s := newServer(lim)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	s.now = clock.now
	get := func(from string) int {
		rec := httptest.NewRecorder()
		req := newRequest("GET", "/api/state?id=x", nil)
		req.RemoteAddr = from + ":1000"
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	count := func(from string, n int) map[int]int {
		got := map[int]int{}
		for range n {
			got[get(from)]++
		}
		return got
	}
	if got := count("10.0.0.1", 30); got[http.StatusNotFound] != 10 || got[http.StatusTooManyRequests] != 20 {
		t.Errorf("30 requests at once: %v (status: count), want 10 answered", got)
	}
	if code := get("10.0.0.2"); code != http.StatusNotFound {
		t.Errorf("another client: %d", code)
	}
	clock.add(time.Second)
	if got := count("10.0.0.1", 30); got[http.StatusNotFound] != 10 {
		t.Errorf("a second later: %v (status: count), want 10 answered", got)
	}
}

// TestActiveGamesKept: clients that each hold a game or two, or many,
// kept in use, cannot have a player's game replaced: not one used 30 s
// ago, nor one idle for 11 minutes while others hold more than their two.
// And a game's id alone, from another browser, neither reads it nor
// plays in it.
func TestActiveGamesKept(t *testing.T) {
	lim := testLimits()
	lim.games, lim.keep, lim.stale = 6, 2, 10*time.Minute
	s := newServer(lim)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	s.now = clock.now
	do := func(from, owner, method, path, body string) (int, stateJSON) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: ownerCookie, Value: owner})
		req.RemoteAddr = from + ":1000"
		s.ServeHTTP(rec, req)
		var st stateJSON
		json.Unmarshal(rec.Body.Bytes(), &st)
		return rec.Code, st
	}
	owner := func(i int) string { return fmt.Sprintf("%026d", i) }
	_, mine := do("10.0.0.1", owner(1), "POST", "/api/new", `{"mode":"human"}`)
	if code, _ := do("10.0.0.1", owner(1), "POST", "/api/move", `{"id":"`+mine.ID+`","move":"32-28"}`); code != http.StatusOK {
		t.Fatalf("the player's move: %d", code)
	}
	for i := range 5 {
		do(fmt.Sprintf("10.0.1.%d", i), owner(100+i), "POST", "/api/new", `{"mode":"human"}`)
	}
	clock.add(30 * time.Second)
	if code, _ := do("10.0.2.1", owner(200), "POST", "/api/new", `{"mode":"human"}`); code != http.StatusServiceUnavailable {
		t.Errorf("a new game on a server full of games in use: %d", code)
	}
	if code, st := do("10.0.0.1", owner(1), "GET", "/api/state?id="+mine.ID, ""); code != http.StatusOK || st.Ply != 1 {
		t.Fatalf("the player's game, moved 30 s ago: %d, %d moves", code, st.Ply)
	}

	// Another browser knows the id.
	for _, path := range []string{"/api/state?id=" + mine.ID, "/api/pdn?id=" + mine.ID} {
		if code, _ := do("10.0.0.1", owner(2), "GET", path, ""); code != http.StatusNotFound {
			t.Errorf("GET %s from another browser: %d", path, code)
		}
	}
	if code, _ := do("10.0.0.1", "", "POST", "/api/undo", `{"id":"`+mine.ID+`"}`); code != http.StatusNotFound {
		t.Errorf("an undo with no owner cookie: %d", code)
	}

	// A client holds many games, kept in use; the player's is idle for
	// 11 minutes.
	s = newServer(lim)
	s.now = clock.now
	_, mine = do("10.0.0.1", owner(1), "POST", "/api/new", `{"mode":"human"}`)
	clock.add(11 * time.Minute)
	for i := range 8 {
		clock.add(time.Second)
		if code, _ := do("10.0.3.1", owner(300), "POST", "/api/new", `{"mode":"human"}`); code != http.StatusCreated {
			t.Errorf("the many games' client's game %d: %d", i, code)
		}
	}
	if code, _ := do("10.0.0.1", owner(1), "GET", "/api/state?id="+mine.ID, ""); code != http.StatusOK {
		t.Errorf("the player's game, idle 11 minutes: %d", code)
	}
}

// TestBusyServerHardPosition: the legal-move search of a position is
// limited in processor time, not on the clock: a busy server, on which a
// search waits for a core, still takes one of the hardest positions of at
// most 20 pieces a side, and refuses it when given less processor time
// than it needs.
func TestBusyServerHardPosition(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the limit is in processor time on Linux only")
	}
	hard := "W:WK20,K41:BK4,8,11,K12,13,14,K15,16,K19,K24,28,30,31,32,K34,K35,K37,K42,44,K48" // climb55Mixed1: 15 ms on an idle core
	// What it needs here (more under the race detector), before the
	// server is busy: in processor time, as the server counts, since a
	// machine busy with other work would stretch the clock's figure until
	// need/8 sufficed.
	need := time.Duration(1<<63 - 1)
	runtime.LockOSThread()
	for range 3 {
		begin, _ := threadCPU()
		testgame.Legal(frisian.MustParseFEN(hard))
		end, _ := threadCPU()
		need = min(need, end-begin)
	}
	runtime.UnlockOSThread()
	var stop atomic.Bool
	var spinning sync.WaitGroup
	for range 2 * runtime.GOMAXPROCS(0) {
		spinning.Go(func() {
			for n := 0; !stop.Load(); n++ { // busy
			}
		})
	}
	defer spinning.Wait()
	defer stop.Store(true)
	for _, tc := range []struct {
		cpu  time.Duration
		want int
	}{{4 * need, http.StatusCreated}, {need / 8, http.StatusUnprocessableEntity}} {
		lim := testLimits()
		lim.moveTime, lim.moveWall = tc.cpu, 100*need
		s := newServer(lim)
		rec := httptest.NewRecorder()
		req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","fen":"`+hard+`"}`))
		req.Header.Set("Content-Type", "application/json")
		begin := time.Now()
		s.ServeHTTP(rec, req)
		t.Logf("%v of processor time, beside %d spinning goroutines: %d after %v", tc.cpu, 2*runtime.GOMAXPROCS(0), rec.Code, time.Since(begin))
		if rec.Code != tc.want {
			t.Errorf("%v of processor time: %d, want %d", tc.cpu, rec.Code, tc.want)
		}
	}
}
