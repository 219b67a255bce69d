package frisian

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
)

// PDN game files (Portable Draughts Notation), as lidraughts and other
// programs write them for Frisian: tags, numbered moves, comments {…} and
// ;…, variations (…), NAGs $n, move marks and a result (RULES.md §8).

// ErrGameType is wrapped by the PDNError of a game whose GameType tag names
// a game other than Frisian (40) or Frysk! (97). Such a game is reported,
// not replayed under the wrong rules.
var ErrGameType = errors.New("not a Frisian game")

// PDN game types this package plays: Frisian, and lidraughts' Frysk!
// (Frisian rules from five men each, the start given by the FEN tag).
const (
	gameTypeFrisian = "40"
	gameTypeFrysk   = "97"
	fryskStart      = "W:W46-50:B1-5"
)

// PDNError reports a problem in a PDN file: where it is, in which game and
// at which move, the text at fault and what is wrong.
type PDNError struct {
	Game   int    // game number in the file, from 1
	Line   int    // line of the text at fault, from 1
	Column int    // byte column of the text at fault, from 1
	Move   int    // move number (as in "12."), 0 before the first move
	Text   string // the text at fault (cut to 200 bytes)
	// Err is what is wrong: a *MoveError (ErrInvalidMove, ErrIllegalMove,
	// ErrAmbiguousMove), a *ParseError from the FEN tag, ErrGameType, or an
	// error wrapping ErrSyntax for malformed PDN.
	Err error
}

// Error gives the game, the place, the move number and what is wrong.
func (e *PDNError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "frisian: pdn: game %d, line %d, column %d", e.Game, e.Line, e.Column)
	if e.Move > 0 {
		fmt.Fprintf(&b, ", move %d", e.Move)
	}
	b.WriteString(": ")
	var me *MoveError
	if errors.As(e.Err, &me) {
		// A MoveError names the move itself.
		b.WriteString(strings.TrimPrefix(me.Error(), "frisian: "))
	} else {
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "frisian: "))
		if e.Text != "" {
			fmt.Fprintf(&b, " at %q", e.Text)
		}
	}
	return b.String()
}

// Unwrap returns Err.
func (e *PDNError) Unwrap() error { return e.Err }

// PDNErrors lists the problems of one game, in the order found. It is the
// error PDNReader.Next returns for a game with problems in lenient mode.
type PDNErrors []*PDNError

// Error describes the first error and says how many more there are.
func (l PDNErrors) Error() string {
	switch len(l) {
	case 0:
		return "frisian: pdn: no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Unwrap returns the errors, so that errors.Is and errors.As look at each.
func (l PDNErrors) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// pdnSyntax is the Err of a PDNError for malformed PDN.
type pdnSyntax string

func (e pdnSyntax) Error() string { return "syntax error: " + string(e) }
func (e pdnSyntax) Unwrap() error { return ErrSyntax }

// maxToken bounds a word of move text; longer runs of characters are
// reported and skipped rather than stored.
const maxToken = 1024

// PDNReader reads games one at a time from a PDN stream, checking every
// move against the rules.
//
// In lenient mode (the default) a problem in a game is recorded and the
// reader goes on: a bad tag is skipped, and after a bad move the rest of
// that game's moves are skipped. In strict mode the first problem ends the
// reading.
//
// A game without a GameType tag is read as Frisian. GameType "40" (or its
// full form "40,W,10,10,N2,0") is Frisian and "97" is lidraughts' Frysk!
// (Frisian rules from five men each, start from the FEN tag or else
// W:W46-50:B1-5); any other game type is reported with ErrGameType and its
// moves are not replayed. A FEN tag gives the start position; SetUp is not
// needed.
type PDNReader struct {
	// Strict makes the first problem in the stream end the reading.
	Strict bool

	lex     pdnLexer
	pending *pdnToken // a token read ahead: the first tag of the next game
	games   int
	err     error // sticky: an I/O error, or the first problem in strict mode
}

// NewPDNReader returns a lenient reader of the PDN stream r. It reads r as
// it goes, keeping only the current game in memory. (The zero PDNReader
// reads an empty stream.)
func NewPDNReader(r io.Reader) *PDNReader {
	return &PDNReader{lex: pdnLexer{br: bufio.NewReader(r), line: 1}}
}

// Next reads the next game.
//
// It returns the game and nil for a game without problems. For a game with
// problems it returns the game as far as it could be replayed and an error:
// PDNErrors in lenient mode, after which Next goes on with the next game,
// or the first *PDNError in strict mode, after which Next returns that
// error again. After the last game it returns nil and io.EOF; on a read
// error, nil and that error. A nil game therefore means the end.
func (r *PDNReader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.lex.br == nil {
		return nil, io.EOF // the zero PDNReader reads an empty stream
	}
	gr := gameReader{r: r, game: r.games + 1}
	for {
		tok := r.token()
		if tok.kind == tokEOF {
			if r.lex.err != nil {
				r.err = r.lex.err
				return nil, r.err
			}
			if !gr.started {
				r.err = io.EOF
				return nil, io.EOF
			}
			return gr.finish()
		}
		if !gr.started {
			gr.started = true
			r.games++
		}
		if tok.kind == tokTag && gr.inMoves {
			r.pending = &tok // the next game's first tag
			return gr.finish()
		}
		done := gr.take(tok)
		if r.Strict && len(gr.errs) > 0 {
			g := gr.g
			if g == nil {
				g = gr.setup()
			}
			r.err = gr.errs[0]
			return g, r.err
		}
		if done {
			return gr.finish()
		}
	}
}

// Games yields every game of the stream with its error, as Next returns
// them, and stops after the end (it does not yield io.EOF) or after an
// error that ends the reading.
func (r *PDNReader) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := r.Next()
			if g == nil {
				if err != io.EOF {
					yield(nil, err)
				}
				return
			}
			if !yield(g, err) || (err != nil && r.Strict) {
				return
			}
		}
	}
}

func (r *PDNReader) token() pdnToken {
	if r.pending != nil {
		t := *r.pending
		r.pending = nil
		return t
	}
	return r.lex.next()
}

// gameReader holds the state of the game being read.
type gameReader struct {
	r        *PDNReader
	game     int
	started  bool
	inMoves  bool
	skipping bool // after a move error, or for a game that cannot be replayed
	tags     Tags
	tagAt    map[string]pdnToken // where each tag was, for errors about it
	g        *Game
	number   int // the last move number seen in the text
	marker   string
	pre      []string // comments read before the moves
	errs     PDNErrors
}

func (gr *gameReader) fail(tok pdnToken, text string, err error) {
	gr.errs = append(gr.errs, &PDNError{
		Game: gr.game, Line: tok.line, Column: tok.col, Move: gr.moveNumber(),
		Text: clip(text), Err: err,
	})
}

// moveNumber is the number of the move being read: the last number in the
// text, or one counted from the start when the text has none.
func (gr *gameReader) moveNumber() int {
	if !gr.inMoves || gr.g == nil {
		return 0
	}
	if gr.number > 0 {
		return gr.number
	}
	ply := gr.g.Len()
	if gr.g.Start().Turn() == Black {
		ply++
	}
	return ply/2 + 1
}

// take handles one token and reports whether it ends the game.
func (gr *gameReader) take(tok pdnToken) bool {
	if tok.kind == tokError {
		gr.fail(tok, tok.text, pdnSyntax(tok.msg))
		return false
	}
	if tok.kind == tokTag {
		gr.addTag(tok)
		return false
	}
	if tok.kind == tokComment && !gr.inMoves {
		// Before the moves: the tags may not all be read yet.
		gr.pre = append(gr.pre, tok.text)
		return false
	}
	if !gr.inMoves {
		gr.startMoves()
	}
	switch tok.kind {
	case tokComment:
		gr.note().Comments = append(gr.note().Comments, tok.text)
	case tokVariation:
		gr.note().Variations = append(gr.note().Variations, tok.text)
	case tokNAG:
		gr.note().Marks = append(gr.note().Marks, tok.text)
	case tokWord:
		return gr.word(tok)
	}
	return false
}

// note returns the annotation the next comment or mark belongs to: after
// the last move read, or before the first.
func (gr *gameReader) note() *Annotation {
	return gr.g.note(gr.g.Len())
}

func (gr *gameReader) addTag(tok pdnToken) {
	if tok.name == "" {
		gr.fail(tok, tok.text, pdnSyntax(tok.msg))
		return
	}
	if gr.tagAt == nil {
		gr.tagAt = map[string]pdnToken{}
	}
	if _, dup := gr.tagAt[tok.name]; !dup {
		gr.tagAt[tok.name] = tok
	}
	gr.tags.Set(tok.name, tok.value)
}

// startMoves ends the tag section: it sets the game up from its tags.
func (gr *gameReader) startMoves() {
	gr.inMoves = true
	if gr.g == nil {
		gr.setup()
	} else {
		gr.g.Tags = gr.tags
	}
}

// setup makes the Game from the tags read: the game type decides whether
// it can be replayed, the FEN tag gives the start.
func (gr *gameReader) setup() *Game {
	start := StartPosition()
	gt := strings.TrimSpace(gr.tags.Get("GameType"))
	gtNum, _, _ := strings.Cut(gt, ",")
	gtNum = strings.TrimSpace(gtNum)
	switch gtNum {
	case "", gameTypeFrisian:
	case gameTypeFrysk:
		start = MustParseFEN(fryskStart)
	default:
		gr.fail(gr.tagAt["GameType"], gt, fmt.Errorf("%w: GameType %q", ErrGameType, gt))
		gr.skipping = true
	}
	if fen, ok := gr.tags.Lookup("FEN"); ok && !gr.skipping {
		p, err := ParseFEN(fen)
		if err != nil {
			gr.fail(gr.tagAt["FEN"], fen, err)
			gr.skipping = true
		} else {
			start = p
		}
	}
	gr.g = NewGame(start)
	gr.g.Tags = gr.tags
	gr.g.notes[0].Comments = gr.pre
	return gr.g
}

// pdnResults are the game termination markers, lidraughts' and others'.
var pdnResults = map[string]bool{
	"2-0": true, "0-2": true, "1-1": true, "0-0": true,
	"1-0": true, "0-1": true, "1/2-1/2": true, "*": true,
}

// word handles a word of move text and reports whether it ends the game.
func (gr *gameReader) word(tok pdnToken) bool {
	w := tok.text
	if pdnResults[w] {
		gr.marker = w
		return true
	}
	// A move number: "12." or "12..." perhaps with the move attached.
	if i := strings.IndexFunc(w, func(c rune) bool { return c < '0' || c > '9' }); i > 0 && w[i] == '.' {
		if n, err := strconv.Atoi(w[:i]); err == nil && n > 0 {
			gr.number = n
		}
		j := i
		for j < len(w) && w[j] == '.' {
			j++
		}
		if j == len(w) {
			return false
		}
		w = w[j:]
		tok.col += j
	}
	if strings.Trim(w, ".") == "" {
		return false // a lone "..."
	}
	move, marks := splitMarks(w)
	if move == "" {
		gr.note().Marks = append(gr.note().Marks, marks)
		return false
	}
	if gr.skipping {
		return false
	}
	p := gr.g.Position()
	m, err := p.ParseMove(move)
	if err != nil {
		gr.fail(tok, w, err)
		gr.skipping = true
		return false
	}
	gr.g.push(m, p.Apply(m))
	if marks != "" {
		gr.note().Marks = append(gr.note().Marks, marks)
	}
	return false
}

func (gr *gameReader) finish() (*Game, error) {
	if gr.g == nil {
		gr.setup()
	}
	gr.g.Tags = gr.tags
	if _, ok := gr.g.Tags.Lookup("Result"); !ok && gr.marker != "" {
		gr.g.Tags.Set("Result", gr.marker)
	}
	switch {
	case len(gr.errs) == 0:
		return gr.g, nil
	case gr.r.Strict:
		gr.r.err = gr.errs[0]
		return gr.g, gr.r.err
	}
	return gr.g, gr.errs
}

// The PDN lexer.

type tokKind uint8

const (
	tokEOF       tokKind = iota
	tokTag               // [Name "value"]; name is "" when malformed
	tokComment           // {…} or ;…
	tokVariation         // (…), nested
	tokNAG               // $n
	tokWord              // move, move number, result or mark
	tokError             // malformed text, with msg
)

type pdnToken struct {
	kind        tokKind
	text        string // the word, the comment or variation inside, or the raw text
	name, value string // of a tag
	msg         string // what is wrong, for tokError and malformed tags
	line, col   int
}

type pdnLexer struct {
	br        *bufio.Reader
	line, col int // of the next byte; col counts bytes already read on the line
	err       error
	started   bool
	raw       *strings.Builder // when set, read copies every byte into it
}

func (l *pdnLexer) peek() (byte, bool) {
	b, err := l.br.Peek(1)
	if err != nil {
		if err != io.EOF && l.err == nil {
			l.err = err
		}
		return 0, false
	}
	return b[0], true
}

func (l *pdnLexer) read() (byte, bool) {
	c, ok := l.peek()
	if !ok {
		return 0, false
	}
	_, _ = l.br.ReadByte()
	if l.raw != nil && l.raw.Len() < maxToken {
		l.raw.WriteByte(c)
	}
	if c == '\n' {
		l.line++
		l.col = 0
	} else {
		l.col++
	}
	return c, true
}

func pdnSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// pdnDelim reports whether c ends a word.
func pdnDelim(c byte) bool { return pdnSpace(c) || strings.IndexByte("{}()[];", c) >= 0 }

func (l *pdnLexer) next() pdnToken {
	if !l.started {
		l.started = true
		if b, err := l.br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
			_, _ = l.br.Discard(3) // a UTF-8 byte order mark
		}
	}
	for {
		c, ok := l.peek()
		if !ok {
			return pdnToken{kind: tokEOF, line: l.line, col: l.col + 1}
		}
		if pdnSpace(c) {
			l.read()
			continue
		}
		if c == '%' && l.col == 0 {
			l.skipLine() // an escape line
			continue
		}
		tok := pdnToken{line: l.line, col: l.col + 1}
		switch c {
		case '[':
			return l.tag(tok)
		case '{':
			l.read()
			var b strings.Builder
			if !l.readTo(&b, '}') {
				tok.kind, tok.msg, tok.text = tokError, "comment not closed by }", "{"+clip(b.String())
				return tok
			}
			tok.kind, tok.text = tokComment, strings.TrimSpace(b.String())
			return tok
		case ';':
			l.read()
			tok.kind, tok.text = tokComment, strings.TrimSpace(l.skipLine())
			return tok
		case '(':
			return l.variation(tok)
		case ')', '}', ']':
			l.read()
			tok.kind, tok.text, tok.msg = tokError, string(c), fmt.Sprintf("unexpected %q", c)
			return tok
		case '$':
			l.read()
			w := l.word()
			tok.text = "$" + w
			if w == "" || strings.Trim(w, "0123456789") != "" || len(w) > 3 {
				tok.kind, tok.msg = tokError, "NAG is $ and a number"
				return tok
			}
			tok.kind = tokNAG
			return tok
		}
		tok.kind, tok.text = tokWord, l.word()
		if len(tok.text) > maxToken {
			tok.kind, tok.text, tok.msg = tokError, tok.text[:64]+"…", "text too long for a move"
		}
		return tok
	}
}

// readTo appends what it reads to b until the byte end, which it consumes
// but does not append; it reports false when the input ends first.
func (l *pdnLexer) readTo(b *strings.Builder, end byte) bool {
	for {
		c, ok := l.read()
		if !ok {
			return false
		}
		if c == end {
			return true
		}
		b.WriteByte(c)
	}
}

// word reads up to the next delimiter, keeping at most maxToken+1 bytes.
func (l *pdnLexer) word() string {
	var b strings.Builder
	for {
		c, ok := l.peek()
		if !ok || pdnDelim(c) {
			return b.String()
		}
		l.read()
		if b.Len() <= maxToken {
			b.WriteByte(c)
		}
	}
}

// skipLine reads to the end of the line and returns what it read.
func (l *pdnLexer) skipLine() string {
	var b strings.Builder
	for {
		c, ok := l.peek()
		if !ok || c == '\n' {
			return b.String()
		}
		l.read()
		b.WriteByte(c)
	}
}

// tag reads [Name "value"]. A malformed tag is returned with an empty name
// and a message; the rest of its line is skipped.
func (l *pdnLexer) tag(tok pdnToken) pdnToken {
	tok.kind = tokTag
	var raw strings.Builder
	l.raw = &raw
	defer func() { l.raw = nil }()
	l.read() // [
	bad := func(msg string) pdnToken {
		l.skipLine()
		tok.msg = msg
		tok.text = clip(strings.TrimSpace(raw.String()))
		tok.name = ""
		return tok
	}
	l.skipBlanks()
	var name strings.Builder
	for {
		c, ok := l.peek()
		if !ok || !(c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			break
		}
		l.read()
		if name.Len() < maxToken {
			name.WriteByte(c)
		}
	}
	tok.name = name.String()
	if tok.name == "" {
		return bad("tag name expected after [")
	}
	l.skipBlanks()
	if c, ok := l.peek(); !ok || c != '"' {
		return bad("tag value must be quoted")
	}
	l.read()
	var value strings.Builder
	for {
		c, ok := l.peek()
		if !ok || c == '\n' {
			return bad("tag value not closed by \"")
		}
		l.read()
		if c == '"' {
			break
		}
		if c == '\\' {
			if d, ok := l.peek(); ok && (d == '"' || d == '\\') {
				l.read()
				c = d
			}
		}
		value.WriteByte(c)
	}
	l.skipBlanks()
	if c, ok := l.peek(); !ok || c != ']' {
		return bad("tag not closed by ]")
	}
	l.read()
	tok.value = value.String()
	tok.text = ""
	return tok
}

func (l *pdnLexer) skipBlanks() {
	for {
		c, ok := l.peek()
		if !ok || (c != ' ' && c != '\t') {
			return
		}
		l.read()
	}
}

// variation reads a parenthesized variation, nested ones and comments
// included, and returns its inside as raw text. Nesting is counted, not
// recursed into, so that any depth is safe.
func (l *pdnLexer) variation(tok pdnToken) pdnToken {
	l.read() // (
	var b strings.Builder
	depth := 1
	for {
		c, ok := l.read()
		if !ok {
			tok.kind, tok.msg, tok.text = tokError, "variation not closed by )", "("+clip(b.String())
			return tok
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				tok.kind, tok.text = tokVariation, b.String()
				return tok
			}
		case '{':
			b.WriteByte(c)
			if !l.readTo(&b, '}') {
				tok.kind, tok.msg, tok.text = tokError, "comment not closed by } in a variation", "("+clip(b.String())
				return tok
			}
			c = '}' // written below: the variation keeps its comments whole
		case ';':
			b.WriteByte(c)
			b.WriteString(l.skipLine())
			continue
		}
		b.WriteByte(c)
	}
}

// The PDN writer.

// PDNWriter writes games as PDN that lidraughts and PDNReader accept: the
// tags, a blank line, the numbered moves in shortest unambiguous text
// (Position.MoveText) with their annotations, wrapped to Width columns, the
// result and a blank line.
type PDNWriter struct {
	// Width is the line length to wrap the move text at (80 when 0). A
	// single long comment may still run over it.
	Width int

	// Draws are the draw rules that decide the result written for a game
	// without a Result tag: OfficialDraws (the zero value) or, for a game
	// played by lidraughts' counting, LidraughtsDraws.
	Draws DrawRules

	w io.Writer
}

// NewPDNWriter returns a writer of PDN to w.
func NewPDNWriter(w io.Writer) *PDNWriter { return &PDNWriter{w: w} }

// WriteGame writes g.
//
// Tags are written in their order. Those a reader needs are added when
// missing: GameType "40" (Frisian), FEN when the game does not start from
// the initial position (a FEN tag that does not give the start position is
// rewritten) and Result, from g.OutcomeWith(pw.Draws) when there is no
// Result tag. The result marker after the moves is the Result tag's value,
// or "*" when that is not a result.
//
// A newline in a tag value, which a tag cannot hold, is written as a space.
// A comment holding a '}' is written as a ; comment to the end of the
// line, or, if it also spans lines, without its '}'s. The error
// wraps ErrSyntax for a tag name, mark or variation that cannot be written
// as PDN, or is the underlying writer's.
func (pw *PDNWriter) WriteGame(g *Game) error {
	b, err := appendPDN(nil, g, pw.Width, pw.Draws)
	if err != nil {
		return err
	}
	if pw.w == nil {
		// A programming error; os.ErrInvalid lets errors.Is tell it apart.
		return fmt.Errorf("frisian: PDNWriter not made by NewPDNWriter: %w", os.ErrInvalid)
	}
	_, err = pw.w.Write(b)
	return err
}

// AppendText implements encoding.TextAppender: it appends g as one PDN
// game, as a zero-configured PDNWriter.WriteGame writes it (the official
// draw rules decide a missing Result).
func (g *Game) AppendText(dst []byte) ([]byte, error) { return appendPDN(dst, g, 0, OfficialDraws) }

// MarshalText implements encoding.TextMarshaler with the PDN of g.
func (g *Game) MarshalText() ([]byte, error) { return appendPDN(nil, g, 0, OfficialDraws) }

// UnmarshalText implements encoding.TextUnmarshaler: it reads one PDN game,
// strictly, into g. Text with more than one game is an error.
func (g *Game) UnmarshalText(text []byte) error {
	r := NewPDNReader(strings.NewReader(string(text)))
	r.Strict = true
	got, err := r.Next()
	if err == io.EOF {
		return &PDNError{Game: 1, Line: 1, Column: 1, Err: pdnSyntax("no game")}
	}
	if err != nil {
		return err
	}
	if more, err := r.Next(); more != nil || err != io.EOF {
		if err == nil || err == io.EOF {
			err = &PDNError{Game: 2, Line: 1, Column: 1, Err: pdnSyntax("more than one game")}
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
	return fmt.Errorf("frisian: cannot write PDN: %s: %w", fmt.Sprintf(format, args...), ErrSyntax)
}

// appendPDN appends g as PDN, wrapped to width columns, with a missing
// Result tag decided under draws.
func appendPDN(dst []byte, g *Game, width int, draws DrawRules) ([]byte, error) {
	if width <= 0 {
		width = 80
	}
	start := g.Start()
	tags := pdnTags(g, draws)
	for _, t := range tags {
		if !validTagName(t.Name) {
			return dst, writeError("tag name %q is not a PDN name", t.Name)
		}
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
	annotate := func(ply int) (bool, error) {
		a := g.notes[ply]
		for i, mk := range a.Marks {
			if !validMark(mk) {
				return false, writeError("move mark %q is neither $n nor ! and ?", mk)
			}
			if i == 0 && ply > 0 && mk[0] != '$' {
				continue // written on the move itself
			}
			pl.add(mk)
		}
		for _, c := range a.Comments {
			if strings.Contains(c, "}") && !strings.Contains(c, "\n") {
				// Only a line comment can hold a '}'.
				pl.add(";" + c)
				pl.buf = append(pl.buf, '\n')
				pl.col = 0
				continue
			}
			pl.add("{" + strings.ReplaceAll(c, "}", "") + "}")
		}
		for _, v := range a.Variations {
			if !balancedVariation(v) {
				return false, writeError("variation %q does not pair its parentheses and braces", clip(v))
			}
			pl.add("(" + v + ")")
		}
		return len(a.Comments) > 0 || len(a.Variations) > 0 || (len(a.Marks) > 0 && a.Marks[len(a.Marks)-1][0] == '$'), nil
	}
	interrupted, err := annotate(0)
	if err != nil {
		return dst, err
	}
	number, turn := 1, start.Turn()
	for i, m := range g.moves {
		p := g.positions[i]
		switch {
		case turn == White:
			pl.add(strconv.Itoa(number) + ".")
		case i == 0 || interrupted:
			pl.add(strconv.Itoa(number) + "...")
		}
		text := p.MoveText(m)
		if mk := g.notes[i+1].Marks; len(mk) > 0 && mk[0][0] != '$' {
			text += mk[0]
		}
		pl.add(text)
		if interrupted, err = annotate(i + 1); err != nil {
			return dst, err
		}
		if turn == Black {
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

// pdnTags returns g's tags with those a reader needs added (see
// PDNWriter.WriteGame), a missing Result from the outcome under draws.
func pdnTags(g *Game, draws DrawRules) Tags {
	tags := append(Tags(nil), g.Tags...)
	start := g.Start()
	if _, ok := tags.Lookup("GameType"); !ok {
		tags.Set("GameType", gameTypeFrisian)
	}
	fen, ok := tags.Lookup("FEN")
	if ok {
		if p, err := ParseFEN(fen); err != nil || p != start {
			tags.Set("FEN", start.FEN())
		}
	} else if start != StartPosition() {
		tags.Set("FEN", start.FEN())
	}
	if _, ok := tags.Lookup("Result"); !ok {
		tags.Set("Result", g.OutcomeWith(draws).Result.PDN())
	}
	return tags
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

// escapeTagValue escapes quotes and backslashes, and turns newlines, which
// a tag cannot hold, into spaces.
func escapeTagValue(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ")
	return r.Replace(s)
}

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
