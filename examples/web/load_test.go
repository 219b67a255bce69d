//go:build unix

package main

import (
	"context"
	"fmt"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// TestLoadUnderAttack plays games against the computer (an external
// engine, taking moves back when they are lost) from a dozen well-behaved
// clients while attackers, all at once:
//
//  1. stall request bodies after a byte, on 24 connections from 3
//     addresses, reconnecting as the server closes them;
//  2. hold connections open between small requests, from 4 addresses with
//     as many as each may have: with the players', more than the server's
//     total;
//  3. read slowly, pipelining requests for their game's state on 16
//     connections with 1 KiB receive buffers, from 2 addresses;
//  4. hold games from many addresses, keeping them in use, and start more,
//     so that the server is full of games in use (once the players have
//     started theirs: then a new game is refused);
//  5. send new games with bad positions from a new address each time,
//     filling the table of clients;
//  6. ask the computer to move in positions where the engine hangs or
//     crashes, in new games from 4 addresses;
//  7. make requests as fast as 8 connections from one address go.
//
// No player's request may fail, get a 5xx or 429, and no game may be
// lost. The limits on connections, games and clients are scaled down so
// that the attacks reach them: the server holds 96 connections, 16 per
// client, 60 games and 200 clients. It runs 4 s, or 30 s with
// FRISIAN_LONG=1, and not with -short.
func TestLoadUnderAttack(t *testing.T) {
	run := 4 * time.Second
	switch {
	case os.Getenv("FRISIAN_LONG") == "1":
		run = 30 * time.Second
	case testing.Short():
		t.Skip("a load test of 5 s; without -short, or 30 s with FRISIAN_LONG=1")
	}
	lim := defaultLimits()
	lim.conns, lim.connsPerClient, lim.games, lim.clients, lim.searches = 96, 16, 60, 200, 1
	s := newServer(lim)
	var err error
	if s.player, err = startHubPlayer(fakeEngineStarter(t), 20*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	s.think = s.player.think
	t.Cleanup(func() { s.player.close() })
	addr, _ := startServer(t, s)
	ctx, stop := context.WithTimeout(context.Background(), run)
	defer stop()
	var attackers sync.WaitGroup
	attack := func(f func()) {
		attackers.Go(func() {
			for ctx.Err() == nil {
				f()
			}
		})
	}
	// hold keeps conn until the server closes it or the attack ends.
	hold := func(conn net.Conn) {
		closed := make(chan struct{})
		go func() { io.Copy(io.Discard, conn); close(closed) }()
		select {
		case <-closed:
		case <-ctx.Done():
		}
		conn.Close()
		<-closed
	}

	// 1. Stalled bodies.
	for i := range 24 {
		attack(func() {
			conn, err := dialerFrom(100+i%3).DialContext(ctx, "tcp", addr)
			if err != nil {
				time.Sleep(50 * time.Millisecond)
				return
			}
			fmt.Fprintf(conn, "POST /api/move HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{", addr)
			hold(conn)
		})
	}
	// 2. Connections held open between small requests.
	for i := range 4 * lim.connsPerClient {
		attack(func() {
			conn, err := dialerFrom(110+i%4).DialContext(ctx, "tcp", addr)
			if err != nil {
				time.Sleep(50 * time.Millisecond)
				return
			}
			go func() {
				for ctx.Err() == nil {
					if _, err := fmt.Fprintf(conn, "GET /api/state?id=x HTTP/1.1\r\nHost: %s\r\n\r\n", addr); err != nil {
						return
					}
					time.Sleep(time.Second)
				}
			}()
			hold(conn)
		})
	}
	// 3. Slow readers of their own game.
	reader := newPlayer(t, addr, 120)
	reader.quiet = true
	if status, st := reader.post("/api/new", request{Mode: "human"}); status == http.StatusCreated {
		request := fmt.Sprintf("GET /api/state?id=%s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", st.ID, addr, reader.cookie())
		for i := range 16 {
			attack(func() {
				conn, err := slowReader(addr, 121+i%2)
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					return
				}
				go pipeline(conn, request, 1000)
				<-ctx.Done() // reading nothing
				conn.Close()
			})
		}
	}
	// 5. Bad positions from a new address each time.
	var bad atomic.Int64
	attack(func() {
		oneShot(t, addr, 5000+int(bad.Add(1))%5000).post("/api/new", request{FEN: "W:W99"})
	})
	// 6. Positions that hang or crash the engine, in new games.
	for i := range 4 {
		p := newPlayer(t, addr, 160+i)
		p.quiet = true
		attack(func() {
			fen := []string{hangFEN, crashFEN}[i%2]
			if status, st := p.post("/api/new", request{Mode: "human", FEN: fen}); status == http.StatusCreated {
				p.post("/api/engine", request{ID: st.ID})
			}
			time.Sleep(100 * time.Millisecond)
		})
	}
	// 7. Requests as fast as 8 connections from one address make them.
	flood := newPlayer(t, addr, 170)
	flood.quiet = true
	var flooded atomic.Int64
	for range 8 {
		attack(func() {
			flood.getState("x")
			flooded.Add(1)
		})
	}
	time.Sleep(300 * time.Millisecond) // the attacks are under way

	// The players.
	type record struct {
		p   *player
		id  string
		ply int
	}
	var mu sync.Mutex
	var games []*record
	latencies := map[string][]time.Duration{}
	failures := map[string]int{}
	fail := func(what string) {
		mu.Lock()
		failures[what]++
		mu.Unlock()
	}
	var players sync.WaitGroup
	var started sync.WaitGroup
	started.Add(12)
	for i := range 12 {
		players.Go(func() {
			p := newPlayer(t, addr, 10+i)
			post := func(path string, v any) (int, stateJSON) {
				begin := time.Now()
				status, st := p.post(path, v)
				mu.Lock()
				latencies[path] = append(latencies[path], time.Since(begin))
				mu.Unlock()
				if status == 0 || status >= 500 || status == http.StatusTooManyRequests {
					fail(fmt.Sprintf("%s %d", path, status))
				}
				return status, st
			}
			status, st := post("/api/new", request{Mode: "engine", Human: "white"})
			started.Done()
			if status != http.StatusCreated {
				return
			}
			g := &record{p: p, id: st.ID}
			mu.Lock()
			games = append(games, g)
			mu.Unlock()
			for ctx.Err() == nil {
				// The player thinks a little (a person makes a few
				// requests a second, well within the rate allowed); the
				// game is as the player left it; then the player's move:
				// the first legal one, typed.
				time.Sleep(200 * time.Millisecond)
				st, ok := p.getState(g.id)
				if !ok || st.Ply != g.ply {
					status, _ := p.post("/api/flip", request{ID: g.id}) // why
					fail(fmt.Sprintf("game lost or changed: found %v, %d moves, want %d (%d)", ok, st.Ply, g.ply, status))
					return
				}
				if st.Outcome.Over {
					status, st := post("/api/undo", request{ID: g.id})
					if status != http.StatusOK {
						return
					}
					g.ply = st.Ply
					continue
				}
				pos := frisian.MustParseFEN(st.FEN)
				moves := testgame.Legal(pos).Moves()
				slices.SortFunc(moves, frisian.Move.Compare)
				status, st := post("/api/move", request{ID: g.id, Move: testgame.Legal(pos).Text(moves[0])})
				if status != http.StatusOK {
					return
				}
				g.ply = st.Ply
				if st.EngineToMove {
					status, st = post("/api/engine", request{ID: g.id})
					if status != http.StatusOK {
						return
					}
					g.ply = st.Ply
				}
			}
		})
	}
	// Once the players have their games, the server fills up.
	started.Wait()
	// 4. Games held in use from 24 addresses, two each, and more started
	// from a new address each time.
	var holders []*player
	var held []string
	for i := range 24 {
		p := newPlayer(t, addr, 130+i)
		p.quiet = true
		for range 2 {
			if status, st := p.post("/api/new", request{Mode: "human"}); status == http.StatusCreated {
				holders, held = append(holders, p), append(held, st.ID)
			}
		}
	}
	attack(func() {
		for i, id := range held {
			holders[i].getState(id)
		}
		time.Sleep(200 * time.Millisecond)
	})
	var starts atomic.Int64
	attack(func() {
		oneShot(t, addr, 1000+int(starts.Add(1))%4000).post("/api/new", request{Mode: "human"})
		time.Sleep(20 * time.Millisecond)
	})
	players.Wait()
	stop()
	attackers.Wait()

	// Every game is there, as its player left it.
	plies := 0
	for _, g := range games {
		st, ok := g.p.getState(g.id)
		if !ok || st.Ply != g.ply {
			t.Errorf("game %.6s: found %v, %d moves, want %d", g.id, ok, st.Ply, g.ply)
		}
		plies += g.ply
	}
	var all []time.Duration
	for path, ds := range latencies {
		slices.Sort(ds)
		t.Logf("%s: %d requests, median %v, 99th percentile %v, slowest %v", path, len(ds), ds[len(ds)/2], ds[len(ds)*99/100], ds[len(ds)-1])
		all = append(all, ds...)
	}
	slices.Sort(all)
	if len(games) < 12 || len(all) == 0 {
		t.Fatalf("%d games started, %d requests made; failures %v", len(games), len(all), failures)
	}
	t.Logf("%v: %d games (%d moves on their boards at the end), %d requests (median %v, 99th percentile %v, slowest %v); attackers' game starts %d, bad positions %d, flood requests %d",
		run, len(games), plies, len(all), all[len(all)/2], all[len(all)*99/100], all[len(all)-1], starts.Load(), bad.Load(), flooded.Load())
	if len(failures) > 0 {
		t.Errorf("failures: %v", failures)
	}
}

// getState returns the state of game id.
func (p *player) getState(id string) (stateJSON, bool) {
	res, err := p.c.Get("http://" + p.addr + "/api/state?id=" + id)
	if err != nil {
		return stateJSON{}, false
	}
	defer res.Body.Close()
	var st stateJSON
	if res.StatusCode != http.StatusOK || decodeJSON(res, &st) != nil {
		return stateJSON{}, false
	}
	return st, true
}
