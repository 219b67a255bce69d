package pdn

import (
	"errors"
	"fmt"
	"strings"

	"github.com/frisian-draughts/frisian"
)

// ErrGameType reports a PDN game whose GameType tag names another game
// than Frisian (40) or Frysk! (97). Such a game is reported, not replayed
// under the wrong rules.
var ErrGameType = errors.New("not a Frisian game")

// splitMarks cuts the move marks ("!", "?", "!!", "?!" …) off the end of a
// move token.
func splitMarks(tok string) (move, marks string) {
	i := len(tok)
	for i > 0 && (tok[i-1] == '!' || tok[i-1] == '?') {
		i--
	}
	return tok[:i], tok[i:]
}

// PDN game types this package plays: Frisian, and lidraughts' Frysk!
// (Frisian rules from five men each, the start given by the FEN tag).
const (
	gameTypeFrisian = "40"
	gameTypeFrysk   = "97"
	fryskStart      = "W:W46-50:B1-5"
)

// gameTypeStart returns the start position of a game of the given GameType
// tag value ("" when there is none), and false when this package does not
// play that game.
func gameTypeStart(gameType string) (frisian.Position, bool) {
	num, _, _ := strings.Cut(strings.TrimSpace(gameType), ",")
	switch strings.TrimSpace(num) {
	case "", gameTypeFrisian:
		return frisian.StartPosition(), true
	case gameTypeFrysk:
		return frisian.MustParseFEN(fryskStart), true
	}
	return frisian.Position{}, false
}

// Error reports a problem in a PDN file: where it is, in which game and
// at which move, the text at fault and what is wrong.
type Error struct {
	Game   int    // game number in the file, from 1
	Line   int    // line of the text at fault, from 1
	Column int    // byte column of the text at fault, from 1
	Move   int    // move number (as in "12."), 0 before the first move
	Text   string // the text at fault (cut to 200 bytes)
	// Err is what is wrong: a *[frisian.MoveError] (wrapping
	// [frisian.ErrInvalidMove], [frisian.ErrIllegalMove] or
	// [frisian.ErrAmbiguousMove]), a *[frisian.ParseError] from the FEN tag,
	// [ErrGameType], an error wrapping [frisian.ErrSyntax] for malformed PDN,
	// or one wrapping [frisian.ErrTooLarge] for text past the limits
	// [Reader] keeps.
	Err error
}

// Error gives the game, the place, the move number and what is wrong.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "PDN game %d, line %d, column %d", e.Game, e.Line, e.Column)
	if e.Move > 0 {
		fmt.Fprintf(&b, ", move %d", e.Move)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	var me *frisian.MoveError
	if !errors.As(e.Err, &me) { // a MoveError names the move itself
		if e.Text != "" {
			fmt.Fprintf(&b, " at %q", e.Text)
		}
	}
	return b.String()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Errors lists the problems of one game, in the order found, as
// go/scanner.ErrorList does. It is the error [Reader.Next] returns for a
// game with problems (in strict mode, with the first problem only).
type Errors []*Error

// Error describes the first error and says how many more there are.
func (l Errors) Error() string {
	switch len(l) {
	case 0:
		return "no PDN errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Unwrap returns the errors, so that errors.Is and errors.As look at each.
func (l Errors) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// pdnSyntax is the Err of an Error for malformed PDN.
type pdnSyntax string

func (e pdnSyntax) Error() string { return "syntax error: " + string(e) }
func (e pdnSyntax) Unwrap() error { return frisian.ErrSyntax }

// pdnTooLarge is the Err of an Error for text over one of the limits
// Reader documents.
type pdnTooLarge string

func (e pdnTooLarge) Error() string { return "too large: " + string(e) }
func (e pdnTooLarge) Unwrap() error { return frisian.ErrTooLarge }

// maxToken bounds a word of move text; longer runs of characters are
// reported and skipped rather than stored.
const maxToken = 1024
