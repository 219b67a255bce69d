package frisian

// Random positions, games and moves for the property tests (rapid
// generators), in one place so that tests share them.

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

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
	moves := p.LegalMoves()
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

// anyPosition draws a position from one of: a random placement, a random
// game from the start, a short random game from a random placement. (Random
// games end fast; longer ones would give mostly lost, near-empty boards.)
var anyPosition = rapid.OneOf(
	rapid.Custom(drawPlacement),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, StartPosition(), 100, nil) }),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, drawPlacement(t), 16, nil) }),
)

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
