package frisian

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseFEN feeds ParseFEN arbitrary text. It must never panic; what it
// accepts must be a valid position whose FEN reads back to an equal
// Position (and is a fixed point) and whose legal moves agree with the
// reference generator of property_test.go; what it rejects must be a
// *ParseError wrapping exactly one of ErrSyntax and ErrInvalidPosition, with
// an offset inside the input.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		// Plain, either order, kings.
		"W:W31,32,33,K45:B1,2,3",
		"B:B1,2,3:W31,32,33,K45",
		"W:W:B",
		"W",
		"B:W:B1",
		"",
		":",
		"W::B1",
		// Ranges, Scan style, and broken ones.
		"W:W31-50:B1-20",
		"B:W31-35,K45:B1-5,K46-50",
		"W:W50-31:B1",
		"W:W31-:B-5",
		"W:W1-50:B",
		"W:W31--35:B1",
		"W:WK-:B1",
		// Huge numbers and squares off the board.
		"W:W99999999999999999999:B1",
		"W:W31:B1:H99999999999999999999999",
		"W:W0:B51",
		"W:W31:B1:F18446744073709551616",
		"W:WK40:BK10:H32767",
		"W:WK40:BK10:H32768",
		// Spaces, dots, the tag form.
		" W : W31 , 32 : B1 . ",
		`[FEN "W:W31,32:B1."]`,
		`[FEN "W:W31:B1"`,
		`[FEN W:W31:B1]`,
		`[Event "W:W31:B1"]`,
		`[FEN "W:W31:B1"] trailing`,
		`[FEN ""]`,
		`["]`,
		// lidraughts fields.
		"W:W31,K40:B1,K12:H0:F12:+312+340",
		"B:W31,35,K40:B1:H3:F40:+0+335",
		"W:WK40:B1:+0+340",
		"W:W31:B1:+0+0",
		"W:W31:B1:+4+0",
		"W:W31:B1:+312",
		"W:W31:B1:+0+0:+0+0",
		"W:W31:B1:+0+012",
		"W:W31:B1:+++",
		"W:W31:B1:H",
		"W:W31:B1:Fx",
		// Impossible positions.
		"W:W3:B1",
		"W:W31:B46",
		"W:W31:B31",
		"W:W31:W32",
		"W:W31,35,K40:B1:+0+335",
		"W:WK31:BK1,K2,K3:H5",
		// Garbage bytes.
		"\x00\xff\xfe",
		"W:W3\u0661:B1",
		"W:W\t31\r\n:B1",
		strings.Repeat("W:", 100),
		strings.Repeat("9", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		checkInvariants(t, p)
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %s, but ParseFEN(%q): %v", s, fen, fen, err)
		}
		if q != p {
			t.Fatalf("ParseFEN(%q) = %s, which reads back as %s", s, fen, q.FEN())
		}
		if q.FEN() != fen {
			t.Fatalf("FEN is not a fixed point: %q then %q", fen, q.FEN())
		}
		var u Position
		if err := u.UnmarshalText([]byte(s)); err != nil || u != p {
			t.Fatalf("UnmarshalText(%q) = %v, %v; ParseFEN gives %v", s, u, err, p)
		}
		if len(s) <= 400 {
			checkAgainstReference(t, p)
		}
	})
}

// checkParseError checks the form of an error ParseFEN returned for s.
func checkParseError(t *testing.T, s string, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("ParseFEN(%q) error %T %v is not a *ParseError", s, err, err)
	}
	syntax, invalid := errors.Is(err, ErrSyntax), errors.Is(err, ErrInvalidPosition)
	if syntax == invalid {
		t.Fatalf("ParseFEN(%q) error %v: ErrSyntax %v, ErrInvalidPosition %v; want exactly one", s, err, syntax, invalid)
	}
	if pe.Offset < 0 || pe.Offset > len(s) {
		t.Fatalf("ParseFEN(%q) error offset %d outside the input (%d bytes)", s, pe.Offset, len(s))
	}
	if !strings.HasPrefix(s, pe.Input) || len(pe.Input) > 200 || (len(s) <= 200 && pe.Input != s) {
		t.Fatalf("ParseFEN(%q) error Input %q", s, pe.Input)
	}
	if pe.Reason == "" || err.Error() == "" {
		t.Fatalf("ParseFEN(%q) error has no message", s)
	}
}

// FuzzSetupFEN builds a Setup from arbitrary bytes. When Setup.Position
// accepts it, its FEN must read back to the same Position and the same
// Setup; when it refuses, the error must be a *PositionError.
func FuzzSetupFEN(f *testing.F) {
	f.Add([]byte("\x01\x01\x01\x00\x00\x03\x04"), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0))
	f.Add([]byte("\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02"), uint8(1), uint8(0), uint8(0), uint8(2), uint8(1), uint8(0))
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x04"), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(9))
	f.Fuzz(func(t *testing.T, board []byte, turn, wCount, wSquare, bCount, bSquare, plies uint8) {
		var st Setup
		for i := 0; i < len(board) && i < NumSquares; i++ {
			st.Board[i+1] = Piece(board[i] % 6) // some of them no piece at all
		}
		st.Turn = Color(turn % 3)
		st.KingRun[White] = KingRun{Count: int(wCount % 5), Square: Square(wSquare % 52)}
		st.KingRun[Black] = KingRun{Count: int(bCount % 5), Square: Square(bSquare % 52)}
		st.DrawPlies = int(plies)
		p, err := st.Position()
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) || !errors.Is(err, ErrInvalidPosition) {
				t.Fatalf("Setup.Position error %T %v", err, err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if q != p {
			t.Fatalf("%q reads back as %s", fen, q.FEN())
		}
		if q.Setup() != st {
			t.Fatalf("%q reads back to the setup %+v, want %+v", fen, q.Setup(), st)
		}
	})
}
