package frisian

import (
	"errors"
	"strings"
	"testing"
)

// TestParseFENVariants: every form RULES.md §8 says a reader accepts gives
// the position of the canonical FEN (what FEN() writes).
func TestParseFENVariants(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "W:W31,32,33,K45:B1,2,3", "W:W31,32,33,K45:B1,2,3"},
		{"black first", "B:B1,2,K3:W50", "B:W50:B1,2,K3"},
		{"squares unsorted", "W:W33,K45,31,32:B3,1,2", "W:W31,32,33,K45:B1,2,3"},
		{"ranges", "W:W31-50:B1-20", StartPosition().FEN()},
		{"range and single", "B:W31-33,K45:B1-2,10", "B:W31,32,33,K45:B1,2,10"},
		{"one-square range", "W:W31-31:B1", "W:W31:B1"},
		{"empty board", "W:W:B", "W:W:B"},
		{"side without pieces", "B:W:B1", "B:W:B1"},
		{"spaces", " W : W31 , 32 : B1 ", "W:W31,32:B1"},
		{"tabs and newline", "\tW:W31:B1\n", "W:W31:B1"},
		{"trailing dot", "W:W31:B1.", "W:W31:B1"},
		{"trailing dot and spaces", "W:W31:B1 . ", "W:W31:B1"},
		{"tag", `[FEN "W:W31:B1"]`, "W:W31:B1"},
		{"tag with dot", `[FEN "B:W31-35:B1-5."]`, "B:W31,32,33,34,35:B1,2,3,4,5"},
		{"tag with spaces", `  [ FEN "W:W31:B1" ]  `, "W:W31:B1"},
		// lidraughts fields.
		{"H and F", "W:W31:B1:H0:F1", "W:W31:B1"},
		{"F only", "B:W31:B1:F57", "B:W31:B1"},
		{"draw counter", "B:WK10:BK45,K46:H7:F60", "B:WK10:BK45,K46:H7"},
		{"draw counter 1v1", "W:WK10:BK45:H3", "W:WK10:BK45:H3"},
		{"king moves zero", "W:W31:B1:+0+0", "W:W31:B1"},
		{"king moves white", "W:W31,K28:B1:H0:F30:+0+328", "W:WK28,31:B1:+0+328"},
		{"king moves black", "B:W31:B1,K12:+312+0", "B:W31:B1,K12:+312+0"},
		{"king moves both", "W:W31,K40:B1,K12:H0:F12:+312+340", "W:W31,K40:B1,K12:+312+340"},
		{"king moves one", "B:W31,K40:B1:+0+140", "B:W31,K40:B1:+0+140"},
		// lidraughts writes the square in two digits; one digit is read too.
		{"king moves on a one-digit square", "W:W6:BK1,30:+101+0", "W:W6:BK1,30:+101+0"},
		{"king moves, square in one digit", "W:W6:BK1,30:+11+0", "W:W6:BK1,30:+101+0"},
		// Stale lidraughts values, reset as the official rules do (§5, §7).
		{"stale: counted king captured", "W:W31,K40:B1:+0+335", "W:W31,K40:B1"},
		{"stale: side without men", "W:WK40:B1:+0+340", "W:WK40:B1"},
		{"stale: black without men", "W:W31:BK12:+312+0", "W:W31:BK12"},
		{"draw counter outside its material", "W:WK31:BK1,K2,K3:H5", "W:WK31:BK1,K2,K3"},
		{"draw counter with men", "W:W31:BK1:H5", "W:W31:BK1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.in)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.in, err)
			}
			if got := p.FEN(); got != tt.want {
				t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.want)
			}
			if want := MustParseFEN(tt.want); p != want {
				t.Errorf("ParseFEN(%q) != ParseFEN(%q)", tt.in, tt.want)
			}
		})
	}
}

// TestParseFENFields checks what the fields mean, not only that they read
// back.
func TestParseFENFields(t *testing.T) {
	p := MustParseFEN("B:W31,K40:B1,K12:H0:F12:+212+340")
	if p.Turn() != Black {
		t.Errorf("Turn = %v", p.Turn())
	}
	if got, want := p.KingRun(Black), (KingRun{2, 12}); got != want {
		t.Errorf("KingRun(Black) = %+v, want %+v (the first + field is Black's)", got, want)
	}
	if got, want := p.KingRun(White), (KingRun{3, 40}); got != want {
		t.Errorf("KingRun(White) = %+v, want %+v", got, want)
	}
	for sq, want := range map[Square]Piece{31: WhiteMan, 40: WhiteKing, 1: BlackMan, 12: BlackKing, 2: NoPiece} {
		if got := p.PieceAt(sq); got != want {
			t.Errorf("PieceAt(%d) = %v, want %v", sq, got, want)
		}
	}
	if got := MustParseFEN("W:WK10,K20:BK45:H9").DrawPlies(); got != 9 {
		t.Errorf("DrawPlies = %d, want 9", got)
	}
}

// TestParseFENErrors: each error is a *ParseError wrapping the right
// sentinel, with the byte offset of the part that is wrong.
func TestParseFENErrors(t *testing.T) {
	const anyOffset = -1
	tests := []struct {
		in     string
		err    error
		offset int
	}{
		// Syntax.
		{"", ErrSyntax, 0},
		{"   ", ErrSyntax, 3},
		{".", ErrSyntax, 0},
		{"X:W31:B1", ErrSyntax, 0},
		{"WB:W31:B1", ErrSyntax, 0},
		{"W:", ErrSyntax, 2},
		{"W:W31::B1", ErrSyntax, 6},
		{"W:W31:B1:Z9", ErrSyntax, 9},
		{"W:W31,,32:B1", ErrSyntax, 6},
		{"W:W31,:B1", ErrSyntax, 6},
		{"W:W31:B51", ErrSyntax, 7},
		{"W:W31:B0", ErrSyntax, 7},
		{"W:W31:B100", ErrSyntax, 7},
		{"W:W31:B99999999999999999999", ErrSyntax, 7},
		{"W:W3a:B1", ErrSyntax, 4},
		{"W:WK:B1", ErrSyntax, 4},
		{"W:W35-31:B1", ErrSyntax, 3},
		{"W:W31-:B1", ErrSyntax, 6},
		{"W:W-35:B1", ErrSyntax, 3},
		{"W:W31:W32", ErrSyntax, 6},
		{"W:W31:B1:B2", ErrSyntax, 9},
		{"W:W31:B1:H", ErrSyntax, 10},
		{"W:W31:B1:Hx", ErrSyntax, 10},
		{"W:W31:B1:H99999", ErrSyntax, 10},
		{"W:W31:B1:F", ErrSyntax, 10},
		{"W:W31:B1:H0:H0", ErrSyntax, 12},
		{"W:W31:B1:F1:F2", ErrSyntax, 12},
		{"W:W31:B1:F1:H0:F1", ErrSyntax, 15},
		{"W:W31:B1:+4+0", ErrSyntax, 10},
		{"W:W31:B1:+0+4", ErrSyntax, 12},
		{"W:W31:B1:+312", ErrSyntax, 9},
		{"W:W31:B1:+0+0+0", ErrSyntax, 9},
		{"W:W31:B1:+0+0:+0+0", ErrSyntax, 14},
		{"W:W31:B1:+0+012", ErrSyntax, 13},
		{"W:W31,K40:B1:+0+3", ErrSyntax, 17},
		{"W:W31,K40:B1:+0+399", ErrSyntax, 17},
		{`[FEN "W:W31:B1"`, ErrSyntax, 15},
		{`[FEN "W:W31:B1]`, ErrSyntax, 6},
		{`[FEN W:W31:B1]`, ErrSyntax, 1},
		{`[Event "W:W31:B1"]`, ErrSyntax, 1},
		{`[FEN "W:W31:B1" x]`, ErrSyntax, 6},
		{"\x00\xff", ErrSyntax, 0},
		// Well-formed, but not a possible position.
		{"W:W3:B1", ErrInvalidPosition, 3},
		{"W:W31:B46", ErrInvalidPosition, 7},
		{"W:W31-35,1-5:B10", ErrInvalidPosition, 9},
		{"B:W31:B40-50", ErrInvalidPosition, 7},
		{"W:W31:B31", ErrInvalidPosition, 7},
		{"W:W31,K31:B1", ErrInvalidPosition, 7},
		{"W:W31-35,33:B1", ErrInvalidPosition, 9},
		// The king-move state names a square holding something else than a
		// king of that side. (ParseFEN checks these after reading; it does
		// not say where, so the offset is not checked.)
		{"W:W31,35,K40:B1:+0+335", ErrInvalidPosition, anyOffset},
		{"W:W31,K40:B1,K12:+0+312", ErrInvalidPosition, anyOffset},
		{"W:W31,K40:B1,12:+312+0", ErrInvalidPosition, anyOffset},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.in)
		if err == nil {
			t.Errorf("ParseFEN(%q) = %s, want an error", tt.in, p.FEN())
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseFEN(%q) error %T, want *ParseError", tt.in, err)
			continue
		}
		if !errors.Is(err, tt.err) {
			t.Errorf("ParseFEN(%q) error %v does not wrap %v", tt.in, err, tt.err)
		}
		other := ErrSyntax
		if tt.err == ErrSyntax {
			other = ErrInvalidPosition
		}
		if errors.Is(err, other) {
			t.Errorf("ParseFEN(%q) error %v also wraps %v", tt.in, err, other)
		}
		if tt.offset != anyOffset && pe.Offset != tt.offset {
			t.Errorf("ParseFEN(%q) error offset %d, want %d (%v)", tt.in, pe.Offset, tt.offset, err)
		}
		if pe.Input != tt.in {
			t.Errorf("ParseFEN(%q) error Input %q", tt.in, pe.Input)
		}
		if !strings.Contains(err.Error(), pe.Reason) {
			t.Errorf("ParseFEN(%q) error text %q lacks %q", tt.in, err.Error(), pe.Reason)
		}
		if p != (Position{}) {
			t.Errorf("ParseFEN(%q) returned %s with its error", tt.in, p.FEN())
		}
	}
}

func TestParseFENLongInput(t *testing.T) {
	in := "W:W31:B1:" + strings.Repeat("x", 500)
	_, err := ParseFEN(in)
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v", err)
	}
	if pe.Input != in[:200] || pe.Offset != 9 {
		t.Errorf("Input %d bytes, Offset %d; want the first 200 bytes and offset 9", len(pe.Input), pe.Offset)
	}
}

// TestParseFENHugeInput: input longer than any FEN is refused before it is
// read, so ten megabytes cost no more than a line.
func TestParseFENHugeInput(t *testing.T) {
	for _, in := range []string{
		"W:W31:B" + strings.Repeat(",", 10<<20),
		"W:W31:B1" + strings.Repeat(":F1", 1<<20),
		strings.Repeat(" ", maxFENLength) + "W:W31:B1",
	} {
		var err error
		// Many runs, so that an allocation elsewhere in the process (the
		// race detector's, the runtime's) cannot lift the average past the bound.
		allocs := testing.AllocsPerRun(50, func() { _, err = ParseFEN(in) })
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFEN(%d bytes) error %v, want ErrSyntax", len(in), err)
		}
		if allocs > 4 {
			t.Errorf("ParseFEN(%d bytes) made %v allocations", len(in), allocs)
		}
	}
	// The longest real FEN is well within the limit.
	long := "W:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20,K21,K22,K23,K24,K25:" +
		"BK26,K27,K28,K29,K30,K31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50"
	if _, err := ParseFEN(" [FEN \"" + long + ":H0:F1000\"] "); err != nil {
		t.Errorf("full board of kings: %v", err)
	}
}

func TestMustParseFENPanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, ErrSyntax) {
			t.Errorf("MustParseFEN panicked with %v, want an ErrSyntax error", r)
		}
	}()
	MustParseFEN("nonsense")
}

func TestUnmarshalTextError(t *testing.T) {
	p := StartPosition()
	if err := p.UnmarshalText([]byte("W:W3:B1")); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("UnmarshalText error %v, want ErrInvalidPosition", err)
	}
	if p != StartPosition() {
		t.Errorf("failed UnmarshalText changed the position to %s", p.FEN())
	}
}

// TestParseFENPositionError: an impossible position is a *PositionError
// inside the *ParseError, naming the square at fault.
func TestParseFENPositionError(t *testing.T) {
	tests := []struct {
		in string
		sq Square
	}{
		{"W:W3:B1", 3},
		{"W:W31:B31", 31},
		{"B:W31:B40-50", 46},
		{"W:W31,K40:B1,K12:+0+312", 12},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.in)
		var pe *PositionError
		if !errors.As(err, &pe) || pe.Square != tt.sq || !errors.Is(err, ErrInvalidPosition) || pe.Reason == "" {
			t.Errorf("ParseFEN(%q) = %v; want a *PositionError on %d", tt.in, err, tt.sq)
		}
		if strings.HasPrefix(err.Error(), "frisian") {
			t.Errorf("error %q starts with the package name", err)
		}
	}
}
