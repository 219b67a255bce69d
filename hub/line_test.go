package hub

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestParseLineScan reads lines as Scan 3.1 writes them (copied from its
// protocol.txt and from a run of it) and as its reader accepts them.
func TestParseLineScan(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Line
	}{
		{"hub", Line{Command: "hub"}},
		{`id name=Scan version=3.1 author="Fabien Letouzey" country=France`, cmd("id", "name", "Scan", "version", "3.1", "author", "Fabien Letouzey", "country", "France")},
		{`param name=variant value=normal type=enum values="normal killer bt frisian losing"`,
			cmd("param", "name", "variant", "value", "normal", "type", "enum", "values", "normal killer bt frisian losing")},
		{"info depth=1 mean-depth=11.1 score=0.00 nodes=26 time=0.001 pv=31-27",
			cmd("info", "depth", "1", "mean-depth", "11.1", "score", "0.00", "nodes", "26", "time", "0.001", "pv", "31-27")},
		{`info depth=2 score=-0.01 pv="31-27 17-21"`, cmd("info", "depth", "2", "score", "-0.01", "pv", "31-27 17-21")},
		{"done move=32-28 ponder=17-22", cmd("done", "move", "32-28", "ponder", "17-22")},
		{"level infinite", Line{Command: "level"}.flag("infinite")},
		{"go think", Line{Command: "go"}.flag("think")},
		{`error message="bad command"`, cmd("error", "message", "bad command")},
		// Blanks anywhere, an empty quoted value, '=' in quotes, CRLF.
		{"  set-param   name = book value=\"\"\r\n", cmd("set-param", "name", "book", "value", "")},
		{`x a="b=c" d`, cmd("x", "a", "b=c").flag("d")},
		{"\tping\t", Line{Command: "ping"}},
		// Unicode in values.
		{`id name=Frysk author="Jan Sûnder"`, cmd("id", "name", "Frysk", "author", "Jan Sûnder")},
	} {
		got, err := ParseLine(tc.in)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseLine(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestParseLineErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"   ",
		"=x",
		`"quoted"`,
		`info pv="31-27`,
		"info depth=",
		"info depth= ",
		"info =3",
		`info a=b "c"`,
	} {
		l, err := ParseLine(in)
		var pe *ProtocolError
		if !errors.As(err, &pe) || !errors.Is(err, ErrProtocol) {
			t.Errorf("ParseLine(%q) = %+v, %v; want a *ProtocolError", in, l, err)
		}
	}
}

func TestLineString(t *testing.T) {
	for _, tc := range []struct {
		l    Line
		want string
	}{
		{cmd("pos", "pos", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "moves", "32-28 17-22"),
			`pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 17-22"`},
		{cmd("set-param", "name", "book", "value", ""), `set-param name=book value=""`},
		{cmd("set-param", "name", "x", "value", "a=b"), `set-param name=x value="a=b"`},
		{Line{Command: "level"}.flag("infinite"), "level infinite"},
	} {
		if got := tc.l.String(); got != tc.want {
			t.Errorf("String = %q, want %q", got, tc.want)
		}
		if err := tc.l.Validate(); err != nil {
			t.Errorf("Validate(%q): %v", tc.want, err)
		}
	}
	for _, l := range []Line{
		{Command: ""},
		{Command: "a b"},
		cmd("x", "a", `say "hi"`),
		cmd("x", "a", "two\nlines"),
		cmd("x", "a=b", "c"),
		{Command: "x", Args: []Arg{{Name: "f", Value: "v", Flag: true}}},
		cmd("x", "a", strings.Repeat("y", MaxLineLength)),
	} {
		if err := l.Validate(); !errors.Is(err, ErrProtocol) {
			t.Errorf("Validate(%q) = %v, want ErrProtocol", l.String(), err)
		}
	}
}

// genLine generates lines that Validate accepts.
func genLine() *rapid.Generator[Line] {
	name := rapid.StringMatching(`[a-z][a-z0-9\-_.!/+:x]{0,8}|[A-Z][A-Za-zû]{0,5}`)
	value := rapid.StringMatching(`[ -!#-~]{0,12}|[a-z0-9 ]{0,10}|é ü|`)
	return rapid.Custom(func(t *rapid.T) Line {
		l := Line{Command: name.Draw(t, "command")}
		n := rapid.IntRange(0, 5).Draw(t, "args")
		for range n {
			a := Arg{Name: name.Draw(t, "name")}
			if rapid.Bool().Draw(t, "flag") {
				a.Flag = true
			} else {
				a.Value = value.Draw(t, "value")
			}
			l.Args = append(l.Args, a)
		}
		return l
	})
}

// TestLineRoundTrip: a line that Validate accepts is read back unchanged,
// whatever its values hold.
func TestLineRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := genLine().Draw(t, "line")
		if err := l.Validate(); err != nil {
			t.Fatalf("generated line fails Validate: %v", err)
		}
		got, err := ParseLine(l.String())
		if err != nil {
			t.Fatalf("ParseLine(%q): %v", l.String(), err)
		}
		if diff := cmp.Diff(l, got); diff != "" {
			t.Fatalf("ParseLine(%q) (-want +got):\n%s", l.String(), diff)
		}
	})
}

// FuzzParseLine: what ParseLine accepts it writes back in a form it reads
// to the same line, and it never fails on what it wrote.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		`id name=Scan version=3.1 author="Fabien Letouzey" country=France`,
		`info depth=2 score=-0.01 pv="31-27 17-21"`,
		"level infinite", `x a="" b`, `x a="`, "", "=", "a =b", "a\x00b=c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("ParseLine(%q): error %v does not wrap ErrProtocol", s, err)
			}
			return
		}
		again, err := ParseLine(l.String())
		if err != nil {
			t.Fatalf("ParseLine(%q) read %+v, written %q, which fails: %v", s, l, l.String(), err)
		}
		if diff := cmp.Diff(l, again); diff != "" {
			t.Fatalf("round trip of %q through %q (-first +second):\n%s", s, l.String(), diff)
		}
	})
}

// TestReadLineLimit: a line of MaxLineLength bytes is read, whatever its
// end; one byte more and it is skipped, and the next line is read.
func TestReadLineLimit(t *testing.T) {
	fits := "x " + strings.Repeat("a", MaxLineLength-2)
	over := fits + "b"
	for _, end := range []string{"\n", "\r\n"} {
		in := over + end + fits + end + over + end + "ping" + end + over
		br := bufio.NewReaderSize(strings.NewReader(in), 4096)
		for i, want := range []string{fits, "ping"} {
			got, err := readLine(br)
			if err != nil || got != want {
				t.Fatalf("end %q, line %d: %d bytes, %v; want %d bytes", end, i, len(got), err, len(want))
			}
		}
		if got, err := readLine(br); err != io.EOF {
			t.Errorf("end %q: a last line over the limit: %d bytes, %v; want io.EOF", end, len(got), err)
		}
		br = bufio.NewReaderSize(strings.NewReader(fits), 4096)
		if got, err := readLine(br); err != nil || got != fits {
			t.Errorf("a last line of MaxLineLength without its end: %d bytes, %v", len(got), err)
		}
	}
}
