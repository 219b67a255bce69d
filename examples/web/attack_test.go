package main

// Tests of the server under attack: slow clients, many connections, many
// games, engines that crash or hang. Each runs the server as run does, on
// loopback, and gives each client an address of its own in 127.0.0.0/8.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// startServer serves s on a loopback port as run does, and returns its
// address; the test's cleanup stops it.
func startServer(t *testing.T, s *server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(s)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// dialerFrom dials from the loopback address 127.0.0.n.
func dialerFrom(n int) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}, Timeout: 5 * time.Second}
}

// player is a well-behaved client at an address of its own.
type player struct {
	t    *testing.T
	addr string
	c    *http.Client
}

func newPlayer(t *testing.T, addr string, n int) *player {
	tr := &http.Transport{DialContext: dialerFrom(n).DialContext}
	t.Cleanup(tr.CloseIdleConnections)
	return &player{t: t, addr: addr, c: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
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
	} else {
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
	addr := startServer(t, newServer(lim))
	var slow []*slowBody
	for i := range 2 * lim.inFlight {
		slow = append(slow, startSlowBody(t, addr, 100+i, 100*time.Millisecond))
	}
	time.Sleep(300 * time.Millisecond) // the slow requests are under way
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
