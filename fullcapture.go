package frisian

import "math/bits"

// Captures that take every enemy piece.
//
// A king's capture moves between empty squares, and which empty squares
// there are never changes during a capture (taken pieces stay until the
// end). So every way to jump a piece x is an edge between an empty square
// a on one side of x and an empty square b on the other, on one of the four
// lines through x, and a capture is a trail in the multigraph of these
// edges that uses at most one edge per piece. A capture of every piece is
// then an Euler trail of the graph made of one chosen edge per piece: it
// exists exactly when those edges are connected to the king's square and
// at most the king's square and the end square have odd degree.
//
// Positions where a king can take everything are where plain depth-first
// search explodes (lidraughts' worst case has 32 kings taken in
// astronomically many orders), and there this test answers at once: such
// a capture is worth more than any other, so its end squares are all the
// legal moves.

// maxEdgeChoices bounds the number of edge choices fullCaptureEnds
// enumerates; past it the caller searches as usual.
const maxEdgeChoices = 1 << 14

// pieceEdges lists the ways to jump one piece.
type pieceEdges struct {
	n     int
	edges [16][2]uint8 // bit indices of the two squares
}

// fullCaptureEnds returns the squares where the king on bit k can end a
// capture taking every piece in prey, and false when there are too many
// choices to tell quickly.
func fullCaptureEnds(k int, prey, occupied uint64) (ends uint64, ok bool) {
	occ := occupied &^ (1 << k)
	var pieces [NumSquares]pieceEdges
	n := 0
	choices := 1
	for x := prey; x != 0; x &= x - 1 {
		b := bits.TrailingZeros64(x)
		pe := &pieces[n]
		n++
		for d := range 4 {
			before, after := slide(d+4, b, occ), slide(d, b, occ)
			for s := before; s != 0; s &= s - 1 {
				for t := after; t != 0; t &= t - 1 {
					if pe.n == len(pe.edges) {
						return 0, false
					}
					pe.edges[pe.n] = [2]uint8{uint8(bits.TrailingZeros64(s)), uint8(bits.TrailingZeros64(t))}
					pe.n++
				}
			}
		}
		if pe.n == 0 {
			return 0, true // a piece nobody can jump
		}
		if choices *= pe.n; choices > maxEdgeChoices {
			return 0, false
		}
	}
	var choice [NumSquares]int
	for {
		ends |= eulerEnd(k, pieces[:n], choice[:n])
		// Next choice, as a mixed-radix counter.
		i := 0
		for ; i < n; i++ {
			if choice[i]++; choice[i] < pieces[i].n {
				break
			}
			choice[i] = 0
		}
		if i == n {
			return ends, true
		}
	}
}

// eulerEnd returns the end square (as a bit) of an Euler trail from bit k
// through the chosen edges, or 0 when there is none.
func eulerEnd(k int, pieces []pieceEdges, choice []int) uint64 {
	var odd uint64
	for i := range pieces {
		e := pieces[i].edges[choice[i]]
		odd ^= 1<<e[0] ^ 1<<e[1]
	}
	start := uint64(1) << k
	var end uint64
	switch {
	case odd == 0:
		end = start
	case bits.OnesCount64(odd) == 2 && odd&start != 0:
		end = odd &^ start
	default:
		return 0
	}
	// Every edge must be reachable from the start.
	reach := start
	for grew := true; grew; {
		grew = false
		for i := range pieces {
			e := pieces[i].edges[choice[i]]
			ab := uint64(1)<<e[0] | uint64(1)<<e[1]
			if reach&ab != 0 && ab&^reach != 0 {
				reach |= ab
				grew = true
			}
		}
	}
	for i := range pieces {
		if e := pieces[i].edges[choice[i]]; reach&(1<<e[0]) == 0 {
			return 0
		}
	}
	return end
}
