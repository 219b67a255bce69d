package main

import (
	"context"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// hubPlayer plays the computer's moves with an external Hub engine (such
// as Scan 3.1) instead of the built-in one: one engine for the whole
// server, searching for one game at a time.
type hubPlayer struct {
	mu       sync.Mutex
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
	return &hubPlayer{c: c, moveTime: moveTime}, nil
}

// bestMove asks the engine for its move in g, whose moves it is given from
// the last position the three-move rule does not look back past (see
// hub.FromGame). The move comes back checked: it is legal in g's position.
func (h *hubPlayer) bestMove(ctx context.Context, g *game) (frisian.Move, error) {
	s := hub.FromGame(g.rec)
	s.Limits = hub.Limits{MoveTime: h.moveTime}
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return frisian.Move{}, err // waited too long for the engine
	}
	res, err := h.c.BestMove(ctx, s)
	if err != nil {
		return frisian.Move{}, err
	}
	return res.Move, nil
}

// close ends the engine.
func (h *hubPlayer) close() error { return h.c.Close() }
