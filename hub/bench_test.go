package hub

import (
	"context"
	"io"
	"os"
	"testing"
	"time"
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
