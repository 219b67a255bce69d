package frisian

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// The oracles here are the vector files (legal moves in Hub form agreed by
// Scan 3.1 and an independent generator), the rules text, and everyCapture,
// a coordinate-based capture enumerator that is itself checked against the
// vector files below. The tests that need nothing unexported are in
// notation_api_test.go.

// txtVectorPositions returns the positions of the three vector files with
// their legal moves in Hub form.
func txtVectorPositions(t *testing.T) (ps []Position, hub [][]string) {
	t.Helper()
	for _, file := range []string{"positions.txt", "precedence.txt", "king_rule.txt"} {
		for _, row := range readVectors(t, file) {
			ps = append(ps, MustParseFEN(row[0]))
			hub = append(hub, strings.Fields(row[1]))
		}
	}
	return ps, hub
}

// txtScore is the precedence score of RULES.md §3.1, from the text: value
// 2·kings + men, then fewer kings, then a king's capture.
func txtScore(p Position, c textCapture) [3]int {
	kings, men := 0, 0
	for sq := range c.taken.All() {
		if p.PieceAt(sq).IsKing() {
			kings++
		} else {
			men++
		}
	}
	byKing := 0
	if p.PieceAt(c.path[0]).IsKing() {
		byKing = 1
	}
	return [3]int{2*kings + men, -kings, byKing}
}

// txtBestCaptures returns, in Hub form, the captures everyCapture finds
// that the precedence rule allows, each move once.
func txtBestCaptures(p Position) []string {
	var all []textCapture
	for sq := Square(1); sq <= NumSquares; sq++ {
		all = append(all, everyCapture(p, sq)...)
	}
	var best [3]int
	for _, c := range all {
		if s := txtScore(p, c); slices.Compare(s[:], best[:]) > 0 {
			best = s
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, c := range all {
		if txtScore(p, c) != best {
			continue
		}
		h := fmt.Sprintf("%dx%d", c.path[0], c.path[len(c.path)-1])
		for sq := range c.taken.All() {
			h += "x" + sq.String()
		}
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// TestEveryCaptureMatchesVectors checks the test oracle itself: the
// captures everyCapture finds, filtered by the precedence rule as RULES.md
// states it, are exactly the captures of the vector files.
func TestEveryCaptureMatchesVectors(t *testing.T) {
	ps, hub := txtVectorPositions(t)
	checked := 0
	for i, p := range ps {
		var want []string
		for _, h := range hub[i] {
			if strings.Contains(h, "x") {
				want = append(want, h)
			}
		}
		slices.Sort(want)
		got := txtBestCaptures(p)
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		checked++
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: captures (-vectors +everyCapture):\n%s", p.FEN(), diff)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d vector positions with captures", checked)
	}
}

// The ambiguous capture found in random play: Black's man on 18 can end on
// 36 taking two different sets of men.
const txtAmbiguousFEN = "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"

func TestParseMoveAmbiguous(t *testing.T) {
	p := MustParseFEN(txtAmbiguousFEN)
	// The Hub forms are the two legal moves, as the generator agrees with
	// the vector files; the paths come from the rules geometry.
	a, err := legalOf(p).ParseHubMove("18x36x28x33x37x39x43")
	if err != nil {
		t.Fatal(err)
	}
	b, err := legalOf(p).ParseHubMove("18x36x28x37x39x43x44")
	if err != nil {
		t.Fatal(err)
	}
	_, err = legalOf(p).ParseMove(context.Background(), "18x36")
	checkAmong(t, p, "18x36")
	var me *MoveError
	if !errors.Is(err, ErrAmbiguousMove) || !errors.As(err, &me) {
		t.Fatalf("ParseMove(18x36) = %v, want ErrAmbiguousMove", err)
	}
	// The candidates come in the order of Move.Compare, as ParseMove sorts
	// them: sort the expected moves the same way rather than trust the order
	// they are written in here.
	ms := []Move{a, b}
	slices.SortFunc(ms, Move.Compare)
	want := []string{p.fullText(ms[0]), p.fullText(ms[1])}
	if diff := cmp.Diff(want, me.Candidates); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
	for _, c := range me.Candidates {
		if strings.Count(c, "x") < 2 {
			t.Errorf("candidate %q is not in full-path form", c)
		}
	}
	if got := legalOf(p).Text(a); got != p.fullText(a) || got == "18x36" {
		t.Errorf("Text = %q, want the full path", got)
	}
	// Each full path and each distinguishing partial path names one move.
	for text, want := range map[string]Move{
		p.fullText(a): a, p.fullText(b): b,
		"18x29x36": a, "18x40x36": b, "18x38x29x36": a, "18x29x49x36": a,
	} {
		if got, err := legalOf(p).ParseMove(context.Background(), text); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, want.String())
		}
		checkAmong(t, p, text)
	}
	// A partial path both moves share stays ambiguous.
	for _, s := range []string{"18x38x36", "18x49x36", "18x38x49x38x36"} {
		if _, err := legalOf(p).ParseMove(context.Background(), s); !errors.Is(err, ErrAmbiguousMove) {
			t.Errorf("ParseMove(%q) = %v, want ErrAmbiguousMove", s, err)
		}
		checkAmong(t, p, s)
	}
}

func TestParseMoveVariants(t *testing.T) {
	p := MustParseFEN("W:W28:B18,22,23")
	m, err := legalOf(p).ParseMove(context.Background(), "28x28")
	if err != nil || m.Captured() != SquareSetOf(18, 22, 23) {
		t.Fatalf("ParseMove(28x28) = %v %v; RULES.md §3 says it takes 18, 22, 23", m.String(), err)
	}
	for _, s := range []string{"28X28", "28:28", " 28x28 ", "28x28!", "28x28?"} {
		if got, err := legalOf(p).ParseMove(context.Background(), s); err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v", s, got, err)
		}
	}
	full := p.fullText(m)
	if strings.Count(full, "x") != 3 {
		t.Errorf("fullText = %q, want start, two landings and end", full)
	}
	if got, err := legalOf(p).ParseMove(context.Background(), full); err != nil || got != m {
		t.Errorf("ParseMove(%q) = %v, %v", full, got, err)
	}
	// Written, it shows its path: "28x28" would puzzle a reader.
	if got := legalOf(p).Text(m); got != full {
		t.Errorf("Text = %q, want %q", got, full)
	}
}

// TestVectorMoveText: every legal move of the vector positions reads back
// from its shortest text, its full path and its Hub form, and the Hub
// forms of the files read as legal moves.
func TestVectorMoveText(t *testing.T) {
	ps, hub := txtVectorPositions(t)
	for i, p := range ps {
		for _, h := range hub[i] {
			m, err := legalOf(p).ParseHubMove(h)
			if err != nil {
				t.Errorf("%s: ParseHubMove(%q): %v", p.FEN(), h, err)
				continue
			}
			if m.String() != h {
				t.Errorf("%s: ParseHubMove(%q) = %s", p.FEN(), h, m.String())
			}
		}
		txtCheckRoundTrips(t, p)
	}
}

// txtFailer is what testing.T and rapid.T share.
type txtFailer interface {
	Helper()
	Errorf(format string, args ...any)
}

// txtCheckRoundTrips checks every text form of every legal move of p, and
// that every capture path the rules allow reads as its move.
func txtCheckRoundTrips(t txtFailer, p Position) {
	t.Helper()
	legal := legalOf(p).Moves()
	for _, m := range legal {
		short := legalOf(p).Text(m)
		for _, text := range []string{short, p.fullText(m)} {
			if got, err := legalOf(p).ParseMove(context.Background(), text); err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", p.FEN(), text, got.String(), err, m.String())
			}
			checkAmong(t, p, text)
		}
		if got, err := legalOf(p).ParseHubMove(m.String()); err != nil || got != m {
			t.Errorf("%s: ParseHubMove(%q) = %v, %v", p.FEN(), m.String(), got.String(), err)
		}
		// Shortest: the long form exactly when another legal capture shares
		// start and end, or the capture ends where it started (RULES.md §6).
		shared := m.IsCapture() && m.From() == m.To()
		for _, o := range legal {
			shared = shared || (o != m && o.From() == m.From() && o.To() == m.To())
		}
		t2, err := parseMoveText(short)
		if err != nil {
			t.Errorf("%s: Text %q does not parse: %v", p.FEN(), short, err)
		} else if (len(t2.Squares) > 2) != shared {
			t.Errorf("%s: Text(%s) = %q; the path needed: %v", p.FEN(), m.String(), short, shared)
		}
		if (m.IsCapture() && !t2.Capture) || (!m.IsCapture() && t2.Capture) {
			t.Errorf("%s: Text %q has the wrong separator", p.FEN(), short)
		}
	}
	// Every path of every legal capture, as the rules geometry finds them.
	if len(legal) == 0 || !legal[0].IsCapture() {
		return
	}
	for sq := Square(1); sq <= NumSquares; sq++ {
		for _, c := range everyCapture(p, sq) {
			var want Move
			for _, m := range legal {
				if m.From() == c.path[0] && m.To() == c.path[len(c.path)-1] && m.Captured() == c.taken {
					want = m
				}
			}
			if want.IsZero() {
				continue
			}
			text := txtJoin(c.path)
			if got, err := legalOf(p).ParseMove(context.Background(), text); err != nil || got != want {
				t.Errorf("%s: path %q: ParseMove = %v, %v; want %s", p.FEN(), text, got.String(), err, want.String())
			}
			checkAmong(t, p, text)
		}
	}
}

func txtJoin(path []Square) string {
	parts := make([]string, len(path))
	for i, sq := range path {
		parts[i] = sq.String()
	}
	return strings.Join(parts, "x")
}

func TestRapidMoveTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		txtCheckRoundTrips(t, anyPosition.Draw(t, "position"))
	})
}

// TestRapidParseMoveSound: whatever text ParseMove accepts names a legal
// move with the start and end written; what it rejects is rejected with
// the right kind of error.
func TestRapidParseMoveSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		n := rapid.IntRange(2, 5).Draw(t, "squares")
		sq := make([]Square, n)
		for i := range sq {
			sq[i] = Square(rapid.IntRange(1, 50).Draw(t, "square"))
		}
		sep := rapid.SampledFrom([]string{"-", "x"}).Draw(t, "sep")
		parts := make([]string, n)
		for i, s := range sq {
			parts[i] = s.String()
		}
		text := strings.Join(parts, sep)
		m, err := legalOf(p).ParseMove(context.Background(), text)
		checkAmong(t, p, text)
		// Independent count: legal moves with that start, end and kind
		// whose captured set is that of some path through the squares.
		var match []Move
		for _, l := range legalOf(p).Moves() {
			if l.From() != sq[0] || l.To() != sq[n-1] || l.IsCapture() != (sep == "x") {
				continue
			}
			if sep == "-" && n != 2 {
				continue
			}
			if l.IsCapture() && n > 2 && !txtSomePath(p, l, sq) {
				continue
			}
			match = append(match, l)
		}
		switch {
		case sep == "-" && n > 2:
			if !errors.Is(err, ErrInvalidMove) {
				t.Fatalf("%s %q: err = %v, want ErrInvalidMove", p.FEN(), text, err)
			}
		case len(match) == 1:
			if err != nil || m != match[0] {
				t.Fatalf("%s %q: got %v %v, want %s", p.FEN(), text, m.String(), err, match[0].String())
			}
		case len(match) > 1:
			if !errors.Is(err, ErrAmbiguousMove) {
				t.Fatalf("%s %q: err = %v, want ErrAmbiguousMove", p.FEN(), text, err)
			}
		default:
			if !errors.Is(err, ErrIllegalMove) {
				t.Fatalf("%s %q: err = %v, want ErrIllegalMove", p.FEN(), text, err)
			}
		}
	})
}

// txtSomePath reports, with everyCapture, whether the legal capture m has a
// path through the squares of want in order.
func txtSomePath(p Position, m Move, want []Square) bool {
	for _, c := range everyCapture(p, m.From()) {
		if c.taken == m.Captured() && pathVisits(c.path, want) {
			return true
		}
	}
	return false
}

func TestMoveTextNotLegal(t *testing.T) {
	p := MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	q := StartPosition()
	m := legalOf(p).Moves()[0]
	// A move of another position: written context-free, never panicking.
	if got := legalOf(q).Text(m); got != "50x2" {
		t.Errorf("Text of a foreign move = %q, want its start and end", got)
	}
	if got := q.fullText(m); got != m.String() {
		t.Errorf("fullText of a foreign move = %q", got)
	}
	if got := legalOf(q).Text(Move{}); got != "" {
		t.Errorf("Text(zero) = %+v", got)
	}
}

// FuzzParseMove feeds ParseMove text in a few positions with long and
// ambiguous captures. It must never panic; what it accepts must be a legal
// move that reads back from its own texts; what it rejects must be a
// *MoveError wrapping exactly one of the three move errors.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"32-28", "28x19", "28x28", "18x36", "18x29x49x38x36", "18x38x36", "50x2", "28:19", "28X19!?",
		"", " ", "x", "-", "99999999999999999999x1", "1x" + strings.Repeat("2x", 300) + "3",
		"0-0", "2-0", "1/2-1/2", "\x00", "١٢-٣",
	} {
		for i := range txtFuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := MustParseFEN(txtFuzzFENs[int(which)%len(txtFuzzFENs)])
		m, err := legalOf(p).ParseMove(context.Background(), s)
		// A context that is never done changes nothing.
		if mc, errc := parseIn(p, context.Background(), s); mc != m || fmt.Sprint(errc) != fmt.Sprint(err) {
			t.Fatalf("ParseMove(ctx, %q) = %v, %v; without ctx %v, %v", s, mc, errc, m, err)
		}
		checkAmong(t, p, s)
		if err != nil {
			txtCheckMoveError(t, err)
			return
		}
		if !legalOf(p).Contains(m) {
			t.Fatalf("ParseMove(%q) = %s, not legal", s, m.String())
		}
		for _, text := range []string{legalOf(p).Text(m), p.fullText(m)} {
			if got, err := legalOf(p).ParseMove(context.Background(), text); err != nil || got != m {
				t.Fatalf("round trip of %q via %q: %v %v", s, text, got.String(), err)
			}
		}
		if got, err := legalOf(p).ParseHubMove(s); err == nil && !legalOf(p).Contains(got) {
			t.Fatalf("ParseHubMove(%q) = %s, not legal", s, got.String())
		}
	})
}

// FuzzParseHubMove is FuzzParseMove for the Hub form.
func FuzzParseHubMove(f *testing.F) {
	for _, s := range []string{"50x2x7x22", "50x2x22x7", "18x36x28x33x37x39x43", "32-28", "50x2", "x", ""} {
		for i := range txtFuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := MustParseFEN(txtFuzzFENs[int(which)%len(txtFuzzFENs)])
		m, err := legalOf(p).ParseHubMove(s)
		if err != nil {
			txtCheckMoveError(t, err)
			if errors.Is(err, ErrAmbiguousMove) {
				t.Fatalf("Hub text %q reported ambiguous", s)
			}
			return
		}
		if !legalOf(p).Contains(m) {
			t.Fatalf("ParseHubMove(%q) = %s, not legal", s, m.String())
		}
		if got, err := legalOf(p).ParseHubMove(m.String()); err != nil || got != m {
			t.Fatalf("round trip of %q: %v %v", s, got.String(), err)
		}
	})
}

var txtFuzzFENs = []string{
	"W:W31-50:B1-20",
	txtAmbiguousFEN,
	"W:WK43,K50:B1,K5,K7,22,26",
	"W:W28:B18,22,23",
	"B:W24,35,44,45:B1,2,4,5,6,8,11,K12,15,38:+312+0",
	"B:W28,37,38,42,47:B1,2,7,8,10,12,16,21,K49",
}

func txtCheckMoveError(t *testing.T, err error) {
	t.Helper()
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("error %v is not a *MoveError", err)
	}
	n := 0
	for _, s := range []error{ErrInvalidMove, ErrIllegalMove, ErrAmbiguousMove} {
		if errors.Is(err, s) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("error %v wraps %d move sentinels", err, n)
	}
	if errors.Is(err, ErrAmbiguousMove) && len(me.Candidates) < 2 {
		t.Fatalf("ambiguous with candidates %v", me.Candidates)
	}
}

// checkAmong checks that resolveAmong, given the legal moves of
// p in another order than LegalMoves', answers text as Resolve does: the
// same move, or the same error (its text, its kind and every field of the
// *MoveError). Text that is no MoveText is not looked at.
func checkAmong(t txtFailer, p Position, text string) {
	t.Helper()
	mt, err := parseMoveText(text)
	if err != nil {
		return
	}
	legal := legalOf(p).Moves()
	slices.Reverse(legal)
	want, wantErr := mt.resolveAmong(context.Background(), p, legalOf(p).Moves())
	got, err := mt.resolveAmong(context.Background(), p, legal)
	if got != want || !sameMoveError(err, wantErr) {
		t.Errorf("%s %q: among reversed moves %v, %v; among sorted %v, %v", p.FEN(), text, got, err, want, wantErr)
	}
}

// sameMoveError reports whether a and b are the same error: both nil, or
// with the same text, wrapping the same sentinels, and, as *MoveError,
// equal in every field.
func sameMoveError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	for _, s := range []error{ErrInvalidMove, ErrIllegalMove, ErrAmbiguousMove, ErrSearchStopped} {
		if errors.Is(a, s) != errors.Is(b, s) {
			return false
		}
	}
	var ma, mb *MoveError
	if errors.As(a, &ma) != errors.As(b, &mb) || (ma != nil && !cmp.Equal(*ma, *mb, cmpopts.EquateErrors())) {
		return false
	}
	return a.Error() == b.Error()
}

// The oracle below reads the board through the exported accessors only:
// it walks captures square by square, as the rules text describes them.

// pathVisits reports whether path (start, landings, end) starts and ends
// as want does and passes through want's middle squares in order.
func pathVisits(path, want []Square) bool {
	if len(path) < 2 || path[0] != want[0] || path[len(path)-1] != want[len(want)-1] {
		return false
	}
	k, mid := 0, want[1:len(want)-1]
	for _, sq := range path[1 : len(path)-1] {
		if k < len(mid) && sq == mid[k] {
			k++
		}
	}
	return k == len(mid)
}

// everyCaptureBudget bounds the squares everyCapture visits.
const everyCaptureBudget = 1 << 16

// textCapture is one complete capture: the squares visited (start,
// landings, end) and the squares taken.
type textCapture struct {
	path  []Square
	taken SquareSet
}

// textSteps are the eight capture directions as (row, column) steps to
// the next dark square: four diagonals, vertical, horizontal (RULES.md §3).
var textSteps = [8][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2, 0}, {2, 0}, {0, -2}, {0, 2}}

// everyCapture returns every complete capture of the piece on from, ignoring
// which captures the precedence rule allows, up to a budget of work (past
// it, some captures are missing). It works on square
// coordinates through the exported accessors only, apart from the move
// generator, so it also serves the tests as a second opinion.
func everyCapture(p Position, from Square) []textCapture {
	pc := p.PieceAt(from)
	if pc == NoPiece || pc.Color() != p.Turn() {
		return nil
	}
	var out []textCapture
	path := []Square{from}
	// empty treats the start square as empty: the capturing piece has left it.
	empty := func(sq Square) bool { return sq == from || p.PieceAt(sq) == NoPiece }
	step := func(sq Square, d [2]int) (Square, bool) {
		return SquareAt(sq.Row()+d[0], sq.Column()+d[1])
	}
	// A budget: a crowded board can have astronomically many captures,
	// and this only words an error message.
	work := 0
	var walk func(at Square, taken SquareSet)
	walk = func(at Square, taken SquareSet) {
		if work++; work > everyCaptureBudget {
			return
		}
		extended := false
		for _, d := range textSteps {
			victim, ok := step(at, d)
			if pc.IsKing() {
				for ok && empty(victim) {
					victim, ok = step(victim, d)
				}
			}
			if !ok || taken.Has(victim) {
				continue
			}
			if v := p.PieceAt(victim); v == NoPiece || v.Color() == pc.Color() {
				continue
			}
			for land, ok := step(victim, d); ok && empty(land); land, ok = step(land, d) {
				extended = true
				path = append(path, land)
				walk(land, taken.With(victim))
				path = path[:len(path)-1]
				if !pc.IsKing() {
					break
				}
			}
		}
		if !extended && !taken.Empty() {
			out = append(out, textCapture{slices.Clone(path), taken})
		}
	}
	walk(from, SquareSet{})
	return out
}
