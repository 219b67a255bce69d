package hub

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"

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
// dominates.
func BenchmarkParseMove(b *testing.B) {
	p := frisian.MustParseFEN("B:WK4,6,8,K9,10,11,13,K15,17,18,19,20,K22,24,27,28,29,33,35,38,39,40,K42,44,K48:BK2,K7,K26,31,K37,K50")
	text := testgame.Legal(p).Moves()[0].String()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseMove(ctx, p, text); err != nil {
			b.Fatal(err)
		}
	}
}

// positionEngine works out the position it is sent, as an engine does,
// and plays its first legal move.
type positionEngine struct{}

func (positionEngine) Search(ctx context.Context, s Search, report func(Info)) (Result, error) {
	p, err := s.Position()
	if err != nil {
		return Result{}, err
	}
	return Result{Move: testgame.Legal(p).Moves()[0]}, nil
}

// BenchmarkServePosGo measures the server's side of one search, pos,
// level and go to done, with an engine that works out the position: on a
// game of 60 plies from the start, and on one capture from a crowded
// position (climb3Any) whose moves take long to generate.
func BenchmarkServePosGo(b *testing.B) {
	crowded := frisian.MustParseFEN("B:WK4,6,8,K9,10,11,13,K15,17,18,19,20,K22,24,27,28,29,33,35,38,39,40,K42,44,K48:BK2,K7,K26,31,K37,K50")
	game := []frisian.Move{}
	p := frisian.StartPosition()
	for range 60 {
		moves := testgame.Legal(p).Moves()
		m := moves[len(moves)/2]
		game = append(game, m)
		p = p.Apply(m)
	}
	for _, bc := range []struct {
		name  string
		start frisian.Position
		moves []frisian.Move
	}{
		{"game", frisian.StartPosition(), game},
		{"crowded", crowded, testgame.Legal(crowded).Moves()[:1]},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cmds := Search{Start: bc.start, Moves: bc.moves}.posLine().String() + "\nlevel depth=1\ngo think\n"
			in, toServer := io.Pipe()
			fromServer, out := io.Pipe()
			served := make(chan error, 1)
			go func() {
				served <- Serve(in, out, positionEngine{})
				out.Close()
			}()
			lines := newLineReader(fromServer)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := io.WriteString(toServer, cmds); err != nil {
					b.Fatal(err)
				}
				for {
					l, err := lines()
					if err != nil {
						b.Fatal(err)
					}
					if strings.HasPrefix(l, "error") {
						b.Fatal(l)
					}
					if strings.HasPrefix(l, "done") {
						break
					}
				}
			}
			toServer.Close()
			if err := <-served; err != nil {
				b.Fatal(err)
			}
		})
	}
}
