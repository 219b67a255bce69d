package pdn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
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
	g := anyPDNGame(t)
	err := roundTrip(t, g, rapid.IntRange(0, 100).Draw(t, "width"))
	if err != nil && !errors.Is(err, frisian.ErrSyntax) && !errors.Is(err, ErrGameType) {
		t.Fatalf("WriteGame error %v wraps neither ErrSyntax nor ErrGameType", err)
	}
}

// roundTrip writes g at width, reads it back strictly and checks that it
// is the same game, up to the normalisations WriteGame documents
// (readBackDiff), that writing it again gives the same text, and, at the
// default width, that the lines are wrapped. The writer's error is returned
// for the caller to judge, after checking that nothing was written.
func roundTrip(t txtFailer, g *Game, width int) error {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Width = width
	if err := w.WriteGame(g); err != nil {
		if buf.Len() != 0 {
			t.Errorf("WriteGame wrote %q and failed", buf.String())
		}
		return err
	}
	text := buf.String()
	r := NewReader(strings.NewReader(text))
	r.Strict = true
	back, err := r.Next()
	if err != nil {
		t.Errorf("reading back %q: %v", text, err)
		return nil
	}
	if more, err := r.Next(); more != nil || err != io.EOF {
		t.Errorf("more than one game read back from %q", text)
	}
	if d := readBackDiff(g, back); d != "" {
		t.Errorf("round trip: %s\n%s", d, text)
		return nil
	}
	var again bytes.Buffer
	w = NewWriter(&again)
	w.Width = width
	if err := w.WriteGame(back); err != nil || again.String() != text {
		t.Errorf("writing is not a fixed point: %q then %q (%v)", text, again.String(), err)
	}
	if width == 0 {
		inComment := false
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "[") && len(line) > 80 && !strings.ContainsAny(line, "{};()") && !inComment {
				t.Errorf("line of %d bytes: %q", len(line), line)
			}
			inComment = strings.Count(line, "{") > strings.Count(line, "}")
		}
	}
	return nil
}

// readBackDiff reports how back, read from the PDN written of g, differs
// from g beyond what WriteGame documents: the start, the moves, the
// annotations (normalPDNAnnotation) and the tags (tagsDiff); "" when it
// does not.
func readBackDiff(g, back *Game) string {
	if back.start() != g.start() {
		return "start " + g.start().FEN() + " read back as " + back.start().FEN()
	}
	if !slices.Equal(back.moves, g.moves) {
		return "moves differ"
	}
	for ply := 0; ply <= g.Len(); ply++ {
		if diff := cmp.Diff(normalPDNAnnotation(g.Annotation(ply)), back.Annotation(ply), cmpopts.EquateEmpty()); diff != "" {
			return fmt.Sprintf("ply %d annotation (-want +got):\n%s", ply, diff)
		}
	}
	return tagsDiff(g, back)
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

// tagsDiff reports how the tags read back differ from those written, as
// WriteGame documents them: each name once, with its last value (newlines
// as spaces), in the order of first appearance; GameType, FEN and Result
// may be added; a FEN gives the start.
func tagsDiff(g, back *Game) string {
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
				return fmt.Sprintf("FEN tag %q does not give the start %s", tag.Value, g.start().FEN())
			}
		case !ok && tag.Name != "GameType" && tag.Name != "Result":
			return fmt.Sprintf("tag %s added", tag.Name)
		case ok && tag.Value != want:
			return fmt.Sprintf("tag %s read back as %q, want %q", tag.Name, tag.Value, want)
		}
	}
	got = slices.DeleteFunc(got, func(n string) bool { _, ok := last[n]; return !ok })
	if !slices.Equal(got, names) {
		return fmt.Sprintf("tags read back %q, want %q", got, names)
	}
	return ""
}
