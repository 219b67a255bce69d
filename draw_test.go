package frisian

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
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
		if got := p.Outcome(); got != c.official {
			t.Errorf("%s: Outcome() = %v, want %v", c.fen, got, c.official)
		}
		if got := p.OutcomeWith(OfficialDraws); got != c.official {
			t.Errorf("%s: OutcomeWith(official) = %v", c.fen, got)
		}
		if got := p.OutcomeWith(LidraughtsDraws); got != c.lidraughts {
			t.Errorf("%s: OutcomeWith(lidraughts) = %v, want %v", c.fen, got, c.lidraughts)
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
