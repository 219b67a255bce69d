package frisian

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// The syntax of PDN move text, the first step of Legal.ParseMove.

func TestParseMoveText(t *testing.T) {
	ok := []struct {
		in      string
		squares []Square
		capture bool
	}{
		{"32-28", []Square{32, 28}, false},
		{" 32-28 ", []Square{32, 28}, false},
		{"28x19", []Square{28, 19}, true},
		{"28X19", []Square{28, 19}, true},
		{"28:19", []Square{28, 19}, true},
		{"28x17x8", []Square{28, 17, 8}, true},
		{"28x17:8", []Square{28, 17, 8}, true},
		{"32-28!", []Square{32, 28}, false},
		{"32-28?!", []Square{32, 28}, false},
		{"28x19!!", []Square{28, 19}, true},
		{"05-10", []Square{5, 10}, false},
		{"28x28", []Square{28, 28}, true},
	}
	for _, c := range ok {
		got, err := parseMoveText(c.in)
		if err != nil {
			t.Errorf("parseMoveText(%q): %v", c.in, err)
			continue
		}
		if !slices.Equal(got.Squares, c.squares) || got.Capture != c.capture {
			t.Errorf("parseMoveText(%q) = %v, want %v capture %v", c.in, got, c.squares, c.capture)
		}
	}
	bad := []string{
		"", " ", "!", "32", "32-", "-28", "32--28", "32-28-24", "28x17-8", "0-5", "51-46", "32-280",
		"99999999999999999999-1", "a-b", "32_28", "32 - 28", "x", "32-28x", "1x", "32-28 !",
		strings.Repeat("1x", 1000) + "1",
	}
	for _, in := range bad {
		_, err := parseMoveText(in)
		var me *MoveError
		if !errors.Is(err, ErrInvalidMove) || !errors.As(err, &me) || me.Reason == "" {
			t.Errorf("parseMoveText(%q) = %v, want a *MoveError wrapping ErrInvalidMove with a reason", in, err)
		}
	}
}

func TestMoveTextString(t *testing.T) {
	for _, s := range []string{"32-28", "28x17x8", "28x19"} {
		mt, err := parseMoveText(s)
		if err != nil || mt.String() != s {
			t.Errorf("parseMoveText(%q).String() = %q, %v", s, mt.String(), err)
		}
	}
}

// TestCircularCaptureText: a capture that ends on its own start square is
// never written "28x28" (issue 48): its PDN text is its landing path, as
// lidraughts writes it (RULES.md §6), its position-free text the Hub form
// with the pieces taken; each reads back to the move, and "28x28" is still
// read.
func TestCircularCaptureText(t *testing.T) {
	for _, c := range []struct{ fen, text, hub string }{
		{"W:W28:B18,22,23", "28x17x19x28", "28x28x18x22x23"},
		{"W:W28,50:B18,22,23,1", "28x17x19x28", "28x28x18x22x23"},
	} {
		l := legalOf(MustParseFEN(c.fen))
		var m Move
		for _, mm := range l.Moves() {
			if mm.From() == mm.To() && mm.IsCapture() {
				m = mm
			}
		}
		if got := l.Text(m); got != c.text {
			t.Errorf("%s: Text %q, want %q", c.fen, got, c.text)
		}
		if got := m.String(); got != c.hub {
			t.Errorf("%s: String %q, want %q", c.fen, got, c.hub)
		}
		for _, s := range []string{c.text, "28x28", "28x19x17x28"} {
			if got, err := l.ParseMove(context.Background(), s); err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v", c.fen, s, got, err)
			}
		}
		if got, err := l.ParseHubMove(c.hub); err != nil || got != m {
			t.Errorf("%s: ParseHubMove(%q) = %v, %v", c.fen, c.hub, got, err)
		}
	}
}
