package frisian

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	legal := p.LegalMoves()
	for _, m := range legal[:min(len(legal), 2)] {
		texts = append(texts, p.MoveText(m).String(), p.fullText(m))
		if path := p.Path(m); len(path) > 3 {
			texts = append(texts, fmt.Sprintf("%dx%dx%d", path[0], path[2], path[len(path)-1]))
		}
	}
	return texts
}

// Under a context that is never done, ParseMoveContext gives ParseMove's
// answer, error text included, on the hardest known positions and on
// ordinary ones.
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
	ctx := context.Background()
	for _, fen := range fens {
		p := MustParseFEN(fen)
		for _, text := range contextTexts(p) {
			want, wantErr := p.ParseMove(text)
			got, err := p.parseMove(ctx, text)
			if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s %s: ParseMoveContext %v, %v; ParseMove %v, %v", fen, text, got, err, want, wantErr)
			}
			checkAmong(t, p, text)
		}
	}
}

// Once its context is done, ParseMoveContext answers a text that needs a
// search with ErrSearchStopped and the context's error, and never with
// a move or an illegal-move error it could not prove. A quiet move or a
// full path needs no search.
func TestParseMoveContextStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// A man taking four pieces in a row: found by the plain search,
	// which needs no context, but a partial path is searched.
	p := MustParseFEN("W:W47:B42,32,22,12")
	m := p.LegalMoves()[0]
	path := p.Path(m)
	partial := fmt.Sprintf("%dx%dx%d", path[0], path[2], path[len(path)-1])
	if _, err := p.ParseMove(partial); err != nil {
		t.Fatalf("%s: %v", partial, err)
	}
	got, err := p.parseMove(ctx, partial)
	if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
		t.Errorf("%s, cancelled: %v, %v; want ErrSearchStopped", partial, got, err)
	}
	if got, err := p.parseMove(ctx, p.fullText(m)); err != nil || got != m {
		t.Errorf("full path, cancelled: %v, %v; want %v", got, err, m)
	}
	start := StartPosition()
	if got, err := start.parseMove(ctx, "32-28"); err != nil || got.From() != 32 {
		t.Errorf("32-28, cancelled: %v, %v", got, err)
	}
	// A hard position's moves themselves need the context.
	hard := MustParseFEN(worstCases(t)[0][1])
	if _, err := hard.parseMove(ctx, "50x1"); !errors.Is(err, ErrSearchStopped) {
		t.Errorf("man26, cancelled: %v; want ErrSearchStopped", err)
	}
	// ResolveAmong, given the moves, searches the partial path under ctx
	// alike, and answers the rest whatever ctx.
	among := func(p Position, text string) (Move, error) {
		t.Helper()
		mt, err := ParseMoveText(text)
		if err != nil {
			t.Fatal(err)
		}
		return mt.resolveAmongForTest(ctx, p, p.LegalMoves())
	}
	if got, err := among(p, partial); !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
		t.Errorf("ResolveAmong %s, cancelled: %v, %v; want ErrSearchStopped", partial, got, err)
	}
	if got, err := among(p, p.fullText(m)); err != nil || got != m {
		t.Errorf("ResolveAmong full path, cancelled: %v, %v; want %v", got, err, m)
	}
	if got, err := among(start, "32-28"); err != nil || got.From() != 32 {
		t.Errorf("ResolveAmong 32-28, cancelled: %v, %v", got, err)
	}
	var nilCtx context.Context
	if _, err := (MoveText{Squares: []Square{32, 28}}).resolveAmongForTest(nilCtx, start, start.LegalMoves()); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ResolveAmong, nil context: %v; want os.ErrInvalid", err)
	}
	if _, err := start.parseMove(nilCtx, "32-28"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("nil context: %v; want os.ErrInvalid", err)
	}
	if _, err := (MoveText{Squares: []Square{32, 28}}).resolveContextForTest(nilCtx, start); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ResolveContext, nil context: %v; want os.ErrInvalid", err)
	}
}

// A nil context is misuse, the same for every call that takes one.
func TestNilContexts(t *testing.T) {
	var nilCtx context.Context
	p := StartPosition()
	if _, err := p.legalMovesForTest(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("LegalMovesContext(nil): %v", err)
	}
	r := NewPDNReader(strings.NewReader("1. 32-28 *"))
	if _, err := r.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NextContext(nil): %v", err)
	}
	// Bad text with a nil ctx: the nil ctx is the error.
	if _, err := p.parseMove(nilCtx, "x"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ParseMoveContext(nil, %q): %v", "x", err)
	}
	if _, err := p.parseHubMoveForTest(nilCtx, "x"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("ParseHubMoveContext(nil, %q): %v", "x", err)
	}
	// The zero PDNReader, which reads an empty stream, and one whose
	// reading has ended answer a nil ctx alike.
	var zero PDNReader
	if _, err := zero.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("zero PDNReader, NextContext(nil): %v", err)
	}
	if _, err := r.Next(); err != nil {
		t.Fatalf("Next: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("Next after the only game: %v; want io.EOF", err)
	}
	if _, err := r.NextContext(nilCtx); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("NextContext(nil) after the end: %v", err)
	}
}

// A MoveText of any length gives an error of bounded size, and one with
// more landing squares than any capture takes no path search.
func TestResolveLongText(t *testing.T) {
	p := MustParseFEN("W:W47:B42,32,22,12")
	sq := make([]Square, 100000)
	for i := range sq {
		sq[i] = Square(47 - 20*(i%2))
	}
	sq[len(sq)-1] = 7
	_, err := MoveText{Squares: sq, Capture: true}.Resolve(p)
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || len(err.Error()) > 1000 {
		t.Errorf("error of %d bytes: %.200v", len(fmt.Sprint(err)), err)
	}
}

// hubTexts returns Hub texts to read in p: a few legal moves' HubString,
// and texts that name no legal move (a capture without its last piece, a
// move of the other side, a quiet move where a capture is compulsory).
func hubTexts(p Position) []string {
	texts := []string{"32-28", "1-6", "50x1x23", "28x19x23"}
	legal := p.LegalMoves()
	for _, m := range legal[:min(len(legal), 3)] {
		h := m.HubString()
		texts = append(texts, h)
		if m.Captured().Len() > 1 {
			texts = append(texts, h[:strings.LastIndexByte(h, 'x')])
		}
	}
	return texts
}

// Under a context that is never done, and under one that could be but is
// not, ParseHubMoveContext gives ParseHubMove's answer, error text
// included, and a legal move's Hub text reads back as that move.
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
			want, wantErr := p.ParseHubMove(text)
			for _, ctx := range []context.Context{context.Background(), live} {
				got, err := p.parseHubMoveForTest(ctx, text)
				if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Errorf("%s %s: ParseHubMoveContext %v, %v; ParseHubMove %v, %v", fen, text, got, err, want, wantErr)
				}
			}
			if wantErr == nil && (!p.IsLegal(want) || want.HubString() != text) {
				t.Errorf("%s %s: read as %s", fen, text, want.HubString())
			}
			if wantErr != nil && !errors.Is(wantErr, ErrIllegalMove) && !errors.Is(wantErr, ErrInvalidMove) {
				t.Errorf("%s %s: %v, want ErrIllegalMove or ErrInvalidMove", fen, text, wantErr)
			}
		}
	}
}

// Once its context is done, ParseHubMoveContext answers in a position whose
// captures need a long search with ErrSearchStopped and the context's
// error, never with a move or an illegal-move error; where the moves come
// from the quick pass it answers as usual. A nil context is misuse.
func TestParseHubMoveContextStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hard := MustParseFEN(worstCases(t)[0][1])
	for _, m := range hard.LegalMoves() {
		got, err := hard.parseHubMoveForTest(ctx, m.HubString())
		if !errors.Is(err, ErrSearchStopped) || !errors.Is(err, context.Canceled) || !got.IsZero() {
			t.Errorf("%s, cancelled: %v, %v; want ErrSearchStopped", m.HubString(), got, err)
		}
	}
	if _, err := hard.parseHubMoveForTest(ctx, "50-45"); !errors.Is(err, ErrSearchStopped) {
		t.Errorf("50-45, cancelled: %v; want ErrSearchStopped", err)
	}
	start := StartPosition()
	if got, err := start.parseHubMoveForTest(ctx, "32-28"); err != nil || got.From() != 32 || got.To() != 28 {
		t.Errorf("32-28, cancelled: %v, %v", got, err)
	}
	// A syntax error needs no moves.
	if _, err := hard.parseHubMoveForTest(ctx, "50x"); !errors.Is(err, ErrInvalidMove) {
		t.Errorf("50x, cancelled: %v; want ErrInvalidMove", err)
	}
	var nilCtx context.Context
	if _, err := start.parseHubMoveForTest(nilCtx, "32-28"); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("nil context: %v; want os.ErrInvalid", err)
	}
}

// ResolveAmong given moves that are not p's, or none, answers without
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
		mt := MoveText{Squares: sq, Capture: n > 2 || rapid.Bool().Draw(t, "capture")}
		m, err := mt.resolveAmongForTest(context.Background(), p, moves)
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
