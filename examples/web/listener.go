package main

import (
	"net"
	"sync"
)

// limitListener bounds the connections the server holds, which each cost a
// file descriptor and a goroutine: at most total at once, and at most
// perClient from one client (see clientKey). Past total, Accept waits for
// a connection to close, and new ones wait in the kernel's backlog; past
// perClient, a new connection is closed at once, so that one client
// cannot take them all. (It is golang.org/x/net/netutil.LimitListener
// with the count per client, kept here so that the library's module needs
// nothing beyond the standard library.)
type limitListener struct {
	net.Listener
	perClient int
	slots     chan struct{} // a token per connection open
	done      chan struct{} // closed by Close
	closeOnce sync.Once

	mu   sync.Mutex
	open map[string]int // connections open per client
	peak int            // the most connections open at once, for tests
}

func newLimitListener(ln net.Listener, total, perClient int) *limitListener {
	return &limitListener{
		Listener:  ln,
		perClient: perClient,
		slots:     make(chan struct{}, total),
		done:      make(chan struct{}),
		open:      map[string]int{},
	}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		key := clientKey(c.RemoteAddr().String())
		l.mu.Lock()
		if l.open[key] >= l.perClient {
			l.mu.Unlock()
			c.Close()
			<-l.slots
			continue
		}
		l.open[key]++
		l.peak = max(l.peak, len(l.slots))
		l.mu.Unlock()
		return &limitConn{Conn: c, l: l, key: key}, nil
	}
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
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
		c.l.mu.Unlock()
		<-c.l.slots
	})
	return err
}
