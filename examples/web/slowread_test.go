//go:build unix

package main

import (
	"fmt"
	"io"
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
	addr, _ := startServer(t, newServer(lim))
	p := newPlayer(t, addr, 2)
	status, st := p.post("/api/new", request{})
	if status != http.StatusCreated {
		t.Fatalf("new game: %d", status)
	}
	for i := range 2 * lim.inFlight {
		d := dialerFrom(80 + i%2)
		d.Control = func(network, address string, c syscall.RawConn) error {
			return c.Control(func(fd uintptr) {
				syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024)
			})
		}
		conn, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		go func() {
			for range 100 {
				if _, err := fmt.Fprintf(conn, "GET /api/state?id=%s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", st.ID, addr, p.cookie()); err != nil {
					return
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond) // the slow readers' answers fill their buffers
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
