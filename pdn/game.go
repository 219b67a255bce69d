package pdn

import (
	"context"
	"slices"

	"github.com/frisian-draughts/frisian/internal/errtext"

	"github.com/frisian-draughts/frisian"
)

// Tag is one PDN tag pair, such as [Event "Frysk! Shield Arena"].
type Tag struct {
	Name, Value string
}

// Tags is a game's tag pairs in file order.
type Tags []Tag

// Lookup returns the value of the first tag called name (names are
// case-sensitive, as in PDN) and whether there is one.
func (t Tags) Lookup(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Get returns the value of the tag called name, or "" when there is none.
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Set gives the tag called name the value, in place when the tag exists and
// at the end otherwise.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// setAt is Set for a caller that keeps at, the index in t of each name:
// the reader and the writer take games of tens of thousands of tags, on
// which Set's scan costs quadratic time.
func (t *Tags) setAt(at map[string]int, name, value string) {
	if i, ok := at[name]; ok {
		(*t)[i].Value = value
		return
	}
	at[name] = len(*t)
	*t = append(*t, Tag{name, value})
}

// Delete removes every tag called name.
func (t *Tags) Delete(name string) {
	*t = slices.DeleteFunc(*t, func(tag Tag) bool { return tag.Name == name })
}

// Annotation is what a game record says about a point in the game besides
// the moves: move marks, comments and variations.
type Annotation struct {
	// Marks holds move marks and NAGs as written: "!", "?!", "$3".
	Marks []string
	// Comments holds the comments, without braces and surrounding spaces.
	Comments []string
	// Variations holds alternatives to the move, each as PDN move text
	// without the enclosing parentheses. They are kept as text, not
	// checked against the rules.
	Variations []string
}

// IsZero reports whether a holds nothing.
func (a Annotation) IsZero() bool {
	return len(a.Marks) == 0 && len(a.Comments) == 0 && len(a.Variations) == 0
}

// clone returns a copy of a that shares no slices with it.
func (a Annotation) clone() Annotation {
	return Annotation{slices.Clone(a.Marks), slices.Clone(a.Comments), slices.Clone(a.Variations)}
}

// Game is a game record: tags, a start position, the moves played, the
// positions after each, and annotations. Every move in a Game is legal.
//
// Plies are counted from 0 (the start position) to Len (the current
// position); move i (0-based) leads from position i to position i+1.
//
// The zero Game is a game from the start position with no tags or moves.
// A Game is not safe for concurrent use.
type Game struct {
	// Tags are the game's PDN tags. The PDN reader fills them in from the
	// file; the writer adds GameType, FEN and Result when they are missing.
	Tags Tags

	moves     []frisian.Move
	positions []frisian.Position // positions[i] is before moves[i]; one more than moves
	notes     []Annotation       // notes[0] before the first move; notes[i] after move i
	ends      [2]gameEnd         // by draw rules: official, lidraughts
}

// gameEnd remembers how far a game's positions have been looked at for its
// end, so that asking for the outcome after every move costs one position.
type gameEnd struct {
	checked int // positions[:checked] are not over
	found   bool
	outcome frisian.Outcome // of positions[checked] when found
}

// NewGame returns a game without moves starting from start.
func NewGame(start frisian.Position) *Game {
	return &Game{positions: []frisian.Position{start}, notes: make([]Annotation, 1)}
}

// init gives the zero Game its start position.
func (g *Game) init() {
	if len(g.positions) == 0 {
		g.positions = []frisian.Position{frisian.StartPosition()}
		g.notes = make([]Annotation, 1)
	}
}

// start returns the position the game started from.
func (g *Game) start() frisian.Position {
	g.init()
	return g.positions[0]
}

// Position returns the current position: the one after the last move.
func (g *Game) Position() frisian.Position {
	g.init()
	return g.positions[len(g.positions)-1]
}

// Len returns the number of moves (plies) played.
func (g *Game) Len() int { return len(g.moves) }

// Played returns a copy of the moves played. ([frisian.Legal.Moves] are the moves
// that may be played next.)
func (g *Game) Played() []frisian.Move { return slices.Clone(g.moves) }

// PositionAt returns the position after ply moves: the start position for
// 0, the current one for Len. Outside 0..Len it returns the zero Position
// and false.
func (g *Game) PositionAt(ply int) (frisian.Position, bool) {
	g.init()
	if ply < 0 || ply >= len(g.positions) {
		return frisian.Position{}, false
	}
	return g.positions[ply], true
}

// Legal returns the current position with its legal moves, as
// [frisian.Position.Legal] works them out: ctx bounds the capture search.
// A game may start from any position (a FEN tag, [NewGame]), and made-up
// placements can take long to search, so a program that plays games from
// strangers gives ctx a deadline. When ctx is done before the moves are
// known the error wraps [frisian.ErrSearchStopped] and ctx.Err().
func (g *Game) Legal(ctx context.Context) (frisian.Legal, error) {
	return g.Position().Legal(ctx)
}

// Play plays m in the current position. ctx bounds the search of that
// position's legal moves, as for [Game.Legal]. The error is a
// *[frisian.MoveError] wrapping [frisian.ErrIllegalMove] when m is not legal
// there, wraps [frisian.ErrSearchStopped] and ctx.Err() when ctx is done
// before the moves are known, and wraps os.ErrInvalid for a nil ctx; the
// game is then unchanged.
//
// Play does not stop at the end of the game: a drawn position has legal
// moves and accepts them, since a game record may go on after a draw rule
// applied (Outcome reports the first end).
func (g *Game) Play(ctx context.Context, m frisian.Move) error {
	l, err := g.Legal(ctx)
	if err != nil {
		return err
	}
	if !l.Contains(m) {
		return &frisian.MoveError{Move: m.String(), Err: frisian.ErrIllegalMove, Reason: "not a legal move in this position"}
	}
	g.push(l, m)
	return nil
}

// push plays m, a legal move of l's position, the current one. Every move
// comes through here with the search of that position done, so l also
// takes it into the searches for the game's end: the Outcome of a game
// read, played or written searches its last position alone.
func (g *Game) push(l frisian.Legal, m frisian.Move) {
	ply := len(g.moves)
	for _, rules := range [...]frisian.DrawRules{frisian.OfficialDraws, frisian.LidraughtsDraws} {
		g.end(rules).see(ply, l, rules)
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, l.Position().Apply(m))
	g.notes = append(g.notes, Annotation{})
}

// Undo takes back the last move, with its annotation, and returns it. It
// returns false when no move has been played.
func (g *Game) Undo() (frisian.Move, bool) {
	n := len(g.moves)
	if n == 0 {
		return frisian.Move{}, false
	}
	m := g.moves[n-1]
	g.moves = g.moves[:n-1]
	g.positions = g.positions[:n]
	g.notes = g.notes[:n]
	for i := range g.ends {
		if e := &g.ends[i]; e.checked >= n {
			*e = gameEnd{checked: n}
		}
	}
	return m, true
}

// Annotation returns the annotation after ply moves: for 0 the one before
// the first move, for i > 0 the one after move i. Outside 0..Len it returns
// the zero Annotation. The slices are copies.
func (g *Game) Annotation(ply int) Annotation {
	g.init()
	if ply < 0 || ply >= len(g.notes) {
		return Annotation{}
	}
	return g.notes[ply].clone()
}

// SetAnnotation replaces the annotation after ply moves (see Annotation)
// and reports whether ply is in 0..Len.
func (g *Game) SetAnnotation(ply int, a Annotation) bool {
	g.init()
	if ply < 0 || ply >= len(g.notes) {
		return false
	}
	g.notes[ply] = a.clone()
	return true
}

// note returns the annotation after ply moves for the reader to fill in.
func (g *Game) note(ply int) *Annotation {
	g.init()
	return &g.notes[ply]
}

// Outcome returns the outcome of the game under the given draw rules and
// the ply at which it ended: that of the first position of the game that
// is over (see [frisian.Legal.Outcome]) and the number of moves played before it,
// or Ongoing and -1. Moves played after that do not change it. Playing or
// reading a move looks at the position it is played in, so Outcome
// searches at most the current position.
//
// ctx bounds the search of the legal moves of the positions looked at, as
// for [Game.Legal]: when it is done before the outcome is known, Outcome
// returns Ongoing, -1 and an error wrapping [frisian.ErrSearchStopped] and
// ctx.Err() (a later call goes on where this one stopped). A nil ctx gives
// an error wrapping os.ErrInvalid.
func (g *Game) Outcome(ctx context.Context, rules frisian.DrawRules) (o frisian.Outcome, ply int, err error) {
	if ctx == nil {
		return frisian.Outcome{}, -1, errtext.NilContext("the outcome of a game")
	}
	g.init()
	e := g.end(rules)
	for !e.found && e.checked < len(g.positions) {
		l, err := g.positions[e.checked].Legal(ctx)
		if err != nil {
			return frisian.Outcome{}, -1, err
		}
		e.see(e.checked, l, rules)
	}
	if !e.found {
		return frisian.Outcome{}, -1, nil
	}
	return e.outcome, e.checked, nil
}

// end returns the search for the game's end under rules.
func (g *Game) end(rules frisian.DrawRules) *gameEnd {
	if rules == frisian.LidraughtsDraws {
		return &g.ends[1]
	}
	return &g.ends[0]
}

// see takes l, the legal moves of the position after ply moves, into the
// search for the game's end under rules when that position is the next it
// looks at.
func (e *gameEnd) see(ply int, l frisian.Legal, rules frisian.DrawRules) {
	if e.found || e.checked != ply {
		return
	}
	if o := l.Outcome(rules); o.IsOver() {
		e.found, e.outcome = true, o
	} else {
		e.checked++
	}
}

// Clone returns a deep copy of g.
func (g *Game) Clone() *Game {
	g.init()
	c := &Game{
		Tags:      slices.Clone(g.Tags),
		moves:     slices.Clone(g.moves),
		positions: slices.Clone(g.positions),
		notes:     make([]Annotation, len(g.notes)),
		ends:      g.ends,
	}
	for i, a := range g.notes {
		c.notes[i] = a.clone()
	}
	return c
}
