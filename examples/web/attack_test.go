package main

// Tests of the server under attack: slow clients, many connections, many
// games, engines that crash or hang. Each runs the server as run does, on
// loopback, and gives each client an address of its own in 127.0.0.0/8.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/pdn"
)

// startServer serves s on a loopback port as run does, with its limits,
// and returns its address and listener; the test's cleanup stops it.
func startServer(t *testing.T, s *server) (string, *limitListener) {
	t.Helper()
	ln, err := listen("127.0.0.1:0", s.lim)
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(s, s.lim, ln)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), ln
}

// dialerFrom dials from the loopback address 127.0.n/256.n%256 (for n
// below 256, 127.0.0.n).
func dialerFrom(n int) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, byte(n>>8), byte(n))}, Timeout: 5 * time.Second}
}

// player is a well-behaved client at an address of its own.
type player struct {
	t     *testing.T
	addr  string
	c     *http.Client
	quiet bool // logs no refusal
}

// oneShot is a client at an address of its own that keeps no connection
// open, and logs nothing.
func oneShot(t *testing.T, addr string, n int) *player {
	tr := &http.Transport{DialContext: dialerFrom(n).DialContext, DisableKeepAlives: true}
	return &player{t: t, addr: addr, c: &http.Client{Transport: tr, Timeout: 30 * time.Second}, quiet: true}
}

func newPlayer(t *testing.T, addr string, n int) *player {
	tr := &http.Transport{DialContext: dialerFrom(n).DialContext}
	t.Cleanup(tr.CloseIdleConnections)
	jar, _ := cookiejar.New(nil) // the player's browser holds its owner secret
	return &player{t: t, addr: addr, c: &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second}}
}

// cookie is the player's Cookie header.
func (p *player) cookie() string {
	var b strings.Builder
	for _, c := range p.c.Jar.Cookies(&url.URL{Scheme: "http", Host: p.addr, Path: "/api/"}) {
		fmt.Fprintf(&b, "%s=%s; ", c.Name, c.Value)
	}
	return b.String()
}

// post sends v as JSON to path and returns the status and the decoded
// state (or a zero state when the answer is an error); a failed request
// is status 0.
func (p *player) post(path string, v any) (int, stateJSON) {
	body, _ := json.Marshal(v)
	res, err := p.c.Post("http://"+p.addr+path, "application/json", strings.NewReader(string(body)))
	if err != nil {
		p.t.Logf("POST %s: %v", path, err)
		return 0, stateJSON{}
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var st stateJSON
	if res.StatusCode < 300 {
		if err := json.Unmarshal(data, &st); err != nil {
			p.t.Errorf("POST %s: %v in %s", path, err, data)
		}
	} else if !p.quiet {
		p.t.Logf("POST %s %s: %d %.200s", path, body, res.StatusCode, data)
	}
	return res.StatusCode, st
}

// slowBody is an attacker's connection that sends a request's headers and
// then its body one byte at a time, every gap.
type slowBody struct {
	conn net.Conn
	done chan struct{}
}

func startSlowBody(t *testing.T, addr string, from int, gap time.Duration) *slowBody {
	t.Helper()
	conn, err := dialerFrom(from).Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	sb := &slowBody{conn: conn, done: make(chan struct{})}
	fmt.Fprintf(conn, "POST /api/new HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", addr)
	go func() {
		defer close(sb.done)
		for {
			if _, err := conn.Write([]byte(" ")); err != nil {
				return
			}
			time.Sleep(gap)
		}
	}()
	t.Cleanup(func() { conn.Close(); <-sb.done })
	return sb
}

// status reads the status of the answer to the slow request, waiting up
// to d.
func (sb *slowBody) status(d time.Duration) int {
	sb.conn.SetReadDeadline(time.Now().Add(d))
	res, err := http.ReadResponse(bufio.NewReader(sb.conn), nil)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// TestSlowBodies: clients that send their bodies a byte at a time hold no
// request slot, so that the others are served; and their requests end at
// the body's deadline.
func TestSlowBodies(t *testing.T) {
	lim := testLimits()
	lim.inFlight, lim.slotWait, lim.bodyTime = 4, 50*time.Millisecond, time.Second
	addr, ln := startServer(t, newServer(lim))
	var slow []*slowBody
	for i := range 2 * lim.inFlight {
		slow = append(slow, startSlowBody(t, addr, 100+i, 100*time.Millisecond))
	}
	waitActive(t, ln, len(slow)) // the slow requests are under way
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := map[int]int{}
	for i := range 4 {
		wg.Go(func() {
			p := newPlayer(t, addr, 2+i)
			for range 5 {
				status, st := p.post("/api/new", request{Mode: "human"})
				if status == http.StatusCreated {
					status, _ = p.post("/api/move", request{ID: st.ID, Move: "32-28"})
				}
				if status >= 300 {
					mu.Lock()
					bad[status]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Errorf("40 requests beside %d slow bodies: failed with %v (status: count)", len(slow), bad)
	}
	for i, sb := range slow {
		if got := sb.status(5 * time.Second); got != http.StatusRequestTimeout {
			t.Errorf("slow body %d: status %d, want %d", i, got, http.StatusRequestTimeout)
		}
	}
}

// idleConn opens a connection from 127.0.0.from that sends nothing.
func idleConn(t *testing.T, addr string, from int) net.Conn {
	t.Helper()
	conn, err := dialerFrom(from).Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// closedWithin reports whether the server closes conn within d.
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.ReadAll(conn)
	return err == nil // the end of the stream, not the deadline
}

// TestConnectionLimit: the server holds at most conns connections, and
// connsPerClient from one client; a client past its share is closed at
// once, and past the total, when every connection is serving a request of
// a client with few, a newcomer waits until one ends. (TestIdleShed: idle
// connections make room, and those of a client with many.)
func TestConnectionLimit(t *testing.T) {
	lim := testLimits()
	lim.conns, lim.connsPerClient, lim.headerTime, lim.idleTime = 8, 8, 500*time.Millisecond, 500*time.Millisecond
	lim.bodyTime = time.Minute
	addr, ln := startServer(t, newServer(lim))

	// One client's share.
	var share []net.Conn
	for range lim.connsPerClient {
		share = append(share, idleConn(t, addr, 50))
	}
	if extra := idleConn(t, addr, 50); !closedWithin(extra, lim.headerTime/2) { // before the header timeout
		t.Error("a connection past the client's share was kept")
	}
	other := newPlayer(t, addr, 2)
	if status, _ := other.post("/api/new", request{}); status != http.StatusCreated {
		t.Errorf("another client: %d", status)
	}
	other.c.CloseIdleConnections()

	// The total: a newcomer waits for a request to end.
	for _, c := range share {
		c.Close()
	}
	waitConns(t, ln, func(open, active int) bool { return open == 0 })
	var slow []*slowBody
	for i := range lim.conns {
		slow = append(slow, startSlowBody(t, addr, 60+i, 100*time.Millisecond))
	}
	waitActive(t, ln, lim.conns) // the slow requests are under way
	begin := time.Now()
	got := make(chan int, 1)
	go func() {
		status, _ := newPlayer(t, addr, 3).post("/api/new", request{})
		got <- status
	}()
	select {
	case status := <-got:
		t.Errorf("a request past the total was served at once (%d)", status)
	case <-time.After(300 * time.Millisecond):
		slow[0].conn.Close() // one request ends
		if status := <-got; status != http.StatusCreated {
			t.Errorf("the newcomer, after %v: %d", time.Since(begin), status)
		}
		t.Logf("the newcomer was served after %v, once a request ended", time.Since(begin))
	}
	ln.mu.Lock()
	peak := ln.peak
	ln.mu.Unlock()
	if peak > lim.conns {
		t.Errorf("%d connections open at once, limit %d", peak, lim.conns)
	}

	// Idle connections go: one that never sent a request, at the header
	// timeout, and one between requests, at the idle timeout.
	for _, sb := range slow {
		sb.conn.Close()
	}
	if !closedWithin(idleConn(t, addr, 54), 5*time.Second) {
		t.Error("a connection that sends nothing was kept")
	}
	conn, err := dialerFrom(55).Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/state?id=x HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	if !closedWithin(conn, 5*time.Second) {
		t.Error("an idle connection was kept")
	}
}

// waitActive waits until n connections of ln are serving a request.
func waitActive(t *testing.T, ln *limitListener, n int) {
	t.Helper()
	waitConns(t, ln, func(open, active int) bool { return active >= n })
}

// waitConns waits until ok holds of ln's open connections and of those
// serving a request.
func waitConns(t *testing.T, ln *limitListener, ok func(open, active int) bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		ln.mu.Lock()
		active := 0
		for c := range ln.conns {
			if c.idleSince.IsZero() {
				active++
			}
		}
		open := len(ln.conns)
		ln.mu.Unlock()
		if ok(open, active) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open, %d serving a request", open, active)
		}
	}
}

// TestGamesTable: a client at its share of games replaces its own; on a
// full server a new game replaces one not kept (its client's two most
// recently used, used in the last 10 minutes): a finished one, else one
// of the client with the most games; else it is refused.
func TestGamesTable(t *testing.T) {
	lim := testLimits()
	lim.games, lim.gamesPerClient, lim.keep, lim.stale = 6, 3, 2, 10*time.Minute
	s := newServer(lim)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	s.now = clock.now
	try := func(from, fen string) (int, string) {
		clock.add(time.Second)
		rec := httptest.NewRecorder()
		req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","fen":"`+fen+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = from + ":1000"
		s.ServeHTTP(rec, req)
		var st stateJSON
		json.Unmarshal(rec.Body.Bytes(), &st)
		return rec.Code, st.ID
	}
	start := func(from, fen string) string {
		t.Helper()
		code, id := try(from, fen)
		if code != http.StatusCreated {
			t.Fatalf("a game from %s: %d", from, code)
		}
		return id
	}
	touch := func(ids ...string) {
		for _, id := range ids {
			clock.add(time.Second)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, newRequest("GET", "/api/state?id="+id, nil))
		}
	}
	// want checks which of the games are kept.
	want := func(step string, kept map[string]bool) {
		t.Helper()
		s.mu.Lock()
		defer s.mu.Unlock()
		for id, k := range kept {
			if _, ok := s.games[id]; ok != k {
				t.Errorf("%s: game %.6s kept %v, want %v", step, id, ok, k)
			}
		}
		if len(s.games) > lim.games {
			t.Errorf("%s: %d games, limit %d", step, len(s.games), lim.games)
		}
	}

	a1, a2, a3 := start("10.0.0.1", ""), start("10.0.0.1", ""), start("10.0.0.1", "")
	a4 := start("10.0.0.1", "")
	want("a client's fourth game", map[string]bool{a1: false, a2: true, a3: true, a4: true})

	b1, b2 := start("10.0.0.2", ""), start("10.0.0.2", "")
	over := start("10.0.0.2", "W:B1,2") // White has no piece: lost
	n1 := start("10.0.0.9", "")
	want("a newcomer on a full server", map[string]bool{a2: false, over: true, a3: true, a4: true, b1: true, b2: true, n1: true})

	clock.add(15 * time.Minute)
	touch(a3, a4, b2, n1)
	n2 := start("10.0.0.10", "")
	want("a second newcomer", map[string]bool{over: false, a3: true, a4: true, b1: true, b2: true, n1: true, n2: true})

	n3 := start("10.0.0.11", "")
	want("a third newcomer", map[string]bool{b1: false, a3: true, a4: true, b2: true, n1: true, n2: true, n3: true})

	if code, _ := try("10.0.0.12", ""); code != http.StatusServiceUnavailable {
		t.Errorf("a fourth newcomer, every game in use: %d", code)
	}
	want("a fourth newcomer", map[string]bool{a3: true, a4: true, b2: true, n1: true, n2: true, n3: true})

	// With the default limits, 120 addresses start as many games as they
	// may at once, filling the server; a newcomer still gets one.
	lim = defaultLimits()
	s = newServer(lim)
	s.now = clock.now
	for i := range 120 {
		for range lim.newBurst {
			start(fmt.Sprintf("10.1.%d.%d", i/200, i%200), "")
		}
	}
	n := start("10.2.0.1", "")
	want("a newcomer on a server full of an attacker's games", map[string]bool{n: true})
}

// TestHardPositionCached: a game stuck in a position whose moves take too
// long to work out is refused at once until its next try, one second
// later and then twice as long each time: its requests cost nothing.
func TestHardPositionCached(t *testing.T) {
	s := newServer(testLimits())
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	s.now = clock.now
	// Accepted with the usual time, the position is then found too hard
	// with a nanosecond (as if the server were busy).
	hostile := "W:WK6,K42,K43,K45,K50:B2,K8,9,K10,K11,K13,15,18,K22,K24,K27,K29,K30,K31,K33,36,K38,K41,44,K48"
	rec := httptest.NewRecorder()
	req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","fen":"`+hostile+`"}`))
	req.Header.Set("Content-Type", "application/json")
	s.ServeHTTP(rec, req)
	var st stateJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || rec.Code != http.StatusCreated {
		t.Fatalf("new game: %d %.200s", rec.Code, rec.Body)
	}
	s.lim.moveTime, s.lim.moveWall = time.Nanosecond, time.Nanosecond
	g := s.games[st.ID]
	g.lock(context.Background())
	g.legalOK, g.tries = false, 0
	g.unlock()
	state := func() int {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest("GET", "/api/state?id="+st.ID, nil))
		return rec.Code
	}
	tries := func() int {
		g.lock(context.Background())
		defer g.unlock()
		return g.tries
	}
	for i := range 20 {
		if code := state(); code != http.StatusServiceUnavailable {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	if n := tries(); n != 1 {
		t.Errorf("20 requests in a second: %d searches, want 1", n)
	}
	for _, tc := range []struct {
		wait  time.Duration
		tries int
	}{{time.Second, 2}, {time.Second, 2}, {time.Second, 3}, {3 * time.Second, 3}, {time.Second, 4}} {
		clock.add(tc.wait)
		state()
		state()
		if n := tries(); n != tc.tries {
			t.Errorf("after %v more: %d searches, want %d", tc.wait, n, tc.tries)
		}
	}
	// With time enough again, the moves are worked out and kept.
	s.lim.moveTime, s.lim.moveWall = time.Minute, time.Minute
	clock.add(time.Minute)
	if code := state(); code != http.StatusOK {
		t.Errorf("with a minute: %d", code)
	}
}

// TestLongestGameSaved: a game as long as the server allows is written as
// PDN, and the limit stays within the PDN writer's.
func TestLongestGameSaved(t *testing.T) {
	lim := testLimits()
	if newServer(limits{plies: 2 * maxPDNPlies}).lim.plies != maxPDNPlies {
		t.Error("the length limit goes past the PDN writer's")
	}
	c := newClient(t, lim)
	// Kings shuttle: no draw rule ends three kings against three.
	st := c.post("/api/new", request{Mode: "human", FEN: "W:WK46,K47,K48:BK3,K4,K5"}, http.StatusCreated)
	shuttle := []string{"47-42", "4-9", "42-47", "9-4"}
	for i := range lim.plies {
		st = c.post("/api/move", request{ID: st.ID, Move: shuttle[i%4]}, http.StatusOK)
	}
	if !st.Outcome.Over || st.Outcome.Reason != "too long" {
		t.Fatalf("after %d moves: %+v", lim.plies, st.Outcome)
	}
	games := pdn.NewReader(strings.NewReader(c.pdn(st.ID)))
	g, err := games.Next()
	if err != nil || g.Len() != lim.plies {
		t.Fatalf("the PDN read back: %d moves, %v", g.Len(), err)
	}
}

// decodeJSON decodes the body of res into v.
func decodeJSON(res *http.Response, v any) error {
	return json.NewDecoder(res.Body).Decode(v)
}
