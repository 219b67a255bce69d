package frisian

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Move text. Text is read in two steps, as shakmaty reads SAN: [ParseMoveText]
// checks the syntax alone and gives a MoveText; [MoveText.Resolve] finds the
// legal move it names in a position. [Position.ParseMove] does both.
//
// Two notations exist (RULES.md §6):
//
//   - PDN: "32-28", "28x19", or the landing path "28x17x8" when two legal
//     captures share start and end. Position.MoveText writes it and
//     Position.ParseMove reads it.
//   - Hub (the Scan engine protocol): a capture as start, end and every
//     captured square, "28x19x23". Move.HubString writes it and
//     Position.ParseHubMove reads it. The same characters mean different
//     things in the two notations, so neither reader guesses the other.

// maxMoveText bounds the input the move parsers look at, so that a hostile
// input costs little; the longest real move text is far shorter.
const maxMoveText = 512

// MoveText is PDN move text read but not yet checked against a position:
// the squares it names and whether it is written as a capture.
type MoveText struct {
	// Squares holds the start square, any landing squares named in between
	// and the end square: at least two squares.
	Squares []Square
	// Capture reports that the text was written with x (or X, or :) rather
	// than with -.
	Capture bool
}

// ParseMoveText reads PDN move text without a position: "32-28", "28x19",
// a landing path such as "28x17x8", and the variants found in files:
// "28X19", "28:19", spaces around the text and move marks such as "!" or
// "?!" after it, which are dropped. A quiet move names exactly two squares.
//
// The error is a *MoveError wrapping [ErrInvalidMove].
func ParseMoveText(s string) (MoveText, error) {
	text, _ := splitMarks(strings.TrimSpace(s))
	if text == "" {
		return MoveText{}, invalidMove(s, "empty move text")
	}
	if len(text) > maxMoveText {
		return MoveText{}, invalidMove(s, "move text too long")
	}
	var t MoveText
	quiet := false
	for i := 0; ; {
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i {
			if i == 0 {
				return MoveText{}, invalidMove(s, "move text must start with a square number")
			}
			return MoveText{}, invalidMove(s, fmt.Sprintf("square number expected after %q", text[:i]))
		}
		sq, ok := moveSquare(text[i:j])
		if !ok {
			return MoveText{}, invalidMove(s, fmt.Sprintf("%q is not a square (1–50)", text[i:j]))
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
			return MoveText{}, invalidMove(s, fmt.Sprintf("unexpected %q in move text", text[j:j+1]))
		}
		i = j + 1
	}
	switch {
	case len(t.Squares) < 2:
		return MoveText{}, invalidMove(s, "a move names at least two squares")
	case quiet && t.Capture:
		return MoveText{}, invalidMove(s, "mixes - and x")
	case quiet && len(t.Squares) > 2:
		return MoveText{}, invalidMove(s, "a quiet move names two squares")
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
	return &MoveError{Move: clip(s), Err: ErrInvalidMove, Reason: reason}
}

// String returns the text in canonical form: squares joined by "-" or "x".
func (t MoveText) String() string {
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

// MarshalText implements encoding.TextMarshaler with String.
func (t MoveText) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseMoveText].
func (t *MoveText) UnmarshalText(text []byte) error {
	v, err := ParseMoveText(string(text))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Resolve returns the legal move of p that t names.
//
// A quiet text names the quiet move with its start and end. A capture names
// every legal capture with its start and end that has a landing path
// passing, in order, through the squares named in between; every path of
// every legal move is tried, not only the one [Position.Path] shows. A full
// landing path therefore always names one move, and "28x8" names one move
// unless two legal captures from 28 to 8 take different pieces.
//
// The error is a *MoveError: [ErrIllegalMove] when no legal move matches, with
// the reason when it can be told (a capture is compulsory, a heavier capture
// must be played, the capture must go on, the king is held by the three-move
// rule), or [ErrAmbiguousMove] listing the candidates in full-path form.
func (t MoveText) Resolve(p Position) (Move, error) {
	l, err := p.Legal(context.Background())
	if err != nil {
		return Move{}, err
	}
	return l.Resolve(context.Background(), t)
}

// check refuses a nil ctx and a MoveText that names no move at all:
// ParseMoveText never makes one, but a MoveText can be built by hand.
func (t MoveText) check(ctx context.Context, text string) error {
	if ctx == nil {
		return nilContext("resolving " + text)
	}
	if len(t.Squares) < 2 || (!t.Capture && len(t.Squares) != 2) {
		return invalidMove(text, "a move names its start and end squares")
	}
	for _, sq := range t.Squares {
		if !sq.Valid() {
			return invalidMove(text, fmt.Sprintf("%d is not a square (1–50)", sq))
		}
	}
	return nil
}

// resolve finds the move of legal, the legal moves of p, that t names; t
// has passed check, and text is its String for errors.
func (t MoveText) resolve(ctx context.Context, p Position, legal []Move, text string) (Move, error) {
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
		reason := p.whyIllegal(t, legal)
		if t.Capture && ctx.Err() != nil {
			// The reason's own search may have stopped short.
			return Move{}, fmt.Errorf("resolving %s: %w: %w", text, ErrSearchStopped, ctx.Err())
		}
		return Move{}, &MoveError{Move: text, Err: ErrIllegalMove, Reason: reason}
	}
	slices.SortFunc(found, Move.Compare)
	cands := make([]string, len(found))
	for i, m := range found {
		cands[i] = p.fullText(m)
	}
	return Move{}, &MoveError{Move: text, Err: ErrAmbiguousMove, Reason: "several legal captures match; give the landing path", Candidates: cands}
}

// pathNames reports whether the squares of a capture's text (start, some
// or all landing squares, end) name the legal capture m.
func (p Position) pathNames(ctx context.Context, m Move, want []Square) bool {
	if len(want)-1 == m.Captured().Len() {
		// A path with every landing square: replay it rather than search.
		return p.isPathOf(m, want)
	}
	return p.anyPathThrough(ctx, m, want)
}

// anyPathThrough reports whether some landing path of the legal capture m
// visits the squares of want (start, landings, end) in that order: want's
// first and last square are m's start and end, and its middle squares are
// landing squares of the path in order, possibly with others between.
func (p Position) anyPathThrough(ctx context.Context, m Move, want []Square) bool {
	from := int(m.from() & 63)
	empty := layout.BoardMask&^(p.side[0]|p.side[1]) | 1<<from
	f := pathFollower{w: newWalker(&p, from, m.captured()), end: int(m.to() & 63), ctx: ctx, tried: map[[2]uint64]bool{}}
	for _, sq := range want[1 : len(want)-1] {
		if empty&bit(sq) == 0 {
			return false // a capture lands only on empty squares
		}
		f.mid = append(f.mid, int(layout.BitOf[sq]))
	}
	return f.follow(from, m.captured(), 0)
}

// pathFollower looks for a path of one capture whose landing squares
// include mid in order. It matches each square of mid at the first chance
// (which loses no path), steps only where the capture can still end on to
// (the Euler test), and does not try a state again.
type pathFollower struct {
	w     *capture.Walker
	mid   []int
	end   int
	ctx   context.Context // once it is done, every answer is no
	tried map[[2]uint64]bool
}

// follow reports whether the capture standing on bit at, with the pieces
// of left to take and mid[k:] to visit, can end on to.
func (f *pathFollower) follow(at int, left uint64, k int) bool {
	key := [2]uint64{uint64(at)<<8 | uint64(k), left}
	if f.tried[key] || f.ctx.Err() != nil {
		return false
	}
	f.tried[key] = true
	found := false
	f.w.Steps(at, left, func(l, piece int) {
		rest := left &^ (1 << piece)
		if found {
			return
		}
		if rest == 0 {
			// The last jump lands on the end, not on a middle square.
			found = l == f.end && k == len(f.mid)
			return
		}
		next := k
		if k < len(f.mid) && l == f.mid[k] {
			next++
		}
		var visit uint64
		for _, m := range f.mid[next:] {
			visit |= 1 << m
		}
		if f.w.Ends(f.ctx, l, rest, 1<<f.end, visit) != 0 {
			found = f.follow(l, rest, next)
		}
	})
	return found
}

// isPathOf reports whether path (start, every landing square, end) is a
// path of the legal capture m: each step jumps exactly one piece of m's,
// not taken before, as a king or a man may.
func (p Position) isPathOf(m Move, path []Square) bool {
	if path[0] != m.From() || path[len(path)-1] != m.To() {
		return false
	}
	w := newWalker(&p, int(m.from()&63), m.captured())
	var taken uint64
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if !a.Valid() || !b.Valid() {
			return false
		}
		jumped, ok := w.JumpBetween(int(layout.BitOf[a]), int(layout.BitOf[b]))
		if !ok || taken&(1<<jumped) != 0 {
			return false
		}
		taken |= 1 << jumped
	}
	return taken == m.captured()
}

// ParseMove reads PDN move text (see [ParseMoveText]) and returns the legal
// move of p it names (see [MoveText.Resolve]). Errors are *MoveError values
// wrapping [ErrInvalidMove], [ErrIllegalMove] or [ErrAmbiguousMove]. For
// text or positions from strangers use [Legal.ParseMove], whose context
// bounds the searches.
func (p Position) ParseMove(s string) (Move, error) {
	return p.parseMove(context.Background(), s)
}

// parseMove is ParseMove under ctx, which bounds the work: the legal moves
// are worked out only once the text is known to name a move.
func (p Position) parseMove(ctx context.Context, s string) (Move, error) {
	if ctx == nil {
		return Move{}, nilContext("reading " + clip(s))
	}
	t, err := ParseMoveText(s)
	if err != nil {
		return Move{}, err
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return Move{}, err
	}
	return l.resolveTyped(ctx, t, s)
}

// MoveText returns the shortest text that names m in p, as the MoveText
// that [ParseMoveText] gives for that text, so that Resolve(p) gives m back.
// Its String is "32-28" for a quiet move, "28x19" for a capture, and the
// whole landing path ("28x17x8") where a reader needs it: when another
// legal capture has the same start and end but takes other pieces, and
// when the capture ends where it started (RULES.md §6). For a move that is
// not legal in p it is the text of m's start and end; for the zero Move,
// the zero MoveText. For the whole path
// of any capture, use MoveText{Squares: p.Path(m), Capture: true}.
func (p Position) MoveText(m Move) MoveText {
	if !m.IsCapture() {
		return p.moveTextAmong(m, nil) // needs no legal moves
	}
	var buf [128]Move
	return p.moveTextAmong(m, p.AppendLegalMoves(buf[:0]))
}

// moveTextAmong is MoveText given the legal moves of p, which a capture's
// text needs.
func (p Position) moveTextAmong(m Move, legal []Move) MoveText {
	if m.IsZero() {
		return MoveText{}
	}
	short := MoveText{Squares: []Square{m.From(), m.To()}, Capture: m.IsCapture()}
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
	return MoveText{Squares: p.legalPath(m), Capture: true}
}

// fullText is the text of m, a legal move of p, with its whole landing
// path, as MoveError lists candidates.
func (p Position) fullText(m Move) string {
	path := p.legalPath(m)
	if !m.IsCapture() || path == nil {
		return m.String()
	}
	return MoveText{Squares: path, Capture: true}.String()
}

// String returns the move in short PDN form without its position: "32-28"
// for a quiet move, "28x19" for a capture. Where two legal captures share
// start and end, [Position.MoveText] gives the unambiguous form. The zero
// Move, which is no move, is written "none".
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
	return string(strconv.AppendUint(b, uint64(m.To()), 10))
}

// HubString returns the move in the long form of the Hub engine protocol
// (Scan): a quiet move as "32-28", a capture as its start, its end and then
// every captured square ascending: "28x19x23". It needs no position to
// read back.
func (m Move) HubString() string {
	if m.captured() == 0 {
		return m.String()
	}
	b := []byte(m.String())
	for sq := range m.Captured().All() {
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(sq), 10)
	}
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with the Hub long form (see
// HubString), the one text that names a move without its position. The
// zero Move marshals to nothing.
//
// Move has no UnmarshalText: a Move also records whether a king makes it,
// which only the position knows. Read the text back with
// [Position.ParseHubMove].
func (m Move) MarshalText() ([]byte, error) {
	if m.IsZero() {
		return nil, nil
	}
	return []byte(m.HubString()), nil
}

// ParseHubMove reads a move in the Hub long form ("32-28", or "28x19x23":
// start, end and every captured square, in any order) and returns the legal
// move of p it names. Errors are *MoveError values wrapping [ErrInvalidMove]
// or [ErrIllegalMove]; Hub text is never ambiguous.
func (p Position) ParseHubMove(s string) (Move, error) {
	return p.parseHubMove(context.Background(), s)
}

// parseHubMove is ParseHubMove under ctx: the legal moves are worked out
// only once the text is known to name a move.
func (p Position) parseHubMove(ctx context.Context, s string) (Move, error) {
	if ctx == nil {
		return Move{}, nilContext("reading " + clip(s))
	}
	h, err := parseHubText(s)
	if err != nil {
		return Move{}, err
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return Move{}, err
	}
	return l.findHub(h, s)
}

// ParseHubMove reads a move in the Hub protocol's long form, as
// [Position.ParseHubMove] does, among the legal moves.
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
	t := MoveText{Squares: []Square{h.from, h.to}, Capture: h.capture}
	return Move{}, &MoveError{Move: clip(s), Err: ErrIllegalMove, Reason: l.p.whyIllegal(t, l.moves)}
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

// whyIllegal says in words why no legal move of p matches t. It runs only
// after a failed match, so it may take its time: it enumerates captures
// ignoring precedence to tell a lighter capture from an impossible one.
func (p Position) whyIllegal(t MoveText, legal []Move) string {
	from, to := t.Squares[0], t.Squares[len(t.Squares)-1]
	us := p.Turn()
	pc := p.PieceAt(from)
	switch {
	case pc == NoPiece:
		return fmt.Sprintf("no piece on %d", from)
	case pc.Color() != us:
		return fmt.Sprintf("%d holds a %s piece and %s is to move", from, pc.Color(), us)
	}
	if len(legal) == 0 {
		return fmt.Sprintf("%s has no legal move", us)
	}
	captures := len(legal) > 0 && legal[0].IsCapture()
	if !t.Capture {
		if captures {
			return "capturing is compulsory (Art. 10)"
		}
		if km := p.KingRun(us); pc.IsKing() && km.Count >= KingRunLimit && km.Square == from {
			st := p.Setup()
			st.KingRun[us] = KingRun{}
			if q, err := st.Position(); err == nil {
				if _, err := t.Resolve(q); err == nil {
					return fmt.Sprintf("the king on %d has made three quiet moves in a row and may not make a fourth (Art. 17)", from)
				}
			}
		}
		return fmt.Sprintf("the piece on %d cannot move to %d", from, to)
	}
	// A capture was written: look at the captures of the piece, legal or
	// not, that follow the text.
	lighter, unfinished, searched := p.capturesLike(t.Squares)
	switch {
	case lighter && captures:
		// The least by Move.Compare, so that the reason does not depend
		// on the order of legal.
		best := slices.MinFunc(legal, Move.Compare)
		return fmt.Sprintf("a heavier capture must be played, such as %s taking %s (Art. 11–12)", p.moveTextAmong(best, legal), describeTaken(p, best.Captured()))
	case unfinished:
		return fmt.Sprintf("the capture must go on from %d (Art. 9)", to)
	case !captures:
		return "there is no capture to make"
	case !searched:
		return fmt.Sprintf("no legal capture of the piece on %d goes that way", from)
	}
	return fmt.Sprintf("the piece on %d cannot capture to %d that way", from, to)
}

// describeTaken says what a set of captured squares holds in p: "2 men",
// "1 king and 1 man".
func describeTaken(p Position, set SquareSet) string {
	kings, men := 0, 0
	for sq := range set.All() {
		if p.PieceAt(sq).IsKing() {
			kings++
		} else {
			men++
		}
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + many
	}
	switch {
	case kings == 0:
		return plural(men, "man", "men")
	case men == 0:
		return plural(kings, "king", "kings")
	}
	return plural(kings, "king", "kings") + " and " + plural(men, "man", "men")
}

// capturesLike looks at the captures of the piece on want[0], whatever
// they take, whose landing squares pass through want's middle squares in
// order and that come to want's last square. lighter reports a complete
// one ending there, unfinished one that could go on from there. A crowded
// board has countless captures, and this only words an error message, so
// it gives up after a budget of states: searched is false when it did
// before finding both.
func (p Position) capturesLike(want []Square) (lighter, unfinished, searched bool) {
	if len(want) > 100 {
		return false, false, false // longer than any capture
	}
	from := int(layout.BitOf[want[0]])
	w := newWalker(&p, from, p.side[1])
	mid := make([]uint8, len(want)-2)
	for i, sq := range want[1 : len(want)-1] {
		mid[i] = layout.BitOf[sq]
	}
	to := int(layout.BitOf[want[len(want)-1]])
	tried := map[[2]uint64]bool{}
	work := 0
	// k counts the squares of mid matched before the last landing, which
	// is the end of the text's capture and so is not one of its middle
	// squares; landed says whether that landing matches the next one.
	var walk func(at int, taken uint64, k int, landed bool)
	walk = func(at int, taken uint64, k int, landed bool) {
		key := uint8(2 * k)
		if landed {
			key++
		}
		state := [2]uint64{uint64(key)<<8 | uint64(at), taken}
		if (lighter && unfinished) || work > capturesLikeBudget || tried[state] {
			return
		}
		tried[state] = true
		work++
		if landed {
			k++
		}
		moved := false
		w.Steps(at, ^taken, func(l, piece int) {
			moved = true
			walk(l, taken|1<<piece, k, k < len(mid) && uint8(l) == mid[k])
		})
		if landed {
			k--
		}
		if at == to && taken != 0 && k == len(mid) {
			if moved {
				unfinished = true
			} else {
				lighter = true
			}
		}
	}
	walk(from, 0, 0, false)
	return lighter, unfinished, work <= capturesLikeBudget || (lighter && unfinished)
}

// capturesLikeBudget bounds the states capturesLike visits.
const capturesLikeBudget = 1 << 16
