package pdn_test

// Tests of PDN reading and writing through the exported API alone. The
// tests that need more (the random games of gen_test.go, the size limits,
// the round-trip helpers they share) are in pdn_test.go, writer_test.go,
// roundtrip_test.go and limits_test.go.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// pdnReadFile reads every game of a testdata file leniently.
func pdnReadFile(t *testing.T, name string) ([]*pdn.Game, []error) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*pdn.Game
	var errs []error
	for g, err := range pdn.NewReader(f).Games() {
		if g == nil {
			t.Fatalf("%s: %v", name, err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
	return games, errs
}

// TestPDNRealGames replays the lidraughts Frysk! games and the two Frisian
// games. lidraughts is the oracle for where its games end: a game it
// scored 1-1 was ended by its draw rule after the last move, and no game
// goes on after an end under lidraughts' rules.
func TestPDNRealGames(t *testing.T) {
	files, _ := filepath.Glob("testdata/games/*.pdn")
	if len(files) < 2 {
		t.Fatalf("real games missing: %v", files)
	}
	total, draws, mates := 0, 0, 0
	for _, file := range files {
		games, errs := pdnReadFile(t, file)
		for i, g := range games {
			total++
			name := file + " #" + g.Tags.Get("Site")
			if errs[i] != nil {
				t.Errorf("%s: %v", name, errs[i])
				continue
			}
			if g.Len() < 20 {
				t.Errorf("%s: only %d plies read", name, g.Len())
			}
			lidraughts := g.Tags.Get("GameType") == "97"
			if !lidraughts {
				continue
			}
			o, end, _ := g.Outcome(context.Background(), frisian.LidraughtsDraws)
			if end >= 0 && end != g.Len() {
				t.Errorf("%s: ends at ply %d under lidraughts' rules but the record goes on to %d", name, end, g.Len())
			}
			switch res := g.Tags.Get("Result"); {
			case res == "1-1":
				draws++
				if o.Result != frisian.Draw {
					t.Errorf("%s: scored 1-1 but outcome %v", name, o)
				}
				// The official rules end no later than lidraughts' counting.
				if _, off, _ := g.Outcome(context.Background(), frisian.OfficialDraws); off < 0 || off > end {
					t.Errorf("%s: official end at %d, lidraughts' at %d", name, off, end)
				}
			case o.IsOver():
				mates++
				if o.Result.PDN() != res {
					t.Errorf("%s: result %s but outcome %v", name, res, o)
				}
			}
		}
	}
	if total != 27 || draws < 5 || mates < 10 {
		t.Errorf("%d games, %d draws, %d ended on the board: data changed?", total, draws, mates)
	}
}

func TestPDNConstructs(t *testing.T) {
	games, errs := pdnReadFile(t, "testdata/pdn/constructs.pdn")
	type want struct {
		event    string
		plies    int
		fen      string // final position
		result   string // Result tag after reading
		errIs    error
		tags     int
		notes    map[int]pdn.Annotation
		startFEN string
	}
	wants := []want{
		{
			event: "Constructs", plies: 10, result: "1-0", tags: 8,
			fen: "W:W34,35,36,37,38,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,13,14,15,16,21",
			notes: map[int]pdn.Annotation{
				0:  {Comments: []string{"Comment before the first move."}},
				1:  {Comments: []string{"after 32-27"}},
				2:  {Marks: []string{"$1"}},
				4:  {Marks: []string{"!?"}, Variations: []string{"2... 16x27 {a variation with\na comment} (2... 17x26 3. 31-27 {nested}) 3. 31x22"}},
				5:  {Comments: []string{"a line comment"}},
				7:  {Marks: []string{"!"}},
				8:  {Marks: []string{"$14"}},
				10: {Comments: []string{"[%clock w0:03:00 B0:02:58]"}},
			},
		},
		{event: "No game type, no result tag", plies: 4, result: "*", tags: 2,
			fen: "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"},
		{event: "Frysk! Shield Arena", plies: 4, result: "2-0", tags: 5,
			startFEN: "W:W46,47,48,49,50:B1,2,3,4,5", fen: "W:W39,46,47,49,50:B1,2,4,9,10",
			notes: map[int]pdn.Annotation{
				1: {Comments: []string{"[%clock w0:03:00 B0:03:00]"}},
				2: {Comments: []string{"[%clock w0:03:00 B0:03:00]"}},
				3: {Comments: []string{"[%clock w0:02:59 B0:02:59]"}},
			}},
		{event: "Frysk! without a FEN", plies: 2, result: "0-2", tags: 3,
			startFEN: "W:W46,47,48,49,50:B1,2,3,4,5", fen: "W:W41,47,48,49,50:B2,3,4,5,6"},
		{event: "Black starts; SetUp", plies: 3, result: "0-1", tags: 4,
			startFEN: "B:W31,32,33,34,35:B1,2,3,4,5", fen: "W:W30,31,32,33,34:B1,2,3,9,10"},
		{event: "International, not Frisian", plies: 0, result: "1-1", tags: 3, errIs: pdn.ErrGameType,
			fen: frisian.StartPosition().FEN()},
		{event: "Marks and a draw marker", plies: 5, result: "1/2-1/2", tags: 3,
			fen: "B:W28,31,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23",
			notes: map[int]pdn.Annotation{
				1: {Marks: []string{"!"}}, 2: {Marks: []string{"?"}}, 3: {Marks: []string{"!!"}},
				4: {Marks: []string{"?!"}}, 5: {Marks: []string{"??"}},
			}},
		{event: "No blank line before these tags; no result marker either", plies: 1, result: "*", tags: 2,
			fen: "B:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
	}
	if len(games) != len(wants) {
		t.Fatalf("%d games, want %d", len(games), len(wants))
	}
	for i, w := range wants {
		g := games[i]
		if got := g.Tags.Get("Event"); got != w.event {
			t.Errorf("game %d: Event %q, want %q", i+1, got, w.event)
		}
		if (errs[i] == nil) != (w.errIs == nil) || (w.errIs != nil && !errors.Is(errs[i], w.errIs)) {
			t.Errorf("game %d: error %v, want %v", i+1, errs[i], w.errIs)
		}
		if g.Len() != w.plies || g.Position().FEN() != w.fen {
			t.Errorf("game %d: %d plies to %s, want %d to %s", i+1, g.Len(), g.Position().FEN(), w.plies, w.fen)
		}
		if got := g.Tags.Get("Result"); got != w.result {
			t.Errorf("game %d: Result %q, want %q", i+1, got, w.result)
		}
		if len(g.Tags) != w.tags {
			t.Errorf("game %d: %d tags %v, want %d", i+1, len(g.Tags), g.Tags, w.tags)
		}
		if w.startFEN != "" && testgame.Start(g).FEN() != w.startFEN {
			t.Errorf("game %d: start %s, want %s", i+1, testgame.Start(g).FEN(), w.startFEN)
		}
		for ply := 0; ply <= g.Len(); ply++ {
			if diff := cmp.Diff(w.notes[ply], g.Annotation(ply), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("game %d ply %d: annotation (-want +got):\n%s", i+1, ply, diff)
			}
		}
	}
	if got := games[0].Tags.Get("Annotator"); got != `Quote "inside" and back\slash` {
		t.Errorf("escaped tag value read as %q", got)
	}
}

func TestPDNErrors(t *testing.T) {
	games, errs := pdnReadFile(t, "testdata/pdn/errors.pdn")
	type want struct {
		game, line, col, move int
		text                  string
		is                    error
	}
	wants := [][]want{
		{{1, 4, 19, 2, "28-19", frisian.ErrIllegalMove}},
		{{2, 8, 19, 2, "foo", frisian.ErrInvalidMove}},
		{{3, 10, 1, 0, `[Event "Bad tag"`, frisian.ErrSyntax}, {3, 12, 1, 0, "W:W3:B1", frisian.ErrInvalidPosition}},
		{{4, 18, 10, 1, "{never closed 18-23 *\n", frisian.ErrSyntax}},
	}
	plies := []int{2, 2, 0, 1}
	if len(games) != len(wants) {
		t.Fatalf("%d games, want %d", len(games), len(wants))
	}
	for i, ws := range wants {
		var list pdn.Errors
		if !errors.As(errs[i], &list) || len(list) != len(ws) {
			t.Errorf("game %d: errors %v, want %d", i+1, errs[i], len(ws))
			continue
		}
		for j, w := range ws {
			e := list[j]
			got := want{e.Game, e.Line, e.Column, e.Move, e.Text, nil}
			w2 := w
			w2.is = nil
			if got != w2 || !errors.Is(e, w.is) {
				t.Errorf("game %d error %d: %+v (%v), want %+v", i+1, j, got, e, w)
			}
		}
		if games[i].Len() != plies[i] {
			t.Errorf("game %d: %d plies replayed, want %d", i+1, games[i].Len(), plies[i])
		}
	}
	// The whole list answers errors.Is for each of its errors.
	if !errors.Is(errs[2], frisian.ErrSyntax) || !errors.Is(errs[2], frisian.ErrInvalidPosition) {
		t.Errorf("Errors does not unwrap to each error: %v", errs[2])
	}
	var me *frisian.MoveError
	if !errors.As(errs[0], &me) || me.Move != "28-19" {
		t.Errorf("errors.As MoveError: %v", me)
	}
}

func TestPDNStrict(t *testing.T) {
	f, err := os.Open("testdata/pdn/errors.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pdn.NewReader(f)
	r.Strict = true
	g, err := r.Next()
	var pe *pdn.Error
	if g == nil || !errors.As(err, &pe) || pe.Line != 4 || !errors.Is(err, frisian.ErrIllegalMove) {
		t.Fatalf("strict Next = %v, %v", g, err)
	}
	if g.Len() != 2 {
		t.Errorf("strict game replayed %d plies, want 2", g.Len())
	}
	if g2, err2 := r.Next(); g2 != nil || err2.Error() != err.Error() {
		t.Errorf("after the first error Next = %v, %v; want nil and the same error", g2, err2)
	}
	n := 0
	for range r.Games() {
		n++
	}
	if n != 1 {
		t.Errorf("Games after a strict error yielded %d times, want once (the error)", n)
	}
	// A clean file reads strictly to the end.
	r = pdn.NewReader(strings.NewReader("1. 32-28 *\n\n1. 33-28 *\n"))
	r.Strict = true
	count := 0
	for g, err := range r.Games() {
		if err != nil || g == nil {
			t.Fatalf("clean file: %v", err)
		}
		count++
	}
	if count != 2 {
		t.Errorf("read %d games, want 2", count)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("Next after the end = %v, want io.EOF", err)
	}
}

func TestPDNFiles(t *testing.T) {
	read := func(name string) []*pdn.Game {
		games, errs := pdnReadFile(t, name)
		for i, err := range errs {
			if err != nil && !strings.Contains(name, "ambiguous") {
				t.Errorf("%s game %d: %v", name, i+1, err)
			}
		}
		return games
	}
	// The three-move rule leaves White without a legal move.
	g := read("testdata/pdn/three-move.pdn")[0]
	if o, _, _ := g.Outcome(context.Background(), frisian.OfficialDraws); o != (frisian.Outcome{Result: frisian.BlackWins, Reason: frisian.NoLegalMove}) || g.Len() != 2 {
		t.Errorf("three-move game: %v after %d plies", o, g.Len())
	}
	p, _ := g.PositionAt(2)
	if km := p.KingRun(frisian.White); km != (frisian.KingRun{Count: 3, Square: 5}) {
		t.Errorf("king state %+v, want 3 on 5", km)
	}
	st := p.Setup()
	st.KingRun[frisian.White] = frisian.KingRun{}
	if !testgame.HasMoves(st.MustPosition()) {
		t.Errorf("without the counter the king could move: the loss is the rule's")
	}

	// The ambiguous capture: the full path replays, the short one is
	// reported with both candidates.
	_, errs := pdnReadFile(t, "testdata/pdn/ambiguous.pdn")
	games := read("testdata/pdn/ambiguous.pdn")
	if errs[0] != nil || games[0].Len() != 2 {
		t.Errorf("full path game: %d plies, %v", games[0].Len(), errs[0])
	}
	var me *frisian.MoveError
	if !errors.Is(errs[1], frisian.ErrAmbiguousMove) || !errors.As(errs[1], &me) || len(me.Candidates) != 2 || games[1].Len() != 0 {
		t.Errorf("short game: %v", errs[1])
	}
}

// TestPDNWriteLidraughts: written back, a lidraughts game has lidraughts'
// own move tokens (its file is the oracle for the shortest notation and
// the numbering).
func TestPDNWriteLidraughts(t *testing.T) {
	raw, err := os.ReadFile("testdata/games/frysk-lidraughts.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games, _ := pdnReadFile(t, "testdata/games/frysk-lidraughts.pdn")
	chunks := strings.Split(strings.TrimSpace(string(raw)), "\n\n")
	if len(chunks) != 2*len(games) {
		t.Fatalf("%d chunks for %d games", len(chunks), len(games))
	}
	for i, g := range games {
		out, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		head, moves, _ := strings.Cut(strings.TrimSpace(string(out)), "\n\n")
		if head != chunks[2*i] {
			t.Errorf("game %d tags:\n%s\nwant\n%s", i+1, head, chunks[2*i])
		}
		if got, want := strings.Fields(moves), strings.Fields(chunks[2*i+1]); !slices.Equal(got, want) {
			t.Errorf("game %d moves:\n%s\nwant\n%s", i+1, moves, chunks[2*i+1])
		}
	}
}

// TestPDNWriterDraws: the writer decides a missing Result tag under its
// Draws rules, and keeps a Result tag the game has.
func TestPDNWriterDraws(t *testing.T) {
	write := func(g *pdn.Game, draws frisian.DrawRules) string {
		t.Helper()
		var b strings.Builder
		pw := pdn.NewWriter(&b)
		pw.Draws = draws
		if err := pw.WriteGame(g); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	// One king each: drawn at once by the official rules, after 4 plies by
	// lidraughts' counting.
	g := pdn.NewGame(frisian.MustParseFEN("W:WK47:BK4"))
	// quiet plays a move after which the other king cannot capture.
	quiet := func() {
		t.Helper()
		for _, m := range testgame.Legal(g.Position()).Moves() {
			if next := g.Position().Apply(m); !m.IsCapture() && !testgame.Legal(next).Moves()[0].IsCapture() {
				if err := g.Play(context.Background(), m); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("%s: no quiet move", g.Position().FEN())
	}
	quiet()
	quiet()
	quiet()
	official := write(g, frisian.OfficialDraws)
	if !strings.Contains(official, `[Result "1-1"]`) || !strings.HasSuffix(official, " 1-1\n\n") {
		t.Errorf("official draws:\n%s", official)
	}
	if m, _ := g.MarshalText(); string(m) != official {
		t.Errorf("MarshalText differs from the zero writer:\n%s", m)
	}
	if out := write(g, frisian.LidraughtsDraws); !strings.Contains(out, `[Result "*"]`) || !strings.HasSuffix(out, " *\n\n") {
		t.Errorf("lidraughts draws after 3 plies:\n%s", out)
	}
	quiet()
	if out := write(g, frisian.LidraughtsDraws); !strings.Contains(out, `[Result "1-1"]`) || !strings.HasSuffix(out, " 1-1\n\n") {
		t.Errorf("lidraughts draws after 4 plies:\n%s", out)
	}
	// A Result tag the game has is written as it is, whatever the rules.
	g.Tags.Set("Result", "2-0")
	for _, draws := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
		if out := write(g, draws); !strings.Contains(out, `[Result "2-0"]`) || strings.Contains(out, "1-1") {
			t.Errorf("%v: Result tag not kept:\n%s", draws, out)
		}
	}
	// A win is a win under either.
	win := pdn.NewGame(frisian.MustParseFEN("W:W28:B23"))
	if _, err := testgame.PlayText(win, "28x19"); err != nil {
		t.Fatal(err)
	}
	for _, draws := range []frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws, frisian.DrawRules(9)} {
		if out := write(win, draws); !strings.Contains(out, `[Result "2-0"]`) {
			t.Errorf("%v: win:\n%s", draws, out)
		}
	}
}

func TestPDNZeroValues(t *testing.T) {
	var r pdn.Reader
	if g, err := r.Next(); g != nil || err != io.EOF {
		t.Errorf("zero reader: %v, %v", g, err)
	}
	var w pdn.Writer
	if err := w.WriteGame(pdn.NewGame(frisian.StartPosition())); err == nil {
		t.Errorf("zero writer wrote somewhere")
	}
	var g pdn.Game
	out, err := g.MarshalText()
	if err != nil || string(out) != "[GameType \"40\"]\n[Result \"*\"]\n\n*\n\n" {
		t.Errorf("zero Game: %q, %v", out, err)
	}
}

// TestPDNWriterKeepsNumberWithMove: at any width, a move number and its
// move share a line.
func TestPDNWriterKeepsNumberWithMove(t *testing.T) {
	g := pdn.NewGame(frisian.StartPosition())
	for range 80 {
		moves := testgame.Legal(g.Position()).Moves()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(context.Background(), moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	lonely := regexp.MustCompile(`(^|\s)\d+\.(\.\.)?$`)
	for width := 1; width <= 90; width++ {
		var b strings.Builder
		w := pdn.NewWriter(&b)
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

func TestPDNNilReaderAndWriter(t *testing.T) {
	g, err := pdn.NewReader(nil).Next()
	if g != nil || !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NewReader(nil).Next() = %v, %v; want nil, os.ErrInvalid", g, err)
	}
	n := 0
	for _, err := range pdn.NewReader(nil).Games() {
		n++
		if !errors.Is(err, os.ErrInvalid) {
			t.Errorf("Games of a nil reader yields %v", err)
		}
	}
	if n != 1 {
		t.Errorf("Games of a nil reader yields %d times, want once", n)
	}
	var b strings.Builder
	if err := pdn.NewWriter(&b).WriteGame(nil); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("WriteGame(nil) = %v, want os.ErrInvalid", err)
	}
	if err := pdn.NewWriter(nil).WriteGame(pdn.NewGame(frisian.StartPosition())); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NewWriter(nil).WriteGame = %v, want os.ErrInvalid", err)
	}
	if b.Len() != 0 {
		t.Errorf("WriteGame(nil) wrote %q", b.String())
	}
}

// TestPDNReadInPieces: a reader that hands over one byte at a time, or
// half of what is asked, gives the same games, errors and positions of
// errors as one that hands over everything: words, comments and lines
// cut across the reader's buffer are read whole.
func TestPDNReadInPieces(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.pdn")
	if len(files) < 7 {
		t.Fatalf("PDN files missing: %v", files)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := readAllPDN(t, strings.NewReader(string(data)))
		for name, r := range map[string]io.Reader{
			"one byte": iotest.OneByteReader(strings.NewReader(string(data))),
			"halves":   iotest.HalfReader(strings.NewReader(string(data))),
		} {
			if diff := cmp.Diff(want, readAllPDN(t, r)); diff != "" {
				t.Errorf("%s read by %s (-whole +in pieces):\n%s", file, name, diff)
			}
		}
	}
}

// readAllPDN returns every game read from r as PDN text, or as its error
// when it cannot be written, followed by the error of reading it.
func readAllPDN(t *testing.T, r io.Reader) []string {
	t.Helper()
	var out []string
	for g, err := range pdn.NewReader(r).Games() {
		if g == nil {
			t.Fatal(err)
		}
		text, werr := g.MarshalText()
		out = append(out, string(text), fmt.Sprint(werr), fmt.Sprint(err))
	}
	return out
}

// A tag given twice keeps its last value: an error about that value is
// placed at the tag that holds it, not at the first.
func TestPDNErrorAtLastTag(t *testing.T) {
	for _, c := range []struct {
		text, value string
		is          error
	}{
		{"[FEN \"W:W31:B19\"]\n[Event \"e\"]\n[FEN \"W:W3:B1\"]\n\n1. 31-26 *\n", "W:W3:B1", frisian.ErrInvalidPosition},
		{"[GameType \"40\"]\n[Event \"e\"]\n[GameType \"20\"]\n\n1. 32-28 *\n", "20", pdn.ErrGameType},
	} {
		_, err := pdn.NewReader(strings.NewReader(c.text)).Next()
		var e *pdn.Error
		if !errors.As(err, &e) || !errors.Is(err, c.is) || e.Line != 3 || e.Column != 1 || e.Text != c.value {
			t.Errorf("%q: %v, want %v at line 3, column 1, about %q", c.text, err, c.is, c.value)
		}
	}
}
