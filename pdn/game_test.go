package pdn

// The Game tests that need nothing unexported are in game_api_test.go.

import (
	"context"
	"slices"
	"testing"

	"github.com/frisian-draughts/frisian"

	"pgregory.net/rapid"
)

// TestRapidGame runs random plays and undos against a model: the list of
// positions reached by Apply.
func TestRapidGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		start := anyPosition.Draw(t, "start")
		g := NewGame(start)
		model := []frisian.Position{start}
		var moves []frisian.Move
		t.Repeat(map[string]func(*rapid.T){
			"play": func(t *rapid.T) {
				legal := legalOf(g.Position()).Moves()
				if len(legal) == 0 {
					t.Skip("no legal move")
				}
				m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
				if rapid.Bool().Draw(t, "as text") {
					got, err := playText(g, legalOf(g.Position()).Text(m))
					if err != nil || got != m {
						t.Fatalf("PlayText: %v %v", got, err)
					}
				} else if err := g.Play(context.Background(), m); err != nil {
					t.Fatal(err)
				}
				model = append(model, model[len(model)-1].Apply(m))
				moves = append(moves, m)
			},
			"clone": func(t *rapid.T) {
				g = g.Clone()
			},
			"outcome": func(t *rapid.T) {
				g.Outcome(context.Background(), rapid.SampledFrom([]frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws}).Draw(t, "rules"))
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
				for _, rules := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
					wantEnd, want := -1, frisian.Outcome{}
					for i, p := range model {
						if o := legalOf(p).Outcome(rules); o.IsOver() {
							wantEnd, want = i, o
							break
						}
					}
					if o, end, _ := g.Outcome(context.Background(), rules); end != wantEnd || o != want {
						t.Fatalf("%s rules: EndPly %d, outcome %v; want %d, %v", rules, end, o, wantEnd, want)
					}
				}
			},
		})
	})
}
