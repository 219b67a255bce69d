package hub

import (
	"fmt"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// MaxLineLength is the longest line, in bytes without its newline, that the
// client and the server read. A longer line is skipped: Hub lines are short
// (a principal variation of a hundred moves fits in 2 KiB), and the bound
// keeps a faulty peer from filling memory.
const MaxLineLength = 64 << 10

// Line is one line of the Hub protocol: a command and its arguments,
//
//	info depth=12 score=0.25 pv="32-28 17-22"
//
// Values that hold a blank, a control character, '=' or '"', or are
// empty, are written in double quotes. An argument may have no value at
// all (a flag, such as infinite in "level infinite").
type Line struct {
	Command string
	Args    []Arg
}

// Arg is one argument of a Line.
type Arg struct {
	Name  string
	Value string
	// Flag reports an argument written without "=value". Its Value is "".
	Flag bool
}

// ParseLine reads one line of the protocol. Blanks around and between the
// parts are skipped; a trailing newline or carriage return is allowed. The
// error, a *ProtocolError wrapping ErrProtocol, reports an empty line, a
// command or argument name that is missing, a value missing after '=', or
// a quoted value without its closing quote.
func ParseLine(s string) (Line, error) {
	s = strings.TrimRight(s, "\r\n")
	sc := scanner{s: s}
	var l Line
	l.Command = sc.name()
	if l.Command == "" {
		return Line{}, sc.errorf("missing command")
	}
	for !sc.end() {
		var a Arg
		a.Name = sc.name()
		if a.Name == "" {
			return Line{}, sc.errorf("missing argument name")
		}
		sc.blanks()
		if sc.peek() != '=' {
			a.Flag = true
			l.Args = append(l.Args, a)
			continue
		}
		sc.i++ // '='
		sc.blanks()
		if sc.peek() == '"' {
			sc.i++
			j := strings.IndexByte(s[sc.i:], '"')
			if j < 0 {
				return Line{}, sc.errorf("missing closing quote")
			}
			a.Value = s[sc.i : sc.i+j]
			sc.i += j + 1
		} else {
			a.Value = sc.name()
			if a.Value == "" {
				return Line{}, sc.errorf("missing value after '='")
			}
		}
		l.Args = append(l.Args, a)
	}
	return l, nil
}

// scanner walks a line as Scan's own reader does: names are runs of bytes
// other than blanks, control characters, '=' and '"'.
type scanner struct {
	s string
	i int
}

func (sc *scanner) peek() byte {
	if sc.i >= len(sc.s) {
		return 0
	}
	return sc.s[sc.i]
}

func (sc *scanner) blanks() {
	for sc.i < len(sc.s) && isBlank(sc.s[sc.i]) {
		sc.i++
	}
}

// end skips blanks and reports whether the line is used up.
func (sc *scanner) end() bool {
	sc.blanks()
	return sc.i >= len(sc.s)
}

func (sc *scanner) name() string {
	sc.blanks()
	j := sc.i
	for j < len(sc.s) && isNameByte(sc.s[j]) {
		j++
	}
	n := sc.s[sc.i:j]
	sc.i = j
	return n
}

func (sc *scanner) errorf(format string, a ...any) error {
	return &ProtocolError{Line: errtext.Clip(sc.s), Msg: fmt.Sprintf(format, a...) + fmt.Sprintf(" at byte %d", sc.i)}
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isNameByte(c byte) bool { return c > ' ' && c != 0x7f && c != '=' && c != '"' }

// isName reports whether s can be written unquoted.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// Get returns the value of the first argument called name and whether there
// is one. A flag has the value "".
func (l Line) Get(name string) (string, bool) {
	for _, a := range l.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether the line has an argument called name.
func (l Line) Has(name string) bool {
	_, ok := l.Get(name)
	return ok
}

// String returns the line as it is sent, without a newline. Values are
// quoted when they must be. A line that Validate rejects is written all the
// same; check it first when its parts come from outside.
func (l Line) String() string {
	var b strings.Builder
	b.WriteString(l.Command)
	for _, a := range l.Args {
		b.WriteByte(' ')
		b.WriteString(a.Name)
		if a.Flag {
			continue
		}
		b.WriteByte('=')
		if isName(a.Value) {
			b.WriteString(a.Value)
		} else {
			b.WriteByte('"')
			b.WriteString(a.Value)
			b.WriteByte('"')
		}
	}
	return b.String()
}

// Validate reports whether the line can be written so that ParseLine reads
// it back unchanged: the command and the argument names must be names (no
// blanks, control characters, '=' or '"'), a value may not hold '"' or a
// control character, the protocol having no escapes, a flag has no value,
// and the line is at most MaxLineLength bytes. The error, a
// *ProtocolError, wraps ErrProtocol.
func (l Line) Validate() error {
	bad := func(format string, a ...any) error {
		return &ProtocolError{Line: errtext.Clip(l.String()), Msg: fmt.Sprintf(format, a...)}
	}
	if !isName(l.Command) {
		return bad("command %q is not a name", l.Command)
	}
	for _, a := range l.Args {
		if !isName(a.Name) {
			return bad("argument name %q is not a name", a.Name)
		}
		if a.Flag && a.Value != "" {
			return bad("flag %s has a value", a.Name)
		}
		for i := 0; i < len(a.Value); i++ {
			if c := a.Value[i]; c == '"' || c < ' ' || c == 0x7f {
				return bad("value of %s holds %q, which the protocol cannot quote", a.Name, c)
			}
		}
	}
	if len(l.String()) > MaxLineLength {
		return bad("line longer than %d bytes", MaxLineLength)
	}
	return nil
}

// cmd builds a Line from a command and name, value pairs.
func cmd(command string, pairs ...string) Line {
	l := Line{Command: command}
	for i := 0; i+1 < len(pairs); i += 2 {
		l.Args = append(l.Args, Arg{Name: pairs[i], Value: pairs[i+1]})
	}
	return l
}

// flag appends a flag argument.
func (l Line) flag(name string) Line {
	l.Args = append(l.Args, Arg{Name: name, Flag: true})
	return l
}
