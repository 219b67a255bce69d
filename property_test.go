package frisian

// Property tests (pgregory.net/rapid) with oracles that do not share code
// with the package.
//
// The oracle for move generation is the reference generator below: a plain
// square-by-square implementation of RULES.md §1–5 on a 10×10 array, written
// from the rules text alone. It uses no bitboard, no table and no capture
// code of the package; it reads a Position only through PieceAt, Turn,
// KingRun and DrawPlies. It is slow and meant to be obviously right.

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// ---------------------------------------------------------------------------
// Reference geometry (RULES.md §1, §3)

// refSquare is a piece on the reference board. The zero value is an empty
// square.
type refSquare struct {
	present bool
	white   bool
	king    bool
}

// refBoard is the 10×10 board, [row][column]; row 0 is Black's back rank
// (squares 1–5), column 0 is White's left. Light squares are always empty.
type refBoard [10][10]refSquare

// refRC returns the row and column of square n (1–50): row r holds
// 5r+1 … 5r+5; on even rows the dark squares are columns 1,3,5,7,9, on odd
// rows 0,2,4,6,8 (RULES.md §1).
func refRC(n int) (row, col int) {
	row = (n - 1) / 5
	k := (n - 1) % 5
	if row%2 == 0 {
		return row, 2*k + 1
	}
	return row, 2 * k
}

// refNumber returns the square number at row, col; the square must be dark
// and on the board.
func refNumber(row, col int) int { return row*5 + col/2 + 1 }

func refOnBoard(row, col int) bool { return row >= 0 && row < 10 && col >= 0 && col < 10 }

// refDirs are the eight capture directions as (row, column) steps to the
// next dark square: the four diagonals first (the only quiet-move
// directions), then vertical (same column, two rows away) and horizontal
// (same row, two columns away). Each step keeps a dark square dark.
var refDirs = [8][2]int{
	{-1, -1}, {-1, +1}, {+1, -1}, {+1, +1}, // diagonals
	{-2, 0}, {+2, 0}, // vertical: n-10, n+10
	{0, -2}, {0, +2}, // horizontal: n-1, n+1 inside the row
}

// refOpposite returns the direction pointing straight back along d.
func refOpposite(d int) int {
	for e, dir := range refDirs {
		if dir[0] == -refDirs[d][0] && dir[1] == -refDirs[d][1] {
			return e
		}
	}
	panic("no opposite direction")
}

// refPromotionRow is the row where a man of the given color is crowned:
// White on 1–5 (row 0), Black on 46–50 (row 9).
func refPromotionRow(white bool) int {
	if white {
		return 0
	}
	return 9
}

// refForward is the row step of a man's quiet move: White moves towards
// square 1.
func refForward(white bool) int {
	if white {
		return -1
	}
	return +1
}

// refBoardOf copies the pieces of p onto a reference board.
func refBoardOf(p Position) refBoard {
	var b refBoard
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		switch p.PieceAt(Square(n)) {
		case WhiteMan:
			b[r][c] = refSquare{present: true, white: true}
		case WhiteKing:
			b[r][c] = refSquare{present: true, white: true, king: true}
		case BlackMan:
			b[r][c] = refSquare{present: true}
		case BlackKing:
			b[r][c] = refSquare{present: true, king: true}
		case NoPiece:
		default:
			panic("unknown piece")
		}
	}
	return b
}

// refSet is a set of square numbers: bit n for square n.
type refSet uint64

func (s refSet) has(n int) bool { return s&(1<<n) != 0 }

func (s refSet) String() string {
	var parts []string
	for n := 1; n <= 50; n++ {
		if s.has(n) {
			parts = append(parts, strconv.Itoa(n))
		}
	}
	return strings.Join(parts, ",")
}

func refSetOf(s SquareSet) refSet {
	var out refSet
	for sq := range s.All() {
		out |= 1 << sq
	}
	return out
}

// refKey identifies a move as RULES.md §3.2 does: start, end and captured
// set.
type refKey struct {
	from, to int
	captured refSet
}

func (k refKey) String() string {
	if k.captured == 0 {
		return fmt.Sprintf("%d-%d", k.from, k.to)
	}
	return fmt.Sprintf("%dx%d{%v}", k.from, k.to, k.captured)
}

// refMove is a reference legal move with its flags.
type refMove struct {
	refKey
	byKing    bool
	promotion bool
	kings     int // kings captured (roles at the start of the move)
	men       int // men captured
}

func keyOf(m Move) refKey {
	return refKey{int(m.From()), int(m.To()), refSetOf(m.Captured())}
}

func compareKeys(a, b refKey) int {
	return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to), cmp.Compare(a.captured, b.captured))
}

// ---------------------------------------------------------------------------
// Reference capture generator (RULES.md §3, §3.1, §3.2, §4)

// refCompleteCaptures returns every complete capture sequence of every piece
// of the side to move, one entry per path (duplicates included).
func refCompleteCaptures(b refBoard, white bool) []refMove {
	var out []refMove
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		piece := b[r][c]
		if !piece.present || piece.white != white {
			continue
		}
		work := b
		work[r][c] = refSquare{} // the start square counts as empty during the capture
		var taken [10][10]bool
		refExtend(&work, &taken, piece, n, r, c, -1, 0, 0, 0, &out)
	}
	return out
}

// refExtend continues a capture of mover (which started on square from) now
// standing on (r, c) after jumping in direction last (-1 before the first
// jump), having taken the pieces in captured. A capture must go on while it
// can; when no jump is possible and something was taken, it is complete.
func refExtend(b *refBoard, taken *[10][10]bool, mover refSquare, from, r, c, last int,
	captured refSet, kings, men int, out *[]refMove) {
	extended := false
	for d, dir := range refDirs {
		// A king's next jump may go in any direction except straight back.
		if mover.king && last >= 0 && d == refOpposite(last) {
			continue
		}
		// The piece to jump: the adjacent square for a man; for a king the
		// first occupied square along the line, over any number of empty
		// ones.
		vr, vc := r+dir[0], c+dir[1]
		if mover.king {
			for refOnBoard(vr, vc) && !b[vr][vc].present {
				vr, vc = vr+dir[0], vc+dir[1]
			}
		}
		if !refOnBoard(vr, vc) {
			continue
		}
		victim := b[vr][vc]
		// Only an enemy piece not yet taken can be jumped; taken pieces stay
		// on the board and block (Art. 13, 14).
		if !victim.present || victim.white == mover.white || taken[vr][vc] {
			continue
		}
		// Landing: the next square beyond for a man; for a king any empty
		// square beyond before the next occupied one.
		for lr, lc := vr+dir[0], vc+dir[1]; refOnBoard(lr, lc) && !b[lr][lc].present; lr, lc = lr+dir[0], lc+dir[1] {
			extended = true
			k, m := kings, men
			if victim.king {
				k++
			} else {
				m++
			}
			taken[vr][vc] = true
			refExtend(b, taken, mover, from, lr, lc, d, captured|1<<refNumber(vr, vc), k, m, out)
			taken[vr][vc] = false
			if !mover.king {
				break
			}
		}
	}
	if !extended && captured != 0 {
		to := refNumber(r, c)
		*out = append(*out, refMove{
			refKey:    refKey{from, to, captured},
			byKing:    mover.king,
			promotion: !mover.king && r == refPromotionRow(mover.white),
			kings:     kings,
			men:       men,
		})
	}
}

// refBestCaptures keeps the complete captures that must be played, by
// RULES.md §3.1 in its three-step form: highest value 2·kings+men, then
// fewest kings, then a king's capture over a man's.
func refBestCaptures(all []refMove) []refMove {
	if len(all) == 0 {
		return nil
	}
	best := -1
	for _, m := range all {
		best = max(best, 2*m.kings+m.men)
	}
	fewest := 1 << 30
	for _, m := range all {
		if 2*m.kings+m.men == best {
			fewest = min(fewest, m.kings)
		}
	}
	kingCan := false
	for _, m := range all {
		if 2*m.kings+m.men == best && m.kings == fewest && m.byKing {
			kingCan = true
		}
	}
	var out []refMove
	for _, m := range all {
		if 2*m.kings+m.men == best && m.kings == fewest && (m.byKing || !kingCan) {
			out = append(out, m)
		}
	}
	return out
}

// refQuietMoves lists the quiet moves (RULES.md §2): men one step
// diagonally forward, kings any distance along a diagonal over empty
// squares; except, under the three-move rule (§5), the king on the recorded
// square of a side with men and count 3.
func refQuietMoves(b refBoard, white bool, km KingRun) []refMove {
	hasMen := false
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		if b[r][c].present && b[r][c].white == white && !b[r][c].king {
			hasMen = true
		}
	}
	var out []refMove
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		piece := b[r][c]
		if !piece.present || piece.white != white {
			continue
		}
		if !piece.king {
			for _, dc := range []int{-1, +1} {
				tr, tc := r+refForward(white), c+dc
				if refOnBoard(tr, tc) && !b[tr][tc].present {
					out = append(out, refMove{
						refKey:    refKey{n, refNumber(tr, tc), 0},
						promotion: tr == refPromotionRow(white),
					})
				}
			}
			continue
		}
		if hasMen && km.Count == 3 && int(km.Square) == n {
			continue
		}
		for _, dir := range refDirs[:4] {
			for tr, tc := r+dir[0], c+dir[1]; refOnBoard(tr, tc) && !b[tr][tc].present; tr, tc = tr+dir[0], tc+dir[1] {
				out = append(out, refMove{refKey: refKey{n, refNumber(tr, tc), 0}, byKing: true})
			}
		}
	}
	return out
}

// refLegalMoves returns the legal moves of p by the reference rules, one per
// (from, to, captured set), and whether they are captures.
func refLegalMoves(p Position) (map[refKey]refMove, bool) {
	s := refStateOf(p)
	return s.legalMoves()
}

// legalMoves returns the legal moves of s by the reference rules.
func (s *refState) legalMoves() (map[refKey]refMove, bool) {
	moves := refBestCaptures(refCompleteCaptures(s.board, s.whiteTurn))
	capture := len(moves) > 0
	if !capture {
		moves = refQuietMoves(s.board, s.whiteTurn, s.km[colorOf(s.whiteTurn)])
	}
	out := map[refKey]refMove{}
	for _, m := range moves {
		out[m.refKey] = m // different paths of one move are one move
	}
	return out, capture
}

// ---------------------------------------------------------------------------
// Reference position update (RULES.md §4, §5, §7) and FEN text (§8)

// refState is what the reference knows of a position.
type refState struct {
	board     refBoard
	whiteTurn bool
	km        [2]KingRun // by Color
	drawPlies int
}

func refStateOf(p Position) refState {
	return refState{
		board:     refBoardOf(p),
		whiteTurn: p.Turn() == White,
		km:        [2]KingRun{p.KingRun(White), p.KingRun(Black)},
		drawPlies: p.DrawPlies(),
	}
}

// count returns the men and kings of one side.
func (s *refState) count(white bool) (men, kings int) {
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		if sq := s.board[r][c]; sq.present && sq.white == white {
			if sq.king {
				kings++
			} else {
				men++
			}
		}
	}
	return men, kings
}

// kingEnding reports two kings against one or one king each, nothing else
// (RULES.md §7), the material the draw counter runs in.
func (s *refState) kingEnding() bool {
	wm, wk := s.count(true)
	bm, bk := s.count(false)
	if wm != 0 || bm != 0 {
		return false
	}
	return (wk == 1 && bk == 1) || (wk == 2 && bk == 1) || (wk == 1 && bk == 2)
}

func colorOf(white bool) Color {
	if white {
		return White
	}
	return Black
}

// refApply plays m on s by the rules text.
func refApply(s refState, m refMove) refState {
	next := s
	white := s.whiteTurn
	fr, fc := refRC(m.from)
	tr, tc := refRC(m.to)
	piece := next.board[fr][fc]
	next.board[fr][fc] = refSquare{}
	for n := 1; n <= 50; n++ {
		if m.captured.has(n) {
			r, c := refRC(n)
			next.board[r][c] = refSquare{}
		}
	}
	promoted := !piece.king && tr == refPromotionRow(white)
	if promoted {
		piece.king = true
	}
	next.board[tr][tc] = piece
	next.whiteTurn = !white

	// Three-move rule, §5.
	us, them := colorOf(white), colorOf(!white)
	usMen, _ := next.count(white)
	themMen, _ := next.count(!white)
	if m.byKing && m.captured == 0 && usMen > 0 {
		km := s.km[us]
		if km.Count > 0 && int(km.Square) == m.from {
			km.Count++
		} else {
			km.Count = 1
		}
		km.Square = Square(m.to)
		next.km[us] = km
	} else {
		next.km[us] = KingRun{}
	}
	if themMen == 0 || (s.km[them].Count > 0 && m.captured.has(int(s.km[them].Square))) {
		next.km[them] = KingRun{}
	}

	// Draw counter, §7: plies since the king-only ending arose; a capture or
	// promotion restarts it.
	switch {
	case !next.kingEnding():
		next.drawPlies = 0
	case s.kingEnding() && m.captured == 0 && !promoted:
		// The rules never need more than 14; the counter stops at the
		// largest value Setup and ParseFEN accept, so that every Position
		// can be written and read back.
		next.drawPlies = min(s.drawPlies+1, maxDrawPlies)
	default:
		next.drawPlies = 0
	}
	return next
}

// refPerft counts the leaves of the reference move tree of s, one per
// (from, to, captured set) as RULES.md §3.2 and testdata/perft.txt do.
func refPerft(s refState, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves, _ := s.legalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += refPerft(refApply(s, m), depth-1)
	}
	return n
}

// refFEN writes the FEN that Position.FEN documents: side to move, White's
// squares ascending with K for kings, Black's, then :H<n> when the draw
// counter is not 0 and :+<black>+<white> when a king-move count is not 0,
// squares in two digits.
func refFEN(s refState) string {
	var b strings.Builder
	b.WriteString(map[bool]string{true: "W", false: "B"}[s.whiteTurn])
	for _, white := range []bool{true, false} {
		b.WriteString(map[bool]string{true: ":W", false: ":B"}[white])
		var items []string
		for n := 1; n <= 50; n++ {
			r, c := refRC(n)
			if sq := s.board[r][c]; sq.present && sq.white == white {
				if sq.king {
					items = append(items, "K"+strconv.Itoa(n))
				} else {
					items = append(items, strconv.Itoa(n))
				}
			}
		}
		b.WriteString(strings.Join(items, ","))
	}
	if s.drawPlies != 0 {
		fmt.Fprintf(&b, ":H%d", s.drawPlies)
	}
	if s.km[White].Count != 0 || s.km[Black].Count != 0 {
		b.WriteString(":")
		for _, c := range []Color{Black, White} {
			fmt.Fprintf(&b, "+%d", s.km[c].Count)
			if s.km[c].Count > 0 {
				fmt.Fprintf(&b, "%02d", s.km[c].Square) // two digits: RULES.md §8
			}
		}
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// Generators

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

// maxDrawPlies is the largest draw counter Setup accepts (and ParseFEN
// reads in :H).
const maxDrawPlies = 1<<15 - 1

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

// maxPlies bounds the games of TestPropGames.
func maxPlies() int {
	if testing.Short() {
		return 80
	}
	return 200
}

// anyPosition draws a position from one of: a random placement, a random
// game from the start, a short random game from a random placement. (Random
// games end fast; longer ones would give mostly lost, near-empty boards.)
var anyPosition = rapid.OneOf(
	rapid.Custom(drawPlacement),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, StartPosition(), 100, nil) }),
	rapid.Custom(func(t *rapid.T) Position { return drawGame(t, drawPlacement(t), 16, nil) }),
)

// ---------------------------------------------------------------------------
// Checks shared by the properties

// checkAgainstReference compares LegalMoves of p, as a set of (from, to,
// captured set) with flags, with the reference generator.
func checkAgainstReference(t rapid.TB, p Position) {
	t.Helper()
	want, capture := refLegalMoves(p)
	got := map[refKey]Move{}
	for _, m := range p.LegalMoves() {
		k := keyOf(m)
		if _, dup := got[k]; dup {
			t.Fatalf("%s: LegalMoves lists %v twice", p.FEN(), m.HubString())
		}
		got[k] = m
	}
	var missing, extra []string
	for k := range want {
		if _, ok := got[k]; !ok {
			missing = append(missing, k.String())
		}
	}
	for k, m := range got {
		if _, ok := want[k]; !ok {
			extra = append(extra, m.HubString())
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		slices.Sort(missing)
		slices.Sort(extra)
		t.Fatalf("%s: LegalMoves differs from the reference (capture=%v)\nmissing: %v\nextra:   %v",
			p.FEN(), capture, missing, extra)
	}
	for k, r := range want {
		m := got[k]
		if m.ByKing() != r.byKing || m.IsPromotion() != r.promotion || m.IsCapture() != capture {
			t.Fatalf("%s: %s flags byKing=%v promotion=%v capture=%v, want %v %v %v",
				p.FEN(), m.HubString(), m.ByKing(), m.IsPromotion(), m.IsCapture(), r.byKing, r.promotion, capture)
		}
	}
	if p.HasLegalMove() != (len(want) > 0) {
		t.Fatalf("%s: HasLegalMove = %v with %d legal moves", p.FEN(), p.HasLegalMove(), len(want))
	}
	// The other two ways to list moves agree with LegalMoves.
	legal := p.LegalMoves()
	if it := slices.Collect(p.Moves()); !slices.Equal(it, legal) {
		t.Fatalf("%s: Moves() = %v, LegalMoves() = %v", p.FEN(), it, legal)
	}
	if app := p.AppendLegalMoves(make([]Move, 1, 4)); !slices.Equal(app[1:], legal) || !app[0].IsZero() {
		t.Fatalf("%s: AppendLegalMoves = %v, LegalMoves() = %v", p.FEN(), app, legal)
	}
}

// checkInvariants checks what must hold in every position: no man on its own
// promotion row (f); a three-move state of at most 3, 0 for a side without
// men, and otherwise naming a king of that side (g).
func checkInvariants(t rapid.TB, p Position) {
	t.Helper()
	s := refStateOf(p)
	for n := 1; n <= 50; n++ {
		r, c := refRC(n)
		if sq := s.board[r][c]; sq.present && !sq.king && r == refPromotionRow(sq.white) {
			t.Fatalf("%s: %s man on its promotion row at %d", p.FEN(), colorOf(sq.white), n)
		}
	}
	for _, c := range []Color{White, Black} {
		km := p.KingRun(c)
		men, _ := s.count(c == White)
		switch {
		case km.Count < 0 || km.Count > 3:
			t.Fatalf("%s: %s three-move count %d", p.FEN(), c, km.Count)
		case men == 0 && km.Count != 0:
			t.Fatalf("%s: %s has no men but three-move state %+v", p.FEN(), c, km)
		case km.Count == 0 && km.Square != 0:
			t.Fatalf("%s: %s three-move state %+v", p.FEN(), c, km)
		case km.Count > 0 && p.PieceAt(km.Square) != NewPiece(c, true):
			t.Fatalf("%s: %s three-move state %+v names no %s king", p.FEN(), c, km, c)
		}
	}
}

// checkFEN checks (d): FEN is the documented text (refFEN), ParseFEN reads
// it back to an equal Position, and it is a fixed point.
func checkFEN(t rapid.TB, p Position) {
	t.Helper()
	fen := p.FEN()
	if want := refFEN(refStateOf(p)); fen != want {
		t.Fatalf("FEN() = %q, want %q", fen, want)
	}
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	if q != p {
		t.Fatalf("ParseFEN(%q) gives %q, not an equal Position", fen, q.FEN())
	}
	if q.FEN() != fen {
		t.Fatalf("FEN not a fixed point: %q then %q", fen, q.FEN())
	}
	var u Position
	if err := u.UnmarshalText([]byte(fen)); err != nil || u != p {
		t.Fatalf("UnmarshalText(%q) = %v, %v", fen, u, err)
	}
	if s, err := p.Setup().Position(); err != nil || s != p {
		t.Fatalf("%s: Setup().Position() = %v, %v", fen, s, err)
	}
}

// checkMove checks one legal move m of p: Apply against the reference
// update (board, side, three-move state per §5, draw counter), Apply and
// Play leave the receiver alone (c), Play agrees with Apply (b), piece
// counts never grow (e), and the invariants after the move (f, g).
func checkMove(t rapid.TB, p Position, m Move, r refMove) {
	t.Helper()
	before := p
	fenBefore := p.FEN()
	q := p.Apply(m)
	if p != before || p.FEN() != fenBefore {
		t.Fatalf("Apply(%s) changed its receiver: %s -> %s", m.HubString(), fenBefore, p.FEN())
	}
	q2, err := p.Play(m)
	if err != nil || q2 != q {
		t.Fatalf("%s: Play(%s) = %s, %v; Apply gives %s", fenBefore, m.HubString(), q2.FEN(), err, q.FEN())
	}
	if p != before {
		t.Fatalf("Play(%s) changed its receiver", m.HubString())
	}
	s := refStateOf(p)
	want := refApply(s, r)
	if got := refStateOf(q); got != want {
		t.Fatalf("%s: after %s got %s, want %s", fenBefore, m.HubString(), q.FEN(), refFEN(want))
	}
	// (e) pieces never increase; the opponent loses exactly the captured.
	for _, c := range []Color{White, Black} {
		if q.Pieces(c).Len() > p.Pieces(c).Len() {
			t.Fatalf("%s: %s: %s pieces grew", fenBefore, m.HubString(), c)
		}
	}
	if got, want := q.Pieces(p.Turn().Opponent()).Len(), p.Pieces(p.Turn().Opponent()).Len()-m.Captured().Len(); got != want {
		t.Fatalf("%s: %s: opponent has %d pieces, want %d", fenBefore, m.HubString(), got, want)
	}
	if q.Pieces(p.Turn()).Len() != p.Pieces(p.Turn()).Len() {
		t.Fatalf("%s: %s: mover's piece count changed", fenBefore, m.HubString())
	}
	checkInvariants(t, q)
}

// checkPath checks (h): Position.Path(m), replayed hop by hop with the
// reference geometry, is a legal path of m that takes exactly m.Captured().
func checkPath(t rapid.TB, p Position, m Move) {
	t.Helper()
	checkPathOf(t, p, m, p.Path(m))
}

// checkPathOf checks by the rules text that path is a path of m in p.
func checkPathOf(t rapid.TB, p Position, m Move, path []Square) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: Path(%s) = %v: %s", p.FEN(), m.HubString(), path, fmt.Sprintf(format, args...))
	}
	if len(path) < 2 || int(path[0]) != int(m.From()) || int(path[len(path)-1]) != int(m.To()) {
		fail("does not run from %d to %d", m.From(), m.To())
	}
	for _, sq := range path {
		if sq < 1 || sq > 50 {
			fail("square %d off the board", sq)
		}
	}
	b := refBoardOf(p)
	fr, fc := refRC(int(path[0]))
	mover := b[fr][fc]
	if !mover.present || mover.white != (p.Turn() == White) {
		fail("no piece of the side to move on the start square")
	}
	if !m.IsCapture() {
		if len(path) != 2 {
			fail("a quiet move has one step")
		}
		tr, tc := refRC(int(path[1]))
		dr, dc := tr-fr, tc-fc
		if dr*dr != dc*dc || dr == 0 {
			fail("not diagonal")
		}
		if !mover.king && (dr != refForward(mover.white) || dc*dc != 1) {
			fail("not a man's step forward")
		}
		sr, sc := sign(dr), sign(dc)
		for r, c := fr+sr, fc+sc; ; r, c = r+sr, c+sc {
			if b[r][c].present {
				fail("blocked at %d", refNumber(r, c))
			}
			if r == tr {
				break
			}
		}
		return
	}
	b[fr][fc] = refSquare{} // the start square is empty during the capture
	var taken [10][10]bool
	var captured refSet
	r, c, last := fr, fc, -1
	for _, sq := range path[1:] {
		tr, tc := refRC(int(sq))
		d := -1
		for e, dir := range refDirs {
			// Is (tr, tc) on the line from (r, c) in direction e?
			for k := 1; k < 10; k++ {
				if r+k*dir[0] == tr && c+k*dir[1] == tc {
					d = e
				}
			}
		}
		if d < 0 {
			fail("hop %d-%d is not along a capture line", refNumber(r, c), sq)
		}
		if mover.king && last >= 0 && d == refOpposite(last) {
			fail("king jumps straight back at %d", refNumber(r, c))
		}
		dir := refDirs[d]
		var victim [2]int
		pieces := 0
		for rr, cc := r+dir[0], c+dir[1]; rr != tr || cc != tc; rr, cc = rr+dir[0], cc+dir[1] {
			if b[rr][cc].present {
				pieces++
				victim = [2]int{rr, cc}
			}
		}
		v := b[victim[0]][victim[1]]
		switch {
		case pieces != 1:
			fail("hop %d-%d passes %d pieces", refNumber(r, c), sq, pieces)
		case b[tr][tc].present:
			fail("lands on occupied %d", sq)
		case v.white == mover.white || taken[victim[0]][victim[1]]:
			fail("jumps own or taken piece at %d", refNumber(victim[0], victim[1]))
		case !mover.king && (victim != [2]int{r + dir[0], c + dir[1]} || tr != r+2*dir[0] || tc != c+2*dir[1]):
			fail("man's hop %d-%d is not over an adjacent piece to the next square", refNumber(r, c), sq)
		}
		taken[victim[0]][victim[1]] = true
		captured |= 1 << refNumber(victim[0], victim[1])
		r, c, last = tr, tc, d
	}
	if captured != refSetOf(m.Captured()) {
		fail("takes %v, move captures %v", captured, m.Captured())
	}
	// The capture is complete: no jump is left from the last square.
	var more []refMove
	refExtend(&b, &taken, mover, int(m.From()), r, c, last, captured, 0, 0, &more)
	for _, x := range more {
		if x.captured != captured {
			fail("capture could go on (%v)", x.refKey)
		}
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// ---------------------------------------------------------------------------
// Properties

// checkProp runs prop with rapid.Check: in the full suite five times over
// (each run with its own seed, 500 cases by default; rapid itself runs a
// fifth of its checks under -short), once when -rapid.checks or
// -rapid.seed is given.
func checkProp(t *testing.T, prop func(*rapid.T)) {
	t.Helper()
	runs := 5
	for _, name := range []string{"rapid.checks", "rapid.seed"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != f.DefValue {
			runs = 1
		}
	}
	if testing.Short() {
		runs = 1
	}
	for range runs {
		if !t.Failed() {
			rapid.Check(t, prop)
		}
	}
}

// TestPropLegalMovesMatchReference is property (a): LegalMoves equals, as a
// set of (from, to, captured set) with flags, the reference generator's best
// captures (every complete capture of every piece, scored by §3.1) or, with
// no capture, its quiet moves under the three-move rule.
func TestPropLegalMovesMatchReference(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		checkAgainstReference(t, p)
	})
}

// TestPropCapturesAreMaximal is the capture half of (a) on its own, over
// dense random placements where captures are common: every legal capture
// scores the maximum over all complete captures, and none of the maximal
// ones is missing.
func TestPropCapturesAreMaximal(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := drawPlacement(t)
		all := refCompleteCaptures(refBoardOf(p), p.Turn() == White)
		score := func(m refMove) [3]int { // ordered: higher is better
			k := 0
			if m.byKing {
				k = 1
			}
			return [3]int{2*m.kings + m.men, -m.kings, k}
		}
		var best [3]int
		for i, m := range all {
			if s := score(m); i == 0 || slices.Compare(s[:], best[:]) > 0 {
				best = s
			}
		}
		paths := map[refKey]refMove{}
		for _, m := range all {
			if score(m) == best {
				paths[m.refKey] = m
			}
		}
		for _, m := range p.LegalMoves() {
			if len(all) == 0 {
				if m.IsCapture() {
					t.Fatalf("%s: capture %s where the reference finds none", p.FEN(), m.HubString())
				}
				continue
			}
			if !m.IsCapture() {
				t.Fatalf("%s: quiet move %s while a capture exists", p.FEN(), m.HubString())
			}
			if _, ok := paths[keyOf(m)]; !ok {
				t.Fatalf("%s: %s is not a maximal complete capture", p.FEN(), m.HubString())
			}
			delete(paths, keyOf(m))
		}
		for k := range paths {
			t.Fatalf("%s: maximal capture %v missing from LegalMoves", p.FEN(), k)
		}
	})
}

// TestPropPlayAcceptsExactlyLegalMoves is property (b): Play accepts every
// move LegalMoves lists, with Apply's result, and rejects every other Move
// value (moves of other positions, the zero Move) with an error wrapping
// ErrIllegalMove; neither Play nor Apply panics on them.
func TestPropPlayAcceptsExactlyLegalMoves(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		other := anyPosition.Draw(t, "other")
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		candidates := []Move{{}}
		candidates = append(candidates, p.LegalMoves()...)
		candidates = append(candidates, other.LegalMoves()...)
		for _, m := range p.LegalMoves() {
			candidates = append(candidates, p.Apply(m).LegalMoves()...)
		}
		// The same board with the other side to move.
		st := p.Setup()
		st.Turn = st.Turn.Opponent()
		st.KingRun = [2]KingRun{}
		if flipped, err := st.Position(); err == nil {
			candidates = append(candidates, flipped.LegalMoves()...)
		}
		before := p
		for _, m := range candidates {
			q, err := p.Play(m)
			if legal[m] {
				if err != nil || q != p.Apply(m) {
					t.Fatalf("%s: Play(%s) = %v, %v for a legal move", p.FEN(), m.HubString(), q, err)
				}
			} else {
				if err == nil || !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("%s: Play(%s) error %v, want ErrIllegalMove", p.FEN(), m.HubString(), err)
				}
				var me *MoveError
				if !errors.As(err, &me) {
					t.Fatalf("%s: Play(%s) error %T, want *MoveError", p.FEN(), m.HubString(), err)
				}
				if p.IsLegal(m) || p.Path(m) != nil {
					t.Fatalf("%s: IsLegal/Path accept illegal %s", p.FEN(), m.HubString())
				}
				_ = p.Apply(m) // must not panic
			}
			if p != before {
				t.Fatalf("Play/Apply(%s) changed the receiver", m.HubString())
			}
		}
	})
}

// TestPropApply covers (c), (e), (f) and (g) for every legal move of a
// random position: Apply and Play leave the receiver alone, and the result
// equals the reference update of the board, side to move, three-move state
// (RULES.md §5) and draw counter.
func TestPropApply(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		want, _ := refLegalMoves(p)
		checkInvariants(t, p)
		for _, m := range p.LegalMoves() {
			r, ok := want[keyOf(m)]
			if !ok {
				t.Fatalf("%s: %s is not legal by the reference", p.FEN(), m.HubString())
			}
			checkMove(t, p, m, r)
		}
	})
}

// TestPropFENRoundTrip is property (d): FEN() is the documented text,
// ParseFEN reads it back to an equal Position, and reading any equivalent
// writing (colors swapped, ranges, spaces, tag form, lidraughts fields)
// gives the same Position.
func TestPropFENRoundTrip(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		checkFEN(t, p)
		alt := drawFENVariant(t, refStateOf(p))
		q, err := ParseFEN(alt)
		if err != nil {
			t.Fatalf("ParseFEN(%q) (a writing of %s): %v", alt, p.FEN(), err)
		}
		if q != p {
			t.Fatalf("ParseFEN(%q) = %s, want %s", alt, q.FEN(), p.FEN())
		}
	})
}

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

// TestPropPerft: Perft (which counts the last ply without making the moves)
// equals the reference perft at depths 1 and 2, and Divide and
// PerftParallel agree with Perft at depth 3.
func TestPropPerft(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		s := refStateOf(p)
		for depth := 0; depth <= 2; depth++ {
			if got, want := Perft(p, depth), refPerft(s, depth); got != want {
				t.Fatalf("%s: Perft(%d) = %d, reference %d", p.FEN(), depth, got, want)
			}
		}
		n := Perft(p, 3)
		var sum uint64
		for _, e := range Divide(p, 3) {
			sum += e.Nodes
		}
		if sum != n {
			t.Fatalf("%s: Divide(3) sums to %d, Perft(3) = %d", p.FEN(), sum, n)
		}
		if got := PerftParallel(p, 3, 2); got != n {
			t.Fatalf("%s: PerftParallel(3) = %d, Perft(3) = %d", p.FEN(), got, n)
		}
	})
}

// TestPropInvariants covers (f) and (g) on positions of every origin.
func TestPropInvariants(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		checkInvariants(t, anyPosition.Draw(t, "position"))
	})
}

// TestPropPath is property (h): for every legal move, Path(m) replayed hop
// by hop with the reference geometry is a complete capture (or quiet move)
// from m.From() to m.To() taking exactly m.Captured().
func TestPropPath(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		for _, m := range p.LegalMoves() {
			checkPath(t, p, m)
		}
		if p.Path(Move{}) != nil {
			t.Fatalf("Path(zero Move) is not nil")
		}
	})
}

// TestPropPartialPaths: a capture's text with any of its path's landing
// squares left out (the path checked by the reference geometry) names the
// move, or is ambiguous with the move among the candidates; and
// NextSquares, given the first clicks of the path, offers the next one,
// and given the whole path, the move alone.
func TestPropPartialPaths(t *testing.T) {
	crowded := rapid.Custom(func(t *rapid.T) Position {
		p, _ := drawFullCapturePosition(t, rapid.Bool().Draw(t, "kingsOnly"))
		return p
	})
	checkProp(t, func(t *rapid.T) {
		p := rapid.OneOf(anyPosition, crowded).Draw(t, "position")
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				continue
			}
			path := p.Path(m)
			checkPathOf(t, p, m, path)
			text := fmt.Sprint(path[0])
			for _, sq := range path[1 : len(path)-1] {
				if rapid.Bool().Draw(t, "keep") {
					text += fmt.Sprintf("x%d", sq)
				}
			}
			text += fmt.Sprintf("x%d", path[len(path)-1])
			got, err := p.ParseMove(text)
			var me *MoveError
			switch {
			case err == nil && got != m:
				t.Fatalf("%s: %q names %s, want %s", p.FEN(), text, p.fullText(got), p.fullText(m))
			case err != nil && !(errors.As(err, &me) && errors.Is(err, ErrAmbiguousMove) && slices.Contains(me.Candidates, p.fullText(m))):
				t.Fatalf("%s: %q: %v; want %s", p.FEN(), text, err, p.fullText(m))
			}
			for _, i := range []int{1, rapid.IntRange(2, len(path)).Draw(t, "clicks")} {
				next, moves := p.NextSquares(path[:i])
				if !slices.Contains(moves, m) {
					t.Fatalf("%s: NextSquares(%v) leaves out %s", p.FEN(), path[:i], p.fullText(m))
				}
				if i < len(path) && !next.Has(path[i]) {
					t.Fatalf("%s: NextSquares(%v) does not offer %d", p.FEN(), path[:i], path[i])
				}
				if i == len(path) && (!next.Empty() || len(moves) != 1) {
					t.Fatalf("%s: NextSquares(whole path %v) = %v, %v", p.FEN(), path, next, moves)
				}
			}
		}
	})
}

// TestPropGames plays random games from the start and from random
// placements and checks everything at every ply: the reference moves,
// invariants, FEN, the move played and its path.
func TestPropGames(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		start := StartPosition()
		if rapid.Bool().Draw(t, "fromPlacement") {
			start = drawPlacement(t)
		}
		end := drawGame(t, start, maxPlies(), func(p Position, m Move) {
			checkAgainstReference(t, p)
			checkInvariants(t, p)
			checkFEN(t, p)
			want, _ := refLegalMoves(p)
			checkMove(t, p, m, want[keyOf(m)])
			checkPath(t, p, m)
		})
		checkAgainstReference(t, end)
		checkInvariants(t, end)
		checkFEN(t, end)
	})
}

// ---------------------------------------------------------------------------
// The reference itself, on the examples RULES.md gives.

func TestReferenceOnRulesExamples(t *testing.T) {
	tests := []struct {
		fen  string
		want []string
	}{
		// §3: the start square counts as empty.
		{"W:W28:B18,22,23", []string{"28x28{18,22,23}"}},
		// A man captures vertically and backwards.
		{"B:W32,33,K34:B23", []string{"23x43{33}"}},
		{"W:W28:B22,K33,19", []string{"28x39{33}"}},
		// §3.1: three kings (597) beat five men (500), even taken by a man.
		{"W:WK2,K13,K16,K27,K31,K35,K39,42,K46,49:B12,17,18,20,24,K37,K41,K48", []string{"49x38{37,41,48}"}},
		// King and man can both take one king: only the king may.
		{"W:WK7,21:BK17,35", []string{"7x27{17}", "7x37{17}", "7x47{17}"}},
		// Start position.
		{"W:W31-50:B1-20", []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		moves, _ := refLegalMoves(p)
		var got []string
		for k := range moves {
			got = append(got, k.String())
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("reference on %s = %v, want %v", tt.fen, got, want)
		}
	}
}

// TestReferenceVectors runs the reference generator on the rule vectors in
// testdata, so that the oracle itself is checked against independent data.
func TestReferenceVectors(t *testing.T) {
	for _, file := range []string{"positions.txt", "precedence.txt", "king_rule.txt"} {
		for i, row := range readVectors(t, file) {
			p := MustParseFEN(row[0])
			moves, _ := refLegalMoves(p)
			var got []string
			for k := range moves {
				s := fmt.Sprintf("%d-%d", k.from, k.to)
				if k.captured != 0 {
					s = fmt.Sprintf("%dx%d", k.from, k.to)
					for n := 1; n <= 50; n++ {
						if k.captured.has(n) {
							s += "x" + strconv.Itoa(n)
						}
					}
				}
				got = append(got, s)
			}
			slices.Sort(got)
			if want := sortedFields(row[1]); !slices.Equal(got, want) {
				t.Errorf("%s row %d %s: reference gives %v, want %v", file, i, row[0], got, want)
			}
		}
	}
}

// TestDrawPliesStayInRange: Apply must not push the draw counter beyond what
// Setup and ParseFEN accept, or the position cannot be written and read
// back (FEN round trip) or rebuilt from its Setup. (Found by TestPropGames:
// W:WK1:BK6:H32767, 1-7 gave B:WK7:BK6:H32768.)
func TestDrawPliesStayInRange(t *testing.T) {
	p := MustParseFEN("W:WK1:BK6:H32767")
	for _, m := range p.LegalMoves() {
		q := p.Apply(m)
		if r, err := ParseFEN(q.FEN()); err != nil || r != q {
			t.Errorf("after %s: ParseFEN(%q) = %v, %v", m, q.FEN(), r, err)
		}
		if r, err := q.Setup().Position(); err != nil || r != q {
			t.Errorf("after %s: Setup().Position() = %v, %v", m, r, err)
		}
	}
}

// TestReferencePerft checks the reference generator and update against the
// published start-position counts (testdata/perft.txt).
func TestReferencePerft(t *testing.T) {
	want := []uint64{1, 9, 81, 658, 3874, 21265, 102431, 540126}
	depth := len(want) - 1
	if testing.Short() {
		depth = 4
	}
	s := refStateOf(StartPosition())
	for d := 0; d <= depth; d++ {
		if got := refPerft(s, d); got != want[d] {
			t.Errorf("reference perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}
