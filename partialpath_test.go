package frisian

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// witnessPath returns a path of the capture m whose landing squares pass
// through mid in order, found by a walk that asks the Euler test before
// each step, or nil when there is none. Tests check the path it gives with
// the reference rules (checkPathOf).
func witnessPath(p Position, m Move, mid []Square) []Square {
	w := newWalker(&p, int(m.from()&63), m.captured())
	to := int(m.to() & 63)
	path := []Square{m.From()}
	tried := map[[3]uint64]bool{}
	var walk func(at int, left uint64, k int) bool
	walk = func(at int, left uint64, k int) bool {
		if left == 0 {
			return at == to && k == len(mid)
		}
		key := [3]uint64{uint64(at), left, uint64(k)}
		if tried[key] {
			return false
		}
		tried[key] = true
		ok := false
		w.Steps(at, left, func(l, pc int) {
			rest := left &^ (1 << pc)
			if ok || (rest == 0 && k < len(mid)) || w.Ends(context.Background(), l, rest, 1<<to, 0) == 0 {
				return
			}
			next := k
			if k < len(mid) && rest != 0 && squareOfBit(l) == mid[k] {
				next++
			}
			path = append(path, squareOfBit(l))
			if ok = walk(l, rest, next); !ok {
				path = path[:len(path)-1]
			}
		})
		return ok
	}
	if !walk(int(m.from()&63), m.captured(), 0) {
		return nil
	}
	return path
}

// In lidraughts' worst case, whose one move has countless paths, every
// text naming one or two landing squares in order resolves to the move
// exactly when some path of the move lands on them in that order; the
// path is checked by the reference rules.
func TestPathologicalPartialPaths(t *testing.T) {
	p := MustParseFEN(benchPathological)
	m := legalOf(p).Moves()[0]
	var landings []Square // every square a path could land on
	for sq := Square(1); sq <= NumSquares; sq++ {
		if sq == m.From() || p.PieceAt(sq) == NoPiece {
			landings = append(landings, sq)
		}
	}
	resolved := 0
	try := func(mid ...Square) {
		text := fmt.Sprint(m.From())
		for _, sq := range mid {
			text += fmt.Sprintf("x%d", sq)
		}
		text += fmt.Sprintf("x%d", m.To())
		got, err := legalOf(p).ParseMove(context.Background(), text)
		w := witnessPath(p, m, mid)
		switch {
		case w != nil && (err != nil || got != m):
			t.Errorf("%s: %v, %v; want the move, which has the path %v", text, got, err, w)
		case w != nil:
			checkPathOf(t, p, m, w)
			resolved++
		}
		if err != nil && strings.Contains(err.Error(), "heavier") {
			t.Errorf("%s: %v: the move typed is the only legal one", text, err)
		}
	}
	for _, a := range landings {
		try(a)
	}
	if !long() {
		return // the pairs take half a minute
	}
	for _, a := range landings {
		for _, b := range landings {
			try(a, b)
		}
	}
	t.Logf("%d of %d texts name the move", resolved, len(landings)*(len(landings)+1))
}
