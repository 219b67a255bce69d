package frisian

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors. Every error the package returns for bad input or an
// unfinished search wraps one of them, so that callers can test the kind of
// failure with errors.Is. (Misuse, such as a nil context, wraps
// os.ErrInvalid.)
//
// Error messages describe the input and do not start with the package
// name, so that they can be shown to a user as they are.
var (
	// ErrInvalidMove: the text is not a move at all.
	ErrInvalidMove = errors.New("invalid move")
	// ErrIllegalMove: the move is well-formed but not legal in the position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrAmbiguousMove: the text matches more than one legal move.
	ErrAmbiguousMove = errors.New("ambiguous move")
	// ErrSyntax: text the package reads is malformed: a FEN, the name of
	// a color or of draw rules (and, in package pdn, a PDN file).
	ErrSyntax = errors.New("syntax error")
	// ErrInvalidPosition: the position described cannot occur (a man on
	// its own promotion row, for example).
	ErrInvalidPosition = errors.New("invalid position")
	// ErrTooLarge: input goes past a documented limit, such as the size
	// of a FEN (and, in package pdn, of one game in a PDN file).
	ErrTooLarge = errors.New("too large")
	// ErrSearchStopped: a search was stopped by its context before it
	// finished (see [Position.Legal]).
	ErrSearchStopped = errors.New("search stopped")
)

// MoveError reports a move that could not be read or played.
type MoveError struct {
	Move   string // the move as given
	Err    error  // ErrInvalidMove, ErrIllegalMove or ErrAmbiguousMove
	Reason string // why, in words; may be empty
	// Candidates lists, for [ErrAmbiguousMove], every matching legal move in
	// full-path notation, in the order of [Move.Compare].
	Candidates []string
}

// Error gives the kind of error, the move and the reason:
// `illegal move "32-29": no piece can move from 32 to 29`.
func (e *MoveError) Error() string {
	var b strings.Builder
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

// Unwrap returns Err.
func (e *MoveError) Unwrap() error { return e.Err }

// ParseError reports malformed or impossible position text, with the byte
// offset in the input where the problem was found.
type ParseError struct {
	Input  string // the text given (cut to 200 bytes)
	Offset int    // byte offset of the problem in Input
	// Err is [ErrSyntax] for malformed text, or a *PositionError (wrapping
	// [ErrInvalidPosition]) for well-formed text of an impossible position.
	Err    error
	Reason string // what is wrong, in words
}

// Error gives the kind of error, the offset and the reason.
func (e *ParseError) Error() string {
	kind := e.Err
	if errors.Is(e.Err, ErrInvalidPosition) {
		kind = ErrInvalidPosition
	}
	return kind.Error() + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// PositionError reports a description of a position that cannot occur:
// from [Setup.Position], [Position.CheckMaterial] or, inside a *ParseError,
// [ParseFEN].
type PositionError struct {
	Square Square // the square at fault, or 0 when the fault is not one square's
	Err    error  // ErrInvalidPosition
	Reason string // what is impossible, in words
}

// Error gives "invalid position: " and the reason.
func (e *PositionError) Error() string { return e.Err.Error() + ": " + e.Reason }

// Unwrap returns Err.
func (e *PositionError) Unwrap() error { return e.Err }

// invalidPosition returns the *PositionError for square sq (or 0).
func invalidPosition(sq Square, reason string) *PositionError {
	return &PositionError{Square: sq, Err: ErrInvalidPosition, Reason: reason}
}
