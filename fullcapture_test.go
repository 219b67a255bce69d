package frisian

import (
	"errors"
	"math/bits"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The Euler-trail shortcut gives the same moves as the plain search on
// positions where a king has many pieces to take: kings amid a crowd of
// enemy pieces with gaps, as in the capture puzzles that make the search
// slow.
func TestFullCaptureMatchesSearch(t *testing.T) {
	shortcuts := 0
	rapid.Check(t, func(t *rapid.T) {
		p, built := drawFullCapturePosition(t, rapid.Bool().Draw(t, "kingsOnly"))
		var g generator
		g.init(&p)
		kings, men := g.capturers()
		got, ok := g.appendFullCaptures(nil, kings, men != 0)
		if !ok {
			return
		}
		if len(got) == 0 {
			if p.Pieces(Black).Len() == built {
				t.Fatalf("%s: the shortcut finds no capture of all pieces, yet one was built", p.FEN())
			}
			return
		}
		shortcuts++
		var h generator
		h.init(&p)
		want := h.searchCaptures(nil)
		SortMoves(got)
		SortMoves(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: shortcut %v, search %v", p.FEN(), got, want)
		}
	})
	if shortcuts == 0 {
		t.Error("the shortcut never decided a position")
	}
	t.Logf("%d positions decided by the shortcut", shortcuts)
}

// drawFullCapturePosition builds a position in which the white king can
// take every black piece: it walks a random capture on an empty board,
// placing each piece it jumps and keeping every square it crosses empty.
// Extra black pieces and white pieces (only kings if kingsOnly) fill part
// of the squares the walk left free. It also returns the number of pieces the walk took.
func drawFullCapturePosition(t *rapid.T, kingsOnly bool) (Position, int) {
	var st Setup
	st.Turn = White
	start := rapid.IntRange(0, NumSquares-1).Draw(t, "start")
	at := int(bitOf[start+1])
	keepEmpty := uint64(1) << at
	var pieces uint64
	steps := rapid.IntRange(fullCaptureMinPrey, 14).Draw(t, "steps")
	for range steps {
		var options [][3]int // direction, piece bit, landing bit
		for d := range 8 {
			for x := rays[d][at]; x != 0; x &= x - 1 {
				f := bits.TrailingZeros64(x)
				between := rays[d][at] &^ rays[d][f] &^ (1 << f)
				if between&pieces != 0 || (1<<f)&(keepEmpty|pieces) != 0 {
					continue
				}
				for l := rays[d][f]; l != 0; l &= l - 1 {
					b := bits.TrailingZeros64(l)
					if rays[d][f]&^rays[d][b]&pieces != 0 {
						break
					}
					options = append(options, [3]int{d, f, b})
				}
			}
		}
		if len(options) == 0 {
			break
		}
		o := rapid.SampledFrom(options).Draw(t, "jump")
		d, f, b := o[0], o[1], o[2]
		keepEmpty |= rays[d][at]&^rays[d][f]&^(1<<f) | rays[d][f]&^rays[d][b]
		pieces |= 1 << f
		at = b
	}
	if bits.OnesCount64(pieces) < fullCaptureMinPrey {
		t.Skip("walk too short")
	}
	st.Board[start+1] = WhiteKing
	for x := pieces; x != 0; x &= x - 1 {
		sq := squareOf[bits.TrailingZeros64(x)]
		st.Board[sq] = NewPiece(Black, sq > 45 || rapid.Bool().Draw(t, "king"))
	}
	built := bits.OnesCount64(pieces)
	// Sometimes black pieces the walk did not take, which the king may or
	// may not be able to take as well.
	for range rapid.IntRange(0, 4).Draw(t, "extraBlack") {
		sq := Square(rapid.IntRange(1, NumSquares).Draw(t, "extra"))
		if st.Board[sq] == NoPiece && keepEmpty&bit(sq) == 0 {
			st.Board[sq] = NewPiece(Black, sq > 45 || rapid.Bool().Draw(t, "king"))
		}
	}
	// Crowd the board with white pieces off the walk, which keeps the
	// number of ways to jump each piece small.
	density := rapid.IntRange(50, 100).Draw(t, "density")
	for sq := Square(1); sq <= NumSquares; sq++ {
		if st.Board[sq] != NoPiece || keepEmpty&bit(sq) != 0 || rapid.IntRange(1, 100).Draw(t, "fill") > density {
			continue
		}
		st.Board[sq] = NewPiece(White, kingsOnly || sq <= 5 || rapid.IntRange(1, 10).Draw(t, "whiteKing") == 1)
	}
	return st.MustPosition(), built
}

// lidraughts' worst case: one legal move, the white king taking all 32
// black kings and ending on 46. A plain search needs minutes.
func TestPathologicalCapture(t *testing.T) {
	p := MustParseFEN(benchPathological)
	// A generous bound: the benchmark takes microseconds, a plain search
	// minutes.
	done := make(chan []Move, 1)
	go func() { done <- p.LegalMoves() }()
	var moves []Move
	select {
	case moves = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("LegalMoves took more than 10 s")
	}
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1: %v", len(moves), moves)
	}
	m := moves[0]
	if m.From() != 5 || m.To() != 46 || m.Captured().Len() != 32 || !m.ByKing() {
		t.Errorf("got %s taking %d, want 5x46 taking all 32", m, m.Captured().Len())
	}
	if n := bits.OnesCount64(m.captured); n != 32 {
		t.Errorf("captured %d", n)
	}
}

// Move text on the worst case: writing the full path, reading it back, and
// rejecting wrong paths all answer at once rather than walking countless
// paths.
func TestPathologicalText(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := p.LegalMoves()[0]
	done := make(chan struct{})
	go func() {
		defer close(done)
		if got := p.MoveText(m); got != "5x46" {
			t.Errorf("MoveText = %q", got)
		}
		full := p.FullMoveText(m)
		if n := len(strings.Split(full, "x")); n != 33 {
			t.Errorf("FullMoveText = %q: %d squares", full, n)
		}
		if got, err := p.ParseMove(full); err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v", full, got, err)
		}
		for _, bad := range []string{"5x10", "5x49x46", "5x50x1x46", "5x3x1x12x3x14x5x25x14x12x23x14x34x23x37x17x6x26x17x28x39x25x45x34x48x37x26x46x37x39x50x46x48"} {
			if _, err := p.ParseMove(bad); !errors.Is(err, ErrIllegalMove) {
				t.Errorf("ParseMove(%q): %v, want an illegal move", bad, err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("move text on the worst case took more than 20 s")
	}
}

// The king search's memory of visited states changes no answer: with it
// from the first step, on positions where a king has many captures, the
// moves are those of the plain search (and of the shortcut, where it
// decides).
func TestKingSearchMemo(t *testing.T) {
	search := func(p Position, memo bool) []Move {
		var g generator
		g.init(&p)
		g.memoAlways = memo
		moves := g.searchCaptures(nil)
		SortMoves(moves)
		return moves
	}
	rapid.Check(t, func(t *rapid.T) {
		p, _ := drawFullCapturePosition(t, rapid.Bool().Draw(t, "kingsOnly"))
		plain, memo := search(p, false), search(p, true)
		if !slices.Equal(plain, memo) {
			t.Fatalf("%s: plain %v, with memory %v", p.FEN(), plain, memo)
		}
	})
	// The stress position needs the memory past its budget: same answer
	// as the shortcut.
	p := MustParseFEN(benchKingCaptures)
	if got, want := search(p, false), p.LegalMoves(); !slices.Equal(got, want) {
		t.Errorf("stress position: search %v, shortcut %v", got, want)
	}
}

func TestSubsets(t *testing.T) {
	set := SquareSetOf(3, 9, 17, 28, 44, 50).b
	binomial := []int{1, 6, 15, 20, 15, 6, 1, 0}
	for n, want := range binomial {
		seen := map[uint64]bool{}
		for it := newSubsets(set, n); it.next(); {
			s := it.subset
			if bits.OnesCount64(s) != n || s&^set != 0 || seen[s] {
				t.Fatalf("n=%d: bad subset %v", n, SquareSet{s})
			}
			seen[s] = true
		}
		if len(seen) != want {
			t.Errorf("n=%d: %d subsets, want %d", n, len(seen), want)
		}
	}
}
