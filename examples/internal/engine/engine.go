// Package engine is the small computer player shared by the play and web
// examples: a negamax search with alpha-beta pruning over the library's legal
// moves and a simple static evaluation.
//
// It is an example, not a strong program. It searches to a fixed depth under
// a fixed node budget, so it answers in a fraction of a second and, given the
// same position and options, always chooses the same move: nothing in it
// depends on the clock or on unseeded randomness (unless the caller stops it
// early through Options.Done).
package engine

import (
	"context"
	"math/rand/v2"

	"github.com/frisian-draughts/frisian"
)

// Scores are in hundredths of a man, from the point of view of the side to
// move.
const (
	// Man and King are the material values. A king is worth more than the
	// two men the capture rule almost equates it with, because a flying king
	// that captures in eight directions dominates an open board.
	Man  = 100
	King = 250

	// Win is the score of a won position; a win found n plies ahead scores
	// Win-n, so that the search prefers the quickest win and the slowest loss.
	Win = 1_000_000

	// MaxPly bounds the search, extensions included, so that the per-ply
	// move buffers have a fixed size.
	MaxPly = 64
)

// Defaults for the zero Options.
const (
	DefaultDepth = 8
	DefaultNodes = 500_000
)

// Options configure a search. The zero value is usable: DefaultDepth plies,
// DefaultNodes nodes, the official draw rules and no randomness.
type Options struct {
	// Depth is the nominal search depth in plies (DefaultDepth when 0).
	// Forced captures at the horizon are searched further, because a
	// position with a capture pending cannot be judged by counting pieces.
	Depth int

	// Nodes bounds the positions visited (DefaultNodes when 0). The search
	// deepens one ply at a time and, when an iteration runs out of nodes,
	// plays the best move of the last finished one. A count of nodes, not a
	// clock, keeps the choice the same on every machine.
	Nodes int

	// Draws are the draw rules the game is played under; a drawn position
	// scores 0.
	Draws frisian.DrawRules

	// Rand, when not nil, chooses at random among the root moves with the
	// best score. With nil the first of them in the canonical move order
	// (frisian.Move.Compare) is played.
	Rand *rand.Rand

	// Done, when not nil, stops the search once it is closed, as running
	// out of nodes does: a server passes its request's ctx.Done() so that
	// a client that has gone, or a deadline, ends the work. The choice then
	// depends on the clock; it is checked every few hundred nodes.
	Done <-chan struct{}
}

// Result is what a search found.
type Result struct {
	Move  frisian.Move // the move to play
	Score int          // its score for the side to move
	Depth int          // the depth of the last finished iteration
	Nodes int          // the positions visited
}

// Search returns the move the engine plays in p. It returns false when p
// has no legal move (the side to move has lost), and also when the game is
// already over under o.Draws.
func Search(p frisian.Position, o Options) (Result, bool) {
	return SearchContext(context.Background(), p, o, nil)
}

// SearchContext is Search that also ends when ctx does, with the result of
// the last finished iteration (or, before the first, the first root move in
// canonical order), and that calls progress, when not nil, with the result
// of each finished iteration. The Hub engine example stops and reports its
// searches with them.
func SearchContext(ctx context.Context, p frisian.Position, o Options, progress func(Result)) (Result, bool) {
	if o.Depth <= 0 {
		o.Depth = DefaultDepth
	}
	if o.Depth > MaxPly/2 {
		o.Depth = MaxPly / 2
	}
	if o.Nodes <= 0 {
		o.Nodes = DefaultNodes
	}
	// The root's moves under ctx, which bounds their search too.
	l, err := p.Legal(ctx)
	if err != nil || l.Outcome(o.Draws).IsOver() {
		return Result{}, false
	}
	root := l.Moves()
	s := &searcher{budget: o.Nodes, draws: o.Draws, done: ctx.Done(), optDone: o.Done}
	res := Result{Move: root[0]}
	if len(root) == 1 {
		// A forced move needs no search; the score is only informative.
		res.Score = -s.negamax(p.Apply(root[0]), 1, 1, -Win-1, Win+1)
		res.Depth, res.Nodes = 1, s.nodes
		if progress != nil {
			progress(res)
		}
		return res, true
	}
	for depth := 1; depth <= o.Depth; depth++ {
		best, score, ok := s.root(p, root, depth, o.Rand)
		if !ok {
			break // out of nodes: keep the last finished iteration
		}
		res.Move, res.Score, res.Depth = best, score, depth
		if progress != nil {
			progress(Result{Move: best, Score: score, Depth: depth, Nodes: s.nodes})
		}
		// Search the best move first next time: it usually stays best and
		// then narrows the window for the others.
		moveToFront(root, best)
		if _, _, ok := Decided(score); ok {
			break // a forced win or loss is found; deeper adds nothing
		}
	}
	res.Nodes = s.nodes
	return res, true
}

// Decided reports whether score is a forced win or loss, and in how many
// plies: a win for the side to move when won. Its results come in the
// order of hub's Info.Decided, which reads them back from a Hub score.
func Decided(score int) (won bool, plies int, ok bool) {
	switch {
	case score >= Win-MaxPly:
		return true, Win - score, true
	case score <= -Win+MaxPly:
		return false, Win + score, true
	}
	return false, 0, false
}

// searcher holds the state of one search.
type searcher struct {
	nodes, budget int
	stopped       bool
	draws         frisian.DrawRules
	// done is the search's context's channel and optDone Options.Done
	// (nil for none), looked at every 256 nodes.
	done, optDone <-chan struct{}
	// buf holds a move list per ply, reused so that the search does not
	// allocate once the lists have grown.
	buf [MaxPly + 1][]frisian.Move
}

// root searches every root move to depth and returns the best, its score,
// and false when the node budget ran out first.
func (s *searcher) root(p frisian.Position, moves []frisian.Move, depth int, rnd *rand.Rand) (frisian.Move, int, bool) {
	alpha := -Win - 1
	var ties []frisian.Move
	for _, m := range moves {
		// With a random choice among equals the window must let a move that
		// equals the best so far show its exact score, hence alpha-1.
		lo := alpha
		if rnd != nil && ties != nil {
			lo = alpha - 1
		}
		score := -s.negamax(p.Apply(m), depth-1, 1, -Win-1, -lo)
		if s.stopped {
			return frisian.Move{}, 0, false
		}
		switch {
		case score > alpha:
			alpha, ties = score, append(ties[:0], m)
		case score == alpha && rnd != nil:
			ties = append(ties, m)
		}
	}
	if rnd != nil && len(ties) > 1 {
		return ties[rnd.IntN(len(ties))], alpha, true
	}
	return ties[0], alpha, true
}

// negamax returns the score of p for the side to move, searched depth plies
// deep, within the window (alpha, beta).
func (s *searcher) negamax(p frisian.Position, depth, ply, alpha, beta int) int {
	s.nodes++
	if s.nodes > s.budget || s.nodes%256 == 0 && s.isDone() {
		s.stopped = true
		return 0
	}
	moves := p.AppendLegalMoves(s.buf[ply][:0])
	s.buf[ply] = moves
	if len(moves) == 0 {
		return -Win + ply // no legal move: lost (Art. 20)
	}
	// The draw rules only concern king-only endings; asking the library
	// only then keeps the common case cheap.
	if p.Men(frisian.White).Empty() && p.Men(frisian.Black).Empty() {
		// A king ending's moves are few and quick to find.
		if l, err := p.Legal(context.Background()); err == nil && l.Outcome(s.draws).IsOver() {
			return 0 // a legal move exists, so it is a draw
		}
	}
	if depth <= 0 && (!moves[0].IsCapture() || ply >= MaxPly) {
		return Evaluate(p)
	}
	orderMoves(moves)
	best := -Win - 1
	for _, m := range moves {
		score := -s.negamax(p.Apply(m), depth-1, ply+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
		}
		if score > alpha {
			alpha = score
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// isDone reports whether the context or Options.Done has ended the search.
func (s *searcher) isDone() bool {
	select {
	case <-s.done:
		return true
	case <-s.optDone:
		return true
	default:
		return false
	}
}

// orderMoves puts promotions first, as they are the quiet moves most likely
// to be good; the rest keep the generator's (deterministic) order.
func orderMoves(moves []frisian.Move) {
	n := 0
	for i, m := range moves {
		if m.IsPromotion() {
			moves[i], moves[n] = moves[n], moves[i]
			n++
		}
	}
}

// moveToFront moves m to the front of moves, keeping the order of the rest.
func moveToFront(moves []frisian.Move, m frisian.Move) {
	for i, x := range moves {
		if x == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return
		}
	}
}

// Evaluate returns the static score of p for the side to move: material,
// with kings worth King and men Man, plus a bonus for men that have
// advanced (a man near the far row threatens to crown) and for men in the
// centre columns, where they support each other and restrict the opponent.
func Evaluate(p frisian.Position) int {
	score := side(p, frisian.White) - side(p, frisian.Black)
	if p.Turn() == frisian.Black {
		return -score
	}
	return score
}

// side returns the score of c's pieces alone.
func side(p frisian.Position, c frisian.Color) int {
	score := King * p.Kings(c).Len()
	for sq := range p.Men(c).All() {
		// rows advanced from c's back rank: 0 to 8
		adv := 9 - sq.Row()
		if c == frisian.Black {
			adv = sq.Row()
		}
		score += Man + advance[adv]
		if col := sq.Column(); col >= 3 && col <= 6 {
			score += 3
		}
	}
	return score
}

// advance is the bonus for a man by rows advanced. It grows faster near
// the far row, where a man is close to crowning, and is 0 on the back rank:
// men that stay home guard it against the opponent's crowning.
var advance = [10]int{0, 1, 2, 4, 6, 9, 13, 18, 25, 0}
