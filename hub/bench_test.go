package hub

import (
	"context"
	"io"
	"os"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian"
)

// benchSearch measures one search of depth 1 (pos, level, ping, go and the
// answers), the cost of the protocol itself.
func benchSearch(b *testing.B, c *Client) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.BestMove(ctx, startSearch.withLimits(Limits{Depth: 1})); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBestMovePipe: client and server in one process, over io.Pipe.
func BenchmarkBestMovePipe(b *testing.B) {
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	go func() {
		Serve(sr, sw, &testEngine{})
		sw.Close()
	}()
	c, err := NewClient(context.Background(), cr, cw, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	benchSearch(b, c)
}

// BenchmarkBestMoveProcess: the server in a child process, over OS pipes.
func BenchmarkBestMoveProcess(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Start(ctx, exe, "hubfake", "serve")
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	benchSearch(b, c)
}

// BenchmarkParseMove reads an engine's capture in a crowded position
// (climb3Any of the root's testdata/worstcase.txt), whose move generation
// dominates. "once" is ParseMove; "twice" is how it read a move before,
// a bounded generation and then ParseHubMove's own.
func BenchmarkParseMove(b *testing.B) {
	p := frisian.MustParseFEN("B:WK4,6,8,K9,10,11,13,K15,17,18,19,20,K22,24,27,28,29,33,35,38,39,40,K42,44,K48:BK2,K7,K26,31,K37,K50")
	text := p.LegalMoves()[0].HubString()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b.Run("once", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ParseMove(ctx, p, text); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("twice", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.LegalMovesContext(ctx); err != nil {
				b.Fatal(err)
			}
			if _, err := p.ParseHubMove(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}
