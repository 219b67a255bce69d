package main

import (
	"cmp"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"time"
)

// bucket is a token bucket: it holds up to burst tokens, and gains one
// every every.
type bucket struct {
	tokens float64
	at     time.Time
}

// level returns b's tokens at now.
func (b *bucket) level(now time.Time, burst int, every time.Duration) float64 {
	return min(float64(burst), b.tokens+float64(now.Sub(b.at))/float64(every))
}

// take takes a token from b at now, and reports whether there was one.
func (b *bucket) take(now time.Time, burst int, every time.Duration) bool {
	b.tokens, b.at = b.level(now, burst, every), now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// clientRecord is what the server counts of a client: its game starts and
// its API requests.
type clientRecord struct {
	starts, requests bucket
}

// left is the part of its allowances the client has left at now, from 0
// to 1: a client forgotten gets them whole again.
func (s *server) left(c *clientRecord, now time.Time) float64 {
	return (c.starts.level(now, s.lim.newBurst, s.lim.newEvery)/float64(s.lim.newBurst) +
		c.requests.level(now, s.lim.requestBurst, s.lim.requestEvery)/float64(s.lim.requestBurst)) / 2
}

// clientAt returns the record of the client key, making one when it has
// none. When the table is full it forgets the sixteenth of the clients
// with the most of their allowances left, those with them whole again
// first (a record with whole allowances counts nothing a new one would
// not): a client that made one request costs little to forget, one that
// used its allowance is kept. s.mu is held.
func (s *server) clientAt(key string, now time.Time) *clientRecord {
	if c := s.clients[key]; c != nil {
		return c
	}
	if len(s.clients) >= s.lim.clients {
		type entry struct {
			key  string
			left float64
		}
		all := make([]entry, 0, len(s.clients))
		for k, c := range s.clients {
			all = append(all, entry{k, s.left(c, now)})
		}
		slices.SortFunc(all, func(a, b entry) int { return cmp.Compare(b.left, a.left) })
		for _, e := range all[:max(1, len(all)/16)] {
			delete(s.clients, e.key)
		}
	}
	c := &clientRecord{
		starts:   bucket{tokens: float64(s.lim.newBurst), at: now},
		requests: bucket{tokens: float64(s.lim.requestBurst), at: now},
	}
	s.clients[key] = c
	return c
}

// forgetClients drops the clients with their allowances whole again.
// s.mu is held.
func (s *server) forgetClients(now time.Time) {
	for k, c := range s.clients {
		if s.left(c, now) == 1 {
			delete(s.clients, k)
		}
	}
}

// allow reports whether the client that sent r may start a game now, and
// counts the start.
func (s *server) allow(r *http.Request) bool {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientAt(clientOf(r), now).starts.take(now, s.lim.newBurst, s.lim.newEvery)
}

// admit reports whether the client that sent r may make an API request
// now, and counts it.
func (s *server) admit(r *http.Request) bool {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientAt(clientOf(r), now).requests.take(now, s.lim.requestBurst, s.lim.requestEvery)
}

// clientOf names the client that sent r (see clientKey).
func clientOf(r *http.Request) string { return clientKey(r.RemoteAddr) }

// clientKey names the client at the network address addr (host:port): its
// IP address, or for IPv6 its /64 network, which one machine usually has
// to itself. (Behind a proxy every client has the proxy's address; such a
// server would take the client's from the proxy's header instead, and
// raise the limits per client.)
func clientKey(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if a.Is6() && !a.Is4In6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.Unmap().String()
}
