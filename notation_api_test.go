package frisian_test

// Tests of move text through the exported API alone: reading, writing and
// marshalling moves needs nothing unexported. The tests that do (the
// capture oracle everyCapture, fullText, the random positions) are in
// notation_test.go.

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

func TestParseMoveText(t *testing.T) {
	ok := []struct {
		in      string
		squares []frisian.Square
		capture bool
	}{
		{"32-28", []frisian.Square{32, 28}, false},
		{" 32-28 ", []frisian.Square{32, 28}, false},
		{"28x19", []frisian.Square{28, 19}, true},
		{"28X19", []frisian.Square{28, 19}, true},
		{"28:19", []frisian.Square{28, 19}, true},
		{"28x17x8", []frisian.Square{28, 17, 8}, true},
		{"28x17:8", []frisian.Square{28, 17, 8}, true},
		{"32-28!", []frisian.Square{32, 28}, false},
		{"32-28?!", []frisian.Square{32, 28}, false},
		{"28x19!!", []frisian.Square{28, 19}, true},
		{"05-10", []frisian.Square{5, 10}, false},
		{"28x28", []frisian.Square{28, 28}, true},
	}
	for _, c := range ok {
		got, err := frisian.ParseMoveText(c.in)
		if err != nil {
			t.Errorf("ParseMoveText(%q): %v", c.in, err)
			continue
		}
		if !slices.Equal(got.Squares, c.squares) || got.Capture != c.capture {
			t.Errorf("ParseMoveText(%q) = %v, want %v capture %v", c.in, got, c.squares, c.capture)
		}
	}
	bad := []string{
		"", " ", "!", "32", "32-", "-28", "32--28", "32-28-24", "28x17-8", "0-5", "51-46", "32-280",
		"99999999999999999999-1", "a-b", "32_28", "32 - 28", "x", "32-28x", "1x", "32-28 !",
		strings.Repeat("1x", 1000) + "1",
	}
	for _, in := range bad {
		_, err := frisian.ParseMoveText(in)
		var me *frisian.MoveError
		if !errors.Is(err, frisian.ErrInvalidMove) || !errors.As(err, &me) || me.Reason == "" {
			t.Errorf("ParseMoveText(%q) = %v, want a *MoveError wrapping ErrInvalidMove with a reason", in, err)
		}
	}
}

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
		_, err := p.ParseMove(c.move)
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
		// Legal.Resolve gives Resolve's error: the same kind, reason and
		// text.
		mt, _ := frisian.ParseMoveText(c.move)
		_, want := mt.Resolve(p)
		l, _ := p.Legal(context.Background())
		_, got := l.Resolve(context.Background(), mt)
		var gotME, wantME *frisian.MoveError
		if !errors.As(got, &gotME) || !errors.As(want, &wantME) || gotME.Err != wantME.Err || gotME.Move != wantME.Move ||
			gotME.Reason != wantME.Reason || !slices.Equal(gotME.Candidates, wantME.Candidates) {
			t.Errorf("%s %s: Legal.Resolve %v; Resolve %v", c.fen, c.move, got, want)
		}
	}
}

func TestParseHubMove(t *testing.T) {
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	m, err := p.ParseHubMove("50x2x22x7")
	if err != nil || m.HubString() != "50x2x7x22" {
		t.Fatalf("ParseHubMove(50x2x22x7) = %v, %v", m.HubString(), err)
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
		_, err := p.ParseHubMove(c.in)
		var me *frisian.MoveError
		if !errors.Is(err, c.want) || !errors.As(err, &me) {
			t.Errorf("ParseHubMove(%q) = %v, want %v", c.in, err, c.want)
		}
	}
}

func TestMoveMarshalText(t *testing.T) {
	p := frisian.MustParseFEN("W:WK43,K50:B1,K5,K7,22,26")
	m := p.LegalMoves()[0]
	b, err := json.Marshal(struct{ Move frisian.Move }{m})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Move":"` + m.HubString() + `"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	if b, _ := (frisian.Move{}).MarshalText(); len(b) != 0 {
		t.Errorf("zero Move marshals to %q", b)
	}
	if got, _ := m.MarshalText(); string(got) != m.HubString() {
		t.Errorf("MarshalText = %q", got)
	}
}

func TestMoveTextString(t *testing.T) {
	for _, s := range []string{"32-28", "28x17x8", "28x19"} {
		mt, err := frisian.ParseMoveText(s)
		if err != nil || mt.String() != s {
			t.Errorf("ParseMoveText(%q).String() = %q, %v", s, mt.String(), err)
		}
	}
	if _, err := (frisian.MoveText{Squares: []frisian.Square{32, 60}}).Resolve(frisian.StartPosition()); !errors.Is(err, frisian.ErrInvalidMove) {
		t.Errorf("Resolve with square 60: %v", err)
	}
	if _, err := (frisian.MoveText{}).Resolve(frisian.StartPosition()); !errors.Is(err, frisian.ErrInvalidMove) {
		t.Errorf("Resolve of an empty MoveText: %v", err)
	}
}

func TestMoveTextMarshal(t *testing.T) {
	var v struct{ M frisian.MoveText }
	if err := json.Unmarshal([]byte(`{"M":"28X17:8!"}`), &v); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.M.Squares, []frisian.Square{28, 17, 8}) || !v.M.Capture {
		t.Errorf("unmarshalled %+v", v.M)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"M":"28x17x8"}` {
		t.Errorf("marshalled %s, %v", b, err)
	}
	if err := json.Unmarshal([]byte(`{"M":"28"}`), &v); !errors.Is(err, frisian.ErrInvalidMove) {
		t.Errorf("bad text: %v", err)
	}
	if got, _ := v.M.MarshalText(); string(got) != "28x17x8" {
		t.Errorf("MarshalText = %q", got)
	}
}
