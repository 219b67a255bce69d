package frisian

import (
	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Captures: the library's side of the capture engine (internal/capture),
// which finds every capture of the highest value by the precedence rule
// (RULES.md §3.1) on the caller's goroutine. A side without kings is most
// often done with shifts alone: no man can jump twice, and the single
// jumps are the moves, or there is no capture at all.

// generator is what move generation derives from a position once: the
// capture search with its board, and the king the three-move rule stops
// from a quiet move.
type generator struct {
	capture.Search
	restricted uint64
	leaf       leafSide // what countMoves's positions share
}

// leafSide is what the positions countMoves counts share: the side to
// move and its three-move state before the move just played.
type leafSide struct {
	turn Color
	run  quietRun
}

// init fills in what every kind of generation needs.
func (g *generator) init(p *Position) {
	g.Init(p.side[0], p.side[1], p.kings, int(p.turn))
	g.restricted = restricted(p.kingRun[p.turn&1])
}

// appendLegal appends the legal moves of g's position to dst.
func (g *generator) appendLegal(dst []capture.Move) []capture.Move {
	if g.OwnKings != 0 {
		return g.appendWithKings(dst)
	}
	moves, twice, done := appendSimple(dst, &g.Board)
	if done {
		return moves
	}
	return g.CapturesOf(dst, 0, twice)
}

// appendSimple appends the legal moves of a side without kings whose men
// can jump once at most, and reports false, with the men that can jump
// twice, when the moves need a capture search instead.
func appendSimple(dst []capture.Move, b *capture.Board) (moves []capture.Move, twice uint64, done bool) {
	prey, any, ok := b.JumpOnce()
	switch {
	case ok && any:
		return capture.AppendJumps(dst, b, prey), 0, true
	case ok:
		return appendQuiet(dst, b, 0), 0, true
	}
	return dst, prey, false
}

// appendWithKings appends the legal moves of a side with kings.
func (g *generator) appendWithKings(dst []capture.Move) []capture.Move {
	n := len(dst)
	kings, men := g.Jumpers()
	if dst = g.CapturesOf(dst, kings, men); len(dst) > n {
		return dst
	}
	return appendQuiet(dst, &g.Board, g.restricted)
}

// countLegal returns len(p.legalMoves()) with less work, in g (see
// countMoves).
func (p *Position) countLegal(g *generator, scratch []capture.Move) int {
	g.leaf = leafSide{p.turn, p.kingRun[p.turn&1]}
	return countMoves(g, p.side[0], p.side[1], p.kings, 0, scratch)
}

// countMoves counts the legal moves of the side to move, given its pieces
// (own), the others (opp), the kings, and the pieces the move just played
// took (taken); its color and its three-move state before that move are in
// g.leaf (see quietRun.after), set once for the positions that share them.
// It is perft's leaf counter, so the common case of a side without kings
// is done here with shifts and population counts alone: it repeats
// capture.JumpOnce's steps inline, since a call of JumpOnce there (too big
// to inline) cost 5.5% more instructions on perft from the start and 2.5%
// on the suite's game positions (callgrind).
//
// scratch is room for the captures it lists on the way; with enough
// capacity it does not allocate. g is the generator to work in, given
// rather than made here so that perft's leaves share one.
func countMoves(g *generator, own, opp, kings, taken uint64, scratch []capture.Move) int {
	turn := g.leaf.turn
	if own&kings == 0 {
		empty := layout.BoardMask &^ (own | opp)
		if landed := capture.JumpLandings(own, opp, empty); landed == 0 {
			return countManSteps(own, empty, turn)
		} else if again := landed & capture.JumpSources(opp, empty); again == 0 {
			if oppKings := opp & kings; oppKings != 0 && capture.JumpLandings(own, oppKings, empty) != 0 {
				return capture.CountJumps(own, oppKings, empty)
			}
			return capture.CountJumps(own, opp, empty)
		} else {
			// Only men that can jump twice have legal captures (see
			// JumpOnce).
			g.Init(own, opp, kings, int(turn))
			return g.CountCaptures(scratch[:0], 0, capture.JumpSources(opp, again)&own)
		}
	}
	g.Init(own, opp, kings, int(turn))
	g.restricted = 0
	if run := g.leaf.run; run.count >= KingRunLimit {
		g.restricted = restricted(run.after(taken, own, kings))
	}
	jumpers, men := g.Jumpers()
	if jumpers|men != 0 {
		if n := g.CountCaptures(scratch[:0], jumpers, men); n > 0 {
			return n
		}
	}
	return countQuiet(&g.Board, g.restricted)
}
