package frisian

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors. Every error the package returns wraps one of them, so
// that callers can test the kind of failure with errors.Is.
var (
	// ErrInvalidMove: the text is not a move at all.
	ErrInvalidMove = errors.New("invalid move")
	// ErrIllegalMove: the move is well-formed but not legal in the position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrAmbiguousMove: the text matches more than one legal move.
	ErrAmbiguousMove = errors.New("ambiguous move")
	// ErrSyntax: text the package reads is malformed: a FEN, a PDN file,
	// the name of a colour or of draw rules.
	ErrSyntax = errors.New("syntax error")
	// ErrInvalidPosition: the text is well-formed but the position it
	// describes cannot occur (a man on its own promotion row, for example).
	ErrInvalidPosition = errors.New("invalid position")
	// ErrTooLarge: input goes past a documented limit, such as the size
	// of one game in a PDN file (see PDNReader).
	ErrTooLarge = errors.New("too large")
	// ErrSearchStopped: a search was stopped by its context before it
	// finished (see Position.LegalMovesContext).
	ErrSearchStopped = errors.New("search stopped")
)

// MoveError reports a move that could not be read or played.
type MoveError struct {
	Move   string // the move as given
	Err    error  // ErrInvalidMove, ErrIllegalMove or ErrAmbiguousMove
	Reason string // why, in words; may be empty
	// Candidates lists, for ErrAmbiguousMove, every matching legal move in
	// full-path notation.
	Candidates []string
}

func (e *MoveError) Error() string {
	var b strings.Builder
	b.WriteString("frisian: ")
	b.WriteString(e.Err.Error())
	b.WriteString(" ")
	b.WriteString(strconv.Quote(e.Move))
	if e.Reason != "" {
		b.WriteString(": ")
		b.WriteString(e.Reason)
	}
	if len(e.Candidates) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(e.Candidates, ", "))
		b.WriteString(")")
	}
	return b.String()
}

func (e *MoveError) Unwrap() error { return e.Err }

// ParseError reports malformed or impossible position text, with the byte
// offset in the input where the problem was found.
type ParseError struct {
	Input  string // the text given (cut to 200 bytes)
	Offset int    // byte offset of the problem in Input
	Err    error  // ErrSyntax or ErrInvalidPosition
	Msg    string // what is wrong
}

func (e *ParseError) Error() string {
	return "frisian: " + e.Err.Error() + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

func (e *ParseError) Unwrap() error { return e.Err }

// PositionError reports a Setup that does not describe a possible position.
type PositionError struct {
	Msg string
}

func (e *PositionError) Error() string { return "frisian: invalid position: " + e.Msg }

// Unwrap returns ErrInvalidPosition.
func (e *PositionError) Unwrap() error { return ErrInvalidPosition }
