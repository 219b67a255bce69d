package capture

import "github.com/frisian-draughts/frisian/internal/layout"

// The position and the move as move generation reads and writes them,
// for quiet moves as for captures.

// The flags of a Move.
const (
	FlagKing      uint8 = 1 << iota // made by a king
	FlagPromotion                   // crowns a man
)

// Move is a move: start and end square (bit indices), flags, captured pieces.
type Move struct {
	from, to, flags uint8
	captured        uint64
}

// NewMove returns the move from bit from to bit to with flags and captured.
func NewMove(from, to, flags uint8, captured uint64) Move {
	return Move{from: from, to: to, flags: flags, captured: captured}
}

// From returns the bit of the start square.
func (m Move) From() uint8 { return m.from }

// To returns the bit of the end square.
func (m Move) To() uint8 { return m.to }

// Flags returns the flags.
func (m Move) Flags() uint8 { return m.flags }

// Captured returns the captured pieces.
func (m Move) Captured() uint64 { return m.captured }

// Board is a position as move generation reads it.
type Board struct {
	Own, Opp                          uint64 // the pieces of the side to move, and of the other side
	OwnMen, OwnKings, OppKings, Empty uint64
	Side                              int // the side to move: 0 White, 1 Black
}

// Init fills in b from the pieces of each side, the kings and the side to move.
func (b *Board) Init(own, opp, kings uint64, side int) {
	b.Own, b.Opp = own, opp
	b.OwnKings, b.OwnMen, b.OppKings = own&kings, own&^kings, opp&kings
	b.Empty, b.Side = layout.BoardMask&^(own|opp), side
}
