package frisian

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/frisian-draughts/frisian/internal/layout"
)

// Why a move text names no legal move, in words a player can act on.

// whyIllegal says in words why no legal move of p matches t. It runs only
// after a failed match, so it may take its time: it enumerates captures
// ignoring precedence to tell a lighter capture from an impossible one.
func (p Position) whyIllegal(t moveText, legal []Move) string {
	from, to := t.Squares[0], t.Squares[len(t.Squares)-1]
	if why := p.whyNotMover(from, legal); why != "" {
		return why
	}
	us, pc := p.Turn(), p.PieceAt(from)
	captures := legal[0].IsCapture()
	if !t.Capture {
		if captures {
			return "capturing is compulsory (Art. 10)"
		}
		if km := p.KingRun(us); pc.IsKing() && km.Count >= KingRunLimit && km.Square == from {
			st := p.Setup()
			st.KingRun[us] = KingRun{}
			if q, err := st.Position(); err == nil {
				if _, err := t.resolve(context.Background(), q, q.legalMoves(), t.String()); err == nil {
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
		return fmt.Sprintf("a heavier capture must be played, such as %s taking %s (Art. 11–12)", p.textAmong(best, legal), describeTaken(p, best.Captured()))
	case unfinished:
		return fmt.Sprintf("the capture must go on from %d (Art. 9)", to)
	case !captures:
		return "there is no capture to make"
	case !searched:
		return fmt.Sprintf("no legal capture of the piece on %d goes that way", from)
	}
	return fmt.Sprintf("the piece on %d cannot capture to %d that way", from, to)
}

// whyNotMover says why the piece on sq cannot begin any of legal, the
// legal moves of p, where the square alone shows it: no piece, one of the
// side not to move, or no legal move at all; "" otherwise.
func (p Position) whyNotMover(sq Square, legal []Move) string {
	us := p.Turn()
	switch pc := p.PieceAt(sq); {
	case pc == NoPiece:
		return fmt.Sprintf("no piece on %d", sq)
	case pc.Color() != us:
		return fmt.Sprintf("%d holds a %s piece and %s is to move", sq, pc.Color(), us)
	case len(legal) == 0:
		return fmt.Sprintf("%s has no legal move", us)
	}
	return ""
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
