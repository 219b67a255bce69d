package pdn

import (
	"errors"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

// TestPDNWriterNormalises: what the writer used to write and its reader
// rejected or read otherwise.
func TestPDNWriterNormalises(t *testing.T) {
	frysk := frisian.MustParseFEN(fryskStart)
	t.Run("foreign game type", func(t *testing.T) {
		g := NewGame(frisian.StartPosition())
		g.Tags.Set("GameType", "20")
		var b strings.Builder
		if err := NewWriter(&b).WriteGame(g); !errors.Is(err, ErrGameType) || b.Len() != 0 {
			t.Errorf("WriteGame = %v, wrote %q; want ErrGameType and nothing", err, b.String())
		}
	})
	t.Run("two FEN tags", func(t *testing.T) {
		g := NewGame(frysk)
		g.Tags = Tags{{"FEN", fryskStart}, {"Event", "e"}, {"FEN", frisian.StartPosition().FEN()}}
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(text), "[FEN "); n != 1 {
			t.Errorf("%d FEN tags written:\n%s", n, text)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil || back.start() != frysk {
			t.Errorf("read back from %s with start %s, %v", text, back.start().FEN(), err)
		}
	})
	t.Run("Frysk! from the standard start", func(t *testing.T) {
		g := NewGame(frisian.StartPosition())
		g.Tags.Set("GameType", "97")
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil || back.start() != frisian.StartPosition() {
			t.Errorf("read back from %s with start %s, %v", text, back.start().FEN(), err)
		}
	})
	t.Run("Frysk! from its own start", func(t *testing.T) {
		g := NewGame(frysk)
		g.Tags.Set("GameType", "97")
		text, _ := g.MarshalText()
		if strings.Contains(string(text), "[FEN ") {
			t.Errorf("FEN written for the game type's own start:\n%s", text)
		}
	})
	t.Run("empty mark", func(t *testing.T) {
		g := NewGame(frisian.StartPosition())
		if _, err := playText(g, "32-28"); err != nil {
			t.Fatal(err)
		}
		g.SetAnnotation(1, Annotation{Marks: []string{""}})
		if _, err := g.MarshalText(); !errors.Is(err, frisian.ErrSyntax) {
			t.Errorf("MarshalText = %v, want ErrSyntax", err)
		}
	})
	t.Run("too long for a reader", func(t *testing.T) {
		g := NewGame(frisian.StartPosition())
		g.SetAnnotation(0, Annotation{Comments: []string{strings.Repeat("a", maxText+1)}})
		if _, err := g.MarshalText(); !errors.Is(err, frisian.ErrTooLarge) {
			t.Errorf("MarshalText = %v, want ErrTooLarge", err)
		}
	})
}
