package hub

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
)

// positionLength is the length of a Hub position: the side to move, then
// one letter per square.
const positionLength = 1 + frisian.NumSquares

// FormatPosition returns p in the Hub position format: 'W' or 'B' for the
// side to move, then one letter per square from 1 to 50: 'w' and 'b' for
// men, 'W' and 'B' for kings, 'e' for an empty square. The start position is
//
//	Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
//
// The format has no room for the three-move king states or the draw-rule
// counter of p; send the moves that led to p for those (see FromGame).
func FormatPosition(p frisian.Position) string {
	var b [positionLength]byte
	b[0] = 'B'
	if p.Turn() == frisian.White {
		b[0] = 'W'
	}
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		b[sq] = pieceLetter(p.PieceAt(sq))
	}
	return string(b[:])
}

// pieceLetter returns the letter of a piece in a Hub position.
func pieceLetter(pc frisian.Piece) byte {
	switch pc {
	case frisian.WhiteMan:
		return 'w'
	case frisian.WhiteKing:
		return 'W'
	case frisian.BlackMan:
		return 'b'
	case frisian.BlackKing:
		return 'B'
	}
	return 'e'
}

// ParsePosition reads a position in the Hub format (see FormatPosition).
// The three-move king states and the draw-rule counter of the result are
// zero, the format having no room for them.
//
// The error is a *frisian.ParseError wrapping frisian.ErrSyntax for text
// that is not 51 letters of the format, or frisian.ErrInvalidPosition for a
// position that cannot occur (a man on its own promotion row).
func ParsePosition(s string) (frisian.Position, error) {
	bad := func(off int, format string, a ...any) (frisian.Position, error) {
		return frisian.Position{}, &frisian.ParseError{Input: errtext.Clip(s), Offset: off, Err: frisian.ErrSyntax, Reason: "hub position: " + fmt.Sprintf(format, a...)}
	}
	if len(s) != positionLength {
		return bad(min(len(s), positionLength), "%d bytes, want %d (side to move and 50 squares)", len(s), positionLength)
	}
	var st frisian.Setup
	switch s[0] {
	case 'W':
		st.Turn = frisian.White
	case 'B':
		st.Turn = frisian.Black
	default:
		return bad(0, "side to move %q, want W or B", s[0])
	}
	for i := 1; i < len(s); i++ {
		var pc frisian.Piece
		switch s[i] {
		case 'e':
			pc = frisian.NoPiece
		case 'w':
			pc = frisian.WhiteMan
		case 'W':
			pc = frisian.WhiteKing
		case 'b':
			pc = frisian.BlackMan
		case 'B':
			pc = frisian.BlackKing
		default:
			return bad(i, "square %d: %q, want one of w b W B e", i, s[i])
		}
		st.Board[i] = pc
	}
	p, err := st.Position()
	if err != nil {
		// As frisian.ParseFEN: err is the *frisian.PositionError, with the
		// square at fault.
		reason := err.Error()
		var pe *frisian.PositionError
		if errors.As(err, &pe) {
			reason = pe.Reason
		}
		return frisian.Position{}, &frisian.ParseError{Input: errtext.Clip(s), Err: err, Reason: "hub position: " + reason}
	}
	return p, nil
}

// parseMove reads a move in the Hub format as p.Legal(ctx) and its
// ParseHubMove do: the legal moves are generated once, bounded by ctx,
// since the position and the text come from the other side of the
// protocol.
func parseMove(ctx context.Context, p frisian.Position, s string) (frisian.Move, error) {
	if ctx == nil {
		return frisian.Move{}, errtext.NilContext("hub: reading a move")
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return frisian.Move{}, err
	}
	return l.ParseHubMove(s)
}

// formatMoves returns moves in Hub format separated by spaces.
func formatMoves(moves []frisian.Move) string {
	var b []byte
	for i, m := range moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, m.String()...)
	}
	return string(b)
}

// parseMoves reads a space-separated list of Hub moves played one after the
// other from p and returns them and the position after them. On an error it
// returns the moves read so far, the position after them and the error of
// the move at fault, with its index.
func parseMoves(ctx context.Context, p frisian.Position, s string) ([]frisian.Move, frisian.Position, int, error) {
	var moves []frisian.Move
	for i, text := range strings.Fields(s) {
		m, err := parseMove(ctx, p, text)
		if err != nil {
			return moves, p, i, err
		}
		moves = append(moves, m)
		p = p.Apply(m)
	}
	return moves, p, 0, nil
}

// Search is what an engine is asked to search: a position, given as a start
// and the moves played from it, the limits and the mode.
//
// The Hub position format cannot hold the three-move king states of a
// Position, so the engine learns them, and the positions it should count as
// repeated, from the moves. FromGame sends a game that way. A Start with a
// king already counted goes out without its count; the engine may then
// answer with a move the three-move rule forbids, which the client reports
// as an error.
type Search struct {
	Start  frisian.Position
	Moves  []frisian.Move
	Limits Limits
	Mode   Mode

	// checked is set by Serve, which has played Moves from Start already:
	// Position gives its end without playing them again while Start and
	// Moves are unchanged.
	checked *checkedSearch
}

// checkedSearch is a start, the moves played from it and the position they
// lead to, found legal.
type checkedSearch struct {
	start frisian.Position
	moves []frisian.Move // a copy of its own, which nobody changes
	end   frisian.Position
}

// Position returns the position to search: Start after Moves. The error
// wraps the *frisian.MoveError (frisian.ErrIllegalMove) of the first move
// that is not legal, with its number. A Search that Serve passes to an
// Engine has its position worked out already: Position then costs no move
// generation.
func (s Search) Position() (frisian.Position, error) {
	if c := s.checked; c != nil && c.start == s.Start && slices.Equal(c.moves, s.Moves) {
		return c.end, nil
	}
	p := s.Start
	for i, m := range s.Moves {
		q, err := p.Play(m)
		if err != nil {
			return p, fmt.Errorf("hub: move %d of the search: %w", i+1, err)
		}
		p = q
	}
	return p, nil
}

// posLine returns the pos command that sends s.
func (s Search) posLine() Line {
	l := cmd("pos", "pos", FormatPosition(s.Start))
	if len(s.Moves) > 0 {
		l.Args = append(l.Args, Arg{Name: "moves", Value: formatMoves(s.Moves)})
	}
	return l
}

// FromGame returns a Search of the current position of g that the engine
// can follow. The Hub position format holds neither the three-move king
// states nor the draw counter, so the search starts from an earlier
// position that has neither (no king being counted, draw counter zero) and
// plays the moves since: the engine then knows both, and sees the
// positions that repeat. Of those positions it takes the last one reached
// by an irreversible move (a man's move or a capture), or the game's start,
// since no position before that can come back; failing that, the last one
// at all. When there is none (a game set up with a king already counted,
// that has not been reset since), the search starts from the game's start,
// without its counts.
//
// The limits and the mode are left zero.
func FromGame(g *pdn.Game) Search {
	moves := g.Played()
	k, last := -1, -1
	for ply := len(moves); ply >= 0 && k < 0; ply-- {
		p, _ := g.PositionAt(ply)
		if !clean(p) {
			continue
		}
		if last < 0 {
			last = ply
		}
		if ply == 0 || moves[ply-1].IsCapture() || !moves[ply-1].ByKing() {
			k = ply
		}
	}
	if k < 0 {
		k = max(last, 0)
	}
	start, _ := g.PositionAt(k)
	return Search{Start: start, Moves: moves[k:]}
}

// clean reports whether the Hub position format holds all of p: no king is
// being counted and the draw counter is zero.
func clean(p frisian.Position) bool {
	return p.KingRun(frisian.White).Count == 0 && p.KingRun(frisian.Black).Count == 0 && p.DrawPlies() == 0
}

// Limits bound a search. Zero fields are not sent. With every field zero
// the search is unbounded (level infinite) and ends only when stopped.
// The fields go out on one level line, as Scan reads them.
type Limits struct {
	Depth    int           // level depth=: plies
	Nodes    int64         // level nodes=
	MoveTime time.Duration // level move-time=: time for this move
	// Time, Moves and Inc give the game clock: the time left on the
	// engine's clock, the moves to the next time control (0: the rest of
	// the game) and the increment per move.
	Time  time.Duration
	Moves int
	Inc   time.Duration
	// Infinite adds the flag infinite to the level line: no time limit.
	// Depth and Nodes, when set, still go out and still bound the search
	// (Scan ignores the flag and goes by them; Serve drops the time limit
	// and passes them to its Engine).
	Infinite bool
}

// line returns the level command for l.
func (l Limits) line() Line {
	lv := Line{Command: "level"}
	if l == (Limits{}) {
		return lv.flag("infinite")
	}
	add := func(name, value string) { lv.Args = append(lv.Args, Arg{Name: name, Value: value}) }
	if l.Depth > 0 {
		add("depth", fmt.Sprint(l.Depth))
	}
	if l.Nodes > 0 {
		add("nodes", fmt.Sprint(l.Nodes))
	}
	if l.MoveTime > 0 {
		add("move-time", seconds(l.MoveTime))
	}
	if l.Moves > 0 {
		add("moves", fmt.Sprint(l.Moves))
	}
	if l.Time > 0 {
		add("time", seconds(l.Time))
	}
	if l.Inc > 0 {
		add("inc", seconds(l.Inc))
	}
	if l.Infinite {
		lv = lv.flag("infinite")
	}
	return lv
}

// seconds writes d in seconds with millisecond precision, as Scan does.
func seconds(d time.Duration) string {
	s := fmt.Sprintf("%.3f", d.Seconds())
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Mode is the kind of search (go think, go analyze, go ponder).
type Mode uint8

// The search modes.
const (
	// Think: the engine is to play a move in a game.
	Think Mode = iota
	// Analyze: the caller wants the search information rather than a
	// move; the engine may skip its opening book and search a forced
	// move.
	Analyze
	// Ponder: the engine thinks on the opponent's time, in the position
	// after the reply it expects; its clock starts at PonderHit.
	Ponder
)

// String returns the word of the go command: "think", "analyze" or
// "ponder".
func (m Mode) String() string {
	switch m {
	case Think:
		return "think"
	case Analyze:
		return "analyze"
	case Ponder:
		return "ponder"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}
