package frisian

// Property tests (pgregory.net/rapid) with oracles that do not share code
// with the package: the reference generator of reference_test.go, a plain
// square-by-square implementation of RULES.md §1–5, and the rules text.
// The random positions and games come from gen_test.go.
//
// The properties, by the labels the comments below use:
//
//	(a) LegalMoves equals the reference generator's moves as a set of
//	    (from, to, captured set), with the same flags (by king, promotion,
//	    capture): the best captures by RULES.md §3.1 if there is any
//	    capture, else the quiet moves under the three-move rule (§5).
//	    Moves and AppendLegalMoves agree.
//	(b) Play accepts exactly the moves LegalMoves lists, with Apply's
//	    result, and rejects every other Move value with a *MoveError
//	    wrapping ErrIllegalMove (Contains and Path refuse it too).
//	(c) Apply and Play leave their receiver unchanged.
//	(d) FEN() is the documented text (refFEN); ParseFEN reads it, and every
//	    equivalent writing RULES.md §8 accepts, back to an equal Position;
//	    UnmarshalText and Setup().Position() give it back too.
//	(e) A move never adds a piece: the mover keeps all its pieces, the
//	    opponent loses exactly m.Captured().
//	(f) No man stands on its own promotion row.
//	(g) A side's three-move state (KingRun) counts 0 to 3, is empty for a
//	    side without men, and otherwise names a king of that side.
//	(h) Path(m) of a legal move, replayed hop by hop with the reference
//	    geometry, is a complete capture (or the quiet step) from m.From()
//	    to m.To() that takes exactly m.Captured().
//	(i) Apply gives the reference update of the board, the side to move,
//	    the three-move states (§5) and the draw counter (§7).
//	(j) Perft equals the reference perft; Divide and PerftParallel agree
//	    with Perft.
//	(k) A capture's text with any of its landing squares left out names
//	    the move, or is ambiguous with it among the candidates; Clicks.Next
//	    offers the next square of its path after any first clicks, and the
//	    move alone after the whole path.
//
// TestPropGames checks (a) and (c)–(i) at every ply of random games, and
// Play's agreement with Apply from (b). TestApplyAnyMove (apply_test.go)
// checks (e), (f) and (g) for Move values that are not legal.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// maxPlies bounds the games of TestPropGames.
func maxPlies() int {
	if !long() {
		return 80
	}
	return 200
}

// ---------------------------------------------------------------------------
// Checks shared by the properties

// checkAgainstReference checks (a): LegalMoves of p, as a set of (from,
// to, captured set) with flags, against the reference generator.
func checkAgainstReference(t rapid.TB, p Position) {
	t.Helper()
	want, capture := refLegalMoves(p)
	got := map[refKey]Move{}
	for _, m := range legalOf(p).Moves() {
		k := keyOf(m)
		if _, dup := got[k]; dup {
			t.Fatalf("%s: LegalMoves lists %v twice", p.FEN(), m.String())
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
			extra = append(extra, m.String())
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
				p.FEN(), m.String(), m.ByKing(), m.IsPromotion(), m.IsCapture(), r.byKing, r.promotion, capture)
		}
	}
	// AppendLegalMoves, the engine's way, lists the same moves in the
	// order found, after what dst held.
	legal := legalOf(p).Moves()
	if app := p.AppendLegalMoves(make([]Move, 1, 4)); !slices.Equal(sorted(app[1:]), legal) || !app[0].IsZero() {
		t.Fatalf("%s: AppendLegalMoves = %v, legalMoves() = %v", p.FEN(), app, legal)
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
// update (i), Apply and Play leave the receiver alone (c), Play agrees with
// Apply (b), piece counts never grow (e), and the invariants after the move
// (f, g).
func checkMove(t rapid.TB, p Position, m Move, r refMove) {
	t.Helper()
	before := p
	fenBefore := p.FEN()
	q := p.Apply(m)
	if p != before || p.FEN() != fenBefore {
		t.Fatalf("Apply(%s) changed its receiver: %s -> %s", m.String(), fenBefore, p.FEN())
	}
	q2, err := p.Play(m)
	if err != nil || q2 != q {
		t.Fatalf("%s: Play(%s) = %s, %v; Apply gives %s", fenBefore, m.String(), q2.FEN(), err, q.FEN())
	}
	if p != before {
		t.Fatalf("Play(%s) changed its receiver", m.String())
	}
	s := refStateOf(p)
	want := refApply(s, r)
	if got := refStateOf(q); got != want {
		t.Fatalf("%s: after %s got %s, want %s", fenBefore, m.String(), q.FEN(), refFEN(want))
	}
	// (e) pieces never increase; the opponent loses exactly the captured.
	for _, c := range []Color{White, Black} {
		if q.Pieces(c).Len() > p.Pieces(c).Len() {
			t.Fatalf("%s: %s: %s pieces grew", fenBefore, m.String(), c)
		}
	}
	if got, want := q.Pieces(p.Turn().Opponent()).Len(), p.Pieces(p.Turn().Opponent()).Len()-m.Captured().Len(); got != want {
		t.Fatalf("%s: %s: opponent has %d pieces, want %d", fenBefore, m.String(), got, want)
	}
	if q.Pieces(p.Turn()).Len() != p.Pieces(p.Turn()).Len() {
		t.Fatalf("%s: %s: mover's piece count changed", fenBefore, m.String())
	}
	checkInvariants(t, q)
}

// checkPath checks (h): Legal.Path(m), replayed hop by hop with the
// reference geometry, is a legal path of m that takes exactly m.Captured().
func checkPath(t rapid.TB, p Position, m Move) {
	t.Helper()
	checkPathOf(t, p, m, legalOf(p).Path(m))
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
	if !long() {
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
		for _, m := range legalOf(p).Moves() {
			if len(all) == 0 {
				if m.IsCapture() {
					t.Fatalf("%s: capture %s where the reference finds none", p.FEN(), m.String())
				}
				continue
			}
			if !m.IsCapture() {
				t.Fatalf("%s: quiet move %s while a capture exists", p.FEN(), m.String())
			}
			if _, ok := paths[keyOf(m)]; !ok {
				t.Fatalf("%s: %s is not a maximal complete capture", p.FEN(), m.String())
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
		for _, m := range legalOf(p).Moves() {
			legal[m] = true
		}
		candidates := []Move{{}}
		candidates = append(candidates, legalOf(p).Moves()...)
		candidates = append(candidates, legalOf(other).Moves()...)
		for _, m := range legalOf(p).Moves() {
			candidates = append(candidates, legalOf(p.Apply(m)).Moves()...)
		}
		// The same board with the other side to move.
		st := p.Setup()
		st.Turn = st.Turn.Opponent()
		st.KingRun = [2]KingRun{}
		if flipped, err := st.Position(); err == nil {
			candidates = append(candidates, legalOf(flipped).Moves()...)
		}
		before := p
		for _, m := range candidates {
			q, err := p.Play(m)
			if legal[m] {
				if err != nil || q != p.Apply(m) {
					t.Fatalf("%s: Play(%s) = %v, %v for a legal move", p.FEN(), m.String(), q, err)
				}
			} else {
				if err == nil || !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("%s: Play(%s) error %v, want ErrIllegalMove", p.FEN(), m.String(), err)
				}
				var me *MoveError
				if !errors.As(err, &me) {
					t.Fatalf("%s: Play(%s) error %T, want *MoveError", p.FEN(), m.String(), err)
				}
				if legalOf(p).Contains(m) || legalOf(p).Path(m) != nil {
					t.Fatalf("%s: Contains/Path accept illegal %s", p.FEN(), m.String())
				}
				_ = p.Apply(m) // must not panic
			}
			if p != before {
				t.Fatalf("Play/Apply(%s) changed the receiver", m.String())
			}
		}
	})
}

// TestPropApply covers (f) and (g) on random positions of every origin,
// and (b), (c), (e), (f), (g) and (i) for each of their legal moves: Apply
// and Play leave the receiver alone, and the result equals the reference
// update of the board, side to move, three-move state (RULES.md §5) and
// draw counter.
func TestPropApply(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		want, _ := refLegalMoves(p)
		checkInvariants(t, p)
		for _, m := range legalOf(p).Moves() {
			r, ok := want[keyOf(m)]
			if !ok {
				t.Fatalf("%s: %s is not legal by the reference", p.FEN(), m.String())
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

// TestPropPerft is property (j): Perft (which counts the last ply without
// making the moves) equals the reference perft at depths 1 and 2, and
// Divide and PerftParallel agree with Perft at depth 3.
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

// TestPropPath is property (h): for every legal move, Path(m) replayed hop
// by hop with the reference geometry is a complete capture (or quiet move)
// from m.From() to m.To() taking exactly m.Captured().
func TestPropPath(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "position")
		for _, m := range legalOf(p).Moves() {
			checkPath(t, p, m)
		}
		if legalOf(p).Path(Move{}) != nil {
			t.Fatalf("Path(zero Move) is not nil")
		}
	})
}

// TestPropPartialPaths is property (k): a capture's text with any of its
// path's landing squares left out (the path checked by the reference
// geometry) names the move, or is ambiguous with the move among the
// candidates; and Clicks.Next, given the first clicks of the path, offers
// the next one, and given the whole path, the move alone.
func TestPropPartialPaths(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	checkProp(t, func(t *rapid.T) {
		p := rapid.OneOf(anyPosition, crowdedPosition).Draw(t, "position")
		for _, m := range legalOf(p).Moves() {
			if !m.IsCapture() {
				continue
			}
			path := legalOf(p).Path(m)
			checkPathOf(t, p, m, path)
			text := fmt.Sprint(path[0])
			for _, sq := range path[1 : len(path)-1] {
				if rapid.Bool().Draw(t, "keep") {
					text += fmt.Sprintf("x%d", sq)
				}
			}
			text += fmt.Sprintf("x%d", path[len(path)-1])
			got, err := legalOf(p).ParseMove(context.Background(), text)
			var me *MoveError
			switch {
			case err == nil && got != m:
				t.Fatalf("%s: %q names %s, want %s", p.FEN(), text, p.fullText(got), p.fullText(m))
			case err != nil && !(errors.As(err, &me) && errors.Is(err, ErrAmbiguousMove) && slices.Contains(me.Candidates, p.fullText(m))):
				t.Fatalf("%s: %q: %v; want %s", p.FEN(), text, err, p.fullText(m))
			}
			for _, i := range []int{1, rapid.IntRange(2, len(path)).Draw(t, "clicks")} {
				next, moves := nextSquares(p, path[:i])
				if !slices.Contains(moves, m) {
					t.Fatalf("%s: Clicks.Next(%v) leaves out %s", p.FEN(), path[:i], p.fullText(m))
				}
				if i < len(path) && !next.Has(path[i]) {
					t.Fatalf("%s: Clicks.Next(%v) does not offer %d", p.FEN(), path[:i], path[i])
				}
				if i == len(path) && (!next.Empty() || len(moves) != 1) {
					t.Fatalf("%s: Clicks.Next(whole path %v) = %v, %v", p.FEN(), path, next, moves)
				}
			}
		}
	})
}

// TestPropGames plays random games from the start and from random
// placements and checks everything at every ply: the reference moves (a),
// invariants (f, g), FEN (d), the move played (b, c, e, i) and its path
// (h).
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

// TestDrawPliesStayInRange: Apply must not push the draw counter beyond what
// Setup and ParseFEN accept, or the position cannot be written and read
// back (FEN round trip) or rebuilt from its Setup. (Found by TestPropGames:
// W:WK1:BK6:H32767, 1-7 gave B:WK7:BK6:H32768.)
func TestDrawPliesStayInRange(t *testing.T) {
	p := MustParseFEN("W:WK1:BK6:H32767")
	for _, m := range legalOf(p).Moves() {
		q := p.Apply(m)
		if r, err := ParseFEN(q.FEN()); err != nil || r != q {
			t.Errorf("after %s: ParseFEN(%q) = %v, %v", m, q.FEN(), r, err)
		}
		if r, err := q.Setup().Position(); err != nil || r != q {
			t.Errorf("after %s: Setup().Position() = %v, %v", m, r, err)
		}
	}
}
