package main

import (
	"crypto/rand"
	"crypto/subtle"
	"net/http"
	"slices"
	"time"
)

// The games table: games live in the server's memory, keyed by a random
// id, and belong to the browser that started them, which holds the game's
// owner secret in a cookie: a game's id alone (which the page shows in
// its address, and which may be shared or logged) is not enough to read
// or play it.

// ownerCookie holds a browser's owner secret, the same for all its games.
const ownerCookie = "owner"

// ownerOf returns the owner secret of the browser that sent r, making one
// (and setting its cookie on w) when it has none.
func ownerOf(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(ownerCookie); err == nil && len(c.Value) == 26 {
		return c.Value
	}
	secret := rand.Text()
	http.SetCookie(w, &http.Cookie{
		Name: ownerCookie, Value: secret, Path: "/api/",
		MaxAge: 30 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteStrictMode,
	})
	return secret
}

// ownedBy reports whether r comes from the browser that started g.
func (g *game) ownedBy(r *http.Request) bool {
	c, err := r.Cookie(ownerCookie)
	return err == nil && subtle.ConstantTimeCompare([]byte(c.Value), []byte(g.secret)) == 1
}

// forget drops the games idle for too long and the clients with their
// allowances whole again. s.mu is held.
func (s *server) forget(now time.Time) {
	for id, g := range s.games {
		if now.Sub(g.used) >= s.lim.idle {
			delete(s.games, id)
		}
	}
	s.forgetClients(now)
}

// add stores g, a game of the client owner, under a new id, after
// dropping the idle games, and reports whether it could. A client with
// gamesPerClient games loses its own least recently used one, the
// finished first. When the server is full, g replaces another client's
// game (see replaceable), or is refused when none may go.
func (s *server) add(g *game, owner string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.forget(now)
	n := 0
	for _, h := range s.games {
		if h.owner == owner {
			n++
		}
	}
	var victim *game
	switch {
	case n >= s.lim.gamesPerClient:
		victim = s.leastUsed(func(h *game) bool { return h.owner == owner },
			func(h *game) bool { return h.finished.Load() },
			func(*game) bool { return true })
	case len(s.games) >= s.lim.games:
		if victim = s.replaceable(now); victim == nil {
			return false
		}
	}
	if victim != nil {
		delete(s.games, victim.id)
	}
	g.id, g.used, g.owner = rand.Text(), now, owner
	s.games[g.id] = g
	return true
}

// replaceable returns the game a new one replaces on a full server, of
// those not kept (its client's keep most recently used, used within
// stale): a finished one; else one of the client with the most games;
// else any; the least recently used of these. So the games a player uses
// are kept whatever others start, a finished one too (to take a move
// back or save it), and a client that holds many loses them first. It
// returns nil when every game is kept: the server is then full.
func (s *server) replaceable(now time.Time) *game {
	byOwner := map[string][]*game{}
	for _, h := range s.games {
		byOwner[h.owner] = append(byOwner[h.owner], h)
	}
	kept := map[*game]bool{}
	most := 0
	for _, gs := range byOwner {
		slices.SortFunc(gs, func(a, b *game) int { return b.used.Compare(a.used) })
		for _, h := range gs[:min(s.lim.keep, len(gs))] {
			kept[h] = now.Sub(h.used) < s.lim.stale
		}
		most = max(most, len(gs))
	}
	return s.leastUsed(func(h *game) bool { return !kept[h] },
		func(h *game) bool { return h.finished.Load() },
		func(h *game) bool { return len(byOwner[h.owner]) == most },
		func(*game) bool { return true })
}

// leastUsed returns the least recently used game that passes among, when
// not nil, and the first of the preferences that some such game passes,
// or nil when none does. s.mu is held.
func (s *server) leastUsed(among func(*game) bool, prefer ...func(*game) bool) *game {
	for _, p := range prefer {
		var best *game
		for _, h := range s.games {
			if (among == nil || among(h)) && p(h) && (best == nil || h.used.Before(best.used)) {
				best = h
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}
