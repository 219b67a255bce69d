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
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	queued := 0
	wait := func(client string) {
		wg.Go(func() {
			release, err := q.acquire(ctx, client)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, client)
			mu.Unlock()
			release()
		})
		// The waiters queue in this order.
		queued++
		waitQueued(q, queued)
	}
	wait("a")
	wait("a")
	if _, err := q.acquire(ctx, "a"); !errors.Is(err, errTooManySearches) {
		t.Errorf("a fourth search of a: %v", err)
	}
	wait("b")
	gone, cancel := context.WithCancel(ctx)
	cancelled := make(chan error)
	go func() { _, err := q.acquire(gone, "c"); cancelled <- err }()
	waitQueued(q, queued+1)
	cancel()
	if err := <-cancelled; !errors.Is(err, context.Canceled) {
		t.Errorf("a search given up: %v", err)
	}
	wait("d")
	first()
	wg.Wait()
	if want := []string{"a", "b", "d", "a"}; !slices.Equal(order, want) {
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
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	for i, client := range []string{"failed", "new", "good", "long ago"} {
		wg.Go(func() {
			release, err := q.acquire(ctx, client)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, client)
			mu.Unlock()
			release()
		})
		waitQueued(q, i+1)
	}
	first()
	wg.Wait()
	if want := []string{"good", "new", "long ago", "failed"}; !slices.Equal(order, want) {
		t.Errorf("served in the order %v, want %v", order, want)
	}
}
