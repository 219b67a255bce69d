package pdn_test

// Tests of Game through the exported API alone. TestRapidGame, which plays
// from the random positions of gen_test.go, is in game_test.go.

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
)

func TestGamePlayUndo(t *testing.T) {
	var g pdn.Game // the zero Game starts from the start position
	if testgame.Start(&g) != frisian.StartPosition() || g.Len() != 0 {
		t.Fatalf("zero Game: %s, %d plies", testgame.Start(&g).FEN(), g.Len())
	}
	for _, s := range []string{"32-28", "19-23", "28x19", "14x23"} {
		if _, err := testgame.PlayText(&g, s); err != nil {
			t.Fatalf("PlayText(%q): %v", s, err)
		}
	}
	m := g.Played()[2]
	if before, ok := g.PositionAt(2); g.Len() != 4 || !ok || testgame.Legal(before).Text(m) != "28x19" {
		t.Errorf("after four plies: %d, %q", g.Len(), testgame.Legal(before).Text(m))
	}
	for _, i := range []int{-1, 5} {
		if p, ok := g.PositionAt(i); ok || p != (frisian.Position{}) {
			t.Errorf("PositionAt(%d) = %v, %v", i, p, ok)
		}
	}
	before := g.Position()
	if _, err := testgame.PlayText(&g, "32-28"); !errors.Is(err, frisian.ErrIllegalMove) {
		t.Errorf("illegal text: %v", err)
	}
	if _, err := testgame.PlayText(&g, "bogus"); !errors.Is(err, frisian.ErrInvalidMove) {
		t.Errorf("invalid text: %v", err)
	}
	if err := g.Play(context.Background(), frisian.Move{}); !errors.Is(err, frisian.ErrIllegalMove) {
		t.Errorf("zero Move: %v", err)
	}
	// A legal move of another position is refused too.
	if err := g.Play(context.Background(), testgame.Legal(frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")).Moves()[0]); !errors.Is(err, frisian.ErrIllegalMove) {
		t.Errorf("foreign move: %v", err)
	}
	if g.Position() != before || g.Len() != 4 {
		t.Errorf("a refused move changed the game")
	}
	m, ok := g.Undo()
	p3, _ := g.PositionAt(3)
	if !ok || testgame.Legal(p3).Text(m) != "14x23" || g.Len() != 3 {
		t.Errorf("Undo = %v, %v", m, ok)
	}
	if g.Position() != p3 || p3.Apply(m) != before {
		t.Errorf("Undo did not restore the position")
	}
	for g.Len() > 0 {
		g.Undo()
	}
	if _, ok := g.Undo(); ok || g.Position() != frisian.StartPosition() {
		t.Errorf("Undo past the start")
	}
	if _, ok := g.PositionAt(1); ok {
		t.Errorf("PositionAt beyond the end")
	}
	if _, ok := g.PositionAt(-1); ok {
		t.Errorf("PositionAt(-1)")
	}
}

func TestGameAnnotations(t *testing.T) {
	g := pdn.NewGame(frisian.StartPosition())
	testgame.PlayText(g, "32-28")
	a := pdn.Annotation{Marks: []string{"!"}, Comments: []string{"good"}}
	if !g.SetAnnotation(1, a) || g.SetAnnotation(2, a) || g.SetAnnotation(-1, a) {
		t.Errorf("SetAnnotation range")
	}
	a.Marks[0] = "?" // the game keeps its own copy
	got := g.Annotation(1)
	if got.Marks[0] != "!" || got.Comments[0] != "good" {
		t.Errorf("Annotation = %+v", got)
	}
	got.Comments[0] = "changed"
	if g.Annotation(1).Comments[0] != "good" {
		t.Errorf("Annotation returned shared slices")
	}
	if !g.Annotation(5).IsZero() || !g.Annotation(0).IsZero() {
		t.Errorf("empty annotations")
	}
	c := g.Clone()
	testgame.PlayText(c, "19-23")
	c.SetAnnotation(1, pdn.Annotation{})
	c.Tags.Set("Event", "clone")
	if g.Len() != 1 || g.Annotation(1).IsZero() || g.Tags.Get("Event") != "" {
		t.Errorf("Clone shares state with the original")
	}
	// Undo drops the annotation of the move taken back.
	g.Undo()
	testgame.PlayText(g, "32-28")
	if !g.Annotation(1).IsZero() {
		t.Errorf("annotation survived Undo")
	}
}

func TestTags(t *testing.T) {
	var tags pdn.Tags
	tags.Set("Event", "a")
	tags.Set("Site", "b")
	tags.Set("Event", "c")
	if len(tags) != 2 || tags[0] != (pdn.Tag{"Event", "c"}) || tags.Get("Site") != "b" {
		t.Errorf("tags = %v", tags)
	}
	if _, ok := tags.Lookup("event"); ok {
		t.Errorf("tag names are case-sensitive")
	}
	tags.Delete("Event")
	if len(tags) != 1 || tags.Get("Event") != "" {
		t.Errorf("after Delete: %v", tags)
	}
}

// BenchmarkGameOutcomeLong asks for the outcome after every move of a
// game that runs to 100 000 plies; the cost per call must not grow with
// the game.
func BenchmarkGameOutcomeLong(b *testing.B) {
	g := pdn.NewGame(frisian.MustParseFEN("W:WK46,K49:BK1,K4"))
	shuttle := []string{"46-41", "1-7", "41-46", "7-1"}
	for i := range 100_000 {
		if _, err := testgame.PlayText(g, shuttle[i%4]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := testgame.PlayText(g, shuttle[i%4]); err != nil {
			b.Fatal(err)
		}
		if o, _, _ := g.Outcome(context.Background(), frisian.OfficialDraws); o.IsOver() {
			b.Fatal("the shuttle ended the game")
		}
	}
}

// TestDrawGames follows the games of draws.pdn ply by ply.
func TestDrawGames(t *testing.T) {
	games, errs := pdnReadFile(t, "testdata/pdn/draws.pdn")
	want := []struct {
		official, lidraughts       frisian.Outcome
		officialPly, lidraughtsPly int
	}{
		// One king each: at once (ply 0) officially, after 4 plies on lidraughts.
		{frisian.Outcome{Result: frisian.Draw, Reason: frisian.OneKingEach}, frisian.Outcome{Result: frisian.Draw, Reason: frisian.LidraughtsOneKingEach}, 0, 4},
		// Two kings against one, White to move first: White's 7th move is
		// ply 13; lidraughts counts 14 plies.
		{frisian.Outcome{Result: frisian.Draw, Reason: frisian.TwoKingsAgainstOne}, frisian.Outcome{Result: frisian.Draw, Reason: frisian.LidraughtsTwoKingsAgainstOne}, 13, 14},
		// One king each, White to move and lost: Black takes at ply 2.
		{frisian.Outcome{Result: frisian.BlackWins, Reason: frisian.NoLegalMove}, frisian.Outcome{Result: frisian.BlackWins, Reason: frisian.NoLegalMove}, 2, 2},
	}
	if len(games) != len(want) {
		t.Fatalf("%d games", len(games))
	}
	for i, w := range want {
		g := games[i]
		if errs[i] != nil {
			t.Fatalf("game %d: %v", i+1, errs[i])
		}
		if o, ply, _ := g.Outcome(context.Background(), frisian.OfficialDraws); o != w.official || ply != w.officialPly {
			t.Errorf("game %d: official %v at %d, want %v at %d", i+1, o, ply, w.official, w.officialPly)
		}
		if o, ply, _ := g.Outcome(context.Background(), frisian.LidraughtsDraws); o != w.lidraughts || ply != w.lidraughtsPly {
			t.Errorf("game %d: lidraughts %v at %d, want %v at %d", i+1, o, ply, w.lidraughts, w.lidraughtsPly)
		}
		// The ply before the end is not over.
		for _, rules := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
			_, end, _ := g.Outcome(context.Background(), rules)
			if end > 0 {
				p, _ := g.PositionAt(end - 1)
				if testgame.Legal(p).Outcome(rules).IsOver() {
					t.Errorf("game %d: %v already over at %d", i+1, rules, end-1)
				}
			}
		}
	}
}

// TestDrawGameCounters follows the draw counts through the games of
// draws.pdn, ply by ply, as RULES.md §7 counts them.
func TestDrawGameCounters(t *testing.T) {
	games, _ := pdnReadFile(t, "testdata/pdn/draws.pdn")
	type counts func(ply int) (official, lidraughts []frisian.DrawCounter)
	want := []counts{
		// One king each: nothing to count officially; lidraughts counts
		// the plies.
		func(ply int) (o, l []frisian.DrawCounter) {
			return nil, []frisian.DrawCounter{{Reason: frisian.LidraughtsOneKingEach, Count: ply, Limit: 4, Plies: true}}
		},
		// Two kings against one, White to move first: after ply plies
		// White has made (ply+1)/2 moves; lidraughts counts the plies.
		func(ply int) (o, l []frisian.DrawCounter) {
			return []frisian.DrawCounter{{Reason: frisian.TwoKingsAgainstOne, Count: (ply + 1) / 2, Limit: 7, Side: frisian.White}},
				[]frisian.DrawCounter{{Reason: frisian.LidraughtsTwoKingsAgainstOne, Count: ply, Limit: 14, Plies: true}}
		},
		// One king each until Black takes White's king: then no count.
		func(ply int) (o, l []frisian.DrawCounter) {
			if ply == 2 {
				return nil, nil
			}
			return nil, []frisian.DrawCounter{{Reason: frisian.LidraughtsOneKingEach, Count: ply, Limit: 4, Plies: true}}
		},
	}
	for i, g := range games {
		for ply := 0; ply <= g.Len(); ply++ {
			p, _ := g.PositionAt(ply)
			o, l := want[i](ply)
			if got := p.DrawCounters(frisian.OfficialDraws); !slices.Equal(got, o) {
				t.Errorf("game %d, ply %d: official %v, want %v", i+1, ply, got, o)
			}
			if got := p.DrawCounters(frisian.LidraughtsDraws); !slices.Equal(got, l) {
				t.Errorf("game %d, ply %d: lidraughts %v, want %v", i+1, ply, got, l)
			}
		}
	}
}

// TestDrawCountersLidraughtsGames: lidraughts is the oracle for its own
// counts. Each Frysk! game it scored 1-1 ended by its draw rule with the
// last move, so the count that ran reached its limit then and not before:
// it stands at its limit after the last move and one short of it before.
func TestDrawCountersLidraughtsGames(t *testing.T) {
	games, errs := pdnReadFile(t, "testdata/games/frysk-lidraughts.pdn")
	draws := 0
	for i, g := range games {
		if errs[i] != nil || g.Tags.Get("Result") != "1-1" {
			continue
		}
		draws++
		last, _ := g.PositionAt(g.Len())
		before, _ := g.PositionAt(g.Len() - 1)
		end, prev := last.DrawCounters(frisian.LidraughtsDraws), before.DrawCounters(frisian.LidraughtsDraws)
		if len(end) != 1 || end[0].Count != end[0].Limit || len(prev) != 1 || prev[0].Reason != end[0].Reason || prev[0].Count != end[0].Limit-1 {
			t.Errorf("%s: counts %v then %v", g.Tags.Get("Site"), prev, end)
		}
		if o := testgame.Legal(last).Outcome(frisian.LidraughtsDraws); o != (frisian.Outcome{Result: frisian.Draw, Reason: end[0].Reason}) {
			t.Errorf("%s: outcome %v", g.Tags.Get("Site"), o)
		}
	}
	if draws != 5 {
		t.Errorf("%d drawn games: data changed?", draws)
	}
}
