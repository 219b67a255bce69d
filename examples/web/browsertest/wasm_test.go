package browsertest

// The static site of examples/wasm: built by its command, served by a
// plain static file server (no program of ours on the other side), and
// played in headless Chromium with the library running in the page.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
)

// The static site, built by site.
var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// site returns the folder of the static site, built the first time it is
// asked for with the README's command.
func site(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		if siteDir, siteErr = os.MkdirTemp("", "frisian-site-"); siteErr != nil {
			return
		}
		cmd := exec.Command(goCommand(), "run", "github.com/frisian-draughts/frisian/examples/wasm/build", "-o", siteDir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			siteErr = fmt.Errorf("go run examples/wasm/build: %v\n%s", err, out)
			return
		}
		t.Logf("%s", out)
		// The limit on the module's size, as the README builds it.
		if fi, err := os.Stat(filepath.Join(siteDir, "static", "frisian.wasm")); err != nil {
			siteErr = err
		} else if fi.Size() > 4<<20 {
			siteErr = fmt.Errorf("frisian.wasm has %d bytes, more than 4 MiB", fi.Size())
		}
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

// serveSite serves the static site with the standard library's file
// server, under a path of its own, as a static host may.
func serveSite(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/frisian/", http.StripPrefix("/frisian/", http.FileServer(http.Dir(site(t)))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/frisian/"
}

// pageMove is a move as the page's library describes it: position lists
// its text and captured pieces, play answers it with a path and the pieces
// taken along it in order.
type pageMove struct {
	Text     string `json:"text"`
	Captured []int  `json:"captured"`
	Path     []int  `json:"path"`
	Taken    []int  `json:"taken"`
}

// offered returns the legal moves the page's library gives for its game
// now, from the start position start: position's list, each move with the
// path and pieces taken that play answers for its text.
func offered(p *page, start string) ([]pageMove, string) {
	p.t.Helper()
	type answer struct {
		FEN   string     `json:"fen"`
		Moves []pageMove `json:"moves"`
		Error string     `json:"error"`
	}
	a := await[answer](p, fmt.Sprintf(`(async () => {
		const game = {fen: %q, moves: moves.map((m) => m.text), draws: state.draws};
		const pos = await frisianBackend.call("position", game);
		if (pos.error) return pos;
		for (const m of pos.moves) {
			const res = await frisianBackend.call("play", {...game, move: m.text});
			if (res.error) return res;
			Object.assign(m, {path: res.move.path, taken: res.move.taken});
		}
		return pos;
	})()`, start))
	if a.Error != "" {
		p.t.Fatalf("the page's library: %s", a.Error)
	}
	return a.Moves, a.FEN
}

// await returns the value of the JavaScript expression js, a promise, in
// the page once it resolves.
func await[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

func ints(sqs []frisian.Square) []int {
	out := []int{}
	for _, sq := range sqs {
		out = append(out, int(sq))
	}
	return out
}

// checkOffered compares the moves the page offers now, in its game from
// start, with the native library's in position pos: the same moves with
// the same texts, each with one of its paths and the pieces taken along
// it in order.
func checkOffered(t *testing.T, p *page, start string, pos frisian.Position) {
	t.Helper()
	got, fen := offered(p, start)
	if fen != pos.FEN() {
		t.Fatalf("the page is at %s, the game at %s", fen, pos.FEN())
	}
	legal, err := pos.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := legal.Moves()
	if len(got) != len(want) {
		t.Fatalf("%s: the page offers %d moves, the library %d:\n%v\n%v", fen, len(got), len(want), got, want)
	}
	var from []int
	for i, m := range want {
		var path []frisian.Square
		for _, sq := range got[i].Path {
			path = append(path, frisian.Square(sq))
		}
		c := legal.Clicks(path)
		if made, ok := c.Move(); got[i].Text != fmt.Sprint(legal.Text(m)) || !slices.Equal(got[i].Captured, ints(m.Captured().Squares())) ||
			!ok || made != m || !slices.Equal(c.Path, path) || !slices.Equal(got[i].Taken, ints(c.Taken)) {
			t.Errorf("%s: move %d: the page offers %+v, the library %s along %v taking %v", fen, i, got[i], legal.Text(m), c.Path, c.Taken)
		}
		if !slices.Contains(from, int(m.From())) {
			from = append(from, int(m.From()))
		}
	}
	// The pieces marked as able to move.
	if movable := eval[[]int](p, `state.outcome.over ? [] : state.movable`); !eval[bool](p, `state.outcome.over`) && !sameSet(movable, from) {
		t.Errorf("%s: the page marks %v as able to move, the library %v", fen, movable, from)
	}
}

func sameSet(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// isOver reports whether the game is over in pos, under the official
// rules.
func isOver(t *testing.T, pos frisian.Position) bool {
	t.Helper()
	legal, err := pos.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return legal.Outcome(frisian.OfficialDraws).IsOver()
}

// readPDN reads the only game of text with the library.
func readPDN(t *testing.T, text string) *pdn.Game {
	t.Helper()
	var games []*pdn.Game
	r := pdn.NewReader(strings.NewReader(text))
	r.Strict = true
	for g, err := range r.Games() {
		if err != nil {
			t.Fatalf("the page's PDN does not read back: %v\n%s", err, text)
		}
		games = append(games, g)
	}
	if len(games) != 1 {
		t.Fatalf("the page's PDN holds %d games:\n%s", len(games), text)
	}
	return games[0]
}

// pdnMoves returns the move texts of a PDN text, in order.
func pdnMoves(text string) []string {
	_, body, _ := strings.Cut(text, "\n\n")
	var out []string
	for _, f := range strings.Fields(body) {
		if f != "" && f[0] >= '0' && f[0] <= '9' && strings.ContainsAny(f, "-x") && !strings.HasSuffix(f, ".") && !strings.Contains(f, "-0") && !strings.Contains(f, "0-") && !strings.Contains(f, "1-1") {
			out = append(out, f)
		}
	}
	return out
}

func TestStaticSite(t *testing.T) {
	b := browser(t)
	base := serveSite(t)

	t.Run("loads and answers", func(t *testing.T) {
		start := time.Now()
		p := open(t, b, base, 0, 0)
		// performance.now() counts from the navigation's start; the page
		// was ready (board drawn, moves known) at most that long after it.
		t.Logf("the page was interactive at most %.0f ms after the navigation began (%v with the tab's opening)",
			eval[float64](p, `performance.now()`), time.Since(start).Round(time.Millisecond))
		if got := eval[string](p, `$("status").textContent`); got != "White to move: your turn" {
			t.Errorf("status %q", got)
		}
		checkOffered(t, p, "", frisian.StartPosition())
		// How long the page waits for the library, worker's round trip
		// included: the moves of new positions (two, in turn, so that none
		// is remembered), a click, and the computer's move.
		t.Logf("the library in the page, median of 21: %s", await[string](p, `(async () => {
			const time = async (fn, arg) => {
				const t0 = performance.now();
				const res = await frisianBackend.call(fn, arg);
				if (res.error) throw new Error(res.error);
				return performance.now() - t0;
			};
			const median = async (n, f) => {
				const ts = [];
				for (let i = 0; i < n; i++) ts.push(await f(i));
				ts.sort((a, b) => a - b);
				return ts[n >> 1].toFixed(2) + " ms";
			};
			const mid = "W:W27,28,31,32,33,34,35,36,37,38,40,42,43,45,47:B3,6,7,8,9,11,12,13,14,16,17,18,19,20,22";
			const kings = "W:WK50:B3,7,10,12,13,14,17,20,21,23,25,30,32,36,38,39,41,43,K47";
			return [
				"position (start, middlegame) " + await median(21, (i) => time("position", { fen: i % 2 ? mid : "" })),
				"position (king captures, middlegame) " + await median(21, (i) => time("position", { fen: i % 2 ? mid : kings })),
				"clicks mid-capture " + await median(21, () => time("clicks", { fen: "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19", clicks: [18, 38, 40, 49] })),
				"engine from the start, depth 8, 500 000 positions " + await median(3, () => time("engine", { depth: 8, nodes: 500000 })),
			].join("; ");
		})()`))
		// Bad input comes back as an error value, and the module goes on.
		for _, js := range []string{
			`frisianBackend.call("position", {fen: "W:W99"})`,
			`frisianBackend.call("position", {moves: ["32-27", "1-2"]})`,
			`frisianBackend.call("position", {moves: "32-28"})`,
			`frisianBackend.call("clicks", {clicks: [0]})`,
			`frisianBackend.call("play", {move: "x"})`,
			`frisianBackend.call("engine", {depth: "deep"})`,
			`frisianBackend.call("engine", {depth: 13})`,
			`frisianBackend.call("position", {fen: "W:W30-50:B1-21"})`,
			`frisianBackend.call("position", {moves: Array(100).fill(Array(100).fill(Array(100).fill(0)))})`,
			`frisianBackend.call("readPDN", {pdn: 7})`,
			`frisianBackend.call("fen", {fen: "W:W1-50:B1-50"})`,
			`frisianBackend.call("nothing", {})`,
		} {
			if a := await[struct {
				Error string `json:"error"`
			}](p, js); a.Error == "" {
				t.Errorf("%s: no error", js)
			}
		}
		checkOffered(t, p, "", frisian.StartPosition())
		// A call that takes longer than the page allows (here 1 ms, for
		// the computer's move) is answered with an error, its worker
		// replaced, and the next call answered.
		if got := await[string](p, `(async () => {
			frisianBackend.hardTime = 1;
			const res = await frisianBackend.call("engine", {});
			frisianBackend.hardTime = 20000;
			return res.error || "no error";
		})()`); !strings.Contains(got, "too long") {
			t.Errorf("a call that overran: %q", got)
		}
		checkOffered(t, p, "", frisian.StartPosition())
	})

	t.Run("a game with a capture by clicks, undo, and the PDN read back", func(t *testing.T) {
		p := open(t, b, base, 0, 0)
		start := "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"
		p.newGame("human", start, 1)
		pos := frisian.MustParseFEN(start)
		checkOffered(t, p, start, pos)
		p.wait(`square(18).classList.contains("must") && document.querySelectorAll("#board .must").length === 1`)
		for _, sq := range []int{18, 38, 40} {
			p.send(sq)
		}
		if !eval[bool](p, `square(28).classList.contains("taking") && square(39).classList.contains("taking") && square(49).classList.contains("next")`) {
			t.Error("the capture begun is not shown")
		}
		for _, sq := range []int{49, 38, 36} {
			p.send(sq)
		}
		p.wait(`state.ply === 1`)
		// Then moves by clicks, the first offered each time, checking the
		// moves offered in every position against the library's.
		var played []string
		for {
			text := eval[string](p, `moves.at(-1).text`)
			played = append(played, text)
			pos = pos.Apply(mustMove(t, pos, text))
			checkOffered(t, p, start, pos)
			if eval[bool](p, `state.outcome.over`) || len(played) >= 12 {
				break
			}
			if len(played) == 1 {
				// White begins a move: the last move's arrow, crosses and
				// marks are gone while it is entered.
				p.send(eval[int](p, `state.movable[0]`))
				if n := eval[int](p, `board.querySelectorAll(".arrow, .cross, .last").length`); n != 0 {
					t.Errorf("%d marks of the last move stay while the next is entered", n)
				}
				p.send(eval[int](p, `state.selection.squares[0]`)) // let go
			}
			p.playFirst()
		}
		// A reload takes the game up again.
		if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		p.wait(fmt.Sprintf(`typeof state !== "undefined" && state !== null && pending === 0 && state.ply === %d`, len(played)))
		// A typed move that is not legal: the library's reason is shown.
		eval[chromedp.Void](p, `$("move-text").value = "50-45"; $("move-form").requestSubmit()`)
		p.wait(`$("notice").textContent.includes("50-45") && pending === 0`)
		t.Logf("a typed illegal move: %s", eval[string](p, `$("notice").textContent`))
		// Undo the last move.
		p.click(`#undo`)
		p.wait(fmt.Sprintf(`state.ply === %d && pending === 0`, len(played)-1))
		played = played[:len(played)-1]
		pos = frisian.MustParseFEN(start)
		for _, text := range played {
			pos = pos.Apply(mustMove(t, pos, text))
		}
		checkOffered(t, p, start, pos)
		t.Logf("played %q, checking the moves offered in each position", played)
		// The PDN box, read back by the library: the same game.
		p.click(`#pdn-box summary`)
		p.wait(`$("pdn").textContent.includes("[FEN")`)
		text := eval[string](p, `$("pdn").textContent`)
		g := readPDN(t, text)
		if got, _ := g.PositionAt(0); got.FEN() != start {
			t.Errorf("the PDN starts at %s, want %s", got.FEN(), start)
		}
		if g.Position() != pos || g.Len() != len(played) {
			t.Errorf("the PDN reads back to %d moves and %s, the page played %d to %s", g.Len(), g.Position().FEN(), len(played), pos.FEN())
		}
		// The move list writes each move as the PDN does.
		list := eval[[]string](p, `[...document.querySelectorAll("#moves .mv")].map((b) => b.textContent)`)
		if !slices.Equal(list, pdnMoves(text)) || !slices.Equal(list, played) {
			t.Errorf("the move list %q, the PDN %q, played %q", list, pdnMoves(text), played)
		}
	})

	t.Run("a whole game against the computer in the page", func(t *testing.T) {
		p := open(t, b, base, 0, 0)
		start := "W:W31,32,33,34,35:B16,17,18,19,20"
		p.newGame("engine:white", start, 2)
		for range 40 {
			p.wait(`state.outcome.over || (!state.engineToMove && pending === 0)`)
			// The moves offered, after the computer's, are the library's.
			pos := frisian.MustParseFEN(start)
			for _, text := range eval[[]string](p, `moves.map((m) => m.text)`) {
				pos = pos.Apply(mustMove(t, pos, text))
			}
			checkOffered(t, p, start, pos)
			if eval[bool](p, `state.outcome.over`) {
				break
			}
			p.playFirst()
		}
		p.wait(`state.outcome.over`)
		p.click(`#pdn-box summary`)
		p.wait(`$("pdn").textContent.includes('[Result "' + state.outcome.score + '"]')`)
		g := readPDN(t, eval[string](p, `$("pdn").textContent`))
		if g.Len() != eval[int](p, `state.ply`) || g.Position().FEN() != eval[string](p, `state.fen`) || !isOver(t, g.Position()) {
			t.Errorf("the PDN reads back to %d moves, %s", g.Len(), g.Position().FEN())
		}
	})
}
