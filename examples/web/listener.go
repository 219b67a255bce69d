package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// limitListener bounds the connections the server holds, which each cost a
// file descriptor and a goroutine: at most total at once, and at most
// perClient from one client (see clientKey). Past perClient, a new
// connection is closed at once, so that one client cannot take them all.
// Past total, a connection that waits for a request (new, or idle between
// two) of the client with the most connections is closed to make room,
// or one serving a request if that client holds many (see shed): so that
// clients who keep connections open, used or not, cannot keep a newcomer
// out. When every connection is serving a request of a client with few,
// a newcomer waits for one to end (each is bounded by the server's
// timeouts). (It began as golang.org/x/net/netutil's LimitListener, kept
// here so that the library's module needs nothing beyond the standard
// library.) The server must report its connections' states to connState.
type limitListener struct {
	net.Listener
	perClient int
	slots     chan struct{} // a token per connection open
	done      chan struct{} // closed by Close
	waiting   chan struct{} // signalled when a connection goes idle
	closeOnce sync.Once

	mu    sync.Mutex
	open  map[string]int // connections open per client
	conns map[*limitConn]struct{}
	peak  int // the most connections open at once, for tests
}

func newLimitListener(ln net.Listener, total, perClient int) *limitListener {
	return &limitListener{
		Listener:  ln,
		perClient: perClient,
		slots:     make(chan struct{}, total),
		done:      make(chan struct{}),
		waiting:   make(chan struct{}, 1),
		open:      map[string]int{},
		conns:     map[*limitConn]struct{}{},
	}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		lc := &limitConn{Conn: c, l: l, key: clientKey(c.RemoteAddr().String()), idleSince: time.Now(), fresh: true}
		l.mu.Lock()
		if l.open[lc.key] >= l.perClient {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[lc.key]++
		l.mu.Unlock()
		if !l.makeRoom() {
			c.Close()
			l.forget(lc)
			return nil, net.ErrClosed
		}
		l.mu.Lock()
		l.conns[lc] = struct{}{}
		l.peak = max(l.peak, len(l.slots))
		l.mu.Unlock()
		return lc, nil
	}
}

// makeRoom takes a slot for a new connection, closing a waiting one when
// all are taken, or else waiting for one to close or go idle. It reports
// false when the listener is closed.
func (l *limitListener) makeRoom() bool {
	for {
		select {
		case l.slots <- struct{}{}:
			return true
		default:
		}
		if l.shed() {
			continue
		}
		select {
		case l.slots <- struct{}{}:
			return true
		case <-l.waiting:
		case <-l.done:
			return false
		}
	}
}

// newGrace is how long a new connection has to send its first request
// before it counts as idle: a browser sends its request at once, but the
// server may be slow to read it.
const newGrace = time.Second

// shed closes a connection of the client with the most connections: one
// waiting for a request, an idle one before a new one past newGrace
// before a new one, the one waiting longest; else, if the client holds a
// quarter of its share or more, one serving a request. So a client that
// keeps many requests under way (stalled bodies, answers read slowly)
// cannot keep a newcomer out either, while the requests of clients with a
// few connections each are never cut. It reports whether it closed one.
func (l *limitListener) shed() bool {
	l.mu.Lock()
	now := time.Now()
	rank := func(c *limitConn) int { // the higher the sooner shed
		r := 4 * l.open[c.key]
		switch {
		case c.idleSince.IsZero(): // serving a request
		case !c.fresh:
			r += 3
		case now.Sub(c.idleSince) >= newGrace:
			r += 2
		default:
			r++
		}
		return r
	}
	var victim *limitConn
	for c := range l.conns {
		if c.idleSince.IsZero() && 4*l.open[c.key] < l.perClient {
			continue // serving a request of a client with few
		}
		if victim == nil || rank(c) > rank(victim) ||
			rank(c) == rank(victim) && c.idleSince.Before(victim.idleSince) {
			victim = c
		}
	}
	l.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.Close()
	return true
}

// connState is the server's http.Server.ConnState: it notes which
// connections wait for a request.
func (l *limitListener) connState(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	l.mu.Lock()
	switch state {
	case http.StateActive:
		lc.idleSince, lc.fresh = time.Time{}, false
	case http.StateIdle:
		lc.idleSince = time.Now()
	}
	l.mu.Unlock()
	if state == http.StateIdle {
		select {
		case l.waiting <- struct{}{}:
		default:
		}
	}
}

// forget gives back the slot of a connection of c's client that closed.
func (l *limitListener) forget(c *limitConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[c.key]--; l.open[c.key] <= 0 {
		delete(l.open, c.key)
	}
	delete(l.conns, c)
}

// Close stops the listener, and ends an Accept waiting for a slot.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn is a connection that gives its slot back when first closed.
type limitConn struct {
	net.Conn
	l         *limitListener
	key       string
	closeOnce sync.Once
	// idleSince is when the connection began to wait for a request, zero
	// while it serves one; fresh, until its first request. Under l.mu.
	idleSince time.Time
	fresh     bool
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() {
		c.l.forget(c)
		<-c.l.slots
	})
	return err
}
