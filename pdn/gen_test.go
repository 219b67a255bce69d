package pdn

// The tests' random positions and game records.

import (
	"context"
	"math/bits"
	"strings"

	"github.com/frisian-draughts/frisian"
	"pgregory.net/rapid"
)

// uniform returns a generator of integers in [lo, hi] that, unlike
// rapid.IntRange, is not biased towards small values, yet still shrinks
// towards lo: it is built from fair coin flips.
func uniform(lo, hi int) *rapid.Generator[int] {
	if lo == hi {
		return rapid.Just(lo)
	}
	return rapid.Custom(func(t *rapid.T) int {
		n := hi - lo
		v := 0
		for i := range bits.Len(uint(n)) {
			if rapid.Bool().Draw(t, "bit") {
				v |= 1 << i
			}
		}
		return lo + v%(n+1)
	})
}

// drawPlacement draws a random valid position: random men and kings (no
// man on its own promotion row) and a random side to move. (The root
// package's tests draw the counters too; a game record needs no more.)
func drawPlacement(t *rapid.T) frisian.Position {
	var s frisian.Setup
	density := uniform(0, 80).Draw(t, "density")
	kingShare := uniform(0, 100).Draw(t, "kingShare")
	for n := frisian.Square(1); n <= frisian.NumSquares; n++ {
		if uniform(0, 99).Draw(t, "occupied") < 100-density {
			continue
		}
		c := frisian.Black
		if rapid.Bool().Draw(t, "white") {
			c = frisian.White
		}
		king := uniform(0, 99).Draw(t, "king") >= 100-kingShare
		if (c == frisian.White && n.Row() == 0) || (c == frisian.Black && n.Row() == 9) {
			king = true // a man on its promotion row cannot be
		}
		s.Board[n] = frisian.NewPiece(c, king)
	}
	if rapid.Bool().Draw(t, "blackToMove") {
		s.Turn = frisian.Black
	}
	p, err := s.Position()
	if err != nil {
		t.Fatalf("Setup.Position rejected a valid setup: %v\n%+v", err, s)
	}
	return p
}

// drawGame plays up to maxPlies random legal moves from p and calls visit
// (when not nil) for every move played.
func drawGame(t *rapid.T, p frisian.Position, maxPlies int, visit func(p frisian.Position, m frisian.Move)) frisian.Position {
	plies := uniform(0, maxPlies).Draw(t, "plies")
	for range plies {
		l, err := p.Legal(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		moves := l.Moves()
		if len(moves) == 0 {
			break
		}
		m := moves[uniform(0, len(moves)-1).Draw(t, "move")]
		if visit != nil {
			visit(p, m)
		}
		p = p.Apply(m)
	}
	return p
}

// anyPosition draws a position from one of: a random placement, a random
// game from a start, a short random game from a random placement.
var anyPosition = rapid.OneOf(
	rapid.Custom(drawPlacement),
	rapid.Custom(func(t *rapid.T) frisian.Position {
		start := frisian.StartPosition()
		if rapid.Bool().Draw(t, "frysk") {
			start = frisian.MustParseFEN(fryskStart)
		}
		return drawGame(t, start, 100, nil)
	}),
	rapid.Custom(func(t *rapid.T) frisian.Position { return drawGame(t, drawPlacement(t), 16, nil) }),
)

// drawRecord draws a game record: a Game from a position of anyPosition
// with up to maxPlies random legal moves played.
func drawRecord(t *rapid.T, maxPlies int) *Game {
	start := anyPosition.Draw(t, "start")
	g := NewGame(start)
	drawGame(t, start, maxPlies, func(_ frisian.Position, m frisian.Move) {
		if err := g.Play(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	})
	return g
}

// pdnGame draws a game record (drawRecord) with random tags and
// annotations that PDN can hold, so that it reads back exactly.
func pdnGame(t *rapid.T) *Game {
	g := drawRecord(t, 60)
	word := rapid.StringMatching(`[A-Za-z0-9%\[\]$!?.,:;"\\ -]{0,12}`)
	for i := range rapid.IntRange(0, 4).Draw(t, "tags") {
		name := rapid.SampledFrom([]string{"Event", "Site", "White", "Black", "Round", "X_1"}).Draw(t, "tag")
		g.Tags.Set(name, word.Draw(t, "value")+strings.Repeat(" ", i%2))
	}
	if rapid.Bool().Draw(t, "result") {
		g.Tags.Set("Result", rapid.SampledFrom([]string{"2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*", "unknown"}).Draw(t, "r"))
	}
	comment := rapid.Map(rapid.StringMatching(`[^{}\x00]{0,20}`), strings.TrimSpace)
	for ply := 0; ply <= g.Len(); ply++ {
		if rapid.IntRange(0, 3).Draw(t, "annotated") != 0 {
			continue
		}
		var a Annotation
		for range rapid.IntRange(0, 2).Draw(t, "marks") {
			a.Marks = append(a.Marks, rapid.SampledFrom([]string{"!", "?", "!!", "??", "!?", "?!", "$1", "$14", "$255"}).Draw(t, "mark"))
		}
		for range rapid.IntRange(0, 2).Draw(t, "comments") {
			c := comment.Draw(t, "comment")
			if strings.Contains(c, "\n") {
				c = strings.ReplaceAll(c, "}", "")
			}
			a.Comments = append(a.Comments, c)
		}
		for range rapid.IntRange(0, 1).Draw(t, "variations") {
			a.Variations = append(a.Variations, rapid.SampledFrom([]string{
				"", "1. 33-28", " 2... 18-23 {why} (2... 19-23) ", "3. 31x22 ; line\n",
			}).Draw(t, "variation"))
		}
		g.SetAnnotation(ply, a)
	}
	return g
}

// anyText draws text rich in what PDN treats specially.
var anyText = rapid.OneOf(
	rapid.StringOf(rapid.SampledFrom([]rune("ab 1.-x }{\n\t\r;%()[]\"\\$!?*"))),
	rapid.String(),
)

// anyPDNGame draws a game record (drawRecord) with anything a program may
// put in one: tags of any name and value (given twice, a foreign GameType,
// a FEN that does not match), comments with braces, newlines and spaces,
// any marks and variations.
func anyPDNGame(t *rapid.T) *Game {
	g := drawRecord(t, 40)
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
			value = rapid.SampledFrom([]string{g.start().FEN(), frisian.StartPosition().FEN(), fryskStart, "junk"}).Draw(t, "fen")
		case "Result":
			value = rapid.SampledFrom([]string{"2-0", "0-2", "1-1", "1-0", "*", "unknown"}).Draw(t, "result")
		default:
			value = anyText.Draw(t, "value")
		}
		g.Tags = append(g.Tags, Tag{name, value}) // perhaps a second time
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
