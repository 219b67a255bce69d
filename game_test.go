package frisian

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestGamePlayUndo(t *testing.T) {
	var g Game // the zero Game starts from the start position
	if g.Start() != StartPosition() || g.Len() != 0 {
		t.Fatalf("zero Game: %s, %d plies", g.Start().FEN(), g.Len())
	}
	for _, s := range []string{"32-28", "19-23", "28x19", "14x23"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("PlayText(%q): %v", s, err)
		}
	}
	m, before, ok := g.MoveAt(2)
	if p2, _ := g.PositionAt(2); g.Len() != 4 || !ok || before.MoveText(m).String() != "28x19" || before != p2 {
		t.Errorf("after four plies: %d, %q", g.Len(), before.MoveText(m).String())
	}
	for _, i := range []int{-1, 4} {
		if m, before, ok := g.MoveAt(i); ok || !m.IsZero() || before != (Position{}) {
			t.Errorf("MoveAt(%d) = %v, %v, %v", i, m, before, ok)
		}
	}
	before = g.Position()
	if _, err := g.PlayText("32-28"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("illegal text: %v", err)
	}
	if _, err := g.PlayText("bogus"); !errors.Is(err, ErrInvalidMove) {
		t.Errorf("invalid text: %v", err)
	}
	if err := g.Play(Move{}); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("zero Move: %v", err)
	}
	// A legal move of another position is refused too.
	if err := g.Play(MustParseFEN("W:WK43,K50:B1,K5,K7,22,26").LegalMoves()[0]); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("foreign move: %v", err)
	}
	if g.Position() != before || g.Len() != 4 {
		t.Errorf("a refused move changed the game")
	}
	m, ok = g.Undo()
	if !ok || m.String() != "14x23" || g.Len() != 3 {
		t.Errorf("Undo = %v, %v", m, ok)
	}
	p3, _ := g.PositionAt(3)
	if g.Position() != p3 || p3.Apply(m) != before {
		t.Errorf("Undo did not restore the position")
	}
	for g.Len() > 0 {
		g.Undo()
	}
	if _, ok := g.Undo(); ok || g.Position() != StartPosition() {
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
	g := NewGame(StartPosition())
	g.PlayText("32-28")
	a := Annotation{Marks: []string{"!"}, Comments: []string{"good"}}
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
	c.PlayText("19-23")
	c.SetAnnotation(1, Annotation{})
	c.Tags.Set("Event", "clone")
	if g.Len() != 1 || g.Annotation(1).IsZero() || g.Tags.Get("Event") != "" {
		t.Errorf("Clone shares state with the original")
	}
	// Undo drops the annotation of the move taken back.
	g.Undo()
	g.PlayText("32-28")
	if !g.Annotation(1).IsZero() {
		t.Errorf("annotation survived Undo")
	}
}

func TestTags(t *testing.T) {
	var tags Tags
	tags.Set("Event", "a")
	tags.Set("Site", "b")
	tags.Set("Event", "c")
	if len(tags) != 2 || tags[0] != (Tag{"Event", "c"}) || tags.Get("Site") != "b" {
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

// TestRapidGame runs random plays and undos against a model: the list of
// positions reached by Apply.
func TestRapidGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		start := anyPosition.Draw(t, "start")
		g := NewGame(start)
		model := []Position{start}
		var moves []Move
		t.Repeat(map[string]func(*rapid.T){
			"play": func(t *rapid.T) {
				legal := g.Position().LegalMoves()
				if len(legal) == 0 {
					t.Skip("no legal move")
				}
				slices.SortFunc(legal, Move.Compare)
				m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
				if rapid.Bool().Draw(t, "as text") {
					got, err := g.PlayText(g.Position().MoveText(m).String())
					if err != nil || got != m {
						t.Fatalf("PlayText: %v %v", got, err)
					}
				} else if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				model = append(model, model[len(model)-1].Apply(m))
				moves = append(moves, m)
			},
			"clone": func(t *rapid.T) {
				g = g.Clone()
			},
			"outcome": func(t *rapid.T) {
				g.End(rapid.SampledFrom([]DrawRules{OfficialDraws, LidraughtsDraws}).Draw(t, "rules"))
			},
			"undo": func(t *rapid.T) {
				m, ok := g.Undo()
				if ok != (len(moves) > 0) {
					t.Fatalf("Undo ok = %v with %d moves", ok, len(moves))
				}
				if ok {
					if m != moves[len(moves)-1] {
						t.Fatalf("Undo returned %v, want %v", m, moves[len(moves)-1])
					}
					moves = moves[:len(moves)-1]
					model = model[:len(model)-1]
				}
			},
			"": func(t *rapid.T) {
				if g.Len() != len(moves) || !slices.Equal(g.Played(), moves) {
					t.Fatalf("moves %v, model %v", g.Played(), moves)
				}
				for i, want := range model {
					if p, ok := g.PositionAt(i); !ok || p != want {
						t.Fatalf("position %d differs from the model", i)
					}
				}
				// The game's outcome is the first over position's, under
				// either rules, however Play, Undo and Clone interleave.
				for _, rules := range []DrawRules{OfficialDraws, LidraughtsDraws} {
					wantEnd, want := -1, Outcome{}
					for i, p := range model {
						if o := p.OutcomeWith(rules); o.IsOver() {
							wantEnd, want = i, o
							break
						}
					}
					if o, end := g.End(rules); end != wantEnd || o != want {
						t.Fatalf("%s rules: EndPly %d, outcome %v; want %d, %v", rules, end, o, wantEnd, want)
					}
				}
			},
		})
	})
}

// BenchmarkGameOutcomeLong asks for the outcome after every move of a
// game that runs to 100 000 plies; the cost per call must not grow with
// the game.
func BenchmarkGameOutcomeLong(b *testing.B) {
	g := NewGame(MustParseFEN("W:WK46,K49:BK1,K4"))
	shuttle := []string{"46-41", "1-7", "41-46", "7-1"}
	for i := range 100_000 {
		if _, err := g.PlayText(shuttle[i%4]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := g.PlayText(shuttle[i%4]); err != nil {
			b.Fatal(err)
		}
		if g.Outcome().IsOver() {
			b.Fatal("the shuttle ended the game")
		}
	}
}
