package pdn

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// The PDN lexer: it turns a byte stream into tags, comments, variations,
// NAGs and words, keeping only bounded text per token.

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
	tooLarge    bool   // the error is text over maxText, not malformed PDN
	line, col   int
}

// error returns what is wrong with a tokError or a malformed tag.
func (tok pdnToken) error() error {
	if tok.tooLarge {
		return pdnTooLarge(tok.msg)
	}
	return pdnSyntax(tok.msg)
}

// unexpected returns the text and the message for a stray closing bracket
// as constants: a file of them costs no allocation per byte.
func unexpected(c byte) (text, msg string) {
	switch c {
	case ')':
		return ")", "unexpected ')'"
	case '}':
		return "}", "unexpected '}'"
	}
	return "]", "unexpected ']'"
}

// maxText bounds the text of one comment, variation or tag value. Longer
// text is read to its end but not kept, and reported as too large.
const maxText = 64 << 10

// textBuf collects the text of a token, keeping at most maxText bytes.
type textBuf struct {
	b    []byte
	over bool // bytes were dropped
}

func (t *textBuf) add(c byte) {
	if len(t.b) < maxText {
		t.b = append(t.b, c)
	} else {
		t.over = true
	}
}

func (t *textBuf) String() string { return string(t.b) }

// tooLarge turns tok into the error for text over maxText.
func tooLarge(tok pdnToken, what string, start string, t *textBuf) pdnToken {
	tok.kind, tok.tooLarge = tokError, true
	tok.msg = fmt.Sprintf("%s longer than %d KiB", what, maxText>>10)
	tok.text = start + errtext.Clip(t.String())
	return tok
}

type pdnLexer struct {
	br        *bufio.Reader
	line, col int // of the next byte; col counts bytes already read on the line
	err       error
	// ctx bounds the reading: one token can be endless (a comment never
	// closed), so fill looks at it once per buffer. stop is why it ended
	// the reading, which then reads as the end of the input.
	ctx     context.Context
	stop    error
	started bool
	raw     *strings.Builder // when set, read copies every byte into it
	// The bytes br holds, and how many of them are read: a byte at a time
	// through br cost three times as much, on files of stray brackets and
	// of marks.
	buf []byte
	pos int
}

func (l *pdnLexer) peek() (byte, bool) {
	if l.pos < len(l.buf) {
		return l.buf[l.pos], true
	}
	return l.fill()
}

// fill hands br the bytes read from its buffer and takes what it holds
// next, and returns the first of it. A done ctx ends the input; a Read
// that blocks is not interrupted.
func (l *pdnLexer) fill() (byte, bool) {
	_, _ = l.br.Discard(l.pos)
	l.buf, l.pos = nil, 0
	if l.stop != nil {
		return 0, false
	}
	if l.ctx != nil {
		if l.stop = l.ctx.Err(); l.stop != nil {
			return 0, false
		}
	}
	if _, err := l.br.Peek(1); err != nil {
		if err != io.EOF && l.err == nil {
			l.err = err
		}
		return 0, false
	}
	l.buf, _ = l.br.Peek(l.br.Buffered())
	return l.buf[0], true
}

func (l *pdnLexer) read() (byte, bool) {
	c, ok := l.peek()
	if !ok {
		return 0, false
	}
	l.pos++
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
func pdnDelim(c byte) bool {
	switch c {
	case '{', '}', '(', ')', '[', ']', ';':
		return true
	}
	return pdnSpace(c)
}

func (l *pdnLexer) next() pdnToken {
	if !l.started {
		l.started = true
		// Nothing is read yet: br holds every byte.
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
			l.readLine(nil) // an escape line
			continue
		}
		tok := pdnToken{line: l.line, col: l.col + 1}
		switch c {
		case '[':
			return l.tag(tok)
		case '{':
			l.read()
			var b textBuf
			switch {
			case !l.readTo(&b, '}'):
				tok.kind, tok.msg, tok.text = tokError, "comment not closed by }", "{"+errtext.Clip(b.String())
			case b.over:
				tok = tooLarge(tok, "comment", "{", &b)
			default:
				tok.kind, tok.text = tokComment, strings.TrimSpace(b.String())
			}
			return tok
		case ';':
			l.read()
			var b textBuf
			l.readLine(&b)
			if b.over {
				return tooLarge(tok, "comment", ";", &b)
			}
			tok.kind, tok.text = tokComment, strings.TrimSpace(b.String())
			return tok
		case '(':
			return l.variation(tok)
		case ')', '}', ']':
			l.read()
			tok.kind = tokError
			tok.text, tok.msg = unexpected(c)
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
func (l *pdnLexer) readTo(b *textBuf, end byte) bool {
	for {
		c, ok := l.read()
		if !ok {
			return false
		}
		if c == end {
			return true
		}
		b.add(c)
	}
}

// word reads up to the next delimiter, keeping at most maxToken+1 bytes.
func (l *pdnLexer) word() string {
	// Most words lie whole in the buffer, on one line.
	if l.raw == nil {
		end := l.pos
		for end < len(l.buf) && !pdnDelim(l.buf[end]) {
			end++
		}
		if end < len(l.buf) && end-l.pos <= maxToken {
			w := string(l.buf[l.pos:end])
			l.col += end - l.pos
			l.pos = end
			return w
		}
	}
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

// readLine reads to the end of the line, adding what it reads to b unless
// b is nil.
func (l *pdnLexer) readLine(b *textBuf) {
	for {
		c, ok := l.peek()
		if !ok || c == '\n' {
			return
		}
		l.read()
		if b != nil {
			b.add(c)
		}
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
		l.readLine(nil)
		tok.msg = msg
		tok.text = errtext.Clip(strings.TrimSpace(raw.String()))
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
		if name.Len() <= maxToken {
			name.WriteByte(c)
		}
	}
	tok.name = name.String()
	if tok.name == "" {
		return bad("tag name expected after [")
	}
	if len(tok.name) > maxToken {
		return bad(fmt.Sprintf("tag name longer than %d bytes", maxToken))
	}
	l.skipBlanks()
	if c, ok := l.peek(); !ok || c != '"' {
		return bad("tag value must be quoted")
	}
	l.read()
	var value textBuf
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
		value.add(c)
	}
	l.skipBlanks()
	if c, ok := l.peek(); !ok || c != ']' {
		return bad("tag not closed by ]")
	}
	l.read()
	if value.over {
		tok = tooLarge(tok, "tag value", "["+tok.name+` "`, &value)
		tok.kind, tok.name = tokTag, ""
		return tok
	}
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
	var b textBuf
	depth := 1
	for {
		c, ok := l.read()
		if !ok {
			tok.kind, tok.msg, tok.text = tokError, "variation not closed by )", "("+errtext.Clip(b.String())
			return tok
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				if b.over {
					return tooLarge(tok, "variation", "(", &b)
				}
				tok.kind, tok.text = tokVariation, b.String()
				return tok
			}
		case '{':
			b.add(c)
			if !l.readTo(&b, '}') {
				tok.kind, tok.msg, tok.text = tokError, "comment not closed by } in a variation", "("+errtext.Clip(b.String())
				return tok
			}
			c = '}' // written below: the variation keeps its comments whole
		case ';':
			b.add(c)
			l.readLine(&b)
			continue
		}
		b.add(c)
	}
}
