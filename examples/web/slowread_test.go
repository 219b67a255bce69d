//go:build unix

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"
)

// TestSlowReaders: clients that read their answers slowly, pipelining
// requests whose answers they do not read, hold their connections but no
// request slot: the others are served.
func TestSlowReaders(t *testing.T) {
	lim := testLimits()
	lim.inFlight, lim.slotWait = 2, 50*time.Millisecond
	s := newServer(lim)
	addr, _ := startServer(t, s)
	p := newPlayer(t, addr, 2)
	status, st := p.post("/api/new", request{})
	if status != http.StatusCreated {
		t.Fatalf("new game: %d", status)
	}
	for i := range 2 * lim.inFlight {
		conn, err := slowReader(addr, 80+i%2)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		go pipeline(conn, fmt.Sprintf("GET /api/state?id=%s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", st.ID, addr, p.cookie()), 100)
	}
	// The slow readers' answers fill their buffers, and no more are made.
	for idle, deadline := 0, time.Now().Add(2*time.Second); idle < 10 && time.Now().Before(deadline); {
		if idle++; len(s.inFlight) > 0 {
			idle = 0
		}
		time.Sleep(10 * time.Millisecond)
	}
	bad := map[int]int{}
	for range 20 {
		res, err := p.c.Get("http://" + addr + "/api/state?id=" + st.ID)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			bad[res.StatusCode]++
		}
	}
	if len(bad) > 0 {
		t.Errorf("20 requests beside %d slow readers: failed with %v", 2*lim.inFlight, bad)
	}
}

// slowReader opens a connection from 127.0.0.from with a receive buffer of
// 1 KiB.
func slowReader(addr string, from int) (net.Conn, error) {
	d := dialerFrom(from)
	d.Control = func(network, address string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) {
			syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024)
		})
	}
	return d.Dial("tcp", addr)
}

// pipeline sends request on conn n times, reading no answer.
func pipeline(conn net.Conn, request string, n int) {
	for range n {
		if _, err := io.WriteString(conn, request); err != nil {
			return
		}
	}
}
