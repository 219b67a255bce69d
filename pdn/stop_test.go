package pdn

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// A game may start from a made-up position whose captures take long to
// search: a done context stops every call of Game and Writer that works out
// legal moves, with ErrSearchStopped, and leaves the game as it was.
func TestDoneContextStopsGame(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	start := frisian.MustParseFEN(climb3Kings2)
	// One move each way from the start, so that the writer has a move
	// text to search for as well as the outcome.
	g := NewGame(start)
	m := legalOf(start).Moves()[0]
	if err := g.Play(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	stopped := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, frisian.ErrSearchStopped) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s under a done context: %v, want ErrSearchStopped and context.Canceled", what, err)
		}
	}

	fresh := NewGame(start)
	stopped("Play", fresh.Play(done, m))
	if fresh.Len() != 0 {
		t.Errorf("Play stopped, yet the game has %d moves", fresh.Len())
	}
	_, err := fresh.Legal(done)
	stopped("Legal", err)

	// Play took the start into the search for the end: fresh has it to do.
	o, ply, err := fresh.Outcome(done, frisian.OfficialDraws)
	stopped("Outcome", err)
	if o.IsOver() || ply != -1 {
		t.Errorf("stopped Outcome = %v, %d; want Ongoing, -1", o, ply)
	}

	var b bytes.Buffer
	stopped("WriteGameContext", NewWriter(&b).WriteGameContext(done, g))
	if b.Len() != 0 {
		t.Errorf("stopped WriteGameContext wrote %q", b.String())
	}
	// With a Result tag the writer needs no outcome, yet still the text
	// of the moves.
	withResult := g.Clone()
	withResult.Tags.Set("Result", "*")
	stopped("WriteGameContext with a Result tag", NewWriter(&b).WriteGameContext(done, withResult))
	// A game the writer cannot write is refused before its outcome, here
	// the start's search, is looked for.
	tooLarge := NewGame(start)
	tooLarge.Tags.Set("Event", strings.Repeat("e", maxText+1))
	if err := NewWriter(&b).WriteGameContext(done, tooLarge); !errors.Is(err, frisian.ErrTooLarge) {
		t.Errorf("WriteGameContext of a game too large under a done context: %v, want ErrTooLarge", err)
	}

	// Stopping leaves nothing half done: with time the calls answer as
	// they would have.
	want, wantPly, err := NewGame(start).Outcome(context.Background(), frisian.OfficialDraws)
	if err != nil {
		t.Fatal(err)
	}
	if o, ply, err := fresh.Outcome(context.Background(), frisian.OfficialDraws); err != nil || o != want || ply != wantPly {
		t.Errorf("Outcome after a stop = %v, %d, %v; want %v, %d", o, ply, err, want, wantPly)
	}
	if err := NewWriter(&b).WriteGameContext(context.Background(), g); err != nil {
		t.Errorf("WriteGameContext after a stop: %v", err)
	}

	var nilCtx context.Context
	if _, _, err := g.Outcome(nilCtx, frisian.OfficialDraws); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("Outcome(nil): %v", err)
	}
	if err := g.Play(nilCtx, m); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("Play(nil): %v", err)
	}
	if err := NewWriter(&b).WriteGameContext(nilCtx, g); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("WriteGameContext(nil): %v", err)
	}
}

// endless is a stream that never ends: a prefix, then the same byte
// forever.
type endless struct {
	prefix string
	fill   byte
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.prefix)
	e.prefix = e.prefix[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	return len(p), nil
}

// One endless token (a comment, a variation, a word, a tag value) holds
// the reader inside the lexer: the context stops it there too.
func TestDoneContextStopsEndlessToken(t *testing.T) {
	for _, prefix := range []string{"{", "(", "[Event \"", "; ", "1. 32-28 {", ""} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		r := NewReader(&endless{prefix: prefix, fill: 'a'})
		done := make(chan error, 1)
		go func() {
			_, err := r.NextContext(ctx)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, frisian.ErrSearchStopped) || !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%q then endless a: %v, want ErrSearchStopped and the deadline", prefix, err)
			}
			if _, again := r.Next(); !errors.Is(again, frisian.ErrSearchStopped) {
				t.Errorf("%q: Next after the stop = %v, want the stop again", prefix, again)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q then endless a: not stopped 5 s after a 30 ms deadline", prefix)
		}
		cancel()
	}
}

// countingContext counts how often the search looks at it.
type countingContext struct {
	context.Context
	n *int
}

func (c countingContext) Err() error {
	*c.n++
	return c.Context.Err()
}

// Each position is searched once: Play and the reader take every position
// but the last into the game's search for its outcome, which then searches
// only the last, so the writer searches each once. The search looks at
// its context as often each time it searches the same position.
func TestSearchedOnce(t *testing.T) {
	live, cancel := context.WithCancel(context.Background())
	defer cancel()
	looks := func(f func(ctx context.Context) error) int {
		t.Helper()
		n := 0
		if err := f(countingContext{live, &n}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	start := frisian.MustParseFEN(climb3Kings2)
	g := NewGame(start)
	if err := g.Play(context.Background(), legalOf(start).Moves()[0]); err != nil {
		t.Fatal(err)
	}
	each := 0
	for ply := range 2 {
		p, _ := g.PositionAt(ply)
		each += looks(func(ctx context.Context) error { _, err := p.Legal(ctx); return err })
	}
	if each == 0 {
		t.Fatal("the search does not look at its context")
	}
	written := looks(func(ctx context.Context) error { return NewWriter(io.Discard).WriteGameContext(ctx, g) })
	if written != each {
		t.Errorf("WriteGameContext looked at its context %d times, the searches of the game's positions %d", written, each)
	}

	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	last := g.Position()
	want := looks(func(ctx context.Context) error { _, err := last.Legal(ctx); return err })
	if got := looks(func(ctx context.Context) error { _, _, err := back.Outcome(ctx, frisian.LidraughtsDraws); return err }); got != want {
		t.Errorf("Outcome of a game read looked at its context %d times, the search of its last position %d", got, want)
	}
}
