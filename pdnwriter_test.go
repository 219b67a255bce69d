package frisian

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPDNWriterNormalises: what the writer used to write and its reader
// rejected or read otherwise.
func TestPDNWriterNormalises(t *testing.T) {
	frysk := MustParseFEN(fryskStart)
	t.Run("foreign game type", func(t *testing.T) {
		g := NewGame(StartPosition())
		g.Tags.Set("GameType", "20")
		var b strings.Builder
		if err := NewPDNWriter(&b).WriteGame(g); !errors.Is(err, ErrGameType) || b.Len() != 0 {
			t.Errorf("WriteGame = %v, wrote %q; want ErrGameType and nothing", err, b.String())
		}
	})
	t.Run("two FEN tags", func(t *testing.T) {
		g := NewGame(frysk)
		g.Tags = Tags{{"FEN", fryskStart}, {"Event", "e"}, {"FEN", StartPosition().FEN()}}
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(text), "[FEN "); n != 1 {
			t.Errorf("%d FEN tags written:\n%s", n, text)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil || back.Start() != frysk {
			t.Errorf("read back from %s with start %s, %v", text, back.Start().FEN(), err)
		}
	})
	t.Run("Frysk! from the standard start", func(t *testing.T) {
		g := NewGame(StartPosition())
		g.Tags.Set("GameType", "97")
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil || back.Start() != StartPosition() {
			t.Errorf("read back from %s with start %s, %v", text, back.Start().FEN(), err)
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
		g := NewGame(StartPosition())
		if _, err := g.PlayText("32-28"); err != nil {
			t.Fatal(err)
		}
		g.SetAnnotation(1, Annotation{Marks: []string{""}})
		if _, err := g.MarshalText(); !errors.Is(err, ErrSyntax) {
			t.Errorf("MarshalText = %v, want ErrSyntax", err)
		}
	})
	t.Run("too long for a reader", func(t *testing.T) {
		g := NewGame(StartPosition())
		g.SetAnnotation(0, Annotation{Comments: []string{strings.Repeat("a", maxText+1)}})
		if _, err := g.MarshalText(); !errors.Is(err, ErrTooLarge) {
			t.Errorf("MarshalText = %v, want ErrTooLarge", err)
		}
	})
}

// TestPDNWriterKeepsNumberWithMove: at any width, a move number and its
// move share a line.
func TestPDNWriterKeepsNumberWithMove(t *testing.T) {
	g := NewGame(StartPosition())
	for range 80 {
		moves := g.Position().LegalMoves()
		if len(moves) == 0 {
			break
		}
		slices.SortFunc(moves, Move.Compare)
		if err := g.Play(moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	lonely := regexp.MustCompile(`(^|\s)\d+\.(\.\.)?$`)
	for width := 1; width <= 90; width++ {
		var b strings.Builder
		w := NewPDNWriter(&b)
		w.Width = width
		if err := w.WriteGame(g); err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(b.String()) {
			if lonely.MatchString(strings.TrimRight(line, "\n")) {
				t.Fatalf("width %d: line ends with a move number: %q", width, line)
			}
		}
	}
}
