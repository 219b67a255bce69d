package frisian

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// anyText draws text rich in what PDN treats specially.
var anyText = rapid.OneOf(
	rapid.StringOf(rapid.SampledFrom([]rune("ab 1.-x }{\n\t\r;%()[]\"\\$!?*"))),
	rapid.String(),
)

// anyPDNGame draws a game with anything a program may put in one: tags of
// any name and value (given twice, a foreign GameType, a FEN that does not
// match), comments with braces, newlines and spaces, any marks and
// variations.
func anyPDNGame(t *rapid.T) *Game {
	g := NewGame(txtPosition(t))
	for range rapid.IntRange(0, 6).Draw(t, "tags") {
		name := rapid.OneOf(
			rapid.SampledFrom([]string{"Event", "Result", "GameType", "FEN", "White", "SetUp"}),
			rapid.StringMatching(`[A-Za-z_0-9 ]{0,6}`),
		).Draw(t, "name")
		var value string
		switch name {
		case "GameType":
			value = rapid.SampledFrom([]string{"40", "97", " 40,W,10,10,N2,0", "20", "", "x"}).Draw(t, "gameType")
		case "FEN":
			value = rapid.SampledFrom([]string{g.Start().FEN(), StartPosition().FEN(), fryskStart, "junk"}).Draw(t, "fen")
		case "Result":
			value = rapid.SampledFrom([]string{"2-0", "0-2", "1-1", "1-0", "*", "unknown"}).Draw(t, "result")
		default:
			value = anyText.Draw(t, "value")
		}
		g.Tags = append(g.Tags, Tag{name, value}) // perhaps a second time
	}
	for range rapid.IntRange(0, 40).Draw(t, "plies") {
		moves := g.Position().LegalMoves()
		if len(moves) == 0 {
			break
		}
		slices.SortFunc(moves, Move.Compare)
		if err := g.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
			t.Fatal(err)
		}
	}
	mark := rapid.OneOf(
		rapid.SampledFrom([]string{"!", "?", "!!", "??", "!?", "?!", "$1", "$14", "$255"}),
		rapid.StringMatching(`[!?$0-9a]{0,5}`),
	)
	variation := rapid.OneOf(
		rapid.SampledFrom([]string{"", "1. 33-28", " 2... 18-23 {why} (2... 19-23) ", "3. 31x22 ; line\n"}),
		anyText,
	)
	for ply := 0; ply <= g.Len(); ply++ {
		if rapid.IntRange(0, 3).Draw(t, "annotated") != 0 {
			continue
		}
		var a Annotation
		a.Marks = rapid.SliceOfN(mark, 0, 2).Draw(t, "marks")
		a.Comments = rapid.SliceOfN(anyText, 0, 2).Draw(t, "comments")
		a.Variations = rapid.SliceOfN(variation, 0, 1).Draw(t, "variations")
		g.SetAnnotation(ply, a)
	}
	return g
}

// FuzzPDNWriteRead: whatever game a program builds, PDNWriter either
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
		w := NewPDNWriter(&buf)
		width := rapid.IntRange(0, 100).Draw(t, "width")
		w.Width = width
		if err := w.WriteGame(g); err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrGameType) {
				t.Fatalf("WriteGame error %v wraps neither ErrSyntax nor ErrGameType", err)
			}
			if buf.Len() != 0 {
				t.Fatalf("WriteGame wrote %q and failed", buf.String())
			}
			return
		}
		text := buf.String()
		r := NewPDNReader(strings.NewReader(text))
		r.Strict = true
		back, err := r.Next()
		if err != nil {
			t.Fatalf("reading back %q: %v", text, err)
		}
		if more, _ := r.Next(); more != nil {
			t.Fatalf("a second game read back from %q", text)
		}
		if back.Start() != g.Start() || !slices.Equal(back.moves, g.moves) {
			t.Fatalf("start or moves differ after reading back %q", text)
		}
		for ply := 0; ply <= g.Len(); ply++ {
			if diff := cmp.Diff(normalPDNAnnotation(g.Annotation(ply)), back.Annotation(ply), pdnEmpty); diff != "" {
				t.Fatalf("ply %d annotation (-want +got) from %q:\n%s", ply, text, diff)
			}
		}
		checkPDNTags(t, g, back)
		var again bytes.Buffer
		w = NewPDNWriter(&again)
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
			if p, err := ParseFEN(tag.Value); err != nil || p != g.Start() {
				t.Fatalf("FEN tag %q does not give the start %s", tag.Value, g.Start().FEN())
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
