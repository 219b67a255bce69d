package hub

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// Info is one report of a search in progress (an info line). Fields the
// engine did not send are zero. Engines send any subset of them; Scan sends
// all.
type Info struct {
	Depth     int     // depth=: the nominal depth reached, in plies
	MeanDepth float64 // mean-depth=: the average depth of the leaves
	// Score is score=: the evaluation for the side to move, in men (a man
	// is 1.0). HasScore tells a score of 0 from none.
	Score    float64
	HasScore bool
	Nodes    int64         // nodes=: positions searched
	Time     time.Duration // time=: time spent
	NPS      float64       // nps=: speed in millions of nodes per second, as Scan writes it
	// PV is pv=: the principal variation, every move checked against the
	// position it is played in. When a move is not legal, PV holds the
	// moves before it and Err says what is wrong.
	PV []frisian.Move
	// Line is the whole line as read, for fields not listed here; the
	// server ignores it.
	Line Line
	// Err is the first problem found in the line (a malformed number, a
	// move that is not legal), a *ProtocolError; the fields it concerns
	// are left zero, but for PV, which keeps the moves before the bad
	// one. An Info with an error is still passed on, since the rest of it
	// may be of use.
	Err error
}

// Result is the outcome of a search: the engine's move and the move it
// expects in reply.
type Result struct {
	Move frisian.Move // the move to play, legal in the searched position
	// Ponder is the reply the engine expects, legal after Move, or the
	// zero Move when it sent none or one that is not legal: an engine's
	// guess at the reply is advice, and a bad one does not spoil its move.
	Ponder frisian.Move
	// Info is the last report of the search: its depth, score and
	// principal variation. It is zero when the engine sent none.
	Info Info
}

// parseInfo reads an info line about a search of p. ctx bounds the move
// generation that checks the PV.
func parseInfo(ctx context.Context, l Line, p frisian.Position) Info {
	info := Info{Line: l}
	fail := func(field, value, why string, err error) {
		if info.Err == nil {
			info.Err = &ProtocolError{Line: errtext.Clip(l.String()), Msg: fmt.Sprintf("info %s=%q: %s", field, errtext.Clip(value), why), Err: err}
		}
	}
	for _, a := range l.Args {
		switch a.Name {
		case "depth":
			n, err := strconv.Atoi(a.Value)
			if err != nil || n < 0 {
				fail(a.Name, a.Value, "not a depth", nil)
				continue
			}
			info.Depth = n
		case "mean-depth":
			f, ok := parseReal(a.Value)
			if !ok {
				fail(a.Name, a.Value, "not a number", nil)
				continue
			}
			info.MeanDepth = f
		case "score":
			f, ok := parseReal(a.Value)
			if !ok {
				fail(a.Name, a.Value, "not a number", nil)
				continue
			}
			info.Score, info.HasScore = f, true
		case "nodes":
			n, err := strconv.ParseInt(a.Value, 10, 64)
			if err != nil || n < 0 {
				fail(a.Name, a.Value, "not a node count", nil)
				continue
			}
			info.Nodes = n
		case "time":
			d, ok := parseSeconds(a.Value)
			if !ok {
				fail(a.Name, a.Value, "not a time in seconds", nil)
				continue
			}
			info.Time = d
		case "nps":
			f, ok := parseReal(a.Value)
			if !ok || f < 0 {
				fail(a.Name, a.Value, "not a speed", nil)
				continue
			}
			info.NPS = f
		case "pv":
			moves, _, i, err := parseMoves(ctx, p, a.Value)
			info.PV = moves
			if err != nil {
				fail(a.Name, a.Value, fmt.Sprintf("move %d", i+1), err)
			}
		}
	}
	return info
}

// parseReal reads a finite decimal number.
func parseReal(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// maxSeconds keeps a time in seconds within what a time.Duration holds.
const maxSeconds = float64(math.MaxInt64/time.Second) - 1

// parseSeconds reads a non-negative time in seconds.
func parseSeconds(s string) (time.Duration, bool) {
	f, ok := parseReal(s)
	if !ok || f < 0 || f > maxSeconds {
		return 0, false
	}
	return time.Duration(math.Round(f * float64(time.Second))), true
}

// line returns the info line for info, as the server sends it. Zero fields
// are left out.
func (info Info) line() Line {
	l := Line{Command: "info"}
	add := func(name, value string) { l.Args = append(l.Args, Arg{Name: name, Value: value}) }
	if info.Depth > 0 {
		add("depth", strconv.Itoa(info.Depth))
	}
	if info.MeanDepth > 0 {
		add("mean-depth", strconv.FormatFloat(info.MeanDepth, 'f', 1, 64))
	}
	if info.HasScore {
		add("score", strconv.FormatFloat(info.Score, 'f', 2, 64))
	}
	if info.Nodes > 0 {
		add("nodes", strconv.FormatInt(info.Nodes, 10))
	}
	if info.Time > 0 {
		add("time", seconds(info.Time))
	}
	if info.NPS > 0 {
		add("nps", strconv.FormatFloat(info.NPS, 'f', 1, 64))
	}
	if len(info.PV) > 0 {
		add("pv", formatMoves(info.PV))
	}
	return l
}

// parseDone reads a done line of a search of p.
func parseDone(ctx context.Context, l Line, p frisian.Position) (Result, error) {
	text, ok := l.Get("move")
	if !ok || strings.TrimSpace(text) == "" {
		return Result{}, &ProtocolError{Line: errtext.Clip(l.String()), Msg: "done without a move"}
	}
	m, err := parseMove(ctx, p, text)
	if err != nil {
		return Result{}, &ProtocolError{Line: errtext.Clip(l.String()), Msg: "the engine's move", Err: err}
	}
	r := Result{Move: m}
	if text, ok := l.Get("ponder"); ok {
		if pm, err := parseMove(ctx, p.Apply(m), text); err == nil {
			r.Ponder = pm
		}
	}
	return r, nil
}
