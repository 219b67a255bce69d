package hub

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
	"pgregory.net/rapid"
)

// TestPositionProtocolExamples checks the position format against the two
// examples of Scan's protocol.txt, decoded by hand into FEN.
func TestPositionProtocolExamples(t *testing.T) {
	for _, tc := range []struct{ hub, fen string }{
		{"Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "W:W31-50:B1-20"},
		{"BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee", "B:WK4,K5,25,35,36:BK38,K48"},
	} {
		want := frisian.MustParseFEN(tc.fen)
		if got := FormatPosition(want); got != tc.hub {
			t.Errorf("FormatPosition(%s) = %s, want %s", tc.fen, got, tc.hub)
		}
		got, err := ParsePosition(tc.hub)
		if err != nil || got != want {
			t.Errorf("ParsePosition(%s) = %v, %v; want %v", tc.hub, got, err, want)
		}
	}
	// The example's moves (king moves, "for repetition detection") are
	// legal in Frisian too, and leave White's king counted.
	p := frisian.MustParseFEN("B:WK4,K5,25,35,36:BK38,K48")
	moves, end, _, err := parseMoves(context.Background(), p, "38-15 5-41 48-26")
	if err != nil || len(moves) != 3 {
		t.Fatalf("protocol example moves: %v %v", moves, err)
	}
	if want := frisian.MustParseFEN("W:WK4,25,35,36,K41:BK15,K26:+0+141"); end != want {
		t.Errorf("after the example moves: %v, want %v", end, want)
	}
}

func TestParsePositionErrors(t *testing.T) {
	start := FormatPosition(frisian.StartPosition())
	for _, tc := range []struct {
		in  string
		err error
	}{
		{"", frisian.ErrSyntax},
		{start[:50], frisian.ErrSyntax},
		{start + "e", frisian.ErrSyntax},
		{"w" + start[1:], frisian.ErrSyntax},
		{"X" + start[1:], frisian.ErrSyntax},
		{start[:10] + "k" + start[11:], frisian.ErrSyntax},
		{start[:10] + "." + start[11:], frisian.ErrSyntax},
		// A white man on 1, its promotion row.
		{"Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", frisian.ErrInvalidPosition},
	} {
		p, err := ParsePosition(tc.in)
		var pe *frisian.ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) {
			t.Errorf("ParsePosition(%q) = %v, %v; want a *ParseError wrapping %v", tc.in, p, err, tc.err)
		}
	}
	// An impossible position names its square, as ParseFEN does.
	_, err := ParsePosition("Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
	var pos *frisian.PositionError
	if !errors.As(err, &pos) || pos.Square != 1 {
		t.Errorf("a white man on 1: %v; want a *PositionError for square 1", err)
	}
}

// genGame plays random legal moves from the start position or from a
// random setup, so that kings, king-move counts and draw counters occur.
func genGame(t *rapid.T) *pdn.Game {
	start := frisian.StartPosition()
	if rapid.Bool().Draw(t, "setup") {
		start = genSetup(t)
	}
	g := pdn.NewGame(start)
	n := rapid.IntRange(0, 120).Draw(t, "plies")
	for range n {
		moves := testgame.Legal(g.Position()).Moves()
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		if err := g.Play(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// genSetup returns a random position with a few men and kings of each side
// and zero counters.
func genSetup(t *rapid.T) frisian.Position {
	for {
		var st frisian.Setup
		st.Turn = frisian.Color(rapid.IntRange(0, 1).Draw(t, "turn"))
		for sq := 1; sq <= frisian.NumSquares; sq++ {
			st.Board[sq] = frisian.Piece(rapid.IntRange(0, 4).Draw(t, "piece")) * frisian.Piece(rapid.IntRange(0, 1).Draw(t, "occupied"))
		}
		if p, err := st.Position(); err == nil {
			return p
		}
	}
}

// TestPositionRoundTrip: every position survives the Hub format but for
// its counters, which the format lacks, and each square's letter names its
// piece.
func TestPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genGame(t).Position()
		s := FormatPosition(p)
		if len(s) != 51 || s[0] != "WB"[p.Turn()] {
			t.Fatalf("FormatPosition(%v) = %q", p, s)
		}
		for sq := frisian.Square(1); sq <= 50; sq++ {
			if want := map[frisian.Piece]byte{frisian.NoPiece: 'e', frisian.WhiteMan: 'w', frisian.WhiteKing: 'W', frisian.BlackMan: 'b', frisian.BlackKing: 'B'}[p.PieceAt(sq)]; s[sq] != want {
				t.Fatalf("square %d of %v: %q, want %q", sq, p, s[sq], want)
			}
		}
		got, err := ParsePosition(s)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", s, err)
		}
		st := p.Setup()
		st.KingRun = [2]frisian.KingRun{}
		st.DrawPlies = 0
		if want := st.MustPosition(); got != want {
			t.Fatalf("ParsePosition(FormatPosition(%v)) = %v, want %v", p, got, want)
		}
	})
}

// TestMoveRoundTrip: every legal move's Hub text reads back as that move,
// with its captured squares in any order, as the protocol allows; and the
// text has the form Scan writes: start, end, captured squares ascending.
func TestMoveRoundTrip(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		p := genGame(t).Position()
		for _, m := range testgame.Legal(p).Moves() {
			text := m.String()
			parts := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
			if len(parts) != 2+m.Captured().Len() || parts[0] != m.From().String() || parts[1] != m.To().String() {
				t.Fatalf("%v: String %q", p, text)
			}
			got, err := parseMove(ctx, p, text)
			if err != nil || got != m {
				t.Fatalf("%v: ParseMove(%q) = %v, %v", p, text, got, err)
			}
			if m.Captured().Len() > 1 {
				caps := parts[2:]
				shuffled := slices.Clone(caps)
				for i := range shuffled {
					j := rapid.IntRange(i, len(shuffled)-1).Draw(t, "swap")
					shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
				}
				alt := parts[0] + "x" + parts[1] + "x" + strings.Join(shuffled, "x")
				if got, err := parseMove(ctx, p, alt); err != nil || got != m {
					t.Fatalf("%v: ParseMove(%q) = %v, %v; want %v", p, alt, got, err, m)
				}
			}
		}
	})
}

// TestFromGame: the search FromGame gives replays to the game's position,
// counters and all, from a start the Hub format holds whole; and through
// the format and back, as the server reads it.
func TestFromGame(t *testing.T) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		g := genGame(t)
		s := FromGame(g)
		got, err := s.Position()
		if err != nil || got != g.Position() {
			t.Fatalf("FromGame: %v, %v; want %v", got, err, g.Position())
		}
		if !clean(s.Start) {
			t.Fatalf("FromGame starts from %v, which the Hub format cannot hold", s.Start)
		}
		start, err := ParsePosition(FormatPosition(s.Start))
		if err != nil {
			t.Fatal(err)
		}
		moves, end, _, err := parseMoves(ctx, start, formatMoves(s.Moves))
		if err != nil || end != g.Position() || !slices.Equal(moves, s.Moves) {
			t.Fatalf("over the wire: %v %v, want %v", end, err, g.Position())
		}
	})
}

// TestFromGameKingCount: a game whose king is held by the three-move rule
// reaches the engine with the king held.
func TestFromGameKingCount(t *testing.T) {
	g := pdn.NewGame(frisian.MustParseFEN("W:WK50,36:B6,K3"))
	for _, m := range []string{"50-44", "3-8", "44-50", "8-3", "50-44", "3-8"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(m, err)
		}
	}
	if km := g.Position().KingRun(frisian.White); km.Count != 3 {
		t.Fatalf("white's king count %+v, want 3", km)
	}
	s := FromGame(g)
	if s.Start != testgame.Start(g) || len(s.Moves) != 6 {
		t.Errorf("FromGame = %v + %d moves, want the whole game", s.Start, len(s.Moves))
	}
	p, err := s.Position()
	if err != nil || p != g.Position() {
		t.Errorf("Position = %v, %v; want %v", p, err, g.Position())
	}
	// Played on by a man, the count resets: the search starts there.
	if _, err := testgame.PlayText(g, "36-31"); err != nil {
		t.Fatal(err)
	}
	if _, err := testgame.PlayText(g, "6-11"); err != nil {
		t.Fatal(err)
	}
	s = FromGame(g)
	if want, _ := g.PositionAt(8); s.Start != want || len(s.Moves) != 0 {
		t.Errorf("after man moves FromGame = %v + %v, want %v", s.Start, s.Moves, want)
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
	f.Add("BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee")
	f.Add("Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if !errors.Is(err, frisian.ErrSyntax) && !errors.Is(err, frisian.ErrInvalidPosition) {
				t.Fatalf("ParsePosition(%q): %v wraps neither sentinel", s, err)
			}
			return
		}
		if got := FormatPosition(p); got != s {
			t.Fatalf("FormatPosition(ParsePosition(%q)) = %q", s, got)
		}
	})
}

// TestLevelLine: Limits go out as the level lines of Scan's protocol.txt;
// Infinite adds its flag to the other fields rather than replacing them.
func TestLevelLine(t *testing.T) {
	for _, tc := range []struct {
		l    Limits
		want string
	}{
		{Limits{}, "level infinite"},
		{Limits{Infinite: true}, "level infinite"},
		{Limits{Depth: 21}, "level depth=21"},
		{Limits{Nodes: 1000000}, "level nodes=1000000"},
		{Limits{MoveTime: time.Second}, "level move-time=1"},
		{Limits{Moves: 9, Time: 291587 * time.Millisecond}, "level moves=9 time=291.587"},
		{Limits{Time: 60 * time.Second, Inc: 1500 * time.Millisecond}, "level time=60 inc=1.5"},
		{Limits{Depth: 2, Infinite: true}, "level depth=2 infinite"},
	} {
		if got := tc.l.line().String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.l, got, tc.want)
		}
	}
}

// TestParseMoveCaptures reads the engine's text of a capture: its start,
// its end and the pieces it takes, in any order.
func TestParseMoveCaptures(t *testing.T) {
	p := frisian.MustParseFEN("W:W28,33,34:B22,23,19,12")
	l := testgame.Legal(p)
	for _, c := range []struct{ in, want, text, err string }{
		{"28x8x22x12", "28x8x12x22", "28x17x8", ""},
		{"33x24x19x23", "33x24x19x23", "33x13x24", ""},
		{"28x17", "", "", `invalid move "28x17": a Hub capture lists its captured squares after start and end`},
		{"33-29", "", "", `illegal move "33-29": capturing is compulsory (Art. 10)`},
	} {
		m, err := parseMove(context.Background(), p, c.in)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: %v, want %s", c.in, err, c.err)
			}
			continue
		}
		var path []string
		for _, sq := range l.Path(m) {
			path = append(path, sq.String())
		}
		if err != nil || m.String() != c.want || strings.Join(path, "x") != c.text {
			t.Errorf("%s: %v along %v, %v; want %s along %s", c.in, m, path, err, c.want, c.text)
		}
	}
}
