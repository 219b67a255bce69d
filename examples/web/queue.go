package main

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// errTooManySearches: a client has as many computer moves under way as it
// may.
var errTooManySearches = errors.New("the computer is already thinking in several of your games; wait for a reply")

// searchQueue hands out the search slots (one per core, or one for an
// external engine) fairly between clients: each client waits in a queue of
// its own, and a slot that comes free goes to the next client in turn, so
// that one client's many searches cost each other client at most one
// search's wait. A client has at most perClient searches waiting or
// running. The turn goes first to the clients whose last search went
// well, then to new clients, then to those whose last search made the
// engine fail (which costs it seconds): an attacker's first failure from
// a new address delays the new clients only.
type searchQueue struct {
	perClient int

	mu       sync.Mutex
	free     int                  // slots free
	queues   map[string][]*waiter // per client, first come first
	turn     []string             // the clients waiting, in the order they are served
	held     map[string]int       // per client, searches waiting or running
	standing map[string]standing  // per client, from its last search
}

// standing is how a client's last search went, for a while.
type standing struct {
	failed bool
	until  time.Time
}

// waiter is a search waiting for a slot; ready is closed when it has one.
type waiter struct {
	ready   chan struct{}
	granted bool // under searchQueue.mu
}

func newSearchQueue(slots, perClient int) *searchQueue {
	return &searchQueue{perClient: perClient, free: slots, queues: map[string][]*waiter{}, held: map[string]int{}, standing: map[string]standing{}}
}

// acquire waits for a slot for a search of client while ctx lasts, and
// returns the function that frees it. It returns errTooManySearches at
// once when the client has perClient searches under way, and ctx's error
// when ctx ends first.
func (q *searchQueue) acquire(ctx context.Context, client string) (release func(), err error) {
	q.mu.Lock()
	if q.held[client] >= q.perClient {
		q.mu.Unlock()
		return nil, errTooManySearches
	}
	q.held[client]++
	release = sync.OnceFunc(func() { q.release(client) })
	if q.free > 0 && len(q.turn) == 0 {
		q.free--
		q.mu.Unlock()
		return release, nil
	}
	w := &waiter{ready: make(chan struct{})}
	if len(q.queues[client]) == 0 {
		q.turn = append(q.turn, client)
	}
	q.queues[client] = append(q.queues[client], w)
	q.mu.Unlock()
	select {
	case <-w.ready:
		return release, nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	if w.granted { // at the same moment: give the slot on
		q.mu.Unlock()
		release()
		return nil, ctx.Err()
	}
	queue := slices.DeleteFunc(q.queues[client], func(x *waiter) bool { return x == w })
	if len(queue) == 0 {
		delete(q.queues, client)
		q.turn = slices.DeleteFunc(q.turn, func(c string) bool { return c == client })
	} else {
		q.queues[client] = queue
	}
	q.held[client]--
	if q.held[client] == 0 {
		delete(q.held, client)
	}
	q.mu.Unlock()
	return nil, ctx.Err()
}

// release frees a slot of client's, and hands it to the next client in
// turn.
func (q *searchQueue) release(client string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held[client]--; q.held[client] <= 0 {
		delete(q.held, client)
	}
	if len(q.turn) == 0 {
		q.free++
		return
	}
	now := time.Now()
	rank := func(c string) int {
		switch st, ok := q.standing[c]; {
		case !ok || now.After(st.until):
			return 1
		case st.failed:
			return 2
		}
		return 0
	}
	i := 0
	for j, c := range q.turn {
		if rank(c) < rank(q.turn[i]) {
			i = j
		}
	}
	next := q.turn[i]
	q.turn = slices.Delete(q.turn, i, i+1)
	queue := q.queues[next]
	w := queue[0]
	if len(queue) > 1 {
		q.queues[next] = queue[1:]
		q.turn = append(q.turn, next) // to the back of the line
	} else {
		delete(q.queues, next)
	}
	w.granted = true
	close(w.ready)
}

// maxStandings bounds the clients whose standing is remembered.
const maxStandings = 1000

// judge records how client's last search went, until until.
func (q *searchQueue) judge(client string, failed bool, until time.Time) {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := time.Now()
	roomFor(q.standing, client, maxStandings, func(st standing) bool { return now.After(st.until) })
	q.standing[client] = standing{failed, until}
}
