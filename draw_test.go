package frisian

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Expected outcomes here are derived by hand from RULES.md §7; the
// comments give the reasoning.
func TestOutcome(t *testing.T) {
	cases := []struct {
		fen                  string
		official, lidraughts Outcome
	}{
		// No pieces, or all blocked: the side to move has lost.
		{"W:W:B1", Outcome{BlackWins, NoLegalMove}, Outcome{BlackWins, NoLegalMove}},
		{"B:W50:B", Outcome{WhiteWins, NoLegalMove}, Outcome{WhiteWins, NoLegalMove}},
		// White's man on 46 is blocked by 41 and 37, its king on 5 is held
		// by the three-move rule: lost.
		{"W:W46,K5:B1,37,41:+0+35", Outcome{BlackWins, NoLegalMove}, Outcome{BlackWins, NoLegalMove}},
		// Men on the board: no draw rule.
		{"W:W31-50:B1-20", Outcome{}, Outcome{}},
		{"W:WK47,31:BK4:H0", Outcome{}, Outcome{}},

		// One king each. 47 and 4 share no line and White can step aside
		// safely (47-41): drawn at once officially; lidraughts counts.
		{"W:WK47:BK4", Outcome{Draw, OneKingEach}, Outcome{}},
		{"W:WK47:BK4:H3", Outcome{Draw, OneKingEach}, Outcome{}},
		{"W:WK47:BK4:H4", Outcome{Draw, OneKingEach}, Outcome{Draw, LidraughtsOneKingEach}},
		// White's king on 46 can only move along the long diagonal, where
		// Black's king on 5 takes it: not drawn.
		{"W:WK46:BK5", Outcome{}, Outcome{}},
		// White can capture 37 (landing on 32 or beyond): not drawn.
		{"W:WK46:BK37", Outcome{}, Outcome{}},
		{"W:WK46:BK37:H4", Outcome{}, Outcome{Draw, LidraughtsOneKingEach}},

		// Two kings against one. White (strong) to move after H plies made
		// the last by Black: White has made H/2 moves.
		{"W:WK46,K50:BK4:H12", Outcome{}, Outcome{}},
		{"W:WK46,K50:BK4:H14", Outcome{Draw, TwoKingsAgainstOne}, Outcome{Draw, LidraughtsTwoKingsAgainstOne}},
		// Black to move: the last ply was White's, White made (H+1)/2.
		{"B:WK46,K50:BK4:H12", Outcome{}, Outcome{}},
		{"B:WK46,K50:BK4:H13", Outcome{Draw, TwoKingsAgainstOne}, Outcome{}},
		{"B:WK46,K50:BK4:H14", Outcome{Draw, TwoKingsAgainstOne}, Outcome{Draw, LidraughtsTwoKingsAgainstOne}},
		// Black strong: the same counts with the colors swapped.
		{"B:WK4:BK46,K50:H13", Outcome{}, Outcome{}},
		{"W:WK4:BK46,K50:H13", Outcome{Draw, TwoKingsAgainstOne}, Outcome{}},
		// Two kings against a man, or three kings: no draw rule.
		{"W:WK46,K50:B4", Outcome{}, Outcome{}},
		{"W:WK46,K50,K49:BK4", Outcome{}, Outcome{}},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := legalOf(p).Outcome(OfficialDraws); got != c.official {
			t.Errorf("%s: Legal.Outcome(official) = %v", c.fen, got)
		}
		if got := legalOf(p).Outcome(LidraughtsDraws); got != c.lidraughts {
			t.Errorf("%s: Legal.Outcome(lidraughts) = %v, want %v", c.fen, got, c.lidraughts)
		}
		legal := legalOf(p).Moves()
		slices.Reverse(legal)
		if got := p.outcomeAmong(OfficialDraws, legal); got != c.official {
			t.Errorf("%s: outcomeAmong(official) = %v, want %v", c.fen, got, c.official)
		}
		if got := p.outcomeAmong(LidraughtsDraws, legal); got != c.lidraughts {
			t.Errorf("%s: outcomeAmong(lidraughts) = %v, want %v", c.fen, got, c.lidraughts)
		}
	}
}

func TestOutcomeStrings(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Ongoing.String(), "ongoing"},
		{WhiteWins.String(), "white wins"},
		{BlackWins.String(), "black wins"},
		{Draw.String(), "draw"},
		{Ongoing.PDN(), "*"},
		{WhiteWins.PDN(), "2-0"},
		{BlackWins.PDN(), "0-2"},
		{Draw.PDN(), "1-1"},
		{Outcome{}.String(), "ongoing"},
		{Outcome{WhiteWins, NoLegalMove}.String(), "white wins (no legal move)"},
		{Outcome{Draw, LidraughtsOneKingEach}.String(), "draw (lidraughts: one king each for 4 plies)"},
		{OfficialDraws.String(), "official"},
		{LidraughtsDraws.String(), "lidraughts"},
		{NoReason.String(), "none"},
		{TwoKingsAgainstOne.String(), "two kings against one: seven moves without a win"},
		{OneKingEach.String(), "one king each"},
		{LidraughtsTwoKingsAgainstOne.String(), "lidraughts: two kings against one for 14 plies"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if c, ok := WhiteWins.Winner(); !ok || c != White {
		t.Error("WhiteWins.Winner")
	}
	if c, ok := BlackWins.Winner(); !ok || c != Black {
		t.Error("BlackWins.Winner")
	}
	if _, ok := Draw.Winner(); ok {
		t.Error("Draw has a winner")
	}
}

func TestRulesAndColorText(t *testing.T) {
	for _, r := range []DrawRules{OfficialDraws, LidraughtsDraws} {
		text, _ := r.MarshalText()
		var back DrawRules
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Errorf("%v: round trip %v, %v", r, back, err)
		}
	}
	for _, c := range []Color{White, Black} {
		text, _ := c.MarshalText()
		var back Color
		if err := back.UnmarshalText(bytes.ToUpper(text)); err != nil || back != c {
			t.Errorf("%v: round trip %v, %v", c, back, err)
		}
	}
	var r DrawRules
	var c Color
	for _, bad := range []string{"", "fide", "officia", "white "} {
		if err := r.UnmarshalText([]byte(bad)); !errors.Is(err, ErrSyntax) {
			t.Errorf("DrawRules %q: %v", bad, err)
		}
		if err := c.UnmarshalText([]byte(bad)); !errors.Is(err, ErrSyntax) {
			t.Errorf("Color %q: %v", bad, err)
		}
	}
}

// TestResultReasonText: Result and Reason read back what they write, as
// JSON fields too, and refuse other text.
func TestResultReasonText(t *testing.T) {
	for r := Ongoing; r <= Draw; r++ {
		text, _ := r.MarshalText()
		var back Result
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Errorf("Result %v: %q reads back as %v, %v", r, text, back, err)
		}
	}
	for r := NoReason; r <= LidraughtsOneKingEach; r++ {
		text, _ := r.MarshalText()
		var back Reason
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Errorf("Reason %v: %q reads back as %v, %v", r, text, back, err)
		}
	}
	var res Result
	var why Reason
	if err := res.UnmarshalText([]byte("white")); !errors.Is(err, ErrSyntax) {
		t.Errorf("Result of %q: %v", "white", err)
	}
	if err := why.UnmarshalText([]byte("stalemate")); !errors.Is(err, ErrSyntax) {
		t.Errorf("Reason of %q: %v", "stalemate", err)
	}
	o := Outcome{Draw, LidraughtsTwoKingsAgainstOne}
	b, err := json.Marshal(o)
	var back Outcome
	if err != nil || json.Unmarshal(b, &back) != nil || back != o {
		t.Errorf("Outcome JSON %s reads back as %v", b, back)
	}
	if string(b) != `{"Result":"draw","Reason":"lidraughts: two kings against one for 14 plies"}` {
		t.Errorf("Outcome JSON %s", b)
	}
}

// kingEnding draws a position of kings alone, or nearly: mostly the
// endings the draw rules count in (one king each, two against one), with
// a few of the materials next to them (three kings, two against none, a
// man beside the kings), on random squares, with a random side to move and
// draw counter.
var kingEnding = rapid.Custom(func(t *rapid.T) Position {
	material := rapid.SampledFrom([][2]int{{1, 1}, {1, 1}, {2, 1}, {2, 1}, {1, 2}, {1, 2}, {2, 2}, {3, 1}, {2, 0}, {0, 1}}).Draw(t, "material")
	withMan := uniform(0, 9).Draw(t, "withMan") == 0
	var s Setup
	s.Turn = colorOf(rapid.Bool().Draw(t, "whiteToMove"))
	free := rapid.Permutation(allSquares()).Draw(t, "squares")
	for c, n := range material {
		for range n {
			s.Board[free[0]] = NewPiece(Color(c), true)
			free = free[1:]
		}
	}
	if withMan {
		sq := rapid.SampledFrom(free).Draw(t, "man")
		if sq > 5 && sq < 46 {
			s.Board[sq] = NewPiece(colorOf(rapid.Bool().Draw(t, "whiteMan")), false)
		}
	}
	p := s.MustPosition()
	if isKingEnding(&p) {
		s.DrawPlies = rapid.OneOf(uniform(0, 16), rapid.IntRange(drawPliesLimit-2, drawPliesLimit)).Draw(t, "drawPlies")
	}
	return s.MustPosition()
})

func allSquares() []Square {
	out := make([]Square, NumSquares)
	for i := range out {
		out[i] = Square(i + 1)
	}
	return out
}

// TestPropOutcomeMatchesReference: in king endings and the materials next
// to them, the outcome (by each of Legal.Outcome and
// outcomeAmong, the last given the legal moves in any order) and the
// draw counts are those the reference works out from RULES.md §7
// (refEnd). Random games from there go through the counts as they run.
func TestPropOutcomeMatchesReference(t *testing.T) {
	check := func(t *rapid.T, p Position) {
		legal := legalOf(p).Moves()
		shuffled := rapid.Permutation(legal).Draw(t, "order")
		for _, rules := range []DrawRules{OfficialDraws, LidraughtsDraws} {
			want, counts := refEnd(refStateOf(p), rules)
			if got := legalOf(p).Outcome(rules); got != want {
				t.Fatalf("%s: Legal.Outcome(%v) = %v, want %v", p, rules, got, want)
			}
			if got := p.outcomeAmong(rules, shuffled); got != want {
				t.Fatalf("%s: outcomeAmong(%v, %v) = %v, want %v", p, rules, shuffled, got, want)
			}
			if got := p.DrawCounters(rules); !slices.Equal(got, counts) {
				t.Fatalf("%s: DrawCounters(%v) = %v, want %v", p, rules, got, counts)
			}
			if got := legalOf(p).Outcome(rules); rules == OfficialDraws && got != want {
				t.Fatalf("%s: Outcome() = %v, want %v", p, got, want)
			}
		}
	}
	checkProp(t, func(t *rapid.T) {
		p := kingEnding.Draw(t, "start")
		check(t, p)
		drawGame(t, p, 20, func(q Position, _ Move) { check(t, q) })
	})
}

// TestOutcomeAmongAnyPosition: on positions of every kind, where the
// draw rules rarely apply, outcomeAmong given the legal moves agrees
// with the reference too.
func TestOutcomeAmongAnyPosition(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "p")
		for _, rules := range []DrawRules{OfficialDraws, LidraughtsDraws} {
			want, counts := refEnd(refStateOf(p), rules)
			if got := p.outcomeAmong(rules, legalOf(p).Moves()); got != want {
				t.Fatalf("%s: outcomeAmong(%v) = %v, want %v", p, rules, got, want)
			}
			if got := p.DrawCounters(rules); !slices.Equal(got, counts) {
				t.Fatalf("%s: DrawCounters(%v) = %v, want %v", p, rules, got, counts)
			}
		}
	})
}

// TestOutcomeAmongOtherMoves: moves that are not p's give a
// meaningless answer but no panic, and no moves at all a loss.
func TestOutcomeAmongOtherMoves(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := kingEnding.Draw(t, "p")
		moves := rapid.SliceOfN(rapid.OneOf(anyMove, rawMove), 0, 4).Draw(t, "moves")
		o := p.outcomeAmong(OfficialDraws, moves)
		if len(moves) == 0 && o != (Outcome{winFor(p.Turn().Opponent()), NoLegalMove}) {
			t.Fatalf("%s: no moves gave %v", p, o)
		}
	})
}

// TestDrawCounters: the counts of positions whose counters are known from
// RULES.md §7, worked out by hand in the comments.
func TestDrawCounters(t *testing.T) {
	none := []DrawCounter(nil)
	cases := []struct {
		fen                  string
		official, lidraughts []DrawCounter
	}{
		// Men on the board, three kings, two kings against none: no count.
		{"W:W31-50:B1-20", none, none},
		{"W:WK47,31:BK4", none, none},
		{"W:WK46,K50,K49:BK4", none, none},
		{"B:WK46,K50:B", none, none},
		{"W:WK46,K50:B4", none, none},
		// One king each: the official rules count nothing (drawn at once
		// or not at all); lidraughts counts plies up to 4.
		{"W:WK47:BK4", none, []DrawCounter{{LidraughtsOneKingEach, 0, 4, true, White}}},
		{"B:WK47:BK4:H3", none, []DrawCounter{{LidraughtsOneKingEach, 3, 4, true, White}}},
		{"W:WK46:BK37:H4", none, []DrawCounter{{LidraughtsOneKingEach, 4, 4, true, White}}},
		// Two kings against one. White (two kings) to move after 12 plies:
		// the last was Black's, so White made 6 of them. lidraughts: 12 of
		// 14 plies.
		{"W:WK46,K50:BK4:H12", []DrawCounter{{TwoKingsAgainstOne, 6, 7, false, White}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 12, 14, true, White}}},
		// Black to move after 13: the last was White's, White made 7, the
		// limit: drawn officially, not yet by lidraughts.
		{"B:WK46,K50:BK4:H13", []DrawCounter{{TwoKingsAgainstOne, 7, 7, false, White}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 13, 14, true, White}}},
		// Just arisen, Black to move: White's capture that made the
		// material is not one of its seven.
		{"B:WK46,K50:BK4", []DrawCounter{{TwoKingsAgainstOne, 0, 7, false, White}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 0, 14, true, White}}},
		{"W:WK46,K50:BK4:H1", []DrawCounter{{TwoKingsAgainstOne, 0, 7, false, White}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 1, 14, true, White}}},
		// Black has the two kings: White to move after 13, Black made 7.
		{"W:WK4:BK46,K50:H13", []DrawCounter{{TwoKingsAgainstOne, 7, 7, false, Black}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 13, 14, true, White}}},
		{"B:WK4:BK46,K50:H3", []DrawCounter{{TwoKingsAgainstOne, 1, 7, false, Black}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 3, 14, true, White}}},
		// A counter past the limit, as a FEN may give it, is shown as it is.
		{"W:WK47:BK4:H100", none, []DrawCounter{{LidraughtsOneKingEach, 100, 4, true, White}}},
		{"W:WK46,K50:BK4:H100", []DrawCounter{{TwoKingsAgainstOne, 50, 7, false, White}},
			[]DrawCounter{{LidraughtsTwoKingsAgainstOne, 100, 14, true, White}}},
	}
	for _, c := range cases {
		p := MustParseFEN(c.fen)
		if got := p.DrawCounters(OfficialDraws); !slices.Equal(got, c.official) {
			t.Errorf("%s: DrawCounters(official) = %v, want %v", c.fen, got, c.official)
		}
		if got := p.DrawCounters(LidraughtsDraws); !slices.Equal(got, c.lidraughts) {
			t.Errorf("%s: DrawCounters(lidraughts) = %v, want %v", c.fen, got, c.lidraughts)
		}
	}
	for _, c := range []struct {
		c    DrawCounter
		want string
	}{
		{DrawCounter{TwoKingsAgainstOne, 3, 7, false, Black}, "3 of 7 moves by black"},
		{DrawCounter{LidraughtsTwoKingsAgainstOne, 5, 14, true, White}, "5 of 14 plies"},
	} {
		if got := c.c.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.c, got, c.want)
		}
	}
}
