package pdn_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// TestPDNOnlyComments: a stream of comments and NAGs holds no game; it is
// reported, in either mode, rather than read as an empty game. A comment
// before a game still belongs to it.
func TestPDNOnlyComments(t *testing.T) {
	for _, in := range []string{"{c}", "$1", "{c} $3", "\n  {a}\n{b} !?\n"} {
		for _, strict := range []bool{false, true} {
			r := pdn.NewReader(strings.NewReader(in))
			r.Strict = strict
			g, err := r.Next()
			var errs pdn.Errors
			if g != nil || !errors.Is(err, frisian.ErrSyntax) || !errors.As(err, &errs) || len(errs) != 1 {
				t.Errorf("%q (strict %v): Next = %v, %v; want no game and one syntax error", in, strict, g, err)
				continue
			}
			if first := strings.IndexAny(in, "{$"); errs[0].Line != 1+strings.Count(in[:first], "\n") {
				t.Errorf("%q: error at line %d", in, errs[0].Line)
			}
			g, err2 := r.Next()
			if want := io.EOF; strict {
				if g != nil || err2 == nil || err2.Error() != err.Error() {
					t.Errorf("%q strict: then Next = %v, %v; want the same error", in, g, err2)
				}
			} else if g != nil || err2 != want {
				t.Errorf("%q: then Next = %v, %v; want io.EOF", in, g, err2)
			}
		}
	}
	r := pdn.NewReader(strings.NewReader("{before} 1. 32-28 * {after}"))
	g, err := r.Next()
	if g == nil || err != nil || g.Len() != 1 {
		t.Fatalf("a game with comments: %v, %v", g, err)
	}
	if c := g.Annotation(0).Comments; len(c) != 1 || c[0] != "before" {
		t.Errorf("comments before the moves: %q", c)
	}
	if g, err := r.Next(); g != nil || err != io.EOF {
		t.Errorf("after the game: %v, %v", g, err)
	}
}
