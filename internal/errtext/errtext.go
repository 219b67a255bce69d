// Package errtext holds the pieces of error text that the library's
// packages share.
package errtext

import (
	"fmt"
	"os"
	"unicode/utf8"
)

// MaxQuoted is the most bytes of input an error quotes.
const MaxQuoted = 200

// Clip cuts s, input quoted in an error, to at most MaxQuoted bytes, at
// the start of a character: hostile input makes no huge message, and no
// broken character in it. It steps back at most a character's length, so
// bytes that are not UTF-8 still leave most of MaxQuoted.
func Clip(s string) string {
	if len(s) <= MaxQuoted {
		return s
	}
	n := MaxQuoted
	for n > MaxQuoted-utf8.UTFMax && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// NilContext is the error of the call op given a nil context, which it
// refuses rather than panic on.
func NilContext(op string) error {
	return fmt.Errorf("%s: nil context: %w", op, os.ErrInvalid)
}
