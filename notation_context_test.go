package frisian

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// contextTexts returns texts to resolve in p: the short text and full
// path of a few legal moves, a partial path through one landing square,
// and a few texts that name no legal move.
func contextTexts(p Position) []string {
	texts := []string{"32-28", "1x50", "28x17x8"}
	legal := legalOf(p).Moves()
	for _, m := range legal[:min(len(legal), 2)] {
		texts = append(texts, legalOf(p).Text(m), p.fullText(m))
		if path := legalOf(p).Path(m); len(path) > 3 {
			texts = append(texts, fmt.Sprintf("%dx%dx%d", path[0], path[2], path[len(path)-1]))
		}
	}
	return texts
}

// Under a context that could be done but is not, Legal.ParseMove gives
// the answer it gives without a deadline (where it skips the checks),
// error text included, on the hardest known positions and on ordinary
// ones.
func TestParseMoveContextSame(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	fens := []string{StartPosition().FEN(), benchMiddlegame, benchKingCaptures, "W:WK43,K50:B1,K5,K7,22,26"}
	for i, c := range worstCaseSample(t) {
		// An eighth of the table, not the eighth of
		// TestParseHubMoveContextSame: a text naming a few landing
		// squares of an ambiguous capture costs up to 0.2 s there.
		if !long() && c[2] == "1" && len(fens) < 7 || long() && i%8 == 2 {
			fens = append(fens, c[1]) // short: three of the sample's one-move rows
		}
	}
	live, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, fen := range fens {
		p := MustParseFEN(fen)
		for _, text := range contextTexts(p) {
			want, wantErr := legalOf(p).ParseMove(context.Background(), text)
			got, err := parseIn(p, live, text)
			if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s %s: under a live context %v, %v; without %v, %v", fen, text, got, err, want, wantErr)
			}
			checkAmong(t, p, text)
		}
	}
}

// Once its context is done, ParseMove under ctx answers a text that needs a
// search with ErrSearchStopped and the context's error, and never with
// a move or an illegal-move error it could not prove. A quiet move or a
// full path needs no search.
func TestParseMoveContextStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// A man taking four pieces in a row: found by the plain search,
	// which needs no context, but a partial path is searched.
	p := MustParseFEN("W:W47:B42,32,22,12")
	m := legalOf(p).Moves()[0]
	path := legalOf(p).Path(m)
	partial := fmt.Sprintf("%dx%dx%d", path[0], path[2], path[len(path)-1])
	if _, err := legalOf(p).ParseMove(context.Background(), partial); err != nil {
		t.Fatalf("%s: %v", partial, err)
	}
	got, err := parseIn(p, ctx, partial)
	if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
		t.Errorf("%s, cancelled: %v, %v; want ErrSearchStopped", partial, got, err)
	}
	if got, err := parseIn(p, ctx, p.fullText(m)); err != nil || got != m {
		t.Errorf("full path, cancelled: %v, %v; want %v", got, err, m)
	}
	start := StartPosition()
	if got, err := parseIn(start, ctx, "32-28"); err != nil || got.From() != 32 {
		t.Errorf("32-28, cancelled: %v, %v", got, err)
	}
	// A capture that no move makes needs no search: illegal, not stopped.
	if _, err := parseIn(start, ctx, "32x28"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("32x28, cancelled: %v; want ErrIllegalMove", err)
	}
	// A hard position's moves themselves need the context.
	hard := MustParseFEN(worstCases(t)[0][1])
	if _, err := parseIn(hard, ctx, "50x1"); !errors.Is(err, ErrSearchStopped) {
		t.Errorf("man26, cancelled: %v; want ErrSearchStopped", err)
	}
	// resolveAmong, given the moves, searches the partial path under ctx
	// alike, and answers the rest whatever ctx.
	among := func(p Position, text string) (Move, error) {
		t.Helper()
		mt, err := parseMoveText(text)
		if err != nil {
			t.Fatal(err)
		}
		return mt.resolveAmong(ctx, p, legalOf(p).Moves())
	}
	if got, err := among(p, partial); !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
		t.Errorf("resolveAmong %s, cancelled: %v, %v; want ErrSearchStopped", partial, got, err)
	}
	if got, err := among(p, p.fullText(m)); err != nil || got != m {
		t.Errorf("resolveAmong full path, cancelled: %v, %v; want %v", got, err, m)
	}
	if got, err := among(start, "32-28"); err != nil || got.From() != 32 {
		t.Errorf("resolveAmong 32-28, cancelled: %v, %v", got, err)
	}
	var nilCtx context.Context
	if _, err := (moveText{Squares: []Square{32, 28}}).resolveAmong(nilCtx, start, legalOf(start).Moves()); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("resolveAmong, nil context: %v; want os.ErrInvalid", err)
	}
	if _, err := parseIn(start, nilCtx, "32-28"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("nil context: %v; want os.ErrInvalid", err)
	}
}

// A nil context is misuse, the same for every call that takes one.
func TestNilContexts(t *testing.T) {
	var nilCtx context.Context
	p := StartPosition()
	if _, err := movesIn(p, nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("Legal(nil): %v", err)
	}
	// Bad text with a nil ctx: the nil ctx is the error.
	if _, err := parseIn(p, nilCtx, "x"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ParseMove(nil, %q): %v", "x", err)
	}
	if _, err := parseHubIn(p, nilCtx, "x"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ParseHubMove(nil, %q): %v", "x", err)
	}

}

// A move text of any length gives an error of bounded size, and one with
// more landing squares than any capture takes no path search.
func TestResolveLongText(t *testing.T) {
	p := MustParseFEN("W:W47:B42,32,22,12")
	sq := make([]Square, 100000)
	for i := range sq {
		sq[i] = Square(47 - 20*(i%2))
	}
	sq[len(sq)-1] = 7
	_, err := moveText{Squares: sq, Capture: true}.resolveAmong(context.Background(), p, legalOf(p).Moves())
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || len(err.Error()) > 1000 {
		t.Errorf("error of %d bytes: %.200v", len(fmt.Sprint(err)), err)
	}
}

// hubTexts returns Hub texts to read in p: a few legal moves' String,
// and texts that name no legal move (a capture without its last piece, a
// move of the other side, a quiet move where a capture is compulsory).
func hubTexts(p Position) []string {
	texts := []string{"32-28", "1-6", "50x1x23", "28x19x23"}
	legal := legalOf(p).Moves()
	for _, m := range legal[:min(len(legal), 3)] {
		h := m.String()
		texts = append(texts, h)
		if m.Captured().Len() > 1 {
			texts = append(texts, h[:strings.LastIndexByte(h, 'x')])
		}
	}
	return texts
}

// Under a context that could be done but is not, Legal.ParseHubMove gives
// the answer it gives without a deadline, error text included, and a
// legal move's Hub text reads back as that move.
func TestParseHubMoveContextSame(t *testing.T) {
	t.Parallel() // with the other long checks of exact answers, after the rest
	fens := []string{StartPosition().FEN(), benchMiddlegame, benchKingCaptures, "W:WK43,K50:B1,K5,K7,22,26"}
	for i, c := range worstCaseSample(t) {
		// An eighth of the table, not TestParseMoveContextSame's: each
		// text costs three generations.
		if !long() && c[2] == "1" && len(fens) < 7 || long() && i%8 == 4 {
			fens = append(fens, c[1]) // short: three of the sample's one-move rows
		}
	}
	live, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, fen := range fens {
		p := MustParseFEN(fen)
		for _, text := range hubTexts(p) {
			want, wantErr := legalOf(p).ParseHubMove(text)
			if got, err := parseHubIn(p, live, text); got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s %s: under a live context %v, %v; without %v, %v", fen, text, got, err, want, wantErr)
			}
			if wantErr == nil && (!legalOf(p).Contains(want) || want.String() != text) {
				t.Errorf("%s %s: read as %s", fen, text, want.String())
			}
			if wantErr != nil && !errors.Is(wantErr, ErrIllegalMove) && !errors.Is(wantErr, ErrInvalidMove) {
				t.Errorf("%s %s: %v, want ErrIllegalMove or ErrInvalidMove", fen, text, wantErr)
			}
		}
	}
}

// Once its context is done, ParseHubMove under ctx answers in a position whose
// captures need a long search with ErrSearchStopped and the context's
// error, never with a move or an illegal-move error; where the moves come
// from the quick pass it answers as usual. A nil context is misuse.
func TestParseHubMoveContextStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hard := MustParseFEN(worstCases(t)[0][1])
	for _, m := range legalOf(hard).Moves() {
		got, err := parseHubIn(hard, ctx, m.String())
		if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
			t.Errorf("%s, cancelled: %v, %v; want ErrSearchStopped", m.String(), got, err)
		}
	}
	if _, err := parseHubIn(hard, ctx, "50-45"); !errors.Is(err, ErrSearchStopped) {
		t.Errorf("50-45, cancelled: %v; want ErrSearchStopped", err)
	}
	start := StartPosition()
	if got, err := parseHubIn(start, ctx, "32-28"); err != nil || got.From() != 32 || got.To() != 28 {
		t.Errorf("32-28, cancelled: %v, %v", got, err)
	}
	var nilCtx context.Context
	if _, err := parseHubIn(start, nilCtx, "32-28"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("nil context: %v; want os.ErrInvalid", err)
	}
}

// resolveAmong given moves that are not p's, or none, answers without
// panicking, and with a typed error when it finds no move.
func TestResolveAmongOtherMoves(t *testing.T) {
	checkProp(t, func(t *rapid.T) {
		p := anyPosition.Draw(t, "p")
		moves := rapid.SliceOfN(rapid.OneOf(anyMove, rawMove), 0, 6).Draw(t, "moves")
		n := rapid.IntRange(2, 5).Draw(t, "n")
		sq := make([]Square, n)
		for i := range sq {
			sq[i] = Square(rapid.IntRange(1, 50).Draw(t, "square"))
		}
		mt := moveText{Squares: sq, Capture: n > 2 || rapid.Bool().Draw(t, "capture")}
		m, err := mt.resolveAmong(context.Background(), p, moves)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%s %v among %v: %v is not a *MoveError", p, mt, moves, err)
			}
		} else if !slices.Contains(moves, m) {
			t.Fatalf("%s %v among %v: %v, not one of them", p, mt, moves, m)
		}
	})
}
