package main

import (
	"context"
	"fmt"

	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// TestLoadUnderAttack plays games against the computer (taking moves back
// when they are lost) from a dozen well-behaved clients while an attacker keeps 90 connections sending
// request bodies a byte at a time, from three addresses, reconnecting as
// the server drops them: no player's request may fail or get a 5xx, and
// no game may be lost. It runs 3 s with -short, 15 s without.
func TestLoadUnderAttack(t *testing.T) {
	run := 15 * time.Second
	if testing.Short() {
		run = 3 * time.Second
	}
	s := newServer(defaultLimits())
	addr, _ := startServer(t, s)
	ctx, stop := context.WithTimeout(context.Background(), run)
	defer stop()

	// The attacker.
	var attackConns, attackAnswers atomic.Int64
	var attackers sync.WaitGroup
	for i := range 90 {
		attackers.Go(func() {
			for ctx.Err() == nil {
				conn, err := dialerFrom(200+i%3).DialContext(ctx, "tcp", addr)
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				attackConns.Add(1)
				fmt.Fprintf(conn, "POST /api/new HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", addr)
				closed := make(chan struct{})
				go func() { // the server's answer, or its close
					buf := make([]byte, 512)
					if n, _ := conn.Read(buf); n > 0 {
						attackAnswers.Add(1)
					}
					close(closed)
				}()
			trickle:
				for {
					select {
					case <-ctx.Done():
						break trickle
					case <-closed:
						break trickle
					case <-time.After(200 * time.Millisecond):
						if _, err := conn.Write([]byte(" ")); err != nil {
							break trickle
						}
					}
				}
				conn.Close()
				<-closed
			}
		})
	}
	time.Sleep(300 * time.Millisecond) // the attack is under way

	// The players.
	type record struct {
		p   *player
		id  string
		ply int
	}
	var mu sync.Mutex
	var games []*record
	var latencies []time.Duration
	failures := map[string]int{}
	fail := func(what string) {
		mu.Lock()
		failures[what]++
		mu.Unlock()
	}
	var players sync.WaitGroup
	for i := range 12 {
		players.Go(func() {
			p := newPlayer(t, addr, 10+i)
			post := func(path string, v any) (int, stateJSON) {
				begin := time.Now()
				status, st := p.post(path, v)
				mu.Lock()
				latencies = append(latencies, time.Since(begin))
				mu.Unlock()
				if status == 0 || status >= 500 {
					fail(fmt.Sprintf("%s %d", path, status))
				}
				return status, st
			}
			var g *record
			for ctx.Err() == nil {
				if g == nil {
					status, st := post("/api/new", request{Mode: "engine", Human: "white", Depth: 3})
					if status != http.StatusCreated {
						fail(fmt.Sprintf("/api/new %d", status))
						time.Sleep(100 * time.Millisecond)
						continue
					}
					g = &record{p: p, id: st.ID}
					mu.Lock()
					games = append(games, g)
					mu.Unlock()
				}
				// The player thinks a little (a person makes a few
				// requests a second, well within the rate allowed); the
				// game is as the player left it; then the player's move:
				// the first legal one, typed.
				time.Sleep(100 * time.Millisecond)
				st, ok := p.getState(g.id)
				if !ok || st.Ply != g.ply {
					fail("game lost or changed")
					return
				}
				if st.Outcome.Over {
					// Take back and play on: a new game each time
					// would soon meet the limit on new games.
					status, st := post("/api/undo", request{ID: g.id})
					if status != http.StatusOK {
						fail(fmt.Sprintf("/api/undo %d", status))
						return
					}
					g.ply = st.Ply
					continue
				}
				pos := frisian.MustParseFEN(st.FEN)
				moves := legalOf(pos).Moves()
				slices.SortFunc(moves, frisian.Move.Compare)
				status, st := post("/api/move", request{ID: g.id, Move: legalOf(pos).Text(moves[0])})
				if status != http.StatusOK {
					fail(fmt.Sprintf("/api/move %d", status))
					return
				}
				g.ply = st.Ply
				if st.EngineToMove {
					status, st = post("/api/engine", request{ID: g.id})
					if status != http.StatusOK {
						fail(fmt.Sprintf("/api/engine %d", status))
						return
					}
					g.ply = st.Ply
				}
			}
		})
	}
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
	slices.Sort(latencies)
	if len(latencies) == 0 {
		t.Fatal("no requests made")
	}
	t.Logf("%v: %d games (%d moves on their boards at the end), %d requests (median %v, 99th percentile %v, slowest %v); the attacker opened %d connections and got %d answers",
		run, len(games), plies, len(latencies), latencies[len(latencies)/2], latencies[len(latencies)*99/100], latencies[len(latencies)-1],
		attackConns.Load(), attackAnswers.Load())
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
