package frisian

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// ParseFEN reads a position written in PDN FEN, such as
//
//	W:W31,32,33,K45:B1,2,3
//
// the side to move, then the squares of each side (in either order), K
// marking a king. It accepts ranges (31-50), spaces around parts, a
// trailing '.', the tag form [FEN "…"], and lidraughts' extra fields: :H<n>
// (the draw ply counter, see [Position.DrawPlies]), :F<n> (the move number,
// which a Position does not keep) and the Frisian king-move field
// +<black count><square>+<white count><square> (Black first).
//
// A king-move state that lidraughts leaves stale after the counted king was
// captured (its square is empty) or after its side lost its last man is
// read as 0, as the official rules reset it (RULES.md §5). A draw counter in
// material where it does not count is read as 0.
//
// Errors are *ParseError values wrapping [ErrSyntax] for malformed text, or a
// *PositionError (wrapping [ErrInvalidPosition]) for a well-formed FEN of an
// impossible position. [ParseFEN] accepts any placement; see
// [Position.CheckMaterial] for the limits of a game.
func ParseFEN(s string) (Position, error) {
	st, err := parseFENSetup(s)
	if err != nil {
		return Position{}, err
	}
	p, err := st.Position()
	if err != nil {
		reason := err.Error()
		if pe, ok := err.(*PositionError); ok { // as Setup.Position returns
			reason = pe.Reason
		}
		return Position{}, &ParseError{Input: errtext.Clip(s), Offset: 0, Err: err, Reason: reason}
	}
	return p, nil
}

// MustParseFEN is like [ParseFEN] but panics on error. It is for FEN constants
// known to be valid.
func MustParseFEN(s string) Position {
	p, err := ParseFEN(s)
	if err != nil {
		panic(err)
	}
	return p
}

type fenReader struct {
	in string
}

func (r *fenReader) syntax(off int, format string, args ...any) error {
	return &ParseError{Input: errtext.Clip(r.in), Offset: off, Err: ErrSyntax, Reason: fmt.Sprintf(format, args...)}
}

// invalid reports an impossible position found at square sq.
func (r *fenReader) invalid(off int, sq Square, format string, args ...any) error {
	reason := fmt.Sprintf(format, args...)
	return &ParseError{Input: errtext.Clip(r.in), Offset: off, Err: invalidPosition(sq, reason), Reason: reason}
}

// span is a part of the input with its byte offset.
type span struct {
	text string
	off  int
}

// trim removes spaces around sp, keeping the offset right.
func (sp span) trim() span {
	lead := len(sp.text) - len(strings.TrimLeft(sp.text, " \t\r\n"))
	return span{strings.TrimRight(sp.text[lead:], " \t\r\n"), sp.off + lead}
}

// fields yields the parts of sp between seps, as it goes: nothing is
// allocated for them.
func (sp span) fields(sep byte) iter.Seq[span] {
	return func(yield func(span) bool) {
		start := 0
		for i := 0; i <= len(sp.text); i++ {
			if i == len(sp.text) || sp.text[i] == sep {
				if !yield(span{sp.text[start:i], sp.off + start}) {
					return
				}
				start = i + 1
			}
		}
	}
}

// maxFENLength bounds the input [ParseFEN] reads. The longest FEN of a
// position, fifty kings with both counters, is about 230 bytes; the rest
// leaves room for spaces and a tag around it.
const maxFENLength = 1024

func parseFENSetup(s string) (Setup, error) {
	r := &fenReader{in: s}
	var st Setup
	if len(s) > maxFENLength {
		return st, r.syntax(maxFENLength, "FEN longer than %d bytes", maxFENLength)
	}
	body := span{s, 0}.trim()
	if strings.HasPrefix(body.text, "[") {
		inner, err := r.unwrapTag(body)
		if err != nil {
			return st, err
		}
		body = inner.trim()
	}
	body.text = strings.TrimSuffix(body.text, ".")
	body = body.trim()
	if body.text == "" {
		return st, r.syntax(body.off, "empty FEN")
	}
	var (
		seenTurn, seenDraw, seenNumber bool
		seenPieces                     [2]bool
		kingField                      *span
	)
	for part := range body.fields(':') {
		part = part.trim()
		if !seenTurn {
			seenTurn = true
			switch strings.ToUpper(part.text) {
			case "W":
				st.Turn = White
			case "B":
				st.Turn = Black
			default:
				return st, r.syntax(part.off, "side to move %q is not W or B", part.text)
			}
			continue
		}
		if part.text == "" {
			return st, r.syntax(part.off, "empty field")
		}
		switch part.text[0] {
		case 'W', 'B', 'w', 'b':
			c := White
			if part.text[0] == 'B' || part.text[0] == 'b' {
				c = Black
			}
			if seenPieces[c] {
				return st, r.syntax(part.off, "%s pieces listed twice", c)
			}
			seenPieces[c] = true
			if err := r.readPieces(&st, c, span{part.text[1:], part.off + 1}); err != nil {
				return st, err
			}
		case 'H', 'h':
			if seenDraw {
				return st, r.syntax(part.off, "draw counter given twice")
			}
			seenDraw = true
			n, err := r.number(span{part.text[1:], part.off + 1}, drawPliesLimit)
			if err != nil {
				return st, err
			}
			st.DrawPlies = n
		case 'F', 'f':
			if seenNumber {
				return st, r.syntax(part.off, "move number given twice")
			}
			seenNumber = true
			if _, err := r.number(span{part.text[1:], part.off + 1}, 1<<30); err != nil {
				return st, err
			}
		case '+':
			if kingField != nil {
				return st, r.syntax(part.off, "king-move field given twice")
			}
			kingField = &part
		default:
			return st, r.syntax(part.off, "unknown field %q", part.text)
		}
	}
	if kingField != nil {
		if err := r.readKingRuns(&st, *kingField); err != nil {
			return st, err
		}
	}
	r.normalize(&st)
	return st, nil
}

// unwrapTag returns the quoted value of a [FEN "…"] tag.
func (r *fenReader) unwrapTag(sp span) (span, error) {
	t := sp.text
	if !strings.HasSuffix(t, "]") {
		return sp, r.syntax(sp.off+len(t), "tag not closed by ]")
	}
	inner := span{t[1 : len(t)-1], sp.off + 1}.trim()
	name, rest, ok := strings.Cut(inner.text, "\"")
	if !ok || !strings.EqualFold(strings.TrimSpace(name), "FEN") {
		return sp, r.syntax(inner.off, "tag is not [FEN \"…\"]")
	}
	valueOff := inner.off + len(name) + 1
	value, after, ok := strings.Cut(rest, "\"")
	if !ok || strings.TrimSpace(after) != "" {
		return sp, r.syntax(valueOff, "FEN tag value not quoted")
	}
	return span{value, valueOff}, nil
}

// readPieces reads a comma-separated list of squares, K-marked kings and
// ranges for side c.
func (r *fenReader) readPieces(st *Setup, c Color, list span) error {
	if strings.TrimSpace(list.text) == "" {
		return nil
	}
	for item := range list.fields(',') {
		item = item.trim()
		king := false
		if item.text != "" && (item.text[0] == 'K' || item.text[0] == 'k') {
			king = true
			item = span{item.text[1:], item.off + 1}.trim()
		}
		first, last := item, span{}
		if a, b, ok := strings.Cut(item.text, "-"); ok {
			first = span{a, item.off}.trim()
			last = span{b, item.off + len(a) + 1}.trim()
		}
		lo, err := r.square(first)
		if err != nil {
			return err
		}
		hi := lo
		if last.text != "" || strings.Contains(item.text, "-") {
			if hi, err = r.square(last); err != nil {
				return err
			}
			if hi < lo {
				return r.syntax(item.off, "range %q runs backwards", item.text)
			}
		}
		for sq := lo; sq <= hi; sq++ {
			if st.Board[sq] != NoPiece {
				return r.invalid(item.off, sq, "square %d listed twice", sq)
			}
			st.Board[sq] = NewPiece(c, king)
			if !king && layout.PromotionRow[c]&bit(sq) != 0 {
				return r.invalid(item.off, sq, "%s man on its promotion row at %d", c, sq)
			}
		}
	}
	return nil
}

// number reads a decimal number of at most max.
func (r *fenReader) number(sp span, max int) (int, error) {
	sp = sp.trim()
	if sp.text == "" {
		return 0, r.syntax(sp.off, "number expected")
	}
	n := 0
	for i := 0; i < len(sp.text); i++ {
		ch := sp.text[i]
		if ch < '0' || ch > '9' {
			return 0, r.syntax(sp.off+i, "unexpected %q in number", ch)
		}
		n = n*10 + int(ch-'0')
		if n > max {
			return 0, r.syntax(sp.off, "number %q too large", sp.text)
		}
	}
	return n, nil
}

func (r *fenReader) square(sp span) (Square, error) {
	n, err := r.number(sp, 99)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > NumSquares {
		return 0, r.syntax(sp.off, "square %d is not 1–50", n)
	}
	return Square(n), nil
}

// readKingRuns reads lidraughts' +<black><sq>+<white><sq> field.
func (r *fenReader) readKingRuns(st *Setup, sp span) error {
	black, white, ok := strings.Cut(sp.text[1:], "+")
	if !ok || strings.Contains(white, "+") {
		return r.syntax(sp.off, "king-move field %q is not +<black>+<white>", sp.text)
	}
	fields := [2]span{{black, sp.off + 1}, {white, sp.off + 2 + len(black)}}
	for i, f := range fields {
		c := Black
		if i == 1 {
			c = White
		}
		if f.text == "" || f.text[0] < '0' || f.text[0] > '3' {
			return r.syntax(f.off, "king-move count of %s must be a digit 0–3", c)
		}
		count := int(f.text[0] - '0')
		rest := span{f.text[1:], f.off + 1}
		if count == 0 {
			if rest.text != "" {
				return r.syntax(rest.off, "square given with king-move count 0")
			}
			continue
		}
		sq, err := r.square(rest)
		if err != nil {
			return err
		}
		st.KingRun[c] = KingRun{Count: count, Square: sq}
	}
	return nil
}

// normalize clears what lidraughts leaves stale and what the official rules
// reset (see [ParseFEN]).
func (r *fenReader) normalize(st *Setup) {
	var men [2]bool
	var count [2]int
	for sq := Square(1); sq <= NumSquares; sq++ {
		if pc := st.Board[sq]; pc != NoPiece {
			count[pc.Color()]++
			if !pc.IsKing() {
				men[pc.Color()] = true
			}
		}
	}
	for c := range st.KingRun {
		km := st.KingRun[c]
		if km.Count > 0 && (!men[c] || st.Board[km.Square] == NoPiece) {
			st.KingRun[c] = KingRun{}
		}
	}
	if men[White] || men[Black] || !kingEndingCounts(count[White], count[Black]) {
		st.DrawPlies = 0
	}
}

// FEN returns p in PDN FEN: side to move, White's squares, Black's squares,
// kings marked K, squares ascending. Non-zero counters follow in lidraughts'
// form: :H<n> for the draw counter and :+<black>+<white> for the king-move
// states, so that [ParseFEN] gives back an equal Position.
func (p Position) FEN() string { return string(p.appendFEN(nil)) }

// appendFEN appends the FEN of p to dst.
func (p Position) appendFEN(dst []byte) []byte {
	if p.turn == White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	for _, c := range [2]Color{White, Black} {
		dst = append(dst, ':')
		dst = append(dst, "WB"[c])
		first := true
		for sq := range p.Pieces(c).All() {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if p.kings&bit(sq) != 0 {
				dst = append(dst, 'K')
			}
			dst = strconv.AppendUint(dst, uint64(sq), 10)
		}
	}
	if p.plies != 0 {
		dst = append(dst, ":H"...)
		dst = strconv.AppendUint(dst, uint64(p.plies), 10)
	}
	if p.kingRun[White].count != 0 || p.kingRun[Black].count != 0 {
		dst = append(dst, ':')
		for _, c := range [2]Color{Black, White} {
			km := p.KingRun(c)
			dst = append(dst, '+', byte('0'+km.Count))
			if km.Count > 0 {
				// Two digits, as lidraughts writes and reads them.
				dst = append(dst, byte('0'+km.Square/10), byte('0'+km.Square%10))
			}
		}
	}
	return dst
}

// String returns the FEN of p.
func (p Position) String() string { return p.FEN() }

// MarshalText implements encoding.TextMarshaler with the FEN of p.
func (p Position) MarshalText() ([]byte, error) { return p.appendFEN(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseFEN].
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParseFEN(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}
