package pdn

// PDN round trips: of the test files, of random games (gen_test.go) and of
// fuzzed text. The PDN tests that need nothing unexported are in
// api_test.go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"

	"pgregory.net/rapid"
)

// pdnRoundTrip writes g with the zero-configured Writer and checks that it
// reads back the same (see roundTrip); the writer must accept g.
func pdnRoundTrip(t txtFailer, g *Game) {
	t.Helper()
	if err := roundTrip(t, g, 0); err != nil {
		t.Errorf("WriteGame: %v", err)
	}
}

func TestPDNWriteRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.pdn")
	n := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := readAll(t, string(text))
		for i, g := range games {
			if !errors.Is(errs[i], ErrGameType) {
				pdnRoundTrip(t, g)
				n++
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d games", n)
	}
}

func TestPDNWriteAddsTags(t *testing.T) {
	g := NewGame(frisian.MustParseFEN("W:WK47:BK4"))
	if _, err := playText(g, "47-41"); err != nil {
		t.Fatal(err)
	}
	out, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "[GameType \"40\"]\n[FEN \"W:WK47:BK4\"]\n[Result \"1-1\"]\n\n1. 47-41 1-1\n\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A FEN tag that does not give the start is rewritten.
	g = NewGame(frisian.StartPosition())
	g.Tags.Set("FEN", "W:W31:B1")
	out, _ = g.MarshalText()
	if !strings.Contains(string(out), `[FEN "`+frisian.StartPosition().FEN()+`"]`) {
		t.Errorf("FEN tag not corrected:\n%s", out)
	}
	// Content PDN cannot hold is refused with ErrSyntax.
	for _, a := range []Annotation{
		{Marks: []string{"x"}}, {Marks: []string{"$"}}, {Variations: []string{"1. 32-28 )("}},
		{Variations: []string{"{open"}},
	} {
		g := NewGame(frisian.StartPosition())
		g.SetAnnotation(0, a)
		if _, err := g.MarshalText(); !errors.Is(err, frisian.ErrSyntax) {
			t.Errorf("%+v: err %v, want ErrSyntax", a, err)
		}
	}
	g = NewGame(frisian.StartPosition())
	g.Tags.Set("Bad Name", "v")
	if _, err := g.MarshalText(); !errors.Is(err, frisian.ErrSyntax) {
		t.Errorf("bad tag name: %v", err)
	}
	// Comments with a '}' survive as line comments.
	g = NewGame(frisian.StartPosition())
	g.SetAnnotation(0, Annotation{Comments: []string{"a}b", "c"}})
	pdnRoundTrip(t, g)
}

func TestGameTextAndJSON(t *testing.T) {
	var g Game
	if err := g.UnmarshalText([]byte("[Event \"x\"]\n1. 32-28 18-23 *")); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 2 || g.Tags.Get("Event") != "x" {
		t.Errorf("UnmarshalText: %d plies, tags %v", g.Len(), g.Tags)
	}
	b, err := json.Marshal(&g)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := readBackDiff(&g, &back); d != "" {
		t.Errorf("JSON round trip: %s", d)
	}
	for _, bad := range []string{"", "1. 32-27 *\n1. 32-28 *", "1. 32-29 *"} {
		var h Game
		if err := h.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) accepted", bad)
		}
	}
}

func TestRapidPDNRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pdnRoundTrip(t, pdnGame(t))
	})
}

// TestRapidPDNStream: several games written one after another read back as
// the same games, in order.
func TestRapidPDNStream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		games := rapid.SliceOfN(rapid.Custom(pdnGame), 1, 4).Draw(t, "games")
		var buf bytes.Buffer
		w := NewWriter(&buf)
		w.Width = rapid.IntRange(20, 120).Draw(t, "width")
		for _, g := range games {
			if err := w.WriteGame(g); err != nil {
				t.Fatal(err)
			}
		}
		r := NewReader(&buf)
		r.Strict = true
		i := 0
		for back, err := range r.Games() {
			if err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
			if i >= len(games) {
				t.Fatalf("more games read than written")
			}
			if d := readBackDiff(games[i], back); d != "" {
				t.Fatalf("game %d: %s", i+1, d)
			}
			i++
		}
		if i != len(games) {
			t.Fatalf("read %d games, wrote %d", i, len(games))
		}
	})
}

// FuzzPDN reads arbitrary text leniently. It must never panic, every error
// must be a Error with a position inside the text, and every game read
// must survive a write and a strict read unchanged.
func FuzzPDN(f *testing.F) {
	files, _ := filepath.Glob("testdata/pdn/*.pdn")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, s := range []string{
		"", "*", "[", "]", "{", "}", "(", ")", ";", "%", "$", "$999999", "1.", "1...", "...",
		"[Event \"unterminated", "[Event unquoted]", "[ \"no name\"]", "{unterminated comment",
		"(unterminated (variation", strings.Repeat("(", 10000), strings.Repeat("{", 100) + "}",
		"1. 99999999999999999999-1 *", "99999999999999999999. 32-28 *", "1-1 2-0 0-2",
		"\xef\xbb\xbf[Event \"bom\"]\n1. 32-28 *", "[FEN \"W:W31-50:B1-20\"][GameType \"97\"] 1. 31-26 *",
		"1. 32-28 18-23 2. 28x19!? $3 {c} (2. 33-28) 14x23 1/2-1/2",
		"[GameType \"40,W,10,10,N2,0\"]\n1.32-28 *", "[GameType \"21\"]\n1. 32-28 *",
		strings.Repeat("1. 32-28 18-23 ", 50),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n") + 1
		r := NewReader(strings.NewReader(s))
		games := 0
		for g, err := range r.Games() {
			if g == nil {
				// Only a stream's last stretch of comments and NAGs, which
				// holds no game, ends with an error and no game.
				var list Errors
				if !errors.Is(err, frisian.ErrSyntax) || !errors.As(err, &list) || len(list) != 1 || list[0].Game != games+1 {
					t.Fatalf("read error on a string: %v", err)
				}
				if g, err := r.Next(); g != nil || err != io.EOF {
					t.Fatalf("after the text without a game: %v, %v", g, err)
				}
				continue
			}
			games++
			if games > len(s)+1 {
				t.Fatalf("more games than bytes")
			}
			if err != nil {
				var list Errors
				if !errors.As(err, &list) || len(list) == 0 {
					t.Fatalf("error %v is not Errors", err)
				}
				for _, e := range list {
					if e.Line < 1 || e.Line > lines || e.Column < 1 || e.Game != games || e.Err == nil {
						t.Fatalf("error outside the text: %+v", e)
					}
					_ = e.Error()
				}
				if errors.Is(err, ErrGameType) {
					continue // reported, not replayed, and so not written back
				}
			}
			pdnRoundTrip(t, g)
		}
	})
}
