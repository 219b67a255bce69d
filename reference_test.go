package frisian

// The reference move generator: an oracle for the property tests
// (property_test.go) that shares no code with the package.
//
// It is a plain square-by-square implementation of RULES.md §1–5 on a
// 10×10 array, written from the rules text alone. It uses no bitboard, no
// table and no capture code of the package; it reads a Position only
// through PieceAt, Turn, KingRun and DrawPlies. It is slow and meant to be
// obviously right. The tests at the end check it against the examples of
// RULES.md, the rule vectors and the published perft counts.

import (
	"cmp"
	"fmt"
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

// maxDrawPlies is the largest draw counter Setup accepts (and ParseFEN
// reads in :H).
const maxDrawPlies = 1<<15 - 1

// ---------------------------------------------------------------------------
// Reference end of the game (RULES.md §7)

// refEnd returns the outcome of s under rules and the draw counts that
// run in it, from the rules text: a side with no legal move has lost;
// lidraughts draws one king each after 4 plies and two kings against one
// after 14; the official rules draw two kings against one once the side
// with two kings has made seven moves, and one king each at once unless
// the side to move can capture or every move it has lets the opponent
// capture next.
func refEnd(s refState, rules DrawRules) (Outcome, []DrawCounter) {
	_, wk := s.count(true)
	_, bk := s.count(false)
	var counts []DrawCounter
	switch {
	case !s.kingEnding():
	case rules == LidraughtsDraws && wk == 1 && bk == 1:
		counts = []DrawCounter{{Reason: LidraughtsOneKingEach, Count: s.drawPlies, Limit: 4, Plies: true}}
	case rules == LidraughtsDraws:
		counts = []DrawCounter{{Reason: LidraughtsTwoKingsAgainstOne, Count: s.drawPlies, Limit: 14, Plies: true}}
	case wk+bk == 3:
		// The plies since the material arose, last first: the last was
		// made by the side not to move, and they alternate.
		strongWhite := wk == 2
		moves, byWhite := 0, !s.whiteTurn
		for range s.drawPlies {
			if byWhite == strongWhite {
				moves++
			}
			byWhite = !byWhite
		}
		counts = []DrawCounter{{Reason: TwoKingsAgainstOne, Count: moves, Limit: 7, Side: colorOf(strongWhite)}}
	}
	legal, capture := s.legalMoves()
	if len(legal) == 0 {
		winner := BlackWins
		if !s.whiteTurn {
			winner = WhiteWins
		}
		return Outcome{winner, NoLegalMove}, counts
	}
	for _, c := range counts {
		if c.Count >= c.Limit {
			return Outcome{Draw, c.Reason}, counts
		}
	}
	if rules == OfficialDraws && s.kingEnding() && wk == 1 && bk == 1 && !capture {
		for _, m := range legal {
			next := refApply(s, m)
			if _, replyCaptures := next.legalMoves(); !replyCaptures {
				return Outcome{Draw, OneKingEach}, counts // a safe move
			}
		}
	}
	return Outcome{}, counts
}

// ---------------------------------------------------------------------------
// Reference path check (RULES.md §3)

// checkPathOf checks by the rules text that path is a path of m in p.
func checkPathOf(t rapid.TB, p Position, m Move, path []Square) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: Path(%s) = %v: %s", p.FEN(), m.String(), path, fmt.Sprintf(format, args...))
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

// TestReferencePerft checks the reference generator and update against the
// published start-position counts (testdata/perft.txt).
func TestReferencePerft(t *testing.T) {
	want := []uint64{1, 9, 81, 658, 3874, 21265, 102431, 540126}
	depth := len(want) - 1
	if !long() {
		depth = 4
	}
	s := refStateOf(StartPosition())
	for d := 0; d <= depth; d++ {
		if got := refPerft(s, d); got != want[d] {
			t.Errorf("reference perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}
