package hub

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian/pdn"

	"github.com/frisian-draughts/frisian"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

func TestHandshakeAndParams(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	if got, want := c.ID(), (ID{Name: "test engine", Version: "1.0", Author: "the hub tests"}); got.Name != want.Name || got.Version != want.Version || got.Author != want.Author || got.Country != "" {
		t.Errorf("ID = %+v, want %+v", got, want)
	}
	want := []Param{
		{Name: "variant", Value: "frisian", Type: "enum", Values: []string{"frisian"}},
		{Name: "style", Value: "greedy", Type: "enum", Values: []string{"greedy", "first"}},
		{Name: "hash", Value: "16", Type: "int", Min: "1", Max: "1024"},
	}
	if diff := cmp.Diff(want, c.Params()); diff != "" {
		t.Errorf("Params (-want +got):\n%s", diff)
	}
	if err := c.SetParam(ctx, "style", "first"); err != nil {
		t.Fatal(err)
	}
	if p, ok := c.Param("style"); !ok || p.Value != "first" || !slices.Equal(p.Values, []string{"greedy", "first"}) {
		t.Errorf("style after SetParam: %+v, %v", p, ok)
	}
	if p, ok := c.Param("nonsense"); ok || p.Name != "" {
		t.Errorf("Param(nonsense) = %+v, %v; want none", p, ok)
	}
	var ee *EngineError
	if err := c.SetParam(ctx, "style", "wild"); !errors.As(err, &ee) || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "bad value") {
		t.Errorf("SetParam(style, wild) = %v, want an EngineError", err)
	}
	wantErr(t, "SetParam(nonsense)", c.SetParam(ctx, "nonsense", "1"), ErrRejected)
	wantErr(t, "SetParam(variant, normal)", c.SetParam(ctx, "variant", "normal"), ErrRejected)
	wantErr(t, "SetParam with a quote", c.SetParam(ctx, "style", `"`), ErrProtocol)
	if err := c.Init(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	e.mu.Lock()
	if e.style != "first" || e.newGames != 1 {
		t.Errorf("engine saw style %q and %d new games", e.style, e.newGames)
	}
	e.mu.Unlock()
}

// Setup sets the parameters in order and initialises the engine; a
// parameter the engine rejects is named in the error, and stops it.
func TestSetup(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	if err := c.Setup(ctx, Setting{"style", "first"}, Setting{"hash", "64"}); err != nil {
		t.Fatal(err)
	}
	if p, _ := c.Param("hash"); p.Value != "64" {
		t.Errorf("hash after Setup: %+v", p)
	}
	c.op <- struct{}{}
	if !c.initialized {
		t.Error("Setup did not initialise the engine")
	}
	<-c.op
	e.mu.Lock()
	if e.style != "first" {
		t.Errorf("engine saw style %q", e.style)
	}
	e.mu.Unlock()

	c = serve(t, &testEngine{})
	err := c.Setup(ctx, Setting{"style", "wild"}, Setting{"hash", "64"})
	wantErr(t, "Setup(style=wild)", err, ErrRejected)
	if err == nil || !strings.Contains(err.Error(), "style=wild") {
		t.Errorf("Setup error %v does not name the setting", err)
	}
	if p, _ := c.Param("hash"); p.Value != "16" {
		t.Errorf("hash set after a failed setting: %+v", p)
	}
}

func TestInitError(t *testing.T) {
	noLeaks(t)
	c := serve(t, &testEngine{initErr: errors.New("no eval file")})
	err := c.Init(timeout(t, 5*time.Second))
	wantErr(t, "Init", err, ErrRejected)
	if err == nil || !strings.Contains(err.Error(), "no eval file") {
		t.Errorf("Init error %v lacks the engine's message", err)
	}
}

func TestBestMove(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	// A position where the greedy engine must take two men rather than one.
	p := frisian.MustParseFEN("W:W28,33,34:B22,23,19,12")
	res, err := c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	best, reply := choose(p, "")
	if res.Move != best || res.Ponder != reply || !testgame.Legal(p).Contains(res.Move) {
		t.Errorf("BestMove = %v ponder %v, want %v ponder %v", res.Move, res.Ponder, best, reply)
	}
	if res.Info.Depth != 3 || res.Info.Score != 0.75 || res.Info.Nodes != 300 || !slices.Equal(res.Info.PV, []frisian.Move{best, reply}) || res.Info.Err != nil {
		t.Errorf("last info %+v", res.Info)
	}
	s, got := e.last()
	if got != p || s.Limits != (Limits{Depth: 3}) || s.Mode != Think {
		t.Errorf("engine searched %v with %+v in %v", got, s.Limits, s.Mode)
	}
}

// TestLimitsOverTheWire: the engine gets the limits the client sends, to
// the millisecond the protocol writes.
func TestLimitsOverTheWire(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 10*time.Second)
	ms := func(t *rapid.T, name string) time.Duration {
		return time.Duration(rapid.IntRange(0, 10_000_000).Draw(t, name)) * time.Millisecond
	}
	rapid.Check(t, func(rt *rapid.T) {
		lim := Limits{
			Depth: rapid.IntRange(0, 99).Draw(rt, "depth"),
			Nodes: rapid.Int64Range(0, math.MaxInt64).Draw(rt, "nodes"),
			Moves: rapid.IntRange(0, 60).Draw(rt, "moves"),
		}
		if rapid.Bool().Draw(rt, "times") {
			lim.MoveTime, lim.Time, lim.Inc = ms(rt, "move-time"), ms(rt, "time"), ms(rt, "inc")
		}
		if lim == (Limits{}) {
			lim.Depth = 1 // zero limits mean an infinite search
		}
		if _, err := c.BestMove(ctx, Search{Start: frisian.StartPosition(), Limits: lim}); err != nil {
			rt.Fatal(err)
		}
		if s, _ := e.last(); s.Limits != lim {
			rt.Fatalf("engine got %+v, want %+v", s.Limits, lim)
		}
	})
}

// TestInfoOverTheWire: what the engine reports reaches the client, to the
// precision the protocol writes.
func TestInfoOverTheWire(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 10*time.Second)
	rapid.Check(t, func(rt *rapid.T) {
		g := genGame(rt)
		p := g.Position()
		if !testgame.HasMoves(p) {
			return
		}
		// A legal PV of up to 6 moves.
		var pv []frisian.Move
		q := p
		for range rapid.IntRange(0, 6).Draw(rt, "pv") {
			moves := testgame.Legal(q).Moves()
			if len(moves) == 0 {
				break
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(rt, "m")]
			pv, q = append(pv, m), q.Apply(m)
		}
		info := Info{
			Depth:     rapid.IntRange(0, 200).Draw(rt, "depth"),
			MeanDepth: float64(rapid.IntRange(0, 2000).Draw(rt, "mean")) / 10,
			Nodes:     rapid.Int64Range(0, math.MaxInt64).Draw(rt, "nodes"),
			Time:      time.Duration(rapid.IntRange(0, 1e9).Draw(rt, "ms")) * time.Millisecond,
			NPS:       float64(rapid.IntRange(0, 100000).Draw(rt, "nps")) / 10,
			PV:        pv,
		}
		if rapid.Bool().Draw(rt, "has score") {
			info.Score, info.HasScore = float64(rapid.IntRange(-100000, 100000).Draw(rt, "score"))/100, true
		}
		e.mu.Lock()
		e.info = []Info{info}
		e.mu.Unlock()
		res, err := c.BestMove(ctx, FromGame(g).withLimits(Limits{Depth: 1}))
		if err != nil {
			rt.Fatal(err)
		}
		if diff := cmp.Diff(info, res.Info, cmpopts.IgnoreFields(Info{}, "Line"), cmp.Comparer(func(a, b frisian.Move) bool { return a == b })); diff != "" {
			rt.Fatalf("info (-sent +got):\n%s", diff)
		}
	})
}

func (s Search) withLimits(l Limits) Search { s.Limits = l; return s }

// TestAnalyse streams the reports of an infinite analysis, stops it, and
// searches again.
func TestAnalyse(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	p := frisian.StartPosition()
	a, err := c.Analyse(ctx, Search{Start: p, Limits: Limits{Depth: 4, Infinite: true}})
	if err != nil {
		t.Fatal(err)
	}
	var depths []int
	for info := range a.Info() {
		if info.Err != nil || len(info.PV) != 2 {
			t.Errorf("info %+v", info)
		}
		depths = append(depths, info.Depth)
		if info.Depth == 4 {
			break
		}
	}
	if !slices.Equal(depths, []int{1, 2, 3, 4}) {
		t.Errorf("depths %v", depths)
	}
	_, err = c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}})
	wantErr(t, "BestMove during analysis", err, ErrBusy)
	res, err := a.Stop(ctx)
	if err != nil || !testgame.Legal(p).Contains(res.Move) || res.Info.Depth != 4 {
		t.Fatalf("Stop = %+v, %v", res, err)
	}
	if s, _ := e.last(); s.Mode != Analyze || !s.Limits.Infinite {
		t.Errorf("engine searched in %v with %+v", s.Mode, s.Limits)
	}
	// Stop and Wait again give the same answer.
	if again, err := a.Wait(ctx); err != nil || again.Move != res.Move {
		t.Errorf("Wait after Stop = %v, %v", again, err)
	}
	if res, err := c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}}); err != nil || !testgame.Legal(p).Contains(res.Move) {
		t.Errorf("BestMove after the analysis: %v, %v", res, err)
	}
}

// TestWaitGivesUp: a search whose context ends is stopped, and the engine
// is ready again.
func TestWaitGivesUp(t *testing.T) {
	noLeaks(t)
	c := serve(t, &testEngine{wait: true})
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.BestMove(short, Search{Start: frisian.StartPosition(), Limits: Limits{Depth: 2}})
	wantErr(t, "BestMove", err, context.DeadlineExceeded)
	if err := c.Ping(timeout(t, time.Second)); err != nil {
		t.Errorf("Ping after giving up: %v", err)
	}
}

// TestMoveTime: the server ends a search at its move time.
func TestMoveTime(t *testing.T) {
	noLeaks(t)
	c := serve(t, &testEngine{wait: true})
	start := time.Now()
	res, err := c.BestMove(timeout(t, 5*time.Second), Search{Start: frisian.StartPosition(), Limits: Limits{MoveTime: 50 * time.Millisecond}})
	if err != nil || res.Move.IsZero() {
		t.Fatal(res, err)
	}
	if d := time.Since(start); d < 50*time.Millisecond || d > 2*time.Second {
		t.Errorf("a 50 ms search took %v", d)
	}
}

// TestPonder: a pondering search's clock starts at ponder-hit.
func TestPonder(t *testing.T) {
	noLeaks(t)
	e := &testEngine{wait: true}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	s, err := c.Go(ctx, Search{Start: frisian.StartPosition(), Limits: Limits{MoveTime: 20 * time.Millisecond}, Mode: Ponder})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.Done():
		t.Fatal("the pondering search ended before ponder-hit")
	case <-time.After(150 * time.Millisecond):
	}
	if err := s.PonderHit(ctx); err != nil {
		t.Fatal(err)
	}
	res, err := s.Wait(ctx)
	if err != nil || res.Move.IsZero() {
		t.Fatal(res, err)
	}
	if sr, _ := e.last(); sr.Mode != Ponder {
		t.Errorf("mode %v", sr.Mode)
	}
	if err := s.PonderHit(ctx); err != nil {
		t.Errorf("PonderHit after the end: %v", err)
	}
}

// TestGameOverTheWire: a game sent with FromGame reaches the engine as the
// very position, three-move counts and all, so that the engine does not
// move a king the rule holds.
func TestGameOverTheWire(t *testing.T) {
	noLeaks(t)
	e := &testEngine{style: "first"}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	// White's king has made three moves in a row and is held; its side
	// has just one other move, 46-41.
	g := pdn.NewGame(frisian.MustParseFEN("W:WK25,46:B10,K1"))
	for _, m := range []string{"25-30", "1-7", "30-25", "7-1", "25-30", "1-7"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.BestMove(ctx, FromGame(g).withLimits(Limits{Depth: 1}))
	if err != nil {
		t.Fatal(err)
	}
	if _, p := e.last(); p != g.Position() {
		t.Errorf("engine searched %v, want %v", p, g.Position())
	}
	// The first move in canonical order would be the king's 30-2, which
	// the three-move rule forbids.
	if res.Move.String() != "46-41" || !testgame.Legal(g.Position()).Contains(res.Move) {
		t.Errorf("engine played %v", res.Move)
	}
	// Sent as a bare position the count is lost: the engine answers with
	// the king move, and the client rejects it.
	_, err = c.BestMove(ctx, Search{Start: g.Position(), Limits: Limits{Depth: 1}})
	wantErr(t, "BestMove of the bare position", err, ErrProtocol, frisian.ErrIllegalMove)
}

func TestSearchErrors(t *testing.T) {
	noLeaks(t)
	c := serve(t, &testEngine{})
	ctx := timeout(t, 5*time.Second)
	_, err := c.BestMove(ctx, Search{Start: frisian.MustParseFEN("W:W46:B37,41"), Limits: Limits{Depth: 1}})
	wantErr(t, "BestMove of a lost position", err, ErrNoMove)
	p := frisian.StartPosition()
	bad := testgame.Legal(frisian.MustParseFEN("W:W28:B1")).Moves()[0] // 28-22: 28 is empty at the start
	_, err = c.BestMove(ctx, Search{Start: p, Moves: []frisian.Move{bad}, Limits: Limits{Depth: 1}})
	wantErr(t, "BestMove after an illegal move", err, frisian.ErrIllegalMove)
	// The client is still usable.
	if _, err := c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}}); err != nil {
		t.Error(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}})
	wantErr(t, "BestMove after Close", err, ErrClosed)
	wantErr(t, "Ping after Close", c.Ping(ctx), ErrClosed)
}

// TestEngineResult: the server sends no move an engine gets wrong.
func TestEngineResult(t *testing.T) {
	noLeaks(t)
	p := frisian.StartPosition()
	illegal := testgame.Legal(frisian.MustParseFEN("W:W28:B1")).Moves()[0] // 28-22: 28 is empty at the start
	e := &testEngine{result: &Result{Move: illegal}}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	_, err := c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}})
	wantErr(t, "illegal engine move", err, ErrProtocol)
	if err == nil || !strings.Contains(err.Error(), "done without a move") {
		t.Errorf("illegal engine move: %v; want the done without a move that Serve sends", err)
	}
	// A bad ponder move is left out.
	legal := testgame.Legal(p).Moves()[0]
	e.mu.Lock()
	e.result = &Result{Move: legal, Ponder: illegal}
	e.mu.Unlock()
	res, err := c.BestMove(ctx, Search{Start: p, Limits: Limits{Depth: 1}})
	if err != nil || res.Move != legal || !res.Ponder.IsZero() {
		t.Errorf("BestMove = %+v, %v", res, err)
	}
}

// TestServeScript feeds Serve commands and checks its answers line by line.
func TestServeScript(t *testing.T) {
	noLeaks(t)
	start := FormatPosition(frisian.StartPosition())
	in := strings.Join([]string{
		"hub",
		"set-param name=variant value=frisian",
		"set-param name=variant value=normal",
		"set-param value=1",
		"init",
		"bogus x=1",
		`pos pos="`,
		"",
		"pos pos=Wxyz",
		"go think", // no position
		"pos pos=" + start + " moves=32-28",
		"level depth=1",
		"go think",
		"pos pos=" + start + ` moves="32-28 19-23 28x19x23 14x23x19"`,
		"level depth=x",
		"level depth=2",
		"go analyze",
		"pos pos=" + start + ` moves="32-28 17-22 28-23"`, // White must take 28x17
		"go think",
		"pos start",
		"level depth=1 nodes=5 move-time=0.5",
		"ping",
		"go think",
		"new-game",
		"stop",
		"quit",
		"ping", // never read
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, &testEngine{}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`id name="test engine" version=1.0 author="the hub tests"`,
		"param name=variant value=frisian type=enum values=frisian",
		"param name=style value=greedy type=enum values=\"greedy first\"",
		"param name=hash value=16 type=int min=1 max=1024",
		"wait",
		`error message="variant normal is not played: only frisian"`,
		`error message="set-param without a name"`,
		"ready",
		`error message="unknown command bogus"`,
		`error message="hub: protocol error: missing closing quote at byte 9 (in 'pos pos=\'')"`,
		`error message="hub: protocol error: missing command at byte 0"`,
		`error message="bad position: syntax error at offset 4: hub position: 4 bytes, want 51 (side to move and 50 squares)"`,
		`error message="no position to search"`,
		"done",
		"info depth=1 score=0.25 nodes=100 time=0.001 pv=\"16-21 28-22\"",
		"done move=16-21 ponder=28-22",
		`error message="bad level depth='x'"`,
		"info depth=1 score=0.25 nodes=100 time=0.001 pv=\"31-26 9-14\"",
		"info depth=2 score=0.50 nodes=200 time=0.002 pv=\"31-26 9-14\"",
		"done move=31-26 ponder=9-14",
		`error message="bad move 3: illegal move '28-23': capturing is compulsory (Art. 10)"`,
		`error message="no position to search"`,
		"done",
		"pong",
		"info depth=1 score=0.25 nodes=100 time=0.001 pv=\"31-26 16-21\"",
		"done move=31-26 ponder=16-21",
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Serve output (-want +got):\n%s", diff)
	}
}

// TestServeEnds: Serve stops a running search at the end of its input,
// and returns the error of a writer that fails.
func TestServeEnds(t *testing.T) {
	noLeaks(t)
	e := &testEngine{wait: true}
	in := "hub\ninit\npos start\nlevel infinite\ngo analyze\n"
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, e); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "\ndone move=31-26 ponder=16-21\n") {
		t.Errorf("output %q", out.String())
	}
	broken := errors.New("broken pipe")
	err := Serve(strings.NewReader("hub\nping\nping\n"), failingWriter{broken}, e)
	if !errors.Is(err, broken) {
		t.Errorf("Serve with a failing writer = %v", err)
	}
	err = Serve(io.MultiReader(strings.NewReader("hub\n"), failingReader{broken}), io.Discard, e)
	if !errors.Is(err, broken) {
		t.Errorf("Serve with a failing reader = %v", err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

func TestBudget(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		l    Limits
		want time.Duration
	}{
		{Limits{}, 0},
		{Limits{Depth: 3}, 0},
		{Limits{MoveTime: s}, s},
		{Limits{MoveTime: s, Infinite: true}, 0},
		{Limits{Time: 60 * s}, 2 * s},
		{Limits{Time: 60 * s, Moves: 10}, 6 * s},
		{Limits{Time: 60 * s, Inc: s}, 3 * s},
		{Limits{Time: 60 * s, Moves: 1}, 54 * s},
		{Limits{Time: s, Inc: 10 * s}, 9900 * time.Millisecond},
		{Limits{Time: 60 * s, MoveTime: s}, s},
		{Limits{Time: 60 * s, MoveTime: 5 * s}, 2 * s},
	} {
		if got := tc.l.budget(); got != tc.want {
			t.Errorf("%+v: budget %v, want %v", tc.l, got, tc.want)
		}
	}
}

// Settings read repeated NAME=VALUE flags in order, and refuse a value
// without a name.
func TestSettingsFlag(t *testing.T) {
	var s Settings
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&s, "engine-param", "")
	if err := fs.Parse([]string{"-engine-param", "threads=2", "-engine-param", "book=", "-engine-param", "x=a=b"}); err != nil {
		t.Fatal(err)
	}
	want := Settings{{"threads", "2"}, {"book", ""}, {"x", "a=b"}}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	if got := s.String(); got != "threads=2 book= x=a=b" {
		t.Errorf("String = %q", got)
	}
	for _, bad := range []string{"threads", "=2", ""} {
		if err := (&Settings{}).Set(bad); !errors.Is(err, os.ErrInvalid) || !strings.Contains(err.Error(), "want NAME=VALUE") {
			t.Errorf("Set(%q) = %v, want an error", bad, err)
		}
	}
	if (*Settings)(nil).String() != "" {
		t.Error("nil Settings has a String")
	}
}

// A search mode Go does not know is refused before anything is sent.
func TestGoBadMode(t *testing.T) {
	noLeaks(t)
	c := serve(t, &testEngine{})
	ctx := timeout(t, 5*time.Second)
	_, err := c.Go(ctx, Search{Start: frisian.StartPosition(), Mode: Ponder + 1})
	wantErr(t, "Go(mode 3)", err, os.ErrInvalid)
	if err := c.Ping(ctx); err != nil {
		t.Errorf("ping after the refused search: %v", err)
	}
}

// TestSearchWorkedOut: the Search an engine gets from Serve carries the
// position Serve worked out at pos, and Position gives it while Start and
// Moves are as sent; once the engine changes them, Position plays them
// again. The game's own positions are the oracle.
func TestSearchWorkedOut(t *testing.T) {
	noLeaks(t)
	e := &testEngine{}
	c := serve(t, e)
	ctx := timeout(t, 5*time.Second)
	// King moves only: FromGame sends them all, from the game's start.
	g := pdn.NewGame(frisian.MustParseFEN("W:WK25,46:B10,K1"))
	for _, m := range []string{"25-30", "1-7", "30-25", "7-1", "25-30"} {
		if _, err := testgame.PlayText(g, m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.BestMove(ctx, FromGame(g).withLimits(Limits{Depth: 1})); err != nil {
		t.Fatal(err)
	}
	s, p := e.last()
	if len(s.Moves) != g.Len() {
		t.Fatalf("engine got %d moves, want %d", len(s.Moves), g.Len())
	}
	if s.checked == nil || p != g.Position() {
		t.Fatalf("engine got %+v, searched %v; want the worked-out %v", s.checked, p, g.Position())
	}
	at := func(ply int) frisian.Position {
		q, _ := g.PositionAt(ply)
		return q
	}
	// One move fewer: the position before it.
	short := s
	short.Moves = s.Moves[:len(s.Moves)-1]
	if q, err := short.Position(); err != nil || q != at(len(s.Moves)-1) {
		t.Errorf("one move fewer: %v, %v; want %v", q, err, at(len(s.Moves)-1))
	}
	// A move changed in place, in the engine's slice: played again, and
	// found illegal.
	changed := s
	changed.Moves = s.Moves
	last := s.Moves[len(s.Moves)-1]
	s.Moves[len(s.Moves)-1] = s.Moves[1] // a black move where White is to move
	if _, err := changed.Position(); !errors.Is(err, frisian.ErrIllegalMove) {
		t.Errorf("a move changed in place: %v; want ErrIllegalMove", err)
	}
	s.Moves[len(s.Moves)-1] = last
	if q, err := changed.Position(); err != nil || q != g.Position() {
		t.Errorf("the move put back: %v, %v", q, err)
	}
	// Another start: played from there.
	other := s
	other.Start = at(1)
	other.Moves = nil
	if q, err := other.Position(); err != nil || q != at(1) {
		t.Errorf("another start: %v, %v; want %v", q, err, at(1))
	}
}

// TestServePonderBounded: Serve checks the engine's ponder move within its
// bound on move generation, and leaves out one it cannot check in time.
// Black's 1-7 leads to man26 of the root's testdata/worstcase.txt, whose
// captures outgrow the generator's quick pass, so that it looks at its
// context; the position searched has only quiet moves, checked without
// looking. A bound already passed then leaves the move and drops the
// ponder; the default bound keeps both.
func TestServePonderBounded(t *testing.T) {
	noLeaks(t)
	p := frisian.MustParseFEN("B:W50:B1,9,11,12,13,14,16,18,20,21,22,23,24,27,29,31,32,33,34,36,38,40,41,42,43,44,K47,K49")
	move, err := testgame.Legal(p).ParseHubMove("1-7")
	if err != nil {
		t.Fatal(err)
	}
	after := p.Apply(move)
	if after.FEN() != frisian.MustParseFEN("W:W50:B7,9,11,12,13,14,16,18,20,21,22,23,24,27,29,31,32,33,34,36,38,40,41,42,43,44,K47,K49").FEN() {
		t.Fatalf("1-7 leads to %s, not man26", after.FEN())
	}
	ponder := testgame.Legal(after).Moves()[0]
	in := "hub\ninit\npos pos=" + FormatPosition(p) + "\nlevel depth=1\ngo think\n"
	for _, tc := range []struct {
		bound time.Duration
		want  string
	}{
		{genTimeout, "done move=1-7 ponder=" + ponder.String()},
		{-1, "done move=1-7"},
	} {
		var out bytes.Buffer
		s := &server{e: &testEngine{result: &Result{Move: move, Ponder: ponder}}, w: &out, genTimeout: tc.bound}
		if err := s.serve(strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if got := lines[len(lines)-1]; got != tc.want {
			t.Errorf("bound %v: Serve ended with %q, want %q (all: %q)", tc.bound, got, tc.want, lines)
		}
	}
}

// TestServeLevelsAddUp: several level lines before a go add up, as in
// Scan 3.1. protocol.txt gives level in forms that each name some limits
// ("level depth=<max depth> (optional)", "level move-time=<time per move>
// (optional)", "level [moves=<remaining moves>] time=<remaining time>
// [inc=<increment per move>]"), and Scan's hub loop sets, for each level
// line, only the depth, nodes and move time it names, and the clock
// (moves, time, inc) as a whole when it names any of them; pos and the end
// of a go reset them all.
func TestServeLevelsAddUp(t *testing.T) {
	noLeaks(t)
	s := time.Second
	for _, tc := range []struct {
		levels []string
		want   Limits
	}{
		{[]string{"depth=3", "move-time=60"}, Limits{Depth: 3, MoveTime: 60 * s}},
		{[]string{"moves=9 time=291.587", "nodes=1000"}, Limits{Moves: 9, Time: 291587 * time.Millisecond, Nodes: 1000}},
		{[]string{"depth=5 move-time=2", "depth=7"}, Limits{Depth: 7, MoveTime: 2 * s}},
		// A clock replaces the last one whole: no moves or inc are left over.
		{[]string{"moves=9 time=291.587 inc=1", "time=100"}, Limits{Time: 100 * s}},
		{[]string{"time=100", "inc=2", "depth=4"}, Limits{Inc: 2 * s, Depth: 4}},
		// A malformed line changes nothing.
		{[]string{"depth=3 move-time=1", "depth=4 nodes=x"}, Limits{Depth: 3, MoveTime: s}},
	} {
		var in strings.Builder
		in.WriteString("hub\ninit\nlevel depth=9 nodes=9\npos start\n") // pos resets the first level
		for _, l := range tc.levels {
			in.WriteString("level " + l + "\n")
		}
		in.WriteString("go think\nlevel nodes=1\ngo think\n") // and so does go: nodes alone
		e := &testEngine{}
		if err := Serve(strings.NewReader(in.String()), io.Discard, e); err != nil {
			t.Fatal(err)
		}
		if len(e.searches) != 2 {
			t.Fatalf("%q: %d searches, want 2", tc.levels, len(e.searches))
		}
		if got := e.searches[0].Limits; got != tc.want {
			t.Errorf("%q: limits %+v, want %+v", tc.levels, got, tc.want)
		}
		if got, want := e.searches[1].Limits, (Limits{Nodes: 1}); got != want {
			t.Errorf("%q, then go and level nodes=1: limits %+v, want %+v", tc.levels, got, want)
		}
	}
}
