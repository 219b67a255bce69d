package frisian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// The Hub engine protocol's long form (Scan; RULES.md §6): a quiet move
// as "32-28", a capture as its start, its end and then every captured
// square, "28x19x23". It names a move without its position, so it is the
// text of Move.String; Legal.ParseHubMove reads it back.

// String returns the move as text that needs no position: the Hub engine
// protocol's long form, "32-28" for a quiet move and "28x19x23" for a
// capture (start, end, then every captured square ascending), so that
// "28x28x18x22x23" is the capture that comes back to 28. It is what logs,
// engines and map keys want; [Legal.ParseHubMove] reads it back. The text
// a player reads is [Legal.Text]. The zero Move, which is no move, is
// written "none".
func (m Move) String() string {
	if m.IsZero() {
		return "none"
	}
	sep := byte('-')
	if m.captured() != 0 {
		sep = 'x'
	}
	b := strconv.AppendUint(nil, uint64(m.From()), 10)
	b = append(b, sep)
	b = strconv.AppendUint(b, uint64(m.To()), 10)
	for sq := range m.Captured().All() {
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(sq), 10)
	}
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with String. The zero Move
// marshals to nothing.
//
// Move has no UnmarshalText: a Move also records whether a king makes it,
// which only the position knows. Read the text back with
// [Legal.ParseHubMove].
func (m Move) MarshalText() ([]byte, error) {
	if m.IsZero() {
		return nil, nil
	}
	return []byte(m.String()), nil
}

// ParseHubMove reads a move in the Hub long form, as [Move.String] writes
// it ("32-28", or "28x19x23": start, end and every captured square, these
// in any order), and returns the legal move it names. Errors are
// *MoveError values wrapping [ErrInvalidMove] or [ErrIllegalMove]; Hub
// text is never ambiguous.
func (l Legal) ParseHubMove(s string) (Move, error) {
	h, err := parseHubText(s)
	if err != nil {
		return Move{}, err
	}
	return l.findHub(h, s)
}

// hubText is a move in the Hub protocol's long form, read: its start and
// end, whether it captures, and the captured squares.
type hubText struct {
	from, to Square
	capture  bool
	captured SquareSet
}

// parseHubText reads a move in the Hub protocol's long form.
func parseHubText(s string) (hubText, error) {
	text := strings.TrimSpace(s)
	if text == "" {
		return hubText{}, invalidMove(s, "empty move text")
	}
	if len(text) > maxMoveText {
		return hubText{}, invalidMove(s, "move text too long")
	}
	var sep byte
	var squares []Square
	for _, part := range splitSeps(text, "-xX") {
		sq, ok := moveSquare(part.text)
		if !ok || strings.Trim(part.text, "0123456789") != "" {
			return hubText{}, invalidMove(s, fmt.Sprintf("%q is not a square (1–50)", part.text))
		}
		if part.sep != 0 {
			c := part.sep | 0x20 // 'X' → 'x'
			if sep != 0 && c != sep {
				return hubText{}, invalidMove(s, "mixes - and x")
			}
			sep = c
		}
		squares = append(squares, sq)
	}
	switch {
	case len(squares) < 2:
		return hubText{}, invalidMove(s, "a move names at least two squares")
	case sep == '-' && len(squares) != 2:
		return hubText{}, invalidMove(s, "a quiet move names two squares")
	case sep == 'x' && len(squares) < 3:
		return hubText{}, invalidMove(s, "a Hub capture lists its captured squares after start and end")
	}
	h := hubText{from: squares[0], to: squares[1], capture: sep == 'x'}
	for _, sq := range squares[2:] {
		if h.captured.Has(sq) {
			return hubText{}, invalidMove(s, fmt.Sprintf("captured square %d listed twice", sq))
		}
		h.captured = h.captured.With(sq)
	}
	return h, nil
}

// findHub returns the legal move h names; s is its text, for errors.
func (l Legal) findHub(h hubText, s string) (Move, error) {
	for _, m := range l.moves {
		if m.From() == h.from && m.To() == h.to && m.Captured() == h.captured {
			return m, nil
		}
	}
	t := moveText{Squares: []Square{h.from, h.to}, Capture: h.capture}
	return Move{}, &MoveError{Move: errtext.Clip(s), Err: ErrIllegalMove, Reason: l.p.whyIllegal(t, l.moves)}
}

// sepField is a piece of text and the separator byte that preceded it
// (0 for the first).
type sepField struct {
	text string
	sep  byte
}

func splitSeps(s, seps string) []sepField {
	var out []sepField
	var sep byte
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || strings.IndexByte(seps, s[i]) >= 0 {
			out = append(out, sepField{s[start:i], sep})
			if i < len(s) {
				sep = s[i]
			}
			start = i + 1
		}
	}
	return out
}
