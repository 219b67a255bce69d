package frisian

// The tests' random positions, games, moves and texts, in one place so
// that tests share them rather than each growing its own: rapid
// generators, and clickPositions, a fixed list from seeded random games.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/internal/layout"
	"pgregory.net/rapid"
)

// uniform returns a generator of integers in [lo, hi] that, unlike
// rapid.IntRange, is not biased towards small values (random boards and
// games need the whole range), yet still shrinks towards lo: it is built
// from fair coin flips.
func uniform(lo, hi int) *rapid.Generator[int] {
	if lo == hi {
		return rapid.Just(lo)
	}
	return rapid.Custom(func(t *rapid.T) int {
		n := hi - lo
		v := 0
		for i := range bits.Len(uint(n)) {
			if rapid.Bool().Draw(t, "bit") {
				v |= 1 << i
			}
		}
		return lo + v%(n+1)
	})
}

// drawPlacement draws a random valid position: random men and kings (no man
// on its own promotion row), a random side to move, a random three-move
// state where one can exist, and a random draw counter in king endings.
// Every draw shrinks towards an emptier, simpler board.
func drawPlacement(t *rapid.T) Position {
	var s Setup
	density := uniform(0, 80).Draw(t, "density")
	kingShare := uniform(0, 100).Draw(t, "kingShare")
	for n := 1; n <= 50; n++ {
		if uniform(0, 99).Draw(t, "occupied") < 100-density {
			continue
		}
		white := rapid.Bool().Draw(t, "white")
		king := uniform(0, 99).Draw(t, "king") >= 100-kingShare
		if r, _ := refRC(n); r == refPromotionRow(white) {
			king = true
		}
		s.Board[n] = NewPiece(colorOf(white), king)
	}
	s.Turn = colorOf(rapid.Bool().Draw(t, "whiteToMove"))
	for _, c := range []Color{White, Black} {
		var kings []Square
		men := false
		for n := Square(1); n <= 50; n++ {
			switch s.Board[n] {
			case NewPiece(c, true):
				kings = append(kings, n)
			case NewPiece(c, false):
				men = true
			}
		}
		if !men || len(kings) == 0 {
			continue
		}
		if count := rapid.IntRange(0, 3).Draw(t, "kingMoves"); count > 0 {
			s.KingRun[c] = KingRun{count, rapid.SampledFrom(kings).Draw(t, "kingMovesSquare")}
		}
	}
	var st refState
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		if pc := s.Board[n]; pc != NoPiece {
			st.board[r][c] = refSquare{present: true, white: pc == WhiteMan || pc == WhiteKing, king: pc == WhiteKing || pc == BlackKing}
		}
	}
	if st.kingEnding() {
		// Small counters, and the top of the range, where Apply must stop.
		s.DrawPlies = rapid.OneOf(rapid.IntRange(0, 20), rapid.IntRange(maxDrawPlies-3, maxDrawPlies)).Draw(t, "drawPlies")
	}
	p, err := s.Position()
	if err != nil {
		t.Fatalf("Setup.Position rejected a valid setup: %v\n%+v", err, s)
	}
	if got := p.Setup(); got != s {
		t.Fatalf("Setup round trip: got %+v, want %+v", got, s)
	}
	return p
}

// sortedMoves returns the legal moves of p in reference key order, so that
// a game drawn by index does not depend on the generation order.
func sortedMoves(p Position) []Move {
	moves := legalOf(p).Moves()
	slices.SortFunc(moves, func(a, b Move) int { return compareKeys(keyOf(a), keyOf(b)) })
	return moves
}

// drawGame plays up to maxPlies random legal moves from p and calls visit
// (when not nil) for every move played.
func drawGame(t *rapid.T, p Position, maxPlies int, visit func(p Position, m Move)) Position {
	plies := uniform(0, maxPlies).Draw(t, "plies")
	for range plies {
		moves := sortedMoves(p)
		if len(moves) == 0 {
			break
		}
		m := moves[uniform(0, len(moves)-1).Draw(t, "move")]
		if visit != nil {
			visit(p, m)
		}
		p = p.Apply(m)
	}
	return p
}

// anyStart draws one of the two starts: the standard one, or Frysk!'s
// five men each on the back rows.
// (A function, not a list: the board tables are built by init, after the
// package's variables.)
var anyStart = rapid.Custom(func(t *rapid.T) Position {
	if rapid.Bool().Draw(t, "frysk") {
		return MustParseFEN("W:W46-50:B1-5") // Frysk!
	}
	return StartPosition()
})

// anyPosition draws a position from one of: a random placement, a random
// game from a start, a short random game from a random placement. (Random
// games end fast; longer ones would give mostly lost, near-empty boards.)
var anyPosition = rapid.OneOf(
	rapid.Custom(drawPlacement),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, anyStart.Draw(t, "start"), 100, nil) }),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, drawPlacement(t), 16, nil) }),
)

// crowdedPosition draws a position where a white king can take eight or
// more pieces along a random walk, on a board crowded with white pieces
// (drawFullCapturePosition): the long king captures with many paths that
// random placements rarely give.
var crowdedPosition = rapid.Custom(func(t *rapid.T) Position {
	return drawFullCapturePosition(t, rapid.Bool().Draw(t, "kingsOnly"))
})

// drawFullCapturePosition builds a position in which the white king can
// take every black piece: it walks a random capture on an empty board,
// placing each piece it jumps and keeping every square it crosses empty.
// Extra black pieces and white pieces (only kings if kingsOnly) fill part
// of the squares the walk left free.
func drawFullCapturePosition(t *rapid.T, kingsOnly bool) Position {
	var st Setup
	st.Turn = White
	start := rapid.IntRange(0, NumSquares-1).Draw(t, "start")
	at := int(layout.BitOf[start+1])
	keepEmpty := uint64(1) << at
	var pieces uint64
	steps := rapid.IntRange(8, 14).Draw(t, "steps")
	for range steps {
		var options [][3]int // direction, piece bit, landing bit
		for d := range 8 {
			for x := layout.Rays[d][at]; x != 0; x &= x - 1 {
				f := bits.TrailingZeros64(x)
				between := layout.Rays[d][at] &^ layout.Rays[d][f] &^ (1 << f)
				if between&pieces != 0 || (1<<f)&(keepEmpty|pieces) != 0 {
					continue
				}
				for l := layout.Rays[d][f]; l != 0; l &= l - 1 {
					b := bits.TrailingZeros64(l)
					if layout.Rays[d][f]&^layout.Rays[d][b]&pieces != 0 {
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
		keepEmpty |= layout.Rays[d][at]&^layout.Rays[d][f]&^(1<<f) | layout.Rays[d][f]&^layout.Rays[d][b]
		pieces |= 1 << f
		at = b
	}
	if bits.OnesCount64(pieces) < 8 {
		t.Skip("walk too short")
	}
	st.Board[start+1] = WhiteKing
	// At times all kings, whose best captures then score exactly what
	// their number of pieces can.
	allKings := rapid.IntRange(0, 3).Draw(t, "allKings") == 0
	for x := pieces; x != 0; x &= x - 1 {
		sq := squareOfBit(bits.TrailingZeros64(x))
		st.Board[sq] = NewPiece(Black, sq > 45 || allKings || rapid.Bool().Draw(t, "king"))
	}
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
	return st.MustPosition()
}

// clickPositions returns positions for the click tests: those of the
// vector files (kings with many paths among them) and positions with
// captures from random games, from a fixed seed rather than rapid's draws.
func clickPositions(t *testing.T) []Position {
	t.Helper()
	ps, _ := txtVectorPositions(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		p := StartPosition()
		for range 150 {
			moves := legalOf(p).Moves()
			if len(moves) == 0 {
				break
			}
			if moves[0].IsCapture() {
				ps = append(ps, p)
			}
			p = p.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return ps
}

// anyMove draws a Move value on the board's squares that need not be legal
// anywhere: any start and end, the flags of a legal move, and up to six
// captured squares.
var anyMove = rapid.Custom(func(t *rapid.T) Move {
	sq := rapid.IntRange(1, NumSquares)
	from, to := layout.BitOf[sq.Draw(t, "from")], layout.BitOf[sq.Draw(t, "to")]
	flags := rapid.Uint8Max(3).Draw(t, "flags")
	var captured uint64
	for range rapid.IntRange(0, 6).Draw(t, "captures") {
		captured |= bit(Square(sq.Draw(t, "captured")))
	}
	return newMove(from, to, flags, captured)
})

// rawMove draws a Move of any bits at all, most of them naming no square.
var rawMove = rapid.Custom(func(t *rapid.T) Move {
	return newMove(rapid.Uint8().Draw(t, "from"), rapid.Uint8().Draw(t, "to"),
		rapid.Uint8().Draw(t, "flags"), rapid.Uint64().Draw(t, "captured"))
})

// drawFENVariant writes s in one of the many FEN forms RULES.md §8 says
// readers accept.
func drawFENVariant(t *rapid.T, s refState) string {
	sp := func(label string) string {
		return rapid.SampledFrom([]string{"", "", " ", "  "}).Draw(t, label)
	}
	turn := "B"
	if s.whiteTurn {
		turn = "W"
	}
	var fields []string
	for _, white := range []bool{true, false} {
		var items []string
		var run []int // consecutive men, written as a range when long enough
		flush := func() {
			if len(run) >= 2 && rapid.Bool().Draw(t, "range") {
				items = append(items, fmt.Sprintf("%d-%d", run[0], run[len(run)-1]))
			} else {
				for _, n := range run {
					items = append(items, strconv.Itoa(n))
				}
			}
			run = nil
		}
		for n := 1; n <= 50; n++ {
			r, c := refRC(n)
			sq := s.board[r][c]
			if !sq.present || sq.white != white {
				if len(run) > 0 {
					flush()
				}
				continue
			}
			if sq.king {
				flush()
				items = append(items, "K"+strconv.Itoa(n))
				continue
			}
			run = append(run, n)
		}
		flush()
		items = rapid.Permutation(items).Draw(t, "order")
		for i := range items {
			items[i] = sp("sp") + items[i] + sp("sp")
		}
		name := map[bool]string{true: "W", false: "B"}[white]
		fields = append(fields, sp("sp")+name+strings.Join(items, ","))
	}
	if rapid.Bool().Draw(t, "blackFirst") {
		fields[0], fields[1] = fields[1], fields[0]
	}
	if s.drawPlies != 0 || rapid.Bool().Draw(t, "writeH") {
		fields = append(fields, fmt.Sprintf("H%d", s.drawPlies))
	}
	if rapid.Bool().Draw(t, "writeF") {
		fields = append(fields, fmt.Sprintf("F%d", rapid.IntRange(1, 500).Draw(t, "moveNumber")))
	}
	if s.km[White].Count != 0 || s.km[Black].Count != 0 || rapid.Bool().Draw(t, "writeKM") {
		f := ""
		for _, c := range []Color{Black, White} {
			f += fmt.Sprintf("+%d", s.km[c].Count)
			if s.km[c].Count > 0 {
				// Readers take the square in one digit too (older output).
				f += fmt.Sprintf(rapid.SampledFrom([]string{"%d", "%02d"}).Draw(t, "squareFormat"), s.km[c].Square)
			}
		}
		fields = append(fields, f)
	}
	fen := sp("sp") + turn + ":" + strings.Join(fields, ":")
	if rapid.Bool().Draw(t, "dot") {
		fen += "."
	}
	if rapid.Bool().Draw(t, "tag") {
		fen = `[FEN "` + fen + `"]`
	}
	return fen
}
