package pdn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// Reader reads games one at a time from a PDN stream, checking every
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
// W:W46-50:B1-5); any other game type is reported with [ErrGameType] and its
// moves are not replayed. A FEN tag gives the start position; SetUp is not
// needed.
//
// A game ends at its result marker. Comments, NAGs, marks and stray text
// after the marker still belong to that game (a second result is reported);
// the next game begins at the next tag or move.
//
// Untrusted files cost bounded memory: the reader keeps one game, and a
// game keeps at most 64 KiB per comment, variation or tag value, 1 MiB of
// such text in all (the GameType, FEN and Result tags, which a [Writer]
// adds when missing, aside), 10 000 plies and 100 errors. Text or moves past these
// limits are read but not kept, and reported by an Error wrapping
// [frisian.ErrTooLarge].
type Reader struct {
	// Strict makes the first problem in the stream end the reading.
	Strict bool

	lex        pdnLexer
	pending    pdnToken // a token read ahead: the first of the next game
	hasPending bool
	games      int
	err        error // sticky: an I/O error, or the first problem in strict mode
}

// Limits on what one game of a PDN file may hold (see Reader).
const (
	maxGameText   = 1 << 20 // bytes of comments, variations, marks and tags
	maxGamePlies  = 10_000
	maxGameErrors = 100
	// itemCost is charged per comment, mark or tag on top of its length,
	// for the memory that holds it: a million empty comments are not free.
	itemCost = 32
)

// charged reports whether a tag's text counts against maxGameText. The
// tags a writer adds or rewrites (GameType, FEN, Result) do not, on either
// side: a game read whole must be written whole, and read back whole.
// Each is bounded by maxText, and kept once.
func charged(tagName string) bool {
	switch tagName {
	case "GameType", "FEN", "Result":
		return false
	}
	return true
}

// NewReader returns a lenient reader of the PDN stream r. It reads r as
// it goes, keeping only the current game in memory. (The zero Reader
// reads an empty stream; with a nil r, Next returns an error wrapping
// os.ErrInvalid.)
func NewReader(r io.Reader) *Reader {
	if r == nil {
		return &Reader{err: fmt.Errorf("NewReader(nil): %w", os.ErrInvalid)}
	}
	return &Reader{lex: pdnLexer{br: bufio.NewReader(r), line: 1}}
}

// Next reads the next game.
//
// It returns the game and nil for a game without problems. For a game with
// problems it returns the game as far as it could be replayed and an
// [Errors]: in lenient mode every problem of the game, after which Next
// goes on with the next game; in strict mode the first problem alone, after
// which Next returns that error again. One errors.As(err, &list) serves
// both modes, and errors.As(err, &pdnErr) finds the first *[Error]. After the last game it returns nil and io.EOF; on a read
// error, nil and that error. A stream that holds only comments or NAGs has
// no game: Next returns nil and an [Errors] wrapping [frisian.ErrSyntax]. A
// nil game therefore means the end.
func (r *Reader) Next() (*Game, error) { return r.NextContext(context.Background()) }

// NextContext is [Reader.Next] with a context that bounds the work: a
// reader of files from strangers gives it a deadline, because a game may
// set up a position whose captures take long to search (see
// [frisian.Position.Legal]), and a stream may hold an endless comment.
// When ctx is done NextContext returns the game as far as it was read and
// an error wrapping [frisian.ErrSearchStopped] and ctx.Err(), and the
// reading ends. ctx is looked at between reads of the underlying reader,
// not during one: a Read that blocks is not interrupted (close the stream
// for that). A nil ctx gives an error wrapping [os.ErrInvalid].
func (r *Reader) NextContext(ctx context.Context) (*Game, error) {
	if ctx == nil {
		// Before the other answers, so that a nil ctx is found at once.
		return nil, errtext.NilContext("reading PDN")
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.lex.br == nil {
		return nil, io.EOF // the zero Reader reads an empty stream
	}
	gr := gameReader{r: r, game: r.games + 1, budget: maxGameText, ctx: ctx}
	r.lex.ctx = ctx
	for tokens := 0; ; tokens++ {
		if tokens%1024 == 0 && ctx.Err() != nil {
			return gr.stopped(ctx.Err())
		}
		tok := r.token()
		if r.lex.stop != nil {
			// The token was cut short by the stop, not by the input.
			return gr.stopped(r.lex.stop)
		}
		if tok.kind == tokEOF {
			if r.lex.err != nil {
				r.err = r.lex.err
				return nil, r.err
			}
			if !gr.started {
				r.err = io.EOF
				return nil, io.EOF
			}
			if !gr.content && len(gr.errs) == 0 {
				return gr.noGame()
			}
			return gr.finish()
		}
		if !gr.started {
			gr.started, gr.first = true, tok
			r.games++
		}
		if gr.startsNext(tok) {
			r.pending, r.hasPending = tok, true
			return gr.finish()
		}
		gr.take(tok)
		if gr.stop != nil {
			return gr.stopped(gr.stop)
		}
		if r.Strict && len(gr.errs) > 0 {
			g := gr.g
			if g == nil {
				g = gr.setup()
			}
			r.err = gr.errs[:1]
			return g, r.err
		}
	}
}

// Games yields every game of the stream with its error, as Next returns
// them, and stops after the end (it does not yield io.EOF) or after an
// error that ends the reading.
func (r *Reader) Games() iter.Seq2[*Game, error] {
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

func (r *Reader) token() pdnToken {
	if r.hasPending {
		r.hasPending = false
		return r.pending
	}
	return r.lex.next()
}

// gameReader holds the state of the game being read.
type gameReader struct {
	r        *Reader
	game     int
	started  bool
	first    pdnToken // the game's first token
	content  bool     // a tag, move, move number or result was read
	inMoves  bool
	ended    bool // the result marker has been read
	ctx      context.Context
	stop     error // why ctx stopped the reading
	skipping bool  // after a move error, or for a game that cannot be replayed
	budget   int   // bytes of text the game may still keep (maxGameText)
	tags     Tags
	tagAt    map[string]int // each tag's index in tags
	typeTok  pdnToken       // the GameType tag kept (the last), for errors about it
	fenTok   pdnToken       // the FEN tag kept
	g        *Game
	number   int // the last move number seen in the text
	marker   string
	pre      []string // comments read before the moves
	errs     Errors
}

// fail records an error of the game at tok, about text; a nil err is tok's
// own (a tokError or a malformed tag), made only when it is kept: a file of
// stray brackets costs no error value once the game has all it keeps.
func (gr *gameReader) fail(tok pdnToken, text string, err error) {
	switch {
	case len(gr.errs) > maxGameErrors:
		return
	case len(gr.errs) == maxGameErrors:
		text, err = "", pdnTooLarge(fmt.Sprintf("more than %d errors; the rest of the game is skipped", maxGameErrors))
		gr.skipping = true
	case err == nil:
		err = tok.error()
	}
	gr.errs = append(gr.errs, &Error{
		Game: gr.game, Line: tok.line, Column: tok.col, Move: gr.moveNumber(),
		Text: errtext.Clip(text), Err: err,
	})
}

// keep charges text of n bytes to the game's budget and reports whether it
// may be kept; the first refusal is reported.
func (gr *gameReader) keep(tok pdnToken, n int) bool {
	if gr.budget < 0 {
		return false
	}
	gr.budget -= n + itemCost
	if gr.budget < 0 {
		gr.fail(tok, "", pdnTooLarge(fmt.Sprintf("the game holds more than %d KiB of comments, variations and tags; the rest are left out", maxGameText>>10)))
		return false
	}
	return true
}

// startsNext reports whether tok begins the next game: a tag after the
// moves, or a move after the result.
func (gr *gameReader) startsNext(tok pdnToken) bool {
	switch {
	case tok.kind == tokTag:
		return gr.inMoves
	case tok.kind == tokWord && gr.ended:
		// Moves and move numbers have digits; marks and stray words do not.
		return !pdnResults[tok.text] && strings.ContainsAny(tok.text, "0123456789")
	}
	return false
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
	if gr.g.positions[0].Turn() == frisian.Black {
		ply++
	}
	return ply/2 + 1
}

// take handles one token of the game.
func (gr *gameReader) take(tok pdnToken) {
	gr.content = gr.content || tok.kind == tokTag ||
		tok.kind == tokWord && (pdnResults[tok.text] || strings.ContainsAny(tok.text, "0123456789"))
	if tok.kind == tokError {
		gr.fail(tok, tok.text, nil)
		return
	}
	if tok.kind == tokTag {
		gr.addTag(tok)
		return
	}
	if tok.kind == tokComment && !gr.inMoves {
		// Before the moves: the tags may not all be read yet.
		if gr.keep(tok, len(tok.text)) {
			gr.pre = append(gr.pre, tok.text)
		}
		return
	}
	if !gr.inMoves {
		gr.startMoves()
	}
	switch tok.kind {
	case tokComment:
		if gr.keep(tok, len(tok.text)) {
			gr.note().Comments = append(gr.note().Comments, tok.text)
		}
	case tokVariation:
		if gr.keep(tok, len(tok.text)) {
			gr.note().Variations = append(gr.note().Variations, tok.text)
		}
	case tokNAG:
		gr.mark(tok, tok.text)
	case tokWord:
		gr.word(tok)
	}
}

// mark adds a move mark or NAG to the annotation being read.
func (gr *gameReader) mark(tok pdnToken, mk string) {
	if gr.keep(tok, len(mk)) {
		gr.note().Marks = append(gr.note().Marks, mk)
	}
}

// note returns the annotation the next comment or mark belongs to: after
// the last move read, or before the first.
func (gr *gameReader) note() *Annotation {
	return gr.g.note(gr.g.Len())
}

func (gr *gameReader) addTag(tok pdnToken) {
	if tok.name == "" {
		gr.fail(tok, tok.text, nil)
		return
	}
	if charged(tok.name) && !gr.keep(tok, len(tok.name)+len(tok.value)) {
		return
	}
	if gr.tagAt == nil {
		gr.tagAt = map[string]int{}
	}
	gr.tags.setAt(gr.tagAt, tok.name, tok.value)
	switch tok.name {
	case "GameType":
		gr.typeTok = tok
	case "FEN":
		gr.fenTok = tok
	}
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
	gt := gr.tags.Get("GameType")
	start, ok := gameTypeStart(gt)
	if !ok {
		start = frisian.StartPosition() // the game is kept, its moves not replayed
		gr.fail(gr.typeTok, gt, fmt.Errorf("%w: GameType %q", ErrGameType, gt))
		gr.skipping = true
	}
	if fen, ok := gr.tags.Lookup("FEN"); ok && !gr.skipping {
		p, err := frisian.ParseFEN(fen)
		if err != nil {
			gr.fail(gr.fenTok, fen, err)
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

// word handles a word of move text.
func (gr *gameReader) word(tok pdnToken) {
	w := tok.text
	if pdnResults[w] {
		if gr.ended {
			gr.fail(tok, w, pdnSyntax("a second result"))
			return
		}
		gr.marker, gr.ended = w, true
		return
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
			return
		}
		w = w[j:]
		tok.col += j
	}
	if strings.Trim(w, ".") == "" {
		return // a lone "..."
	}
	move, marks := splitMarks(w)
	if move == "" {
		gr.mark(tok, marks)
		return
	}
	if gr.skipping {
		return
	}
	if gr.g.Len() >= maxGamePlies {
		gr.fail(tok, w, pdnTooLarge(fmt.Sprintf("more than %d plies; the rest of the game is skipped", maxGamePlies)))
		gr.skipping = true
		return
	}
	l, err := gr.g.Legal(gr.ctx)
	var m frisian.Move
	if err == nil {
		m, err = l.ParseMove(gr.ctx, move)
	}
	if errors.Is(err, frisian.ErrSearchStopped) {
		gr.stop = err
		return
	}
	if err != nil {
		gr.fail(tok, w, err)
		gr.skipping = true
		return
	}
	gr.g.push(l, m)
	if marks != "" {
		gr.mark(tok, marks)
	}
}

// stopped ends the reading for a done context.
func (gr *gameReader) stopped(err error) (*Game, error) {
	if !errors.Is(err, frisian.ErrSearchStopped) {
		err = fmt.Errorf("reading PDN game %d: %w: %w", gr.game, frisian.ErrSearchStopped, err)
	}
	gr.r.err = err
	if !gr.started {
		return nil, err
	}
	if gr.g == nil {
		gr.setup()
	}
	return gr.g, err
}

// noGame ends a stream whose last stretch holds only comments, NAGs or
// variations: no tag, move or result makes it a game, so there is none to
// return, and the text is reported rather than read as an empty game.
func (gr *gameReader) noGame() (*Game, error) {
	gr.fail(gr.first, "", pdnSyntax("comments or NAGs without a game: no tag, move or result follows"))
	gr.r.err = io.EOF
	if gr.r.Strict {
		gr.r.err = gr.errs
	}
	gr.r.games--
	return nil, gr.errs
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
		gr.r.err = gr.errs[:1]
		return gr.g, gr.r.err
	}
	return gr.g, gr.errs
}
