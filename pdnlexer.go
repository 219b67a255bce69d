package frisian

import (
	"bufio"
	"fmt"
	"io"
	"strings"
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
