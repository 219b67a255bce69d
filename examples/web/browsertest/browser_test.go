package browsertest

// End-to-end tests: the program (examples/web, built once) on loopback and
// the page in headless Chromium, driven as a player would, through
// github.com/chromedp/chromedp. Without a browser they skip loudly; with
// FRISIAN_REQUIRE_BROWSER=1 (set by .ci/run once it has installed one) they
// fail instead.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/frisian-draughts/frisian"
)

// The program under test, built by binary.
var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

// binary returns the path of the program examples/web, built from the
// library's module (this module replaces it with the repository's copy)
// the first time it is asked for.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "frisian-web-"); buildErr != nil {
			return
		}
		name := "web"
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		cmd := exec.Command(goCommand(), "build", "-o", filepath.Join(buildDir, name), "github.com/frisian-draughts/frisian/examples/web")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build examples/web: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	name := "web"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(buildDir, name)
}

// goCommand returns the go command to build with: the one on PATH, else
// GOROOT's.
func goCommand() string {
	if goCmd, err := exec.LookPath("go"); err == nil {
		return goCmd
	}
	return filepath.Join(os.Getenv("GOROOT"), "bin", "go")
}

// startWeb runs the program on a free loopback port, with args, and
// returns its address as a URL; the test's cleanup interrupts it and
// waits for it to end.
func startWeb(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the program ended with %v", err)
			}
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			t.Error("the program did not stop within 15 s of the interrupt")
		}
	})
	// It prints "Frisian draughts on http://ADDR/".
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if _, rest, ok := strings.Cut(lines.Text(), "http://"); ok {
			go func() {
				for lines.Scan() {
				}
			}()
			return "http://" + strings.TrimSuffix(rest, "/")
		}
	}
	t.Fatalf("the program printed no address: %v", lines.Err())
	return ""
}

// mustMove returns the move of text in p.
func mustMove(t *testing.T, p frisian.Position, text string) frisian.Move {
	t.Helper()
	l, err := p.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.ParseMove(context.Background(), text)
	if err != nil {
		t.Fatalf("%s: %s: %v", p.FEN(), text, err)
	}
	return m
}

// browser starts headless Chromium for the tests of t, or skips them.
func browser(t *testing.T) context.Context {
	t.Helper()
	unavailable := func(why string) {
		t.Helper()
		msg := "BROWSER TESTS NOT RUN: " + why + ". Install Chromium (apt-get install chromium) to run them."
		if os.Getenv("FRISIAN_REQUIRE_BROWSER") == "1" {
			t.Fatal(msg + " FRISIAN_REQUIRE_BROWSER=1 makes this a failure.")
		}
		fmt.Fprintln(os.Stderr, "\n*** "+msg+" ***")
		t.Skip(msg)
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		unavailable("no chromium, chromium-browser or google-chrome on PATH")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.Flag("disable-gpu", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// The first run starts the browser and ties it to its context: this
	// one, with no deadline.
	if err := chromedp.Do(ctx); err != nil {
		unavailable(fmt.Sprintf("%s does not start: %v", path, err))
	}
	return ctx
}

// page is one tab on the site under test, with what it reported as an
// error.
type page struct {
	t   *testing.T
	ctx context.Context
	mu  sync.Mutex
	bad []string
}

// open opens the site in a new tab, of the given width and height when
// not 0, and waits for the game.
func open(t *testing.T, browser context.Context, url string, width, height int64) *page {
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil { // the tab
		t.Fatal(err)
	}
	// Subscribe before loading, so that nothing the page reports is lost.
	console := chromedp.Events(ctx, cdpruntime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, cdpruntime.ExceptionThrown)
	logs := chromedp.Events(ctx, log.EntryAdded)
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == cdpruntime.ConsoleAPICalledTypeError || ev.Type == cdpruntime.ConsoleAPICalledTypeWarning {
				p.report(fmt.Sprintf("console.%s %v", ev.Type, ev.Args))
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			p.report("exception: " + ev.ExceptionDetails.Text + " " + fmt.Sprint(ev.ExceptionDetails.Exception))
		}
	}()
	go func() {
		for ev, err := range logs {
			if err != nil {
				return
			}
			if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
				p.report(fmt.Sprintf("log %s: %s %s", ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
			}
		}
	}()
	var steps []chromedp.Action[chromedp.Void]
	if width > 0 {
		steps = append(steps, chromedp.EmulateViewport(width, height, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	}
	if err := chromedp.Do(ctx, append(steps, chromedp.Navigate(url))...); err != nil {
		t.Fatal(err)
	}
	p.wait(`typeof state !== "undefined" && state !== null && pending === 0`)
	t.Cleanup(p.checkErrors)
	return p
}

func (p *page) report(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bad = append(p.bad, msg)
}

// checkErrors fails the test if the page reported errors or warnings: a
// script error, a console error, a failed request.
func (p *page) checkErrors() {
	time.Sleep(50 * time.Millisecond) // the events of the last steps
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, b := range p.bad {
		p.t.Errorf("the page reported: %s", b)
	}
}

// eval returns the value of the JavaScript expression js in the page.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// wait waits until the JavaScript expression js is true in the page.
func (p *page) wait(js string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!(`+js+`)`)); err != nil {
		dump, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](
			`JSON.stringify({status: $("status").textContent, notice: $("notice").textContent, ply: state && state.ply, selection: state && state.selection, pending})`))
		p.t.Fatalf("waiting for %s: %v\nthe page: %s", js, err, dump)
	}
}

// click clicks the element of the CSS selector sel, as a mouse does.
func (p *page) click(sel string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.t.Fatalf("click %s: %v", sel, err)
	}
}

// clickSquare clicks square sq of the board.
func (p *page) clickSquare(sq int) {
	p.t.Helper()
	p.click(fmt.Sprintf(`#board [data-square="%d"] rect`, sq))
}

// send clicks square sq and waits for the server's answer.
func (p *page) send(sq int) {
	p.t.Helper()
	eval[chromedp.Void](p, `window.before = state`)
	p.clickSquare(sq)
	p.wait(`state !== window.before && pending === 0`)
}

// newGame starts a game with the page's own form.
func (p *page) newGame(mode, fen string, depth int) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`window.before = state.id;
		$("new-mode").value = %q; $("new-fen").value = %q; $("new-depth").value = %d;
		$("new-form").requestSubmit()`, mode, fen, depth))
	p.wait(`state.id !== window.before && pending === 0`)
}

// playFirst plays the move a careless player finds: the first piece that
// can move, then each time the first square offered.
func (p *page) playFirst() {
	p.t.Helper()
	ply := eval[int](p, `state.ply`)
	p.send(eval[int](p, `state.movable[0]`))
	for eval[int](p, `state.ply`) == ply {
		p.send(eval[int](p, `state.selection.next[0]`))
	}
}

func TestBrowser(t *testing.T) {
	b := browser(t)

	t.Run("a whole game against the computer", func(t *testing.T) {
		p := open(t, b, startWeb(t), 0, 0)
		p.newGame("engine:white", "W:W31,32,33,34,35:B16,17,18,19,20", 2)
		// Count the legs the page animates.
		eval[chromedp.Void](p, `(() => {
			window.legs = 0;
			const animate = Element.prototype.animate;
			Element.prototype.animate = function (...args) { window.legs++; return animate.apply(this, args); };
		})()`)
		for range 30 {
			p.wait(`state.outcome.over || (!state.engineToMove && pending === 0)`)
			if eval[bool](p, `state.outcome.over`) {
				break
			}
			p.playFirst()
		}
		p.wait(`state.outcome.over`)
		if !eval[bool](p, `$("status").classList.contains("over") && $("play").disabled && $("move-text").disabled && $("engine").disabled`) {
			t.Error("after the end, a control still offers a move")
		}
		if n, want := eval[int](p, `document.querySelectorAll("#moves .mv").length`), eval[int](p, `state.ply`); n != want || n < 4 {
			t.Errorf("%d moves listed, %d played", n, want)
		}
		// The computer's moves were animated leg by leg.
		if legs, want := eval[int](p, `window.legs`), eval[int](p, `moves.filter((m) => m.color === "black").reduce((n, m) => n + m.path.length - 1, 0)`); legs < want {
			t.Errorf("%d legs animated, the computer's moves have %d", legs, want)
		}
		p.click(`#pdn-box summary`)
		p.wait(`$("pdn").textContent.includes('[Result "' + state.outcome.score + '"]')`)
		// Clicking the board now says why nothing happens.
		p.clickSquare(eval[int](p, `moves.at(-1).path.at(-1)`))
		p.wait(`$("notice").textContent.startsWith("The game is over")`)
	})

	t.Run("a capture by clicks, refusals, looking back, undo and flip", func(t *testing.T) {
		p := open(t, b, startWeb(t), 0, 0)
		start := "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"
		p.newGame("human", start, 1)
		p.wait(`square(18).classList.contains("must") && document.querySelectorAll("#board .must").length === 1`)
		p.send(17)
		if got := eval[string](p, `$("notice").textContent`); !strings.Contains(got, "Capturing is compulsory") {
			t.Errorf("a click on 17: %q", got)
		}
		for _, sq := range []int{18, 38, 40} {
			p.send(sq)
		}
		// The piece stands on 40, the pieces jumped fade, 49 is offered.
		p.wait(`(() => {
			const a = board.querySelector(".piece.moving").getBoundingClientRect();
			const b = square(40).querySelector("rect").getBoundingClientRect();
			return Math.abs(a.x + a.width / 2 - b.x - b.width / 2) < 2 && Math.abs(a.y + a.height / 2 - b.y - b.height / 2) < 2;
		})()`)
		if !eval[bool](p, `square(28).classList.contains("taking") && square(39).classList.contains("taking") && square(49).classList.contains("next") && !document.querySelector("#board .must")`) {
			t.Error("the capture begun is not shown")
		}
		p.send(1)
		if got := eval[string](p, `$("notice").textContent + " " + state.selection.squares`); !strings.Contains(got, "cannot go on to 1") || !strings.HasSuffix(got, " 18,38,40") {
			t.Errorf("a click off the path: %q", got)
		}
		for _, sq := range []int{49, 38, 36} {
			p.send(sq)
		}
		p.wait(`state.ply === 1 && $("moves").textContent === "1.…18x38x40x49x38x36"`)
		if n := eval[int](p, `board.querySelector(".arrow").points.length * 10 + board.querySelectorAll(".cross").length`); n != 65 {
			t.Errorf("the last move is drawn with %d points and %d crosses", n/10, n%10)
		}
		// White takes back; then look back at the position after move 1.
		// While White's move is entered, Black's is no longer marked.
		p.send(46)
		if n := eval[int](p, `board.querySelectorAll(".arrow, .cross, .last").length`); n != 0 {
			t.Errorf("%d marks of the last move stay while the next is entered", n)
		}
		p.send(26)
		p.wait(`state.ply === 2`)
		after2 := eval[string](p, `board.querySelector("desc").textContent`)
		q := frisian.MustParseFEN(start)
		after1 := q.Apply(mustMove(t, q, "18x38x40x49x38x36")).FEN()
		p.click(`#moves .mv[data-ply="1"]`)
		p.wait(`review === 1 && !$("review").hidden && board.querySelector("desc").textContent === ` + fmt.Sprintf("%q", after1))
		p.clickSquare(46)
		p.wait(`$("notice").textContent.includes("earlier position")`)
		if err := chromedp.Do(p.ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
		p.wait(`review === null && $("review").hidden && board.querySelector("desc").textContent === ` + fmt.Sprintf("%q", after2))
		// Undo twice: back to the start.
		p.click(`#undo`)
		p.wait(`state.ply === 1 && pending === 0`)
		p.click(`#undo`)
		p.wait(`state.ply === 0 && pending === 0 && document.querySelectorAll("#moves .mv").length === 0 && $("undo").disabled`)
		if got := eval[string](p, `state.fen`); got != start {
			t.Errorf("after undo: %s", got)
		}
		// Flip: square 1 goes from the top to the bottom.
		if y := eval[string](p, `square(1).querySelector("rect").getAttribute("y")`); y != "0" {
			t.Errorf("square 1 at y=%s before the flip", y)
		}
		p.click(`#flip`)
		p.wait(`state.bottom === "black" && square(1).querySelector("rect").getAttribute("y") === "450"`)
	})

	t.Run("a second click on the selected piece lets it go", func(t *testing.T) {
		p := open(t, b, startWeb(t), 0, 0)
		// 28x28, round to where it began, is White's only move.
		p.newGame("human", "W:W28,50:B18,22,23,1", 1)
		p.send(28)
		if !eval[bool](p, `square(28).classList.contains("selected") && square(17).classList.contains("next")`) {
			t.Fatal("28 is not selected")
		}
		p.send(28)
		if !eval[bool](p, `state.ply === 0 && state.selection.squares.length === 0 && !document.querySelector("#board .selected")`) {
			t.Error("28 clicked twice is still selected, or played")
		}
		for _, sq := range []int{28, 17, 19, 28} {
			p.send(sq)
		}
		p.wait(`state.ply === 1 && $("moves").textContent === "1.28x17x19x28"`)
	})

	t.Run("the computer's reply is not lost to a click while it waits", func(t *testing.T) {
		// A flip that takes 400 ms is still on its way when the page asks
		// for the reply, 300 ms after the move: a proxy in front of the
		// program holds it up.
		target, err := url.Parse(startWeb(t))
		if err != nil {
			t.Fatal(err)
		}
		proxy := httputil.NewSingleHostReverseProxy(target)
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/flip" {
				time.Sleep(400 * time.Millisecond)
			}
			// The body is read before it is passed on: streamed, it could
			// still be open when the program answers, and the HTTP/1
			// server closing it then breaks the proxy's connection, and
			// the answer (golang/go#40747).
			body, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(slow.Close)
		p := open(t, b, slow.URL, 0, 0)
		p.newGame("engine:white", "", 1)
		for round := 1; round <= 3; round++ {
			p.playFirst()
			// In the pause before the reply is asked for: a flip and a
			// click on the board.
			p.wait(`state.engineToMove`)
			p.click(`#flip`)
			p.clickSquare(33)
			p.wait(fmt.Sprintf(`state.ply === %d && !state.engineToMove && pending === 0`, 2*round))
			if got := eval[string](p, `$("status").textContent`); !strings.HasSuffix(got, "your turn") {
				t.Errorf("round %d: status %q", round, got)
			}
		}
	})

	t.Run("the PDN wraps between moves at every width", func(t *testing.T) {
		base := startWeb(t)
		p := open(t, b, base, 0, 0)
		p.newGame("human", "", 1)
		for ply := 1; ply <= 40; ply++ {
			p.click(`#engine`)
			p.wait(fmt.Sprintf(`state.ply === %d && pending === 0`, ply))
		}
		p.click(`#pdn-box summary`)
		p.wait(`$("pdn").textContent.includes("20.")`)
		// The box holds the PDN as the server writes it, fetched from the
		// page, whose cookie owns the game.
		want, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](
			`fetch("/api/pdn?id=" + encodeURIComponent(state.id)).then((r) => r.text())`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got := eval[string](p, `$("pdn").textContent`); got != want {
			t.Errorf("the PDN box holds %q, the server wrote %q", got, want)
		}
		var split []string
		wrapped := false
		for width := int64(280); width <= 1200; width += 9 {
			if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(width, 800)); err != nil {
				t.Fatal(err)
			}
			if s := eval[string](p, pdnSplits+`(false)`); s != "" {
				split = append(split, fmt.Sprintf("%d px: %s", width, s))
			}
			wrapped = wrapped || eval[string](p, pdnSplits+`(true)`) == ""
		}
		if len(split) > 0 {
			t.Errorf("moves split across lines in the PDN at %d widths: %s", len(split), strings.Join(split, "; "))
		}
		if !wrapped {
			t.Error("the move text wraps at no width: the test checks nothing")
		}
	})

	t.Run("a phone", func(t *testing.T) {
		p := open(t, b, startWeb(t), 375, 740)
		p.newGame("human", "", 1)
		for ply := 1; ply <= 16; ply++ {
			p.click(`#engine`)
			p.wait(fmt.Sprintf(`state.ply === %d && pending === 0`, ply))
		}
		layout := eval[string](p, `(() => {
			const b = board.getBoundingClientRect(), panel = document.querySelector(".panel").getBoundingClientRect();
			return [document.documentElement.scrollWidth <= innerWidth, b.width >= 320 && b.right <= innerWidth, panel.top >= b.bottom].join(" ");
		})()`)
		if layout != "true true true" {
			t.Errorf("no sideways scrolling, the board across the screen, the panel below it: %s", layout)
		}
		// The PDN wraps between moves, never inside one.
		p.click(`#pdn-box summary`)
		p.wait(`$("pdn").textContent.includes("8.")`)
		split := eval[string](p, pdnSplits+`(true)`)
		if split != "" {
			t.Errorf("moves split across lines in the PDN: %s", split)
		}
	})
}

// pdnSplits is a JavaScript function of the PDN box: it returns the moves
// that are split across lines, "(wider than its box)" when the text is,
// and, when asked to (mustWrap), "(the move text does not wrap)" when the
// moves take no more lines than the text has: the test would then check
// nothing.
const pdnSplits = `((mustWrap) => {
	const pre = $("pdn"), out = [], nodes = [], starts = [];
	const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
	let total = 0;
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		nodes.push(n);
		starts.push(total);
		total += n.data.length;
	}
	const at = (i) => {
		let k = starts.length - 1;
		while (k > 0 && starts[k] > i) k--;
		return [nodes[k], i - starts[k]];
	};
	const lines = (from, to) => {
		const r = document.createRange();
		r.setStart(...at(from));
		r.setEnd(...at(to));
		return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
	};
	const text = pre.textContent;
	for (const m of text.matchAll(/\d+(?:[-x]\d+)+/g)) {
		if (lines(m.index, m.index + m[0].length) > 1) out.push(m[0]);
	}
	if (pre.scrollWidth > pre.clientWidth) out.push("(wider than its box)");
	const from = text.indexOf("\n\n") + 2;
	if (mustWrap && lines(from, text.length) <= text.slice(from).trim().split("\n").length) out.push("(the move text does not wrap)");
	return out.join(" ");
})`
