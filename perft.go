package frisian

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/frisian-draughts/frisian/internal/capture"
)

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth, every Move counted once however many paths it has (RULES.md §3.2).
// Depth 0 counts p itself.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One buffer for the whole tree: each ply lists its moves after its
	// parent's, in room for perftPly moves a ply. Below perftOnStack plies
	// it lives on the stack, since a heap buffer costs a small tree more
	// than the tree itself (and feeds the garbage collector). Past any depth
	// that can finish, it grows as it must.
	// One generator for the whole tree too: a node needs it only until its
	// moves are listed, and zeroing one per node cost more than its use.
	var g generator
	if depth < perftOnStack {
		var buf [perftOnStack * perftPly]capture.Move
		return perft(&g, &p, depth, buf[:0])
	}
	return perft(&g, &p, depth, make([]capture.Move, 0, perftPly*(min(depth, maxPerftPrealloc)+1)))
}

// Perft's buffer: perftPly moves a ply, on the stack below perftOnStack
// plies, and at most maxPerftPrealloc plies made room for at once, so that
// an absurd depth costs no absurd allocation.
const (
	perftPly         = 128
	perftOnStack     = 8
	maxPerftPrealloc = 32
)

func perft(g *generator, p *Position, depth int, stack []capture.Move) uint64 {
	if depth == 1 {
		return uint64(p.countLegal(g, stack))
	}
	// The generator rather than AppendLegalMoves, which sets up a smaller
	// board first for positions without kings: perft's positions gain
	// nothing from that.
	g.init(p)
	moves := g.appendLegal(stack)
	if depth == 2 {
		// What the children share, read once rather than after each call.
		g.leaf = leafSide{p.turn ^ 1, p.kingRun[p.turn&1^1]}
		scratch := moves[len(moves):]
		var n uint64
		for _, m := range moves {
			next, moved, kings := p.boardAfter(m)
			n += uint64(countMoves(g, next, moved, kings, m.Captured(), scratch))
		}
		return n
	}
	rest := moves[len(moves):]
	var n uint64
	for _, m := range moves {
		n += perftAfter(g, p, m, depth-1, rest)
	}
	return n
}

// perftAfter is perft of the position after m. The position is passed
// by address: a copy read whole right after playBoard's field by field
// stores stalled on them. It is a function of its own so that the
// position stays on the stack: inside perft's loop, its address would
// outlive the loop's turn.
func perftAfter(g *generator, p *Position, m capture.Move, depth int, stack []capture.Move) uint64 {
	q := *p
	q.playBoard(m)
	return perft(g, &q, depth, stack)
}

// DivideEntry is one line of Divide: a legal move and the perft count of
// the position after it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p in canonical order
// ([Move.Compare]), the perft count to depth-1 of the position after it;
// their sum is Perft(p, depth). It is the usual tool for finding where two
// move generators disagree.
func Divide(p Position, depth int) []DivideEntry {
	var out []DivideEntry
	if depth <= 0 {
		return out
	}
	moves := p.legalMoves()
	slices.SortFunc(moves, Move.Compare)
	for _, m := range moves {
		out = append(out, DivideEntry{m, Perft(p.apply(m), depth-1)})
	}
	return out
}

// PerftParallel is Perft with the subtrees of the root moves shared out
// among up to workers goroutines (all CPUs when workers < 1). Its counts
// equal Perft's.
func PerftParallel(p Position, depth, workers int) uint64 {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	if depth < 3 || workers == 1 {
		return Perft(p, depth)
	}
	// Split two plies deep so that the work comes in many similar pieces.
	var jobs []Position
	for _, m := range p.legalMoves() {
		q := p.apply(m)
		for _, m2 := range q.legalMoves() {
			jobs = append(jobs, q.apply(m2))
		}
	}
	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			var sum uint64
			for {
				i := int(next.Add(1)) - 1
				if i >= len(jobs) {
					break
				}
				sum += Perft(jobs[i], depth-2)
			}
			total.Add(sum)
		})
	}
	wg.Wait()
	return total.Load()
}
