package frisian

import (
	"fmt"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// Setup is an unchecked, editable description of a position: what a board
// editor or a position reader fills in before asking for a Position. Its
// Position method checks that it describes a position that can occur.
type Setup struct {
	// Board[sq] is the piece on square sq; Board[0] is unused.
	Board [NumSquares + 1]Piece
	// Turn is the side to move.
	Turn Color
	// KingRun is the three-move king state of each side, by Color.
	KingRun [2]KingRun
	// DrawPlies is the draw-rule ply counter (see [Position.DrawPlies]).
	DrawPlies int
}

// Setup returns the editable description of p.
func (p Position) Setup() Setup {
	var s Setup
	for sq := Square(1); sq <= NumSquares; sq++ {
		s.Board[sq] = p.PieceAt(sq)
	}
	s.Turn = p.turn
	s.KingRun = [2]KingRun{p.KingRun(White), p.KingRun(Black)}
	s.DrawPlies = int(p.plies)
	return s
}

// Position checks s and returns the position it describes. The error, a
// *PositionError wrapping [ErrInvalidPosition], says what is impossible:
// an unknown piece or color, a man on its own promotion row, a three-move
// state out of range, naming a square without a king of that side or kept
// by a side without men, or a draw counter outside the king-only endings it
// counts in.
func (s Setup) Position() (Position, error) {
	var p Position
	var byColor [2]uint64
	if s.Turn > Black {
		return Position{}, invalidPosition(0, fmt.Sprintf("no color %d", s.Turn))
	}
	p.turn = s.Turn
	if s.Board[0] != NoPiece {
		return Position{}, invalidPosition(0, "Board[0] is not a square")
	}
	for sq := Square(1); sq <= NumSquares; sq++ {
		pc := s.Board[sq]
		if pc == NoPiece {
			continue
		}
		if pc > BlackKing {
			return Position{}, invalidPosition(sq, fmt.Sprintf("unknown piece %d on %d", pc, sq))
		}
		b := bit(sq)
		c := pc.Color()
		byColor[c] |= b
		if pc.IsKing() {
			p.kings |= b
		} else if layout.PromotionRow[c]&b != 0 {
			return Position{}, invalidPosition(sq, fmt.Sprintf("%s man on its promotion row at %d", c, sq))
		}
	}
	p.side = [2]uint64{byColor[s.Turn], byColor[s.Turn^1]}
	for c := White; c <= Black; c++ {
		km := s.KingRun[c]
		switch {
		case km.Count < 0 || km.Count > KingRunLimit:
			return Position{}, invalidPosition(0, fmt.Sprintf("%s king-move count %d is not 0–%d", c, km.Count, KingRunLimit))
		case km.Count == 0 && km.Square != 0:
			return Position{}, invalidPosition(0, fmt.Sprintf("%s king-move count 0 with a square", c))
		case km.Count == 0:
			continue
		case p.PieceAt(km.Square) != NewPiece(c, true):
			return Position{}, invalidPosition(km.Square, fmt.Sprintf("%s king-move state names square %d, which holds no %s king", c, km.Square, c))
		case byColor[c]&^p.kings == 0:
			return Position{}, invalidPosition(0, fmt.Sprintf("%s has no men but a king-move count", c))
		}
		p.kingRun[c] = quietRun{count: uint8(km.Count), sq: layout.BitOf[km.Square]}
	}
	if s.DrawPlies != 0 {
		if s.DrawPlies < 0 || s.DrawPlies > drawPliesLimit {
			return Position{}, invalidPosition(0, fmt.Sprintf("draw ply counter %d out of range", s.DrawPlies))
		}
		if !isKingEnding(&p) {
			return Position{}, invalidPosition(0, "draw ply counter set outside a 2-v-1 or 1-v-1 king ending")
		}
		p.plies = uint16(s.DrawPlies)
	}
	p.hash = p.computeHash()
	return p, nil
}

// MustPosition is like Position but panics on error. It is for setups known
// to be valid, such as constants in tests.
func (s Setup) MustPosition() Position {
	p, err := s.Position()
	if err != nil {
		panic(err)
	}
	return p
}

// maxPieces is how many pieces a side has at the start of a game, and so
// at most in any position of one.
const maxPieces = 20

// CheckMaterial reports whether p has material a game can reach: at most
// 20 pieces a side (and, as every Position has, no man on its own
// promotion row). [ParseFEN] and [Setup.Position] accept any placement, which
// board editors and puzzles need; a server that takes positions from
// untrusted clients for play calls CheckMaterial too. The error is a
// *PositionError wrapping [ErrInvalidPosition].
func (p Position) CheckMaterial() error {
	for _, c := range [2]Color{White, Black} {
		if n := p.Pieces(c).Len(); n > maxPieces {
			return invalidPosition(0, fmt.Sprintf("%s has %d pieces; a side has at most %d", c, n, maxPieces))
		}
	}
	return nil
}
