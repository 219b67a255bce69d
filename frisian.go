package frisian

import (
	"cmp"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/frisian-draughts/frisian/internal/capture"
	"github.com/frisian-draughts/frisian/internal/layout"
)

// Position is a complete game state: the pieces, the side to move, the
// three-move king state of both sides and the draw-rule ply counter. It
// answers the board's questions and plays moves; everything that needs the
// legal moves (the list, their text, reading a move, clicks, the outcome)
// is asked of the [Legal] that [Position.Legal] works out.
//
// A Position is a small comparable value: == means "the same position",
// including the counters, since equal boards with different counters can
// have different legal moves or results. It holds no hidden state and is
// safe to copy and to share between goroutines. The zero value is an empty
// board with White to move (and so lost for White).
type Position struct {
	side    [2]uint64 // [0] the pieces of the side to move, [1] the others'
	kings   uint64
	turn    Color
	kingRun [2]quietRun // by Color
	plies   uint16      // see DrawPlies
	hash    uint64      // Zobrist hash of all the above, see hash.go
}

// quietRun is one side's three-move state: how many consecutive quiet moves
// the king now on bit sq has made (0–3).
type quietRun struct {
	count uint8
	sq    uint8 // bit index; 0 when count is 0
}

// KingRun is one side's state under the three-move king rule (Art. 17):
// the king now on Square has made Count consecutive quiet moves (0–3) while
// its side had men. At 3 that king may not make a quiet move. Count 0 means
// no king is being counted and Square is 0.
type KingRun struct {
	Count  int
	Square Square
}

// KingRunLimit is the most consecutive quiet moves one king may make while
// its side has men (Art. 17): a king whose KingRun Count has reached it
// may only capture. A UI shows a KingRun as Count of KingRunLimit.
const KingRunLimit = 3

// StartPosition returns the initial position: Black men on 1–20, White men
// on 31–50, White to move.
func StartPosition() Position {
	var p Position
	for n := Square(1); n <= 20; n++ {
		p.side[1] |= bit(n)
		p.side[0] |= bit(n + 30)
	}
	p.hash = p.computeHash()
	return p
}

// Turn returns the side to move.
func (p Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq, or NoPiece when sq is empty or not a
// square.
func (p Position) PieceAt(sq Square) Piece {
	b := bit(sq)
	king := p.kings&b != 0
	switch {
	case p.side[0]&b != 0:
		return NewPiece(p.turn, king)
	case p.side[1]&b != 0:
		return NewPiece(p.turn^1, king)
	}
	return NoPiece
}

// Pieces returns the squares of all pieces of color c.
func (p Position) Pieces(c Color) SquareSet { return SquareSet{p.color(c)} }

// color returns the pieces of color c.
func (p *Position) color(c Color) uint64 {
	if c == p.turn {
		return p.side[0]
	}
	return p.side[1]
}

// Men returns the squares of the men of color c.
func (p Position) Men(c Color) SquareSet { return SquareSet{p.color(c) &^ p.kings} }

// Kings returns the squares of the kings of color c.
func (p Position) Kings(c Color) SquareSet { return SquareSet{p.color(c) & p.kings} }

// KingRun returns the three-move king state of side c.
func (p Position) KingRun(c Color) KingRun {
	r := p.kingRun[c&1]
	if r.count == 0 {
		return KingRun{}
	}
	return KingRun{Count: int(r.count), Square: squareOfBit(r.sq & 63)}
}

// DrawPlies returns the draw-rule ply counter: the number of plies played
// since the current king-only material of two kings against one, or one
// king each, arose. It is 0 in every other material. It is the counter that
// lidraughts writes as the :H field of its FEN.
func (p Position) DrawPlies() int { return int(p.plies) }

// Move is one legal move: the square it starts from, the square it ends on,
// the pieces it captures and whether it is made by a king or crowns a man.
//
// Different capture paths with the same start, end and captured pieces are
// one Move (see [Legal.Path] for a path). A Move is a small comparable
// value; only move generation ([Position.Legal], [Position.AppendLegalMoves])
// and the readers of move text make non-zero ones, and it is meaningful
// only in the position it came from. Its String is the text that needs no
// position; [Legal.Text] is the text a player reads.
type Move struct {
	m capture.Move // as move generation makes it
}

// The parts of a Move (bit indices, flags, captured pieces).
func (m Move) from() uint8      { return m.m.From() }
func (m Move) to() uint8        { return m.m.To() }
func (m Move) flags() uint8     { return m.m.Flags() }
func (m Move) captured() uint64 { return m.m.Captured() }

const (
	flagKing      = capture.FlagKing
	flagPromotion = capture.FlagPromotion
)

// From returns the square the moving piece starts on.
func (m Move) From() Square { return squareOfBit(m.from() & 63) }

// To returns the square the moving piece ends on. For a capture that comes
// back to its start it equals From.
func (m Move) To() Square { return squareOfBit(m.to() & 63) }

// Captured returns the squares of the pieces the move captures.
func (m Move) Captured() SquareSet { return SquareSet{m.captured()} }

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.captured() != 0 }

// ByKing reports whether a king makes the move.
func (m Move) ByKing() bool { return m.flags()&flagKing != 0 }

// IsPromotion reports whether the move crowns a man.
func (m Move) IsPromotion() bool { return m.flags()&flagPromotion != 0 }

// IsZero reports whether m is the zero Move, which is never legal.
func (m Move) IsZero() bool { return m == Move{} }

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice: the captures of the highest value if there is any capture,
// otherwise the quiet moves, each Move once however many paths it has. It
// is the engine's call: with enough capacity in dst it does not allocate,
// and the moves come in the order they are found, which depends on the
// board, because sorting them would cost more than finding them. Every
// other list of moves ([Legal.Moves]) is in the canonical order of
// [Move.Compare]. The capture search works on the caller's goroutine and
// stack, and the memory that only made-up placements of many pieces need
// (up to 9 MB on each processor that ran such a search: the search by
// taken sets and the Euler test's tables, on Linux outside the Go heap) is
// kept from one call to the next.
// Real positions take well under a microsecond; the hardest known
// placements take up to a few hundred milliseconds (see [Position.Legal]
// for untrusted ones, whose context bounds the search).
func (p Position) AppendLegalMoves(dst []Move) []Move {
	raw := asGenerated(dst)
	if p.side[0]&p.kings != 0 {
		var g generator
		g.init(&p)
		return asMoves(g.appendWithKings(raw))
	}
	// Without kings the moves are most often simple, and a board, smaller
	// than a generator, is quicker to set up.
	var b capture.Board
	b.Init(p.side[0], p.side[1], p.kings, int(p.turn))
	moves, twice, done := appendSimple(raw, &b)
	if done {
		return asMoves(moves)
	}
	var g generator
	g.Board = b
	return asMoves(g.CapturesOf(raw, 0, twice))
}

// asGenerated and asMoves give a slice of Moves as move generation's slice
// and back, in place: a Move is a struct of one capture.Move, so the two
// have one memory layout (unsafe.Pointer rule 1), and generation appends
// straight into the caller's slice. Copying through a buffer of its own
// doubled the time of AppendLegalMoves for the start position.
func asGenerated(s []Move) []capture.Move {
	return unsafe.Slice((*capture.Move)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

func asMoves(s []capture.Move) []Move {
	return unsafe.Slice((*Move)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

// The two move types must stay one size for asGenerated and asMoves.
var _ [unsafe.Sizeof(Move{}) - unsafe.Sizeof(capture.Move{})]struct{}
var _ [unsafe.Sizeof(capture.Move{}) - unsafe.Sizeof(Move{})]struct{}

// legalMoves returns the legal moves in the order of generation.
func (p Position) legalMoves() []Move { return p.AppendLegalMoves(nil) }

// isLegal reports whether m is one of the legal moves of p.
func (p Position) isLegal(m Move) bool {
	var buf [128]Move
	return slices.Contains(p.AppendLegalMoves(buf[:0]), m)
}

// Play returns the position after m, or an error wrapping [ErrIllegalMove]
// when m is not a legal move of p, whatever the Move value holds. The
// receiver is never changed. It works out the moves of p, without a
// deadline: for a position from a stranger, check m with [Legal.Contains]
// and then Apply it.
func (p Position) Play(m Move) (Position, error) {
	if !p.isLegal(m) {
		return p, &MoveError{Move: m.String(), Err: ErrIllegalMove, Reason: "not a legal move in this position"}
	}
	return p.apply(m), nil
}

// Apply returns the position after m without checking that m is legal.
//
// m should be a legal move of p (from [Legal.Moves], [Position.AppendLegalMoves]
// or read move text); use Play for moves from untrusted sources. Apply
// never builds an impossible position, whatever m holds: a Move that does
// not fit p — not from a piece of the side to move, onto another piece, or
// taking squares without an opponent's piece, such as the zero Move or a
// move of another position — leaves p as it is. A Move that fits but
// breaks the rules (a man moving backwards) moves the piece as told.
func (p Position) Apply(m Move) Position {
	from := uint64(1) << (m.from() & 63)
	to := uint64(1) << (m.to() & 63)
	if p.side[0]&from == 0 || (to != from && (p.side[0]|p.side[1]|^layout.BoardMask)&to != 0) || m.captured()&^p.side[1] != 0 {
		return p
	}
	// The flags say what stands on the end square (boardAfter): they come
	// from p, not from m, which may be another position's move.
	var flags uint8
	switch {
	case p.kings&from != 0:
		flags = flagKing
	case layout.PromotionRow[p.turn&1]&to != 0:
		flags = flagPromotion
	}
	p.play(capture.NewMove(m.from(), m.to(), flags, m.captured()))
	return p
}

// apply is Apply for a move known to fit p.
func (p Position) apply(m Move) Position {
	p.play(m.m)
	return p
}

// play makes the move m, known to fit p, on p.
func (p *Position) play(m capture.Move) {
	us, them := p.turn&1, p.turn&1^1
	from := uint64(1) << (m.From() & 63)
	to := uint64(1) << (m.To() & 63)
	byKing := p.kings&from != 0
	oldRun, oldPlies, oldKings, h := p.kingRun, p.plies, p.kings, p.hash
	p.playBoard(m)
	kings := p.kings

	// The draw counter counts only in king-only endings of 2 v 1 or 1 v 1,
	// from the capture or promotion that made them.
	switch {
	case !isKingEnding(p):
		p.plies = 0
	case m.Captured() != 0 || (!byKing && to&layout.PromotionRow[us] != 0):
		p.plies = 0
	case p.plies < drawPliesLimit:
		p.plies++
	}

	// The hash, from the features the move changed.
	h ^= zobrist.blackToMove
	h ^= zobrist.piece[NewPiece(us, byKing)-1][m.From()&63] ^ zobrist.piece[NewPiece(us, kings&to != 0)-1][m.To()&63]
	for c := m.Captured(); c != 0; c &= c - 1 {
		b := bits.TrailingZeros64(c)
		h ^= zobrist.piece[NewPiece(them, oldKings&(1<<b) != 0)-1][b]
	}
	if oldRun[0] != p.kingRun[0] || oldRun[1] != p.kingRun[1] {
		h ^= runKey(us, oldRun[us]) ^ runKey(us, p.kingRun[us])
		h ^= runKey(them, oldRun[them]) ^ runKey(them, p.kingRun[them])
	}
	if oldPlies != p.plies {
		h ^= pliesKey(oldPlies) ^ pliesKey(p.plies)
	}
	p.hash = h
}

// playBoard plays m on the pieces, the side to move and the three-move
// states of p only: the draw counter and the hash stay. Perft, which reads
// neither, saves their upkeep.
func (p *Position) playBoard(m capture.Move) {
	us, them := p.turn&1, p.turn&1^1
	byKing := p.kings&(1<<(m.From()&63)) != 0
	next, moved, kings := p.boardAfter(m)
	p.kingRun[them] = p.runAfter(m, next, kings)
	p.side = [2]uint64{next, moved}
	p.kings = kings
	p.turn = them

	// The mover's three-move state (RULES.md §5).
	if byKing && m.Captured() == 0 && moved&^kings != 0 {
		r := &p.kingRun[us]
		if r.count > 0 && r.sq == m.From()&63 {
			// At most the limit, even for a move past it that no legal
			// game makes.
			r.count = min(r.count+1, KingRunLimit)
		} else {
			r.count = 1
		}
		r.sq = m.To() & 63
	} else {
		p.kingRun[us] = quietRun{}
	}
}

// boardAfter returns the pieces after m, a legal move of p: those of the
// side to move next (the opponent's now), those of the side that moved,
// and the kings. A legal move's flags say whether a king stands on its
// end square: it was made by one or crowns a man (flags has no other
// bits).
func (p *Position) boardAfter(m capture.Move) (next, moved, kings uint64) {
	from, to, taken := uint64(1)<<(m.From()&63), uint64(1)<<(m.To()&63), m.Captured()
	kings = p.kings &^ (taken | from)
	if m.Flags() != 0 {
		kings |= to
	}
	return p.side[1] &^ taken, p.side[0]&^from | to, kings
}

// runAfter returns the opponent's three-move state after m, given its
// pieces and the kings after m: cleared if m took the king it counts or
// the opponent's last man.
func (p *Position) runAfter(m capture.Move, next, kings uint64) quietRun {
	return p.kingRun[p.turn&1^1].after(m.Captured(), next, kings)
}

// after returns the three-move state r of a side after the other side's
// move took the pieces of taken, leaving it pieces, and kings on the
// board.
func (r quietRun) after(taken, pieces, kings uint64) quietRun {
	if taken != 0 && (pieces&^kings == 0 || taken&(1<<(r.sq&63)) != 0) {
		return quietRun{}
	}
	return r
}

// Compare orders moves canonically, returning -1, 0 or +1: by start
// square, then end square, then captured squares compared as ascending
// lists. Sort with slices.SortFunc(moves, [Move.Compare]).
func (m Move) Compare(o Move) int {
	if c := cmp.Compare(m.From(), o.From()); c != 0 {
		return c
	}
	if c := cmp.Compare(m.To(), o.To()); c != 0 {
		return c
	}
	// Bit order is square order, so the lists first differ at the lowest
	// square in one set only; the list without it has a larger square
	// there, or has ended and is the smaller.
	if diff := m.captured() ^ o.captured(); diff != 0 {
		low := diff & -diff
		above := ^(low<<1 - 1)
		if m.captured()&low != 0 {
			if o.captured()&above == 0 {
				return 1
			}
			return -1
		}
		if m.captured()&above == 0 {
			return -1
		}
		return 1
	}
	return cmp.Compare(m.flags(), o.flags())
}
