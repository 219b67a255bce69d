package main

// Tests of attacks that try to hold the server's connections, request
// slots, games or engine for ever: each is the attack in miniature.

import (
	"bufio"
	"fmt"
	"net/http"
	"testing"
	"time"
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
}
