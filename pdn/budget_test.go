package pdn

import (
	"errors"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

// A game at the reader's text limit, to the byte, reads whole, writes
// (with the GameType and Result tags the writer adds) and reads back whole;
// one byte more is refused by both. The reader and the writer charge the
// same.
func TestPDNTextBudgetBoundary(t *testing.T) {
	game := func(extra int) string {
		left := maxGameText - (len("Event") + len("e") + itemCost)
		var comments []string
		for left > 0 {
			n := min(maxText, left-itemCost)
			comments = append(comments, "{"+strings.Repeat("a", n)+"}")
			left -= n + itemCost
		}
		last := &comments[len(comments)-1]
		*last = (*last)[:1] + strings.Repeat("b", extra) + (*last)[1:]
		return "[Event \"e\"]\n\n1. 32-28 " + strings.Join(comments, " ") + " *\n"
	}
	read := func(text string) (*Game, error) {
		t.Helper()
		r := NewReader(strings.NewReader(text))
		r.Strict = true
		return r.Next()
	}

	g, err := read(game(0))
	if err != nil {
		t.Fatalf("a game at the limit: %v", err)
	}
	if _, ok := g.Tags.Lookup("GameType"); ok {
		t.Fatal("the game has a GameType tag: the writer adds none")
	}
	text, err := g.MarshalText()
	if err != nil {
		t.Fatalf("a game read whole is refused by the writer: %v", err)
	}
	back, err := read(string(text))
	if err != nil {
		t.Fatalf("what the writer wrote does not read back: %v", err)
	}
	if back.Len() != 1 || len(back.Annotation(1).Comments) != len(g.Annotation(1).Comments) {
		t.Errorf("read back %d moves, %d comments; want 1, %d", back.Len(), len(back.Annotation(1).Comments), len(g.Annotation(1).Comments))
	}

	if _, err := read(game(1)); !errors.Is(err, frisian.ErrTooLarge) {
		t.Errorf("a byte over the limit: %v, want ErrTooLarge", err)
	}
	over := g.Clone()
	c := over.Annotation(1)
	c.Comments[0] += "b"
	over.SetAnnotation(1, c)
	if _, err := over.MarshalText(); !errors.Is(err, frisian.ErrTooLarge) {
		t.Errorf("writing a byte over the limit: %v, want ErrTooLarge", err)
	}
}
