package frisian

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// The end of the game (RULES.md §7): a side with no legal move has lost,
// and king-only endings of two kings against one, or one king each, are
// drawn by rule. There is no repetition rule and no 25-move rule.

// Result is how a game stands: ongoing, won by either side, or drawn.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// resultNames are the String forms of the results, by value.
var resultNames = [...]string{Ongoing: "ongoing", WhiteWins: "white wins", BlackWins: "black wins", Draw: "draw"}

// String returns "ongoing", "white wins", "black wins" or "draw".
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "ongoing"
}

// MarshalText implements encoding.TextMarshaler with String.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it reads what String
// writes, and otherwise returns an error wrapping [ErrSyntax].
func (r *Result) UnmarshalText(text []byte) error {
	i, err := nameIndex(resultNames[:], "result", text)
	*r = Result(i)
	return err
}

// PDN returns the result as lidraughts writes it in PDN: "2-0", "0-2",
// "1-1", or "*" for an ongoing game.
func (r Result) PDN() string {
	switch r {
	case WhiteWins:
		return "2-0"
	case BlackWins:
		return "0-2"
	case Draw:
		return "1-1"
	}
	return "*"
}

// Winner returns the winning side and true, or false for a draw or an
// ongoing game.
func (r Result) Winner() (Color, bool) {
	switch r {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// winFor returns the result in which c wins.
func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends.
const (
	// NoReason: the game is not over.
	NoReason Reason = iota
	// NoLegalMove: the side to move cannot move and has lost (Art. 20):
	// it has no pieces, they are all blocked, or its only mobile piece is
	// a king held by the three-move rule.
	NoLegalMove
	// TwoKingsAgainstOne: official rules (Art. 18, 21): the side with two
	// kings against one has made seven moves since that material arose
	// without winning.
	TwoKingsAgainstOne
	// OneKingEach: official rules (Art. 21): one king each, and the side to
	// move can neither capture nor is forced to allow a capture.
	OneKingEach
	// LidraughtsTwoKingsAgainstOne: lidraughts' counting: 14 plies since
	// two kings against one arose.
	LidraughtsTwoKingsAgainstOne
	// LidraughtsOneKingEach: lidraughts' counting: 4 plies since one king
	// each arose.
	LidraughtsOneKingEach
)

// reasonNames are the String forms of the reasons, by value.
var reasonNames = [...]string{
	NoReason:                     "none",
	NoLegalMove:                  "no legal move",
	TwoKingsAgainstOne:           "two kings against one: seven moves without a win",
	OneKingEach:                  "one king each",
	LidraughtsTwoKingsAgainstOne: "lidraughts: two kings against one for 14 plies",
	LidraughtsOneKingEach:        "lidraughts: one king each for 4 plies",
}

// String describes the reason in a few words.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "none"
}

// MarshalText implements encoding.TextMarshaler with String.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it reads what String
// writes, and otherwise returns an error wrapping [ErrSyntax].
func (r *Reason) UnmarshalText(text []byte) error {
	i, err := nameIndex(reasonNames[:], "reason", text)
	*r = Reason(i)
	return err
}

// nameIndex returns the index of text in names, or an error wrapping
// [ErrSyntax] that says what was wanted.
func nameIndex(names []string, what string, text []byte) (int, error) {
	for i, name := range names {
		if string(text) == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%s %q: want one of %q: %w", what, errtext.Clip(string(text)), names, ErrSyntax)
}

// Outcome is the result of a game and the reason for it.
type Outcome struct {
	Result Result
	Reason Reason
}

// String returns the result, followed by the reason when the game is over:
// "white wins (no legal move)".
func (o Outcome) String() string {
	if o.Result == Ongoing {
		return o.Result.String()
	}
	return o.Result.String() + " (" + o.Reason.String() + ")"
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Result != Ongoing }

// DrawRules selects the rules that draw king-only endings. The zero value,
// [OfficialDraws], is the default everywhere.
type DrawRules uint8

// The draw rules on offer (RULES.md §7).
const (
	// OfficialDraws are the rules of the Official Rules for Frisian
	// Draughts (Art. 18, 21): two kings against one must win within seven
	// of their own moves; one king each is drawn at once unless the side
	// to move can capture or must allow a capture.
	OfficialDraws DrawRules = iota
	// LidraughtsDraws is lidraughts' counting, for programs that must agree
	// with that server: two kings against one is drawn after 14 plies, one
	// king each after 4, counted by [Position.DrawPlies].
	LidraughtsDraws
)

// String returns "official" or "lidraughts".
func (r DrawRules) String() string {
	if r == LidraughtsDraws {
		return "lidraughts"
	}
	return "official"
}

// MarshalText implements encoding.TextMarshaler with String.
func (r DrawRules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it reads "official"
// or "lidraughts" (in any case), and otherwise returns an error wrapping
// [ErrSyntax]. With it DrawRules can be a flag (flag.TextVar) or a JSON
// field.
func (r *DrawRules) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "official":
		*r = OfficialDraws
	case "lidraughts":
		*r = LidraughtsDraws
	default:
		return fmt.Errorf("draw rules %q: want official or lidraughts: %w", errtext.Clip(string(text)), ErrSyntax)
	}
	return nil
}

// outcomeAmong is Legal.Outcome given the legal moves of p, in any order.
func (p Position) outcomeAmong(rules DrawRules, legal []Move) Outcome {
	if len(legal) == 0 {
		return Outcome{winFor(p.Turn().Opponent()), NoLegalMove}
	}
	if !isKingEnding(&p) {
		return Outcome{}
	}
	if c, ok := p.drawCounter(rules); ok {
		if c.Count >= c.Limit {
			return Outcome{Draw, c.Reason}
		}
		return Outcome{}
	}
	// No counter runs: one king each under the official rules (Art. 21).
	if !oneKingEachDecisive(p, legal) {
		return Outcome{Draw, OneKingEach}
	}
	return Outcome{}
}

// DrawCounter is how far the count of one draw rule has run in a
// position (RULES.md §7), for a UI to show "3 of 7 moves" without writing
// the rule's numbers out. See [Position.DrawCounters].
type DrawCounter struct {
	// Reason is the draw the count leads to: [TwoKingsAgainstOne],
	// [LidraughtsTwoKingsAgainstOne] or [LidraughtsOneKingEach].
	Reason Reason
	// Count is how far the count has run since the material arose, and
	// Limit the count at which the game is drawn. A position whose side to
	// move can move is drawn by the rule once Count reaches Limit; Count
	// can pass Limit in a game record that goes on after the draw, or in a
	// position set up so.
	Count, Limit int
	// Plies reports that Count and Limit are plies, the moves of both
	// sides, as lidraughts counts them; otherwise they are moves of Side
	// alone.
	Plies bool
	// Side is the side whose moves are counted when Plies is false: under
	// the official rules, the side with two kings, which must win within
	// Limit of its moves. It means nothing, and is White, the zero
	// Color, when Plies is true.
	Side Color
}

// String describes the count: "3 of 7 moves by white", "5 of 14 plies".
func (c DrawCounter) String() string {
	if c.Plies {
		return fmt.Sprintf("%d of %d plies", c.Count, c.Limit)
	}
	return fmt.Sprintf("%d of %d moves by %s", c.Count, c.Limit, c.Side)
}

// DrawCounters returns the counts of the draw rules that run in p under
// the given rules, with how far each has run: under the official rules
// the moves the side with two kings has made against one king (Art. 18),
// under lidraughts' the plies played since two kings against one, or one
// king each, arose. It returns nil when no count runs: in every other
// material, and with one king each under the official rules, which draw
// at once or not at all (see [Legal.Outcome]).
//
// The counts come from [Position.DrawPlies]; a capture or a promotion
// starts them again. The draw rules on offer run at most one count at a
// time; the result is a slice so that rules running several can be added.
func (p Position) DrawCounters(rules DrawRules) []DrawCounter {
	if c, ok := p.drawCounter(rules); ok {
		return []DrawCounter{c}
	}
	return nil
}

// The limits of the draw counts (RULES.md §7).
const (
	officialTwoKingsMoves   = 7  // moves of the side with two kings
	lidraughtsTwoKingsPlies = 14 // plies of both sides
	lidraughtsOneKingPlies  = 4
)

// drawCounter returns the count that runs in p under rules, if one does.
func (p Position) drawCounter(rules DrawRules) (DrawCounter, bool) {
	if !isKingEnding(&p) {
		return DrawCounter{}, false
	}
	w, b := p.Kings(White).Len(), p.Kings(Black).Len()
	n := p.DrawPlies()
	switch {
	case rules == LidraughtsDraws && w == 1 && b == 1:
		return DrawCounter{Reason: LidraughtsOneKingEach, Count: n, Limit: lidraughtsOneKingPlies, Plies: true}, true
	case rules == LidraughtsDraws:
		return DrawCounter{Reason: LidraughtsTwoKingsAgainstOne, Count: n, Limit: lidraughtsTwoKingsPlies, Plies: true}, true
	case w == 1 && b == 1:
		return DrawCounter{}, false
	}
	strong := White
	if b == 2 {
		strong = Black
	}
	return DrawCounter{Reason: TwoKingsAgainstOne, Count: strongMoves(p), Limit: officialTwoKingsMoves, Side: strong}, true
}

// strongMoves returns how many moves the side with two kings has made since
// the material arose. The DrawPlies plies since then alternate between the
// sides and the last was made by the side not to move, so the strong side
// made the larger half exactly when it is not to move.
func strongMoves(p Position) int {
	n := p.DrawPlies()
	strong := White
	if p.Kings(Black).Len() == 2 {
		strong = Black
	}
	if p.Turn() != strong {
		n++
	}
	return n / 2
}

// oneKingEachDecisive reports whether a position of one king each, whose
// legal moves are legal (at least one), is not drawn at once (Art. 21):
// the side to move can capture, or every move it has lets the opponent
// capture next.
func oneKingEachDecisive(p Position, legal []Move) bool {
	for _, m := range legal {
		if m.IsCapture() {
			return true // all legal moves are captures, or none is
		}
		if !opponentCanCapture(p.Apply(m)) {
			return false
		}
	}
	return true
}

// opponentCanCapture reports whether the side to move in p has a capture.
func opponentCanCapture(p Position) bool {
	var buf [128]Move
	moves := p.AppendLegalMoves(buf[:0])
	return len(moves) > 0 && moves[0].IsCapture()
}

// drawPliesLimit is where the draw counter stops counting, far beyond
// every draw rule.
const drawPliesLimit = 1<<15 - 1

// isKingEnding reports whether the material is two kings against one or one
// king each, the endings the draw rules count in.
func isKingEnding(p *Position) bool {
	return (p.side[0]|p.side[1])&^p.kings == 0 &&
		kingEndingCounts(bits.OnesCount64(p.side[0]), bits.OnesCount64(p.side[1]))
}

// kingEndingCounts reports whether a and b kings make one of those endings.
func kingEndingCounts(a, b int) bool { return a >= 1 && b >= 1 && a+b <= 3 }
