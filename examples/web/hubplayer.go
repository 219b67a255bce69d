package main

import (
	"context"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// hubPlayer plays the computer's moves with an external Hub engine (such
// as Scan 3.1) instead of the built-in one: one engine for the whole
// server, searching for one game at a time.
type hubPlayer struct {
	turn     chan struct{} // holds a token while the engine searches
	c        *hub.Client
	moveTime time.Duration
}

// startHubPlayer starts the engine at path with args, sets its parameters
// and waits until it is ready, within a few seconds.
func startHubPlayer(path string, args []string, settings []hub.Setting, moveTime time.Duration) (*hubPlayer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := hub.Start(ctx, path, args...)
	if err != nil {
		return nil, err
	}
	if err := c.Setup(ctx, settings...); err != nil {
		c.Close()
		return nil, err
	}
	return newHubPlayer(c, moveTime), nil
}

func newHubPlayer(c *hub.Client, moveTime time.Duration) *hubPlayer {
	return &hubPlayer{c: c, moveTime: moveTime, turn: make(chan struct{}, 1)}
}

// think is the thinker of the engine: it asks for its move in the game
// j.game, which it is given from the last position the three-move rule
// does not look back past (see hub.FromGame). The move comes back checked:
// it is legal in the game's position.
func (h *hubPlayer) think(ctx context.Context, j job, progress func(frisian.Move)) (frisian.Move, error) {
	s := j.game
	s.Limits = hub.Limits{MoveTime: h.moveTime}
	select {
	case h.turn <- struct{}{}:
	case <-ctx.Done():
		return frisian.Move{}, ctx.Err() // waited too long for the engine
	}
	defer func() { <-h.turn }()
	res, err := h.c.BestMove(ctx, s)
	if err != nil {
		return frisian.Move{}, err
	}
	return res.Move, nil
}

// close ends the engine.
func (h *hubPlayer) close() error { return h.c.Close() }
