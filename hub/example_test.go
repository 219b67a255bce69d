package hub_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/hub"
)

// firstMove is a tiny engine: it plays the first legal move in canonical
// order and reports it as a search of depth 1.
type firstMove struct{}

func (firstMove) ID() hub.ID { return hub.ID{Name: "First", Version: "1.0"} }

func (firstMove) Search(ctx context.Context, s hub.Search, report func(hub.Info)) (hub.Result, error) {
	p, err := s.Position()
	if err != nil {
		return hub.Result{}, err
	}
	l, err := p.Legal(ctx)
	if err != nil {
		return hub.Result{}, err
	}
	moves := l.Moves()
	report(hub.Info{Depth: 1, Score: 0, HasScore: true, Nodes: int64(len(moves)), PV: moves[:1]})
	return hub.Result{Move: moves[0]}, nil
}

// ExampleStart asks an engine program, such as Scan, for a move.
func ExampleStart() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := hub.Start(ctx, "/opt/scan/scan", "hub")
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	g := pdn.NewGame(frisian.StartPosition())
	start, err := g.Position().Legal(ctx)
	if err != nil {
		log.Fatal(err)
	}
	m, err := start.ParseMove(ctx, "32-28")
	if err != nil {
		log.Fatal(err)
	}
	if err := g.Play(context.Background(), m); err != nil {
		log.Fatal(err)
	}
	s := hub.FromGame(g)
	s.Limits = hub.Limits{MoveTime: time.Second}
	res, err := c.BestMove(ctx, s)
	if err != nil {
		log.Fatal(err)
	}
	l, err := g.Position().Legal(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.ID().Name, "plays", l.Text(res.Move), "score", res.Info.Score)
}

// ExampleServe answers a GUI's commands, here a script of them.
func ExampleServe() {
	start := hub.FormatPosition(frisian.StartPosition())
	commands := strings.Join([]string{
		"hub",
		"init",
		"pos pos=" + start + ` moves="32-28 19-23"`,
		"level move-time=1",
		"go think",
		"quit",
	}, "\n")
	if err := hub.Serve(strings.NewReader(commands), os.Stdout, firstMove{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// id name=First version=1.0
	// param name=variant value=frisian type=enum values=frisian
	// wait
	// ready
	// info depth=1 score=0.00 nodes=1 pv=28x19x23
	// done move=28x19x23
}

// ExampleClient_Analyse streams the reports of an analysis. The engine runs
// in this program, on the far side of a pair of pipes.
func ExampleClient_Analyse() {
	engineIn, toEngine := io.Pipe()
	fromEngine, engineOut := io.Pipe()
	go func() {
		hub.Serve(engineIn, engineOut, firstMove{})
		engineOut.Close()
	}()
	ctx := context.Background()
	c, err := hub.NewClient(ctx, fromEngine, toEngine, hub.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	a, err := c.Analyse(ctx, hub.Search{Start: frisian.StartPosition(), Limits: hub.Limits{Depth: 1}})
	if err != nil {
		log.Fatal(err)
	}
	for info := range a.Info() {
		fmt.Println("depth", info.Depth, "pv", info.PV)
	}
	res, err := a.Wait(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("best", res.Move)
	// Output:
	// depth 1 pv [31-26]
	// best 31-26
}

func ExampleFormatPosition() {
	p := frisian.MustParseFEN("B:WK4,K5,25,35,36:BK38,K48")
	fmt.Println(hub.FormatPosition(p))
	// Output: BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee
}

func ExampleParsePosition() {
	p, err := hub.ParsePosition("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.FEN())
	// Output: W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
}

// ExampleFromGame sends a game so that the engine knows the king counted by
// the three-move rule.
func ExampleFromGame() {
	ctx := context.Background()
	g := pdn.NewGame(frisian.MustParseFEN("W:WK25,46:B10,K1"))
	for _, text := range []string{"25-30", "1-7", "30-25", "7-1", "25-30", "1-7"} {
		l, _ := g.Position().Legal(ctx)
		m, err := l.ParseMove(ctx, text)
		if err != nil {
			log.Fatal(err)
		}
		if err := g.Play(context.Background(), m); err != nil {
			log.Fatal(err)
		}
	}
	s := hub.FromGame(g)
	fmt.Println(hub.FormatPosition(s.Start), s.Moves)
	p, _ := s.Position()
	l, _ := p.Legal(ctx)
	fmt.Println(l.Moves())
	// Output:
	// WBeeeeeeeebeeeeeeeeeeeeeeWeeeeeeeeeeeeeeeeeeeeweeee [25-30 1-7 30-25 7-1 25-30 1-7]
	// [46-41]
}
