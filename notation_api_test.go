package frisian_test

// Tests of move text through the exported API alone: reading, writing and
// marshalling moves needs nothing unexported. The tests that do (the
// capture oracle everyCapture, fullText, the random positions) are in
// notation_test.go.

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/frisian-draughts/frisian/internal/testgame"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

func TestParseMoveIllegal(t *testing.T) {
	cases := []struct {
		fen, move, reason string
	}{
		{"W:W32:B1", "33-28", "no piece on 33"},
		{"W:W32:B1", "1-6", "black piece"},
		{"W:W32:B1", "32-23", "cannot move to 23"},
		{"W:W32:B1", "32x23", "no capture"},
		// 33 can take 28 (to 23); the quiet 32-27 is not allowed.
		{"W:W32,33:B28", "32-27", "compulsory"},
		// precedence.txt: king+man (299) beats two men (200).
		// 50x36 takes the men on 22 and 26; 50x2 takes the king on 7 too.
		{"W:WK43,K50:B1,K5,K7,22,26", "50x36", "heavier capture"},
		{"W:WK43,K50:B1,K5,K7,22,26", "50x17", "heavier capture"},
		// 6 is a landing square on the way to 8, 9, 10, 36 or 46.
		{"W:WK43,K50:B1,K5,K7,22,26", "50x6", "must go on"},
		// the man takes 22 landing on 18 and must go on over 12 to 7.
		{"W:W27:B22,12,1", "27x18", "must go on"},
		// king_rule.txt: Black's king on 12 has made three quiet moves.
		{"B:W24,35,44,45:B1,2,4,5,6,8,11,K12,15,38:+312+0", "12-7", "three quiet moves"},
		// White has no move at all.
		{"W:W:B1", "32-28", "no piece"},
	}
	for _, c := range cases {
		p := frisian.MustParseFEN(c.fen)
		_, err := testgame.Legal(p).ParseMove(context.Background(), c.move)
		var me *frisian.MoveError
		if !errors.Is(err, frisian.ErrIllegalMove) || !errors.As(err, &me) {
			t.Errorf("%s %s: err = %v, want ErrIllegalMove", c.fen, c.move, err)
			continue
		}
		if !strings.Contains(me.Reason, c.reason) {
			t.Errorf("%s %s: reason %q does not say %q", c.fen, c.move, me.Reason, c.reason)
		}
		if me.Move != c.move {
			t.Errorf("%s: MoveError.Move = %q, want %q", c.fen, me.Move, c.move)
		}
	}
}

func TestParseHubMove(t *testing.T) {
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	m, err := testgame.Legal(p).ParseHubMove("50x2x22x7")
	if err != nil || m.String() != "50x2x7x22" {
		t.Fatalf("ParseHubMove(50x2x22x7) = %v, %v", m.String(), err)
	}
	for _, c := range []struct {
		in   string
		want error
	}{
		{"50x2", frisian.ErrInvalidMove},         // Hub captures list what they take
		{"50x2x7x7", frisian.ErrInvalidMove},     // twice
		{"50-2-7", frisian.ErrInvalidMove},       // quiet with three squares
		{"50x2-7", frisian.ErrInvalidMove},       // mixed
		{"50x2x7x51", frisian.ErrInvalidMove},    // off the board
		{"", frisian.ErrInvalidMove},             //
		{"50x2x7", frisian.ErrIllegalMove},       // must also take 22
		{"50x2x7x22x26", frisian.ErrIllegalMove}, // 26 is not taken
		{"43-38", frisian.ErrIllegalMove},        // capture is compulsory
	} {
		_, err := testgame.Legal(p).ParseHubMove(c.in)
		var me *frisian.MoveError
		if !errors.Is(err, c.want) || !errors.As(err, &me) {
			t.Errorf("ParseHubMove(%q) = %v, want %v", c.in, err, c.want)
		}
	}
}

func TestMoveMarshalText(t *testing.T) {
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	m := testgame.Legal(p).Moves()[0]
	b, err := json.Marshal(struct{ Move frisian.Move }{m})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Move":"` + m.String() + `"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	if b, _ := (frisian.Move{}).MarshalText(); len(b) != 0 {
		t.Errorf("zero Move marshals to %q", b)
	}
	if got, _ := m.MarshalText(); string(got) != m.String() {
		t.Errorf("MarshalText = %q", got)
	}
}
