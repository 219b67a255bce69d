package pdn

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// FuzzPDNWriteRead: whatever game a program builds, Writer either
// refuses it with a typed error or writes text that reads back (strictly)
// to the same game, up to the normalisations WriteGame documents, and that
// writes again to the same text.
func FuzzPDNWriteRead(f *testing.F) {
	// rapid reads its choices from the input: seeds of random bytes long
	// enough for whole games.
	for i := range uint64(8) {
		seed := make([]byte, 1<<14)
		rng := rand.New(rand.NewPCG(i, i))
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		f.Add(seed)
	}
	f.Fuzz(rapid.MakeFuzz(checkPDNWriteRead))
}

// TestPDNWriteRead is FuzzPDNWriteRead's property on rapid's own draws.
func TestPDNWriteRead(t *testing.T) { rapid.Check(t, checkPDNWriteRead) }

func checkPDNWriteRead(t *rapid.T) {
	{
		g := anyPDNGame(t)
		var buf bytes.Buffer
		w := NewWriter(&buf)
		width := rapid.IntRange(0, 100).Draw(t, "width")
		w.Width = width
		if err := w.WriteGame(g); err != nil {
			if !errors.Is(err, frisian.ErrSyntax) && !errors.Is(err, ErrGameType) {
				t.Fatalf("WriteGame error %v wraps neither ErrSyntax nor ErrGameType", err)
			}
			if buf.Len() != 0 {
				t.Fatalf("WriteGame wrote %q and failed", buf.String())
			}
			return
		}
		text := buf.String()
		r := NewReader(strings.NewReader(text))
		r.Strict = true
		back, err := r.Next()
		if err != nil {
			t.Fatalf("reading back %q: %v", text, err)
		}
		if more, _ := r.Next(); more != nil {
			t.Fatalf("a second game read back from %q", text)
		}
		if back.start() != g.start() || !slices.Equal(back.moves, g.moves) {
			t.Fatalf("start or moves differ after reading back %q", text)
		}
		for ply := 0; ply <= g.Len(); ply++ {
			if diff := cmp.Diff(normalPDNAnnotation(g.Annotation(ply)), back.Annotation(ply), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("ply %d annotation (-want +got) from %q:\n%s", ply, text, diff)
			}
		}
		checkPDNTags(t, g, back)
		var again bytes.Buffer
		w = NewWriter(&again)
		w.Width = width
		err = w.WriteGame(back)
		if err != nil || again.String() != text {
			t.Fatalf("writing is not a fixed point: %q then %q (%v)", text, again.String(), err)
		}
	}
}

// normalPDNAnnotation is a as WriteGame documents it is read back:
// comments without surrounding spaces, and without '}' when they also
// span lines.
func normalPDNAnnotation(a Annotation) Annotation {
	for i, c := range a.Comments {
		c = strings.TrimSpace(c)
		if strings.Contains(c, "}") && strings.Contains(c, "\n") {
			c = strings.TrimSpace(strings.ReplaceAll(c, "}", ""))
		}
		a.Comments[i] = c
	}
	return a
}

// checkPDNTags checks the tags read back against those written, as
// WriteGame documents them: each name once, with its last value (newlines
// as spaces), in the order of first appearance; GameType, FEN and Result
// may be added; a FEN gives the start.
func checkPDNTags(t *rapid.T, g, back *Game) {
	var names []string
	last := map[string]string{}
	for _, tag := range g.Tags {
		if _, ok := last[tag.Name]; !ok {
			names = append(names, tag.Name)
		}
		last[tag.Name] = strings.ReplaceAll(tag.Value, "\n", " ")
	}
	var got []string
	for _, tag := range back.Tags {
		got = append(got, tag.Name)
		want, ok := last[tag.Name]
		switch {
		case tag.Name == "FEN":
			if p, err := frisian.ParseFEN(tag.Value); err != nil || p != g.start() {
				t.Fatalf("FEN tag %q does not give the start %s", tag.Value, g.start().FEN())
			}
		case !ok && tag.Name != "GameType" && tag.Name != "Result":
			t.Fatalf("tag %s added", tag.Name)
		case ok && tag.Value != want:
			t.Fatalf("tag %s read back as %q, want %q", tag.Name, tag.Value, want)
		}
	}
	got = slices.DeleteFunc(got, func(n string) bool { _, ok := last[n]; return !ok })
	if !slices.Equal(got, names) {
		t.Fatalf("tags read back %q, want %q", got, names)
	}
}
