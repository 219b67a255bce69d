// Package svg draws Frisian draughts positions as SVG pictures.
//
// Board returns the picture of a position as bytes and Render writes it to an
// io.Writer. Both take an *Options (nil for the defaults) that chooses the
// size, the side at the bottom, square numbers, highlighted squares, colors
// and a move to draw: an arrow along its landing path, the pieces it captures
// crossed out.
//
// The output is deterministic, byte for byte, and has no XML declaration, so
// it can be saved as an .svg file or put straight into an HTML page. The
// viewBox is 500 units square, each square 50 units, with squares 1–5 along
// the top when White is at the bottom; a desc element holds the FEN of the
// position drawn. For web
// pages every dark square is a group with a data-square attribute holding its
// number, which also holds the piece on it (with a data-piece attribute: w, W,
// b or B); overlays such as the move arrow ignore the pointer. A click handler
// can therefore find the square with
//
//	event.target.closest("[data-square]").dataset.square
//
// The elements carry classes (frisian-board on the svg element, then board,
// square, piece, white, black, man, king, ridge, crown, highlight, last-move,
// arrow, captured, ghost, number) and their colors are presentation
// attributes, so a style sheet can restyle them. A captured piece's cross has
// a data-captured attribute holding its square.
package svg

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// unit is the side of one square in viewBox units; the board is 10 units wide.
const unit = 50

// boardSize is the width and height of the viewBox.
const boardSize = 10 * unit

// Options chooses how Board and Render draw a position. The zero value (and a
// nil *Options) draws the bare board with White at the bottom, no numbers, no
// highlights and no move, in the default colors, without width and height
// attributes.
type Options struct {
	// Size, when positive, is the width and height of the picture, written
	// as the width and height attributes of the svg element. When it is 0
	// the picture has only its viewBox ("0 0 500 500") and takes the size
	// its container gives it, as an image in a web page would.
	Size int

	// Orientation is the side drawn at the bottom: White (the default) or
	// Black, which turns the board round.
	Orientation frisian.Color

	// Numbers draws each dark square's number in its top left corner.
	Numbers bool

	// Highlight is a set of squares to mark, such as the squares a selected
	// piece can move to.
	Highlight frisian.SquareSet

	// Move, when not the zero Move, is a legal move of the position drawn:
	// its start and end squares are tinted, an arrow follows its landing
	// path (Path, else Legal.Path) and each piece it captures is crossed
	// out. A Move that is not legal in the position is ignored.
	Move frisian.Move

	// Path, when set, is the landing path of Move to draw the arrow along
	// (start, landing squares, end), such as the one a player clicked:
	// a capture with several paths is otherwise drawn along the one
	// Legal.Path gives. A Path that is not a whole path of Move is
	// ignored.
	Path []frisian.Square

	// Played draws the position after Move instead of before it, as for
	// the last move of a game: the moving piece on its end square and the
	// captured pieces as faded ghosts, crossed out. The position passed to
	// Board is still the one in which Move is legal. Without a Move it has
	// no effect.
	Played bool

	// Colors sets the colors; empty fields take the default colors.
	Colors Colors
}

// Colors are the colors of a picture, as SVG or CSS color values ("#b58863",
// "rgb(181,136,99)", "peru"). An empty field means the color of
// DefaultColors.
type Colors struct {
	Light     string // the light squares
	Dark      string // the dark (playing) squares
	White     string // the white pieces
	Black     string // the black pieces
	Edge      string // the outlines of the pieces
	Crown     string // the crowns of the kings
	Number    string // the square numbers
	Highlight string // the Highlight squares
	LastMove  string // the start and end squares of Move
	Arrow     string // the arrow of Move
	Capture   string // the crosses on captured pieces
}

// DefaultColors are the colors Board uses for the fields of Options.Colors
// that are empty.
var DefaultColors = Colors{
	Light:     "#f0d9b5",
	Dark:      "#b58863",
	White:     "#f7f3e8",
	Black:     "#2b2b2b",
	Edge:      "#1a1a1a",
	Crown:     "#e0b232",
	Number:    "#fff8e8",
	Highlight: "#ffe15a",
	LastMove:  "#9bc700",
	Arrow:     "#15781b",
	Capture:   "#d42020",
}

// Board returns the SVG picture of p drawn with opts (nil for the defaults).
// It never fails: an out-of-range Orientation is read as White, invalid
// squares, an illegal Move and a Path that is not one of Move's are ignored.
// Only a Move makes it work out p's legal moves, with no deadline (see
// [frisian.Position.Legal] for made-up placements).
func Board(p frisian.Position, opts *Options) []byte {
	var o Options
	if opts != nil {
		o = *opts
	}
	d := drawer{o: o, c: o.Colors.withDefaults()}
	d.draw(p)
	return d.buf.Bytes()
}

// GameBoard returns the picture of g's current position with the move
// that led to it, as a UI shows a game in progress: Board of the position
// before the last move, with opts.Move set to that move and opts.Played.
// The other options apply as given (opts.Path may be the path the player
// clicked). With no move played it is Board of the start position.
func GameBoard(g *pdn.Game, opts *Options) []byte {
	n := g.Len()
	if n == 0 {
		return Board(g.Position(), opts)
	}
	before, _ := g.PositionAt(n - 1)
	m := g.Played()[n-1]
	var o Options
	if opts != nil {
		o = *opts
	}
	o.Move, o.Played = m, true
	return Board(before, &o)
}

// Render writes the SVG picture of p drawn with opts (nil for the defaults) to
// w, exactly as Board returns it. The only error is one from w.
func Render(w io.Writer, p frisian.Position, opts *Options) error {
	_, err := w.Write(Board(p, opts))
	return err
}

func (c Colors) withDefaults() Colors {
	pick := func(s, def string) string {
		if s == "" {
			return def
		}
		return s
	}
	d := DefaultColors
	return Colors{
		Light:     pick(c.Light, d.Light),
		Dark:      pick(c.Dark, d.Dark),
		White:     pick(c.White, d.White),
		Black:     pick(c.Black, d.Black),
		Edge:      pick(c.Edge, d.Edge),
		Crown:     pick(c.Crown, d.Crown),
		Number:    pick(c.Number, d.Number),
		Highlight: pick(c.Highlight, d.Highlight),
		LastMove:  pick(c.LastMove, d.LastMove),
		Arrow:     pick(c.Arrow, d.Arrow),
		Capture:   pick(c.Capture, d.Capture),
	}
}

type drawer struct {
	o   Options
	c   Colors
	buf bytes.Buffer
}

// origin returns the top left corner of sq in viewBox units.
func (d *drawer) origin(sq frisian.Square) (x, y int) {
	row, col := sq.Row(), sq.Column()
	if d.o.Orientation == frisian.Black {
		row, col = 9-row, 9-col
	}
	return col * unit, row * unit
}

// center returns the centre of sq in viewBox units.
func (d *drawer) center(sq frisian.Square) (x, y int) {
	x, y = d.origin(sq)
	return x + unit/2, y + unit/2
}

func (d *drawer) draw(before frisian.Position) {
	shown := before
	var path []frisian.Square
	var captured frisian.SquareSet
	// Only a move to draw needs the legal moves, whose search a made-up
	// placement can make long.
	if m := d.o.Move; !m.IsZero() {
		if l, err := before.Legal(context.Background()); err == nil && l.Contains(m) {
			// Legal.Taken follows Path on the board, where comparing it
			// with m's paths (Legal.Paths) could go through countless ones.
			if _, ok := l.Taken(m, d.o.Path); ok {
				path = d.o.Path
			} else {
				path = l.Path(m)
			}
			captured = m.Captured()
			if d.o.Played {
				shown = before.Apply(m)
			}
		}
	}
	ends := frisian.SquareSet{}
	if len(path) > 0 {
		ends = ends.With(path[0]).With(path[len(path)-1])
	}

	b := &d.buf
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="frisian-board" viewBox="0 0 500 500"`)
	if d.o.Size > 0 {
		b.WriteString(` width="`)
		b.WriteString(strconv.Itoa(d.o.Size))
		b.WriteString(`" height="`)
		b.WriteString(strconv.Itoa(d.o.Size))
		b.WriteByte('"')
	}
	b.WriteString(">\n<desc>")
	b.WriteString(shown.FEN())
	b.WriteString("</desc>\n")
	d.printf(`<rect class="board" width="%d" height="%d" fill="%s"/>`+"\n", boardSize, boardSize, attr(d.c.Light))

	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		x, y := d.origin(sq)
		d.printf(`<g class="square" data-square="%d">`+"\n", sq)
		d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, unit, unit, attr(d.c.Dark))
		if ends.Has(sq) {
			d.printf(`<rect class="last-move" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.5"/>`+"\n", x, y, unit, unit, attr(d.c.LastMove))
		}
		if d.o.Highlight.Has(sq) {
			d.printf(`<rect class="highlight" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.6"/>`+"\n", x, y, unit, unit, attr(d.c.Highlight))
		}
		if pc := shown.PieceAt(sq); pc != frisian.NoPiece {
			d.piece(sq, pc, false)
		} else if d.o.Played && captured.Has(sq) {
			d.piece(sq, before.PieceAt(sq), true)
		}
		if d.o.Numbers {
			d.printf(`<text class="number" x="%d" y="%d" font-family="sans-serif" font-size="10" fill="%s">%d</text>`+"\n", x+2, y+10, attr(d.c.Number), sq)
		}
		b.WriteString("</g>\n")
	}

	if len(path) > 0 {
		d.arrow(path)
		for sq := range captured.All() {
			d.cross(sq)
		}
	}
	b.WriteString("</svg>\n")
}

// piece draws pc on sq: a disc with a ridge for a man, a disc with a crown for
// a king; ghost draws it faded, as a captured piece.
func (d *drawer) piece(sq frisian.Square, pc frisian.Piece, ghost bool) {
	if pc == frisian.NoPiece {
		return
	}
	cx, cy := d.center(sq)
	color, fill, ridge := "white", d.c.White, "#8c8576"
	if pc.Color() == frisian.Black {
		color, fill, ridge = "black", d.c.Black, "#707070"
	}
	kind := "man"
	if pc.IsKing() {
		kind = "king"
	}
	if ghost {
		d.printf(`<g class="piece %s %s ghost" opacity="0.35">`+"\n", color, kind)
	} else {
		d.printf(`<g class="piece %s %s" data-piece="%s">`+"\n", color, kind, pc)
	}
	d.printf(`<circle cx="%d" cy="%d" r="18" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", cx, cy, attr(fill), attr(d.c.Edge))
	if pc.IsKing() {
		d.printf(`<path class="crown" d="M%d %dh22l1-13-6 6-6-9-6 9-6-6z" fill="%s" stroke="%s" stroke-width="1" stroke-linejoin="round"/>`+"\n", cx-11, cy+7, attr(d.c.Crown), attr(d.c.Edge))
	} else {
		d.printf(`<circle class="ridge" cx="%d" cy="%d" r="12" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", cx, cy, attr(ridge))
	}
	d.buf.WriteString("</g>\n")
}

// Arrow geometry, in tenths of a viewBox unit: the head's length and half
// width along a straight line, and the same projected on both axes for a
// diagonal (multiplied by 1/√2 and rounded).
const (
	headLength     = 180
	headHalfWidth  = 80
	headLengthDiag = 127
	headHalfDiag   = 57
	arrowWidth     = 70

	startOffset     = 140
	startOffsetDiag = 99
)

// arrow draws the landing path of a move as a polyline with an arrowhead on
// its last square. Every step of a path runs along one of the eight lines of
// the board, so the head needs no trigonometry.
func (d *drawer) arrow(path []frisian.Square) {
	if len(path) < 2 {
		return
	}
	type pt struct{ x, y int } // in tenths of a unit
	pts := make([]pt, len(path))
	for i, sq := range path {
		x, y := d.center(sq)
		pts[i] = pt{10 * x, 10 * y}
	}
	tip := pts[len(pts)-1]
	prev := pts[len(pts)-2]
	dx, dy := sign(tip.x-prev.x), sign(tip.y-prev.y)
	l, w := headLength, headHalfWidth
	if dx != 0 && dy != 0 {
		l, w = headLengthDiag, headHalfDiag
	}
	// The base of the head, and the two corners either side of it.
	base := pt{tip.x - dx*l, tip.y - dy*l}
	left := pt{base.x + dy*w, base.y - dx*w}
	right := pt{base.x - dy*w, base.y + dx*w}
	pts[len(pts)-1] = base
	// Start the line a little way out of the first square, so that it
	// leaves the moving piece (and a king's crown) visible.
	first, next := pts[0], pts[1]
	sx, sy := sign(next.x-first.x), sign(next.y-first.y)
	off := startOffset
	if sx != 0 && sy != 0 {
		off = startOffsetDiag
	}
	pts[0] = pt{first.x + sx*off, first.y + sy*off}

	d.printf(`<g class="arrow" pointer-events="none" fill="%s" stroke="%s" opacity="0.8">`+"\n", attr(d.c.Arrow), attr(d.c.Arrow))
	d.buf.WriteString(`<polyline fill="none" stroke-width="`)
	d.buf.WriteString(tenths(arrowWidth))
	d.buf.WriteString(`" stroke-linecap="round" stroke-linejoin="round" points="`)
	for i, p := range pts {
		if i > 0 {
			d.buf.WriteByte(' ')
		}
		d.buf.WriteString(tenths(p.x) + "," + tenths(p.y))
	}
	d.buf.WriteString("\"/>\n")
	d.buf.WriteString(`<polygon stroke="none" points="`)
	for i, p := range []pt{tip, left, right} {
		if i > 0 {
			d.buf.WriteByte(' ')
		}
		d.buf.WriteString(tenths(p.x) + "," + tenths(p.y))
	}
	d.buf.WriteString("\"/>\n</g>\n")
}

// cross marks the piece captured on sq.
func (d *drawer) cross(sq frisian.Square) {
	cx, cy := d.center(sq)
	const r = 15
	d.printf(`<path class="captured" data-captured="%d" pointer-events="none" d="M%d %dl%d %dm0 %dl%d %d" stroke="%s" stroke-width="4" stroke-linecap="round" opacity="0.9"/>`+"\n",
		sq, cx-r, cy-r, 2*r, 2*r, -2*r, -2*r, 2*r, attr(d.c.Capture))
}

func (d *drawer) printf(format string, args ...any) {
	fmt.Fprintf(&d.buf, format, args...)
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// tenths formats n tenths as a decimal: 2550 → "255", 2423 → "242.3".
func tenths(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.Itoa(n / 10)
	if f := n % 10; f != 0 {
		s += "." + strconv.Itoa(f)
	}
	if neg {
		s = "-" + s
	}
	return s
}

// attr escapes s for use inside a double-quoted attribute value; characters
// XML does not allow (and invalid UTF-8) become U+FFFD.
func attr(s string) string {
	clean := utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
		return r < ' ' || r == '&' || r == '<' || r == '>' || r == '"' || r == '\'' ||
			r >= 0xFFFE
	})
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < ' ' && r != '\t' && r != '\n' && r != '\r',
			r == 0xFFFE, r == 0xFFFF, r == utf8.RuneError:
			b.WriteRune(utf8.RuneError)
			continue
		}
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		case '\t':
			b.WriteString("&#x9;")
		case '\n':
			b.WriteString("&#xA;")
		case '\r':
			b.WriteString("&#xD;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
