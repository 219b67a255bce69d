package main

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestSearchQueue: the slot goes round the clients waiting, one search of
// each in turn; a client has at most perClient searches under way; a
// search given up leaves the queue.
func TestSearchQueue(t *testing.T) {
	q := newSearchQueue(1, 3)
	ctx := context.Background()
	first, err := q.acquire(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	s := served{t: t, q: q}
	wait := s.wait
	wait("a")
	wait("a")
	if _, err := q.acquire(ctx, "a"); !errors.Is(err, errTooManySearches) {
		t.Errorf("a fourth search of a: %v", err)
	}
	wait("b")
	gone, cancel := context.WithCancel(ctx)
	cancelled := make(chan error)
	go func() { _, err := q.acquire(gone, "c"); cancelled <- err }()
	waitQueued(q, s.queued+1)
	cancel()
	if err := <-cancelled; !errors.Is(err, context.Canceled) {
		t.Errorf("a search given up: %v", err)
	}
	wait("d")
	first()
	if order, want := s.order(), []string{"a", "b", "d", "a"}; !slices.Equal(order, want) {
		t.Errorf("served in the order %v, want %v", order, want)
	}
	if q.free != 1 || len(q.turn) != 0 || len(q.queues) != 0 || len(q.held) != 0 {
		t.Errorf("after all: free %d, turn %v, queues %v, held %v", q.free, q.turn, q.queues, q.held)
	}
}

// waitQueued waits until n searches wait in q.
func waitQueued(q *searchQueue, n int) {
	for {
		q.mu.Lock()
		m := 0
		for _, w := range q.queues {
			m += len(w)
		}
		q.mu.Unlock()
		if m == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// TestSearchQueueStanding: the slot goes first to a client whose last
// search went well, then to a new client, then to one whose last search
// made the engine fail, whatever the order they came in.
func TestSearchQueueStanding(t *testing.T) {
	q := newSearchQueue(1, 3)
	ctx := context.Background()
	until := time.Now().Add(time.Minute)
	q.judge("failed", true, until)
	q.judge("good", false, until)
	q.judge("long ago", true, time.Now().Add(-time.Second))
	first, err := q.acquire(ctx, "x")
	if err != nil {
		t.Fatal(err)
	}
	s := served{t: t, q: q}
	for _, client := range []string{"failed", "new", "good", "long ago"} {
		s.wait(client)
	}
	first()
	if order, want := s.order(), []string{"good", "new", "long ago", "failed"}; !slices.Equal(order, want) {
		t.Errorf("served in the order %v, want %v", order, want)
	}
}

// served queues searches of clients, one after another, and records the
// order in which they get the slot.
type served struct {
	t      *testing.T
	q      *searchQueue
	queued int
	wg     sync.WaitGroup
	mu     sync.Mutex
	got    []string
}

// wait queues a search of client and returns once it is queued; when it
// gets the slot it is recorded and the slot let go.
func (s *served) wait(client string) {
	s.wg.Go(func() {
		release, err := s.q.acquire(context.Background(), client)
		if err != nil {
			s.t.Error(err)
			return
		}
		s.mu.Lock()
		s.got = append(s.got, client)
		s.mu.Unlock()
		release()
	})
	s.queued++
	waitQueued(s.q, s.queued)
}

// order waits for every search queued and returns the order served.
func (s *served) order() []string {
	s.wg.Wait()
	return s.got
}
