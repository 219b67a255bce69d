package pdn

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// Writer writes games as PDN that lidraughts and Reader accept: the
// tags, a blank line, the numbered moves in shortest unambiguous text
// ([frisian.Legal.Text]) with their annotations, wrapped to Width columns, the
// result and a blank line.
type Writer struct {
	// Width is the line length to wrap the move text at (80 when 0). A
	// single long comment may still run over it.
	Width int

	// Draws are the draw rules that decide the result written for a game
	// without a Result tag: [frisian.OfficialDraws] (the zero value) or, for a game
	// played by lidraughts' counting, [frisian.LidraughtsDraws].
	Draws frisian.DrawRules

	w io.Writer
}

// NewWriter returns a writer of PDN to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// WriteGame writes g, without a deadline: it is [Writer.WriteGameContext]
// with a context that is never done, for games the program trusts: a
// stranger's game, even one from the start position, may reach by its
// moves placements that take long to search (see [frisian.Position.Legal]).
func (pw *Writer) WriteGame(g *Game) error {
	return pw.WriteGameContext(context.Background(), g)
}

// WriteGameContext writes g. ctx bounds the search of the legal moves of
// g's positions, which the writer needs for the shortest text of each move
// and, when g has no Result tag, for its outcome ([Game.Outcome]): a game
// may start from any position, and made-up placements can take long to
// search, so a program that writes games from strangers gives ctx a
// deadline.
//
// What is written reads back with Reader to the same game: the same
// start, moves and annotations, and the tags written. To that end the
// writer normalises what PDN cannot hold or a reader would read otherwise:
//   - Tags are written in their order, a name given twice once, at its
//     first place with its last value (as a reader keeps it). Those a
//     reader needs are added when missing: GameType "40" (Frisian), FEN
//     when the game does not start where its game type starts (a FEN tag
//     that does not give the start position is rewritten) and Result, from
//     g.Outcome(ctx, pw.Draws). The result marker after the moves is the
//     Result tag's value, or "*" when that is not a result.
//   - A newline in a tag value, which a tag cannot hold, is written as a
//     space; comments are written without surrounding spaces, which a
//     reader drops; a comment holding a '}' is written as a ; comment to
//     the end of the line, or, if it also spans lines, without its '}'s.
//
// The error wraps [ErrGameType] for a GameType tag of another game than
// Frisian or Frysk!, [frisian.ErrSyntax] for a tag name, mark or variation that
// cannot be written as PDN, [frisian.ErrTooLarge] for a game past the limits a
// Reader keeps, [frisian.ErrSearchStopped] and ctx.Err() when ctx is done
// before the moves are known, and os.ErrInvalid for a nil game or context
// or a writer not made by [NewWriter]; or it is the underlying writer's.
// Nothing is written when the game cannot be.
func (pw *Writer) WriteGameContext(ctx context.Context, g *Game) error {
	if ctx == nil {
		return errtext.NilContext("writing PDN")
	}
	if pw.w == nil {
		// A programming error; os.ErrInvalid lets errors.Is tell it apart.
		return fmt.Errorf("Writer not made by NewWriter: %w", os.ErrInvalid)
	}
	b, err := appendPDN(ctx, nil, g, pw.Width, pw.Draws)
	if err != nil {
		return err
	}
	_, err = pw.w.Write(b)
	return err
}

// MarshalText implements encoding.TextMarshaler with the PDN of g, as a
// zero-configured [Writer.WriteGame] writes it (the official draw rules
// decide a missing Result). Like WriteGame it has no deadline: for a game
// from a stranger use [Writer.WriteGameContext].
func (g *Game) MarshalText() ([]byte, error) {
	return appendPDN(context.Background(), nil, g, 0, frisian.OfficialDraws)
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads one PDN game,
// strictly, into g. Text with more than one game is an error. Like
// [Reader.Next] it has no deadline: for text from a stranger use a strict
// Reader's [Reader.NextContext].
func (g *Game) UnmarshalText(text []byte) error {
	r := NewReader(bytes.NewReader(text))
	r.Strict = true
	got, err := r.Next()
	if err == io.EOF {
		return &Error{Game: 1, Line: 1, Column: 1, Err: pdnSyntax("no game")}
	}
	if err != nil {
		return err
	}
	if more, err := r.Next(); more != nil || err != io.EOF {
		if err == nil || err == io.EOF {
			err = &Error{Game: 2, Line: 1, Column: 1, Err: pdnSyntax("more than one game")}
		}
		return err
	}
	*g = *got
	return nil
}

// pdnLine builds wrapped move text.
type pdnLine struct {
	buf   []byte
	col   int
	width int
}

func (pl *pdnLine) add(tok string) {
	if pl.col > 0 {
		if pl.col+1+len(tok) > pl.width {
			pl.buf = append(pl.buf, '\n')
			pl.col = 0
		} else {
			pl.buf = append(pl.buf, ' ')
			pl.col++
		}
	}
	pl.buf = append(pl.buf, tok...)
	if i := strings.LastIndexByte(tok, '\n'); i >= 0 {
		pl.col = len(tok) - i - 1
	} else {
		pl.col += len(tok)
	}
}

// writeError reports game content that PDN cannot hold.
func writeError(format string, args ...any) error {
	return fmt.Errorf("cannot write PDN: %s: %w", fmt.Sprintf(format, args...), frisian.ErrSyntax)
}

// appendPDN appends g as PDN, wrapped to width columns, with a missing
// Result tag decided under draws.
func appendPDN(ctx context.Context, dst []byte, g *Game, width int, draws frisian.DrawRules) ([]byte, error) {
	if g == nil {
		return dst, fmt.Errorf("cannot write a nil Game as PDN: %w", os.ErrInvalid)
	}
	if width <= 0 {
		width = 80
	}
	start := g.start()
	tags, err := pdnTags(g)
	if err != nil {
		return dst, err
	}
	// A game that cannot be written is refused before its moves are
	// searched; a Result tag, added below, passes the checks.
	if err := checkWritable(g, tags); err != nil {
		return dst, err
	}
	if _, ok := tags.Lookup("Result"); !ok {
		o, _, err := g.Outcome(ctx, draws)
		if err != nil {
			return dst, err
		}
		tags.Set("Result", o.Result.PDN())
	}
	for _, t := range tags {
		dst = append(dst, '[')
		dst = append(dst, t.Name...)
		dst = append(dst, ` "`...)
		dst = append(dst, escapeTagValue(t.Value)...)
		dst = append(dst, "\"]\n"...)
	}
	dst = append(dst, '\n')

	pl := pdnLine{buf: dst, width: width}
	// annotate writes the annotation after ply moves and reports whether
	// it wrote anything that calls for a number before a Black move.
	annotate := func(ply int) bool {
		a := g.notes[ply]
		for i, mk := range a.Marks {
			if i == 0 && ply > 0 && mk[0] != '$' {
				continue // written on the move itself
			}
			pl.add(mk)
		}
		for _, c := range a.Comments {
			c = strings.TrimSpace(c)
			if strings.Contains(c, "}") {
				if !strings.Contains(c, "\n") {
					// Only a line comment can hold a '}'.
					pl.add(";" + c)
					pl.buf = append(pl.buf, '\n')
					pl.col = 0
					continue
				}
				c = strings.TrimSpace(strings.ReplaceAll(c, "}", ""))
			}
			pl.add("{" + c + "}")
		}
		for _, v := range a.Variations {
			pl.add("(" + v + ")")
		}
		return len(a.Comments) > 0 || len(a.Variations) > 0 || (len(a.Marks) > 0 && a.Marks[len(a.Marks)-1][0] == '$')
	}
	interrupted := annotate(0)
	number, turn := 1, start.Turn()
	for i, m := range g.moves {
		// A game may start anywhere: its positions may take long to search.
		l, err := g.positions[i].Legal(ctx)
		if err != nil {
			return dst, err
		}
		text := l.Text(m)
		if mk := g.notes[i+1].Marks; len(mk) > 0 && mk[0][0] != '$' {
			text += mk[0]
		}
		// A move number and its move go on one line.
		switch {
		case turn == frisian.White:
			text = strconv.Itoa(number) + ". " + text
		case i == 0 || interrupted:
			text = strconv.Itoa(number) + "... " + text
		}
		pl.add(text)
		interrupted = annotate(i + 1)
		if turn == frisian.Black {
			number++
		}
		turn = turn.Opponent()
	}
	marker := tags.Get("Result")
	if !pdnResults[marker] {
		marker = "*"
	}
	pl.add(marker)
	return append(pl.buf, "\n\n"...), nil
}

// pdnTags returns g's tags as a reader will keep them (one of each name),
// with those a reader needs added (see [Writer.WriteGameContext]) but
// Result, which appendPDN adds from the outcome.
func pdnTags(g *Game) (Tags, error) {
	tags := make(Tags, 0, len(g.Tags)+3)
	at := make(map[string]int, len(g.Tags))
	for _, t := range g.Tags {
		tags.setAt(at, t.Name, t.Value)
	}
	start := g.start()
	gt, ok := tags.Lookup("GameType")
	if !ok {
		tags.Set("GameType", gameTypeFrisian)
	}
	defaultStart, ok := gameTypeStart(gt)
	if !ok {
		return nil, fmt.Errorf("cannot write PDN: GameType %q: %w", errtext.Clip(gt), ErrGameType)
	}
	fen, ok := tags.Lookup("FEN")
	if ok {
		if p, err := frisian.ParseFEN(fen); err != nil || p != start {
			tags.Set("FEN", start.FEN())
		}
	} else if start != defaultStart {
		tags.Set("FEN", start.FEN())
	}
	return tags, nil
}

// checkWritable refuses a game that PDN cannot hold (tag names, marks and
// variations that would read back otherwise) or that is past the limits a
// Reader keeps, so that what is written reads back whole.
func checkWritable(g *Game, tags Tags) error {
	tooLarge := func(format string, args ...any) error {
		return fmt.Errorf("cannot write PDN: %s: %w", fmt.Sprintf(format, args...), frisian.ErrTooLarge)
	}
	if g.Len() > maxGamePlies {
		return tooLarge("%d plies, more than %d", g.Len(), maxGamePlies)
	}
	text := 0
	for _, t := range tags {
		if !validTagName(t.Name) {
			return writeError("tag name %q is not a PDN name", errtext.Clip(t.Name))
		}
		if len(t.Value) > maxText {
			return tooLarge("tag %s longer than %d KiB", t.Name, maxText>>10)
		}
		if charged(t.Name) {
			text += len(t.Name) + len(t.Value) + itemCost
		}
	}
	for _, a := range g.notes {
		for _, mk := range a.Marks {
			if !validMark(mk) {
				return writeError("move mark %q is neither $n nor ! and ?", errtext.Clip(mk))
			}
		}
		for _, v := range a.Variations {
			if !balancedVariation(v) {
				return writeError("variation %q does not pair its parentheses and braces", errtext.Clip(v))
			}
		}
		for _, list := range [3][]string{a.Marks, a.Comments, a.Variations} {
			for _, s := range list {
				if len(s) > maxText {
					return tooLarge("comment or variation longer than %d KiB", maxText>>10)
				}
				text += len(s) + itemCost
			}
		}
	}
	if text > maxGameText {
		return tooLarge("more than %d KiB of comments, variations and tags", maxGameText>>10)
	}
	return nil
}

func validTagName(s string) bool {
	if s == "" || len(s) > maxToken {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// tagEscaper escapes quotes and backslashes, and turns newlines, which a
// tag cannot hold, into spaces. A Replacer is safe for concurrent use.
var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ")

// escapeTagValue escapes a tag value for PDN (see tagEscaper).
func escapeTagValue(s string) string { return tagEscaper.Replace(s) }

// validMark reports whether mk reads back as a mark: "$" and a number, or
// a run of ! and ?.
func validMark(mk string) bool {
	if strings.HasPrefix(mk, "$") {
		n := mk[1:]
		return n != "" && len(n) <= 3 && strings.Trim(n, "0123456789") == ""
	}
	return mk != "" && strings.Trim(mk, "!?") == ""
}

// balancedVariation reports whether v can be written inside parentheses
// and read back the same: its parentheses pair up outside comments and its
// comments close.
func balancedVariation(v string) bool {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		case '{':
			j := strings.IndexByte(v[i:], '}')
			if j < 0 {
				return false
			}
			i += j
		case ';':
			j := strings.IndexByte(v[i:], '\n')
			if j < 0 {
				return false
			}
			i += j
		}
	}
	return depth == 0
}
