package frisian

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// PDN move text, the notation players read and write (RULES.md §6):
// "32-28", "28x19", or the landing path "28x17x8" when two legal captures
// share start and end, and for a capture that ends where it began.
// Legal.Text writes it and Legal.ParseMove reads it; both need the legal
// moves, which is why they are Legal's. Reading is done in two steps, as
// shakmaty reads SAN: the syntax alone (parseMoveText), then the legal move
// the text names (resolve).
//
// The Hub protocol's long form (hubtext.go) is a separate notation: the
// same characters mean different things in the two, so neither reader
// guesses the other.

// maxMoveText bounds the input the move parsers look at, so that a hostile
// input costs little; the longest real move text is far shorter.
const maxMoveText = 512

// moveText is PDN move text read but not yet checked against a position:
// the squares it names and whether it is written as a capture.
type moveText struct {
	// Squares holds the start square, any landing squares named in between
	// and the end square: at least two squares.
	Squares []Square
	// Capture reports that the text was written with x (or X, or :) rather
	// than with -.
	Capture bool
}

// parseMoveText reads the syntax of PDN move text, before the legal moves
// are looked at (see Legal.ParseMove). A quiet move names exactly two
// squares. The error is a *MoveError wrapping ErrInvalidMove.
func parseMoveText(s string) (moveText, error) {
	text, _ := splitMarks(strings.TrimSpace(s))
	if text == "" {
		return moveText{}, invalidMove(s, "empty move text")
	}
	if len(text) > maxMoveText {
		return moveText{}, invalidMove(s, "move text too long")
	}
	var t moveText
	quiet := false
	for i := 0; ; {
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i {
			if i == 0 {
				return moveText{}, invalidMove(s, "move text must start with a square number")
			}
			return moveText{}, invalidMove(s, fmt.Sprintf("square number expected after %q", text[:i]))
		}
		sq, ok := moveSquare(text[i:j])
		if !ok {
			return moveText{}, invalidMove(s, fmt.Sprintf("%q is not a square (1–50)", text[i:j]))
		}
		t.Squares = append(t.Squares, sq)
		if j == len(text) {
			break
		}
		switch text[j] {
		case '-':
			quiet = true
		case 'x', 'X', ':':
			t.Capture = true
		default:
			return moveText{}, invalidMove(s, fmt.Sprintf("unexpected %q in move text", text[j:j+1]))
		}
		i = j + 1
	}
	switch {
	case len(t.Squares) < 2:
		return moveText{}, invalidMove(s, "a move names at least two squares")
	case quiet && t.Capture:
		return moveText{}, invalidMove(s, "mixes - and x")
	case quiet && len(t.Squares) > 2:
		return moveText{}, invalidMove(s, "a quiet move names two squares")
	}
	return t, nil
}

// moveSquare reads a decimal square number 1–50 (leading zeros allowed).
func moveSquare(s string) (Square, bool) {
	s = strings.TrimLeft(s, "0")
	if s == "" || len(s) > 2 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > NumSquares {
		return 0, false
	}
	return Square(n), true
}

// splitMarks cuts the move marks ("!", "?", "!!", "?!" …) off the end of a
// move token.
func splitMarks(tok string) (move, marks string) {
	i := len(tok)
	for i > 0 && (tok[i-1] == '!' || tok[i-1] == '?') {
		i--
	}
	return tok[:i], tok[i:]
}

func invalidMove(s, reason string) *MoveError {
	return &MoveError{Move: errtext.Clip(s), Err: ErrInvalidMove, Reason: reason}
}

// String returns the text in canonical form: squares joined by "-" or "x".
func (t moveText) String() string {
	sep := "-"
	if t.Capture {
		sep = "x"
	}
	var b strings.Builder
	for i, sq := range t.Squares {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(sq.String())
	}
	return b.String()
}

// Text returns the PDN text of m among the legal moves: the shortest
// that names m, so that ParseMove reads it back to m. That is "32-28" for
// a quiet move and "28x19" for a capture, and the whole landing path
// ("28x17x8") where a reader needs it: when another legal capture has the
// same start and end but takes other pieces, and when the capture ends
// where it began ("28x17x19x28", not "28x28"). Only those few need a path,
// so the texts of all the moves cost about as much as working the moves
// out. For a move that is not legal it is the text of m's start and end;
// for the zero Move, "".
func (l Legal) Text(m Move) string { return l.p.textAmong(m, l.moves).String() }

// ParseMove reads PDN move text and returns the legal move it names. It
// reads "32-28", "28x19", landing paths whole or in part ("28x17x8",
// "47x27x7" where that names one move), and the variants found in files:
// "28X19", "28:19", spaces around the text and move marks such as "!" or
// "?!" after it, which are dropped. A capture's text is matched against
// every path of every legal move, not only the one Path shows, so a whole
// landing path always names one move.
//
// Errors are *MoveError values wrapping [ErrInvalidMove] (not move text),
// [ErrIllegalMove] (no legal move matches; the reason says why when it can
// be told: a capture is compulsory, a heavier capture must be played, the
// capture must go on, the king is held by the three-move rule) or
// [ErrAmbiguousMove] (listing the candidates with their whole paths). ctx
// bounds the search of landing paths that a partial path asks for; when it
// is done before the answer is known the error wraps both
// [ErrSearchStopped] and ctx.Err(). A nil ctx gives an error wrapping
// [os.ErrInvalid].
func (l Legal) ParseMove(ctx context.Context, s string) (Move, error) {
	if ctx == nil {
		return Move{}, errtext.NilContext("reading " + errtext.Clip(s))
	}
	t, err := parseMoveText(s)
	if err != nil {
		return Move{}, err
	}
	return t.resolve(ctx, l.p, l.moves, errtext.Clip(s))
}

// resolve finds the move of legal, the legal moves of p, that t names; t
// comes from parseMoveText, and text is what was read, for errors.
func (t moveText) resolve(ctx context.Context, p Position, legal []Move, text string) (Move, error) {
	from, to := t.Squares[0], t.Squares[len(t.Squares)-1]
	var found []Move
	searched := false // a path was searched, which ctx may have cut short
	for _, m := range legal {
		if m.From() != from || m.To() != to || m.IsCapture() != t.Capture {
			continue
		}
		if t.Capture && len(t.Squares) > 2 {
			if len(t.Squares)-1 > m.Captured().Len() || !p.mayBeLegal(m) {
				continue // more landing squares than the capture has, or not p's
			}
			searched = searched || len(t.Squares)-1 != m.Captured().Len()
			if !p.pathNames(ctx, m, t.Squares) {
				continue
			}
		}
		found = append(found, m)
	}
	if searched && ctx.Err() != nil {
		// A path search may have stopped short: its no proves nothing.
		return Move{}, fmt.Errorf("resolving %s: %w: %w", text, ErrSearchStopped, ctx.Err())
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		// The reason's own search is bounded by its work, not ctx.
		return Move{}, &MoveError{Move: text, Err: ErrIllegalMove, Reason: p.whyIllegal(t, legal)}
	}
	slices.SortFunc(found, Move.Compare)
	cands := make([]string, len(found))
	for i, m := range found {
		cands[i] = p.fullText(m)
	}
	return Move{}, &MoveError{Move: text, Err: ErrAmbiguousMove, Reason: "several legal captures match; give the landing path", Candidates: cands}
}

// textAmong is Legal.Text given the legal moves of p.
func (p Position) textAmong(m Move, legal []Move) moveText {
	if m.IsZero() {
		return moveText{}
	}
	short := moveText{Squares: []Square{m.From(), m.To()}, Capture: m.IsCapture()}
	if !m.IsCapture() {
		return short
	}
	found, shared := false, m.From() == m.To()
	for _, other := range legal {
		if other == m {
			found = true
		} else if other.From() == m.From() && other.To() == m.To() {
			shared = true
		}
	}
	if !found || !shared {
		return short
	}
	return moveText{Squares: p.legalPath(m), Capture: true}
}

// fullText is the text of m, a legal move of p, with its whole landing
// path, as MoveError lists candidates.
func (p Position) fullText(m Move) string {
	path := p.legalPath(m)
	if !m.IsCapture() || path == nil {
		return m.String()
	}
	return moveText{Squares: path, Capture: true}.String()
}
