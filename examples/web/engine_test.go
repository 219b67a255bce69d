package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// engineRequest asks for the computer's move in game id, from the client
// at addr, straight to the handler, and returns the status and the time
// the answer took.
func engineRequest(s *server, addr, id string) (int, time.Duration) {
	rec := httptest.NewRecorder()
	req := newRequest("POST", "/api/engine", strings.NewReader(`{"id":"`+id+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = addr
	begin := time.Now()
	s.ServeHTTP(rec, req)
	return rec.Code, time.Since(begin)
}

// newGameOf starts a game between two people (so that the computer may
// be asked to move for either side) from the client at addr.
func newGameOf(t *testing.T, s *server, addr, fen string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	req := newRequest("POST", "/api/new", strings.NewReader(`{"mode":"human","depth":12,"fen":"`+fen+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = addr
	s.ServeHTTP(rec, req)
	var st stateJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || rec.Code != http.StatusCreated {
		t.Fatalf("new game: %d %.200s", rec.Code, rec.Body)
	}
	return st.ID
}

// overrunning is a thinker that ignores its context and answers after d.
func overrunning(d time.Duration) thinker {
	return func(ctx context.Context, j job, progress func(frisian.Move)) (frisian.Move, error) {
		time.Sleep(d)
		moves := testgame.Legal(j.pos).Moves()
		slices.SortFunc(moves, frisian.Move.Compare)
		return moves[0], nil
	}
}

// boundSlack is how far past engineTime an answer may come in the tests:
// the server keeps a reserve for the work after the search; this is for a
// loaded machine.
const boundSlack = 150 * time.Millisecond

// TestEngineTimeBound: the computer's move is answered within engineTime,
// whatever the engine does: the built-in engine's best move so far (or
// its first) when it overruns, and a 504 when an external engine does.
func TestEngineTimeBound(t *testing.T) {
	lim := testLimits()
	lim.engineTime = 500 * time.Millisecond
	s := newServer(lim)
	s.think = overrunning(2 * time.Second)
	id := newGameOf(t, s, "10.0.0.1:1", "")
	status, d := engineRequest(s, "10.0.0.1:1", id)
	if status != http.StatusOK || d > lim.engineTime+boundSlack {
		t.Errorf("built-in engine overrunning: %d after %v", status, d)
	}
	t.Logf("built-in engine overrunning: answered after %v", d)

	s = newServer(lim)
	s.player = &hubPlayer{} // an external engine, which s.think stands for
	s.think = overrunning(2 * time.Second)
	id = newGameOf(t, s, "10.0.0.1:1", "")
	status, d = engineRequest(s, "10.0.0.1:1", id)
	if status != http.StatusGatewayTimeout || d > lim.engineTime+boundSlack {
		t.Errorf("external engine overrunning: %d after %v", status, d)
	}

	// The real built-in engine at depth 12 in crowded king positions,
	// where it searches until its time is up.
	s = newServer(lim)
	crowded := []string{
		"B:WK21,K22,K23,K24,K25,K31,K32,K33,K34,K35,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
		"W:WK46,K47,K48,K49,K50,K36,K37,K38:BK1,K2,K3,K4,K5,K11,K12,K13",
		"W:W31-50:B1-20",
	}
	var most time.Duration
	for i, fen := range crowded {
		id := newGameOf(t, s, fmt.Sprintf("10.0.1.%d:1", i), fen)
		status, d := engineRequest(s, fmt.Sprintf("10.0.1.%d:1", i), id)
		if status != http.StatusOK || d > lim.engineTime+boundSlack {
			t.Errorf("built-in engine, crowded position: %d after %v", status, d)
		}
		most = max(most, d)
	}
	t.Logf("built-in engine at depth 12, engineTime %v: answered after at most %v", lim.engineTime, most)
}

// TestEngineFairness: one client asking for many moves at once delays the
// others by a search or two, not by its whole queue, and cannot have more
// than searchesPerClient under way.
func TestEngineFairness(t *testing.T) {
	lim := testLimits()
	lim.searches, lim.searchesPerClient, lim.engineTime = 1, 4, 2*time.Second
	s := newServer(lim)
	s.think = overrunning(150 * time.Millisecond) // a search of 150 ms
	var attack, others []string
	for range 12 {
		attack = append(attack, newGameOf(t, s, "10.0.0.1:1", ""))
	}
	for i := range 4 {
		others = append(others, newGameOf(t, s, fmt.Sprintf("10.0.0.%d:1", 2+i), ""))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for _, id := range attack {
		wg.Go(func() {
			status, _ := engineRequest(s, "10.0.0.1:1", id)
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		})
	}
	time.Sleep(20 * time.Millisecond) // the attacker's requests are queued
	type result struct {
		status int
		d      time.Duration
	}
	results := make([]result, len(others))
	for i, id := range others {
		wg.Go(func() {
			status, d := engineRequest(s, fmt.Sprintf("10.0.0.%d:1", 2+i), id)
			results[i] = result{status, d}
		})
	}
	wg.Wait()
	if statuses[http.StatusOK] != lim.searchesPerClient || statuses[http.StatusTooManyRequests] != len(attack)-lim.searchesPerClient {
		t.Errorf("the attacker's 12 requests: %v (status: count), want %d served and the rest 429", statuses, lim.searchesPerClient)
	}
	for i, r := range results {
		if r.status != http.StatusOK {
			t.Errorf("player %d: %d after %v", i, r.status, r.d)
		}
	}
	t.Logf("the other players, 150 ms searches on one slot: %v", results)
}
