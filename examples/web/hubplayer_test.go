package main

import (
	"context"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// firstMover is a Hub engine that plays the first legal move in Compare
// order, and remembers the positions it was asked about.
type firstMover struct{ asked chan frisian.Position }

func (e firstMover) Search(ctx context.Context, s hub.Search, report func(hub.Info)) (hub.Result, error) {
	p, err := s.Position()
	if err != nil {
		return hub.Result{}, err
	}
	e.asked <- p
	moves := testgame.Legal(p).Moves()
	slices.SortFunc(moves, frisian.Move.Compare)
	return hub.Result{Move: moves[0]}, nil
}

// newHubClient serves the server under test with an in-process Hub engine
// as its computer player.
func newHubClient(t *testing.T, e hub.Engine) *client {
	er, cw := io.Pipe() // client → engine
	cr, ew := io.Pipe() // engine → client
	served := make(chan error, 1)
	go func() { served <- hub.Serve(er, ew, e); ew.Close() }()
	start := func(ctx context.Context) (*hub.Client, error) {
		c, err := hub.NewClient(ctx, cr, cw, hub.Options{})
		if err != nil {
			return nil, err
		}
		return c, c.Setup(ctx)
	}
	s := newServer(testLimits())
	var err error
	if s.player, err = startHubPlayer(start, 100*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	s.think = s.player.think
	srv := httptest.NewServer(s)
	t.Cleanup(func() {
		srv.Close()
		if err := s.player.close(); err != nil {
			t.Error(err)
		}
		<-served
	})
	return &client{t, srv}
}

// With an external engine, the computer's move is the engine's, asked in
// the game's current position.
func TestHubPlayer(t *testing.T) {
	e := firstMover{asked: make(chan frisian.Position, 4)}
	c := newHubClient(t, e)
	st := c.post("/api/new", request{Mode: "engine", Human: "white"}, http.StatusCreated)
	st = c.post("/api/move", request{ID: st.ID, Move: "32-28"}, http.StatusOK)
	st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
	asked := <-e.asked
	start := frisian.StartPosition()
	m, err := testgame.Legal(start).ParseMove(context.Background(), "32-28")
	if err != nil {
		t.Fatal(err)
	}
	want := start.Apply(m)
	if asked != want {
		t.Errorf("engine asked about %s, want %s", asked.FEN(), want.FEN())
	}
	moves := testgame.Legal(want).Moves()
	slices.SortFunc(moves, frisian.Move.Compare)
	if st.Played == nil || st.Played.Text != testgame.Legal(want).Text(moves[0]) {
		t.Errorf("played %+v, want %s", st.Played, testgame.Legal(want).Text(moves[0]))
	}
}
