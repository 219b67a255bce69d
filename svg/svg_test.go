package svg_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/internal/testgame"

	"github.com/frisian-draughts/frisian"
	"github.com/frisian-draughts/frisian/pdn"
	"github.com/frisian-draughts/frisian/svg"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// moveOf returns the legal move of p whose String (the Hub form) is hub.
func moveOf(t *testing.T, p frisian.Position, hub string) frisian.Move {
	t.Helper()
	for _, m := range testgame.Legal(p).Moves() {
		if m.String() == hub {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", p.FEN(), hub)
	return frisian.Move{}
}

type goldenCase struct {
	name string
	fen  string
	hub  string // the Hub form of the move to draw, if any
	opts svg.Options
}

var goldenCases = []goldenCase{
	{name: "start", fen: "W:W31-50:B1-20"},
	{name: "start-flipped", fen: "W:W31-50:B1-20",
		opts: svg.Options{Size: 400, Orientation: frisian.Black, Numbers: true}},
	// The only legal move: the king on 46 takes the four men on its long
	// diagonal, landing on 32, 23, 14 and 5.
	{name: "king-capture", fen: "W:WK46:B10,19,28,37", hub: "46x5x10x19x28x37",
		opts: svg.Options{Size: 400, Numbers: true}},
	{name: "king-capture-played", fen: "W:WK46:B10,19,28,37", hub: "46x5x10x19x28x37",
		opts: svg.Options{Size: 400, Played: true, Orientation: frisian.Black}},
	// A king capture that turns twice, along a diagonal, a column and a
	// row, taking a king; with the man on 32 highlighted.
	{name: "king-capture-turns", fen: "W:W32,K35:B18,24,K27", hub: "35x26x18x24x27",
		opts: svg.Options{Numbers: true, Highlight: frisian.SquareSetOf(32)}},
	// A man's capture that ends on its own start square.
	{name: "man-capture-loop", fen: "W:W28:B18,22,23", hub: "28x28x18x22x23",
		opts: svg.Options{Size: 300, Played: true}},
	// The same capture the other way round, along a path given in
	// Options.Path instead of the one Legal.Path gives (28x17x19x28).
	{name: "man-capture-loop-path", fen: "W:W28:B18,22,23", hub: "28x28x18x22x23",
		opts: svg.Options{Size: 300, Path: []frisian.Square{28, 19, 17, 28}}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			p := frisian.MustParseFEN(tc.fen)
			opts := tc.opts
			if tc.hub != "" {
				opts.Move = moveOf(t, p, tc.hub)
			}
			got := svg.Board(p, &opts)
			checkSVG(t, got, p, opts)

			file := filepath.Join("testdata", tc.name+".svg")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (run go test -update after checking the picture):\n%s",
					file, firstDiff(got, want))
			}
			if again := svg.Board(p, &opts); !bytes.Equal(again, got) {
				t.Error("second call gave different output")
			}
			var buf bytes.Buffer
			if err := svg.Render(&buf, p, &opts); err != nil || !bytes.Equal(buf.Bytes(), got) {
				t.Errorf("Render: err %v, output equal to Board's: %t", err, bytes.Equal(buf.Bytes(), got))
			}
		})
	}
}

// firstDiff describes the first line on which got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}

// picture is what checkSVG reads back from a document.
type picture struct {
	root      xml.StartElement
	squares   map[frisian.Square]int           // data-square groups seen, by square
	pieces    map[frisian.Square]frisian.Piece // data-piece inside each square group
	ghosts    frisian.SquareSet                // ghost pieces
	captured  frisian.SquareSet                // crosses (data-captured)
	arrowPts  int                              // points of the arrow's polyline
	numbers   int                              // square number texts
	highlight frisian.SquareSet
	lastMove  frisian.SquareSet
}

// parse reads a whole document with encoding/xml, failing on any error, and
// collects what the tests check.
func parse(t *testing.T, doc []byte) picture {
	t.Helper()
	pic := picture{squares: map[frisian.Square]int{}, pieces: map[frisian.Square]frisian.Piece{}}
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	var stack []frisian.Square // the square group each open element is in
	depth, roots := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				pic.root = el.Copy()
			}
			depth++
			sq := frisian.Square(0)
			if len(stack) > 0 {
				sq = stack[len(stack)-1]
			}
			attrs := map[string]string{}
			for _, a := range el.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if v, ok := attrs["data-square"]; ok {
				n, err := strconv.Atoi(v)
				if err != nil || !frisian.Square(n).Valid() {
					t.Fatalf("data-square=%q", v)
				}
				sq = frisian.Square(n)
				pic.squares[sq]++
			}
			if v, ok := attrs["data-piece"]; ok {
				if sq == 0 {
					t.Fatalf("data-piece=%q outside a square", v)
				}
				pc := map[string]frisian.Piece{"w": frisian.WhiteMan, "W": frisian.WhiteKing,
					"b": frisian.BlackMan, "B": frisian.BlackKing}[v]
				if pc == frisian.NoPiece || pic.pieces[sq] != frisian.NoPiece {
					t.Fatalf("square %d: data-piece=%q", sq, v)
				}
				pic.pieces[sq] = pc
			}
			if v, ok := attrs["data-captured"]; ok {
				n, _ := strconv.Atoi(v)
				pic.captured = pic.captured.With(frisian.Square(n))
			}
			classes := strings.Fields(attrs["class"])
			for _, c := range classes {
				switch c {
				case "ghost":
					pic.ghosts = pic.ghosts.With(sq)
				case "highlight":
					pic.highlight = pic.highlight.With(sq)
				case "last-move":
					pic.lastMove = pic.lastMove.With(sq)
				case "number":
					pic.numbers++
				}
			}
			if el.Name.Local == "polyline" {
				pic.arrowPts = len(strings.Fields(attrs["points"]))
			}
			stack = append(stack, sq)
		case xml.EndElement:
			depth--
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(el)) > 0 {
				t.Fatalf("text outside the root element: %q", el)
			}
		}
	}
	if roots != 1 || pic.root.Name.Local != "svg" || pic.root.Name.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("want one svg root element, got %d roots, last %v", roots, pic.root.Name)
	}
	return pic
}

// checkSVG checks that doc is a well-formed SVG document showing p (or the
// position after opts.Move when opts.Played) as opts asks.
func checkSVG(t *testing.T, doc []byte, p frisian.Position, opts svg.Options) {
	t.Helper()
	pic := parse(t, doc)
	shown := p
	var path []frisian.Square
	if !opts.Move.IsZero() && testgame.Legal(p).Contains(opts.Move) {
		path = testgame.Legal(p).Path(opts.Move)
		if opts.Played {
			shown = p.Apply(opts.Move)
		}
	}
	for sq := frisian.Square(1); sq <= frisian.NumSquares; sq++ {
		if pic.squares[sq] != 1 {
			t.Errorf("square %d: %d groups with its data-square, want 1", sq, pic.squares[sq])
		}
		if got, want := pic.pieces[sq], shown.PieceAt(sq); got != want {
			t.Errorf("square %d: piece %v, want %v", sq, got, want)
		}
	}
	var captured, ghosts frisian.SquareSet
	if path != nil {
		captured = opts.Move.Captured()
		if opts.Played {
			ghosts = captured
		}
	}
	if pic.captured != captured {
		t.Errorf("crosses on %v, want %v", pic.captured, captured)
	}
	if pic.ghosts != ghosts {
		t.Errorf("ghost pieces on %v, want %v", pic.ghosts, ghosts)
	}
	if pic.arrowPts != len(path) {
		t.Errorf("arrow with %d points, want %d (path %v)", pic.arrowPts, len(path), path)
	}
	var ends frisian.SquareSet
	if path != nil {
		ends = frisian.SquareSetOf(path[0], path[len(path)-1])
	}
	if pic.lastMove != ends {
		t.Errorf("last-move squares %v, want %v", pic.lastMove, ends)
	}
	if pic.highlight != opts.Highlight {
		t.Errorf("highlighted %v, want %v", pic.highlight, opts.Highlight)
	}
	wantNumbers := 0
	if opts.Numbers {
		wantNumbers = frisian.NumSquares
	}
	if pic.numbers != wantNumbers {
		t.Errorf("%d square numbers, want %d", pic.numbers, wantNumbers)
	}
	attrs := map[string]string{}
	for _, a := range pic.root.Attr {
		attrs[a.Name.Local] = a.Value
	}
	if attrs["viewBox"] != "0 0 500 500" {
		t.Errorf("viewBox=%q", attrs["viewBox"])
	}
	if opts.Size > 0 {
		want := strconv.Itoa(opts.Size)
		if attrs["width"] != want || attrs["height"] != want {
			t.Errorf("width=%q height=%q, want %s", attrs["width"], attrs["height"], want)
		}
	} else if _, ok := attrs["width"]; ok {
		t.Errorf("width=%q with Size %d", attrs["width"], opts.Size)
	}
}

func TestOrientation(t *testing.T) {
	p := frisian.StartPosition()
	white := string(svg.Board(p, nil))
	black := string(svg.Board(p, &svg.Options{Orientation: frisian.Black}))
	// Square 46 is at the bottom left for White and the top right for Black.
	if !strings.Contains(white, `data-square="46">`+"\n"+`<rect x="0" y="450"`) {
		t.Error("White at the bottom: square 46 is not at the bottom left")
	}
	if !strings.Contains(black, `data-square="46">`+"\n"+`<rect x="450" y="0"`) {
		t.Error("Black at the bottom: square 46 is not at the top right")
	}
	// Any other Color value is read as White.
	if odd := string(svg.Board(p, &svg.Options{Orientation: frisian.Color(7)})); odd != white {
		t.Error("Orientation Color(7) is not drawn as White")
	}
}

func TestNilAndZeroOptions(t *testing.T) {
	p := frisian.StartPosition()
	if !bytes.Equal(svg.Board(p, nil), svg.Board(p, &svg.Options{})) {
		t.Error("nil and zero Options differ")
	}
	out := svg.Board(frisian.Position{}, nil)
	checkSVG(t, out, frisian.Position{}, svg.Options{})
	if bytes.Contains(out, []byte("data-piece")) {
		t.Error("the zero Position has pieces")
	}
}

func TestIllegalMoveIgnored(t *testing.T) {
	p := frisian.StartPosition()
	other := frisian.MustParseFEN("W:WK46:B10,19,28,37")
	m := testgame.Legal(other).Moves()[0]
	plain := svg.Board(p, &svg.Options{Numbers: true})
	for _, played := range []bool{false, true} {
		got := svg.Board(p, &svg.Options{Numbers: true, Move: m, Played: played})
		if !bytes.Equal(got, plain) {
			t.Errorf("Played %t: a move that is not legal changed the picture", played)
		}
		// Played without a move changes nothing either.
		got = svg.Board(p, &svg.Options{Numbers: true, Played: played})
		if !bytes.Equal(got, plain) {
			t.Errorf("Played %t without a move changed the picture", played)
		}
	}
}

func TestColors(t *testing.T) {
	p := frisian.MustParseFEN("W:W32,K35:B18,24,K27")
	m := testgame.Legal(p).Moves()[0]
	odd := `a"b<c>&d'e` + "\x00\x01\t\n\xff\uFFFE"
	opts := svg.Options{Move: m, Highlight: frisian.SquareSetOf(32), Numbers: true, Colors: svg.Colors{
		Light: "#eee", Dark: "rgb(1,2,3)", White: odd, Black: odd, Edge: odd, Crown: odd,
		Number: odd, Highlight: odd, LastMove: odd, Arrow: odd, Capture: odd,
	}}
	out := svg.Board(p, &opts)
	checkSVG(t, out, p, opts)
	for _, want := range []string{`fill="#eee"`, `fill="rgb(1,2,3)"`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("output lacks %s", want)
		}
	}
	if bytes.Contains(out, []byte(svg.DefaultColors.Dark)) {
		t.Error("the default dark color is still used")
	}
	// Empty fields take the defaults.
	if !bytes.Equal(svg.Board(p, &svg.Options{Colors: svg.DefaultColors}), svg.Board(p, nil)) {
		t.Error("DefaultColors and empty Colors differ")
	}
}

func TestSizes(t *testing.T) {
	p := frisian.StartPosition()
	for _, size := range []int{-5, 0, 1, 400, 1000} {
		opts := svg.Options{Size: size}
		checkSVG(t, svg.Board(p, &opts), p, opts)
	}
}

// TestRandomGames draws every position of some random games, each with the
// move played from it, before and after, both ways up.
func TestRandomGames(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	rng := rand.New(rand.NewPCG(5, 50))
	for g := range games {
		p := frisian.StartPosition()
		for ply := 0; ply < 200; ply++ {
			moves := testgame.Legal(p).Moves()
			if len(moves) == 0 {
				break
			}
			slices.SortFunc(moves, frisian.Move.Compare)
			m := moves[rng.IntN(len(moves))]
			for i, opts := range []svg.Options{
				{Move: m, Numbers: true},
				{Move: m, Played: true, Orientation: frisian.Black},
			} {
				if (ply+i)%3 != 0 && !m.IsCapture() {
					continue // keep the test quick: all captures, some quiet moves
				}
				checkSVG(t, svg.Board(p, &opts), p, opts)
				if t.Failed() {
					t.Fatalf("game %d ply %d: %s, move %s", g, ply, p.FEN(), m.String())
				}
			}
			p = p.Apply(m)
		}
	}
}

func ExampleBoard() {
	p, err := frisian.ParseFEN("W:WK46:B10,19,28,37")
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := p.Legal(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	m := l.Moves()[0] // the only legal move: the king takes all four men
	out := svg.Board(p, &svg.Options{Size: 400, Numbers: true, Move: m})
	fmt.Println(l.Text(m), l.Path(m))
	fmt.Println(string(out[:bytes.IndexByte(out, '\n')]))
	// Output:
	// 46x5 [46 32 23 14 5]
	// <svg xmlns="http://www.w3.org/2000/svg" class="frisian-board" viewBox="0 0 500 500" width="400" height="400">
}

// A game in progress is drawn with its last move played.
func ExampleGameBoard() {
	ctx := context.Background()
	g := pdn.NewGame(frisian.StartPosition())
	for _, text := range []string{"32-28", "19-23", "28x19"} {
		l, err := g.Position().Legal(ctx)
		if err != nil {
			fmt.Println(err)
			return
		}
		m, err := l.ParseMove(ctx, text)
		if err == nil {
			err = g.Play(context.Background(), m)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	out := svg.GameBoard(g, &svg.Options{Numbers: true})
	before, _ := g.PositionAt(g.Len() - 1)
	m := g.Played()[g.Len()-1]
	same := bytes.Equal(out, svg.Board(before, &svg.Options{Numbers: true, Move: m, Played: true}))
	fmt.Println(m, same)
	// Output: 28x19x23 true
}

func TestGameBoardWithoutMoves(t *testing.T) {
	g := pdn.NewGame(frisian.MustParseFEN("W:W31:B1"))
	if got, want := svg.GameBoard(g, nil), svg.Board(g.Position(), nil); !bytes.Equal(got, want) {
		t.Error("GameBoard of a game without moves is not the board of its start")
	}
}

// A web page shows the squares a selected piece can move to.
func ExampleOptions_highlight() {
	p := frisian.StartPosition()
	l, _ := p.Legal(context.Background())
	var targets frisian.SquareSet
	for _, m := range l.Moves() {
		if m.From() == 32 {
			targets = targets.With(m.To())
		}
	}
	out := svg.Board(p, &svg.Options{Highlight: targets.With(32)})
	fmt.Println(targets, bytes.Count(out, []byte(`class="highlight"`)))
	// Output: 27,28 3
}

// FuzzBoard draws any position that parses, with any of its moves (or a move
// of another position) and any options, and checks the picture.
func FuzzBoard(f *testing.F) {
	f.Add("W:W31-50:B1-20", uint8(0), uint8(0), 0, "")
	f.Add("W:WK46:B10,19,28,37", uint8(0), uint8(0xff), 400, "#123")
	f.Add("W:W32,K35:B18,24,K27", uint8(3), uint8(5), -1, `"><x>`)
	f.Add("B:WK6,25:BK10,41:+310+106", uint8(1), uint8(2), 1, "\x00")
	f.Add("W:W28:B18,22,23", uint8(0), uint8(32), 0, "\x1c\x13\x11\x1c") // the path 28x19x17x28
	other := testgame.Legal(frisian.MustParseFEN("W:W28:B18,22,23")).Moves()[0]
	f.Fuzz(func(t *testing.T, fen string, moveIndex, flags uint8, size int, color string) {
		p, err := frisian.ParseFEN(fen)
		if err != nil {
			return
		}
		opts := svg.Options{
			Size:        size,
			Orientation: frisian.Color(flags & 3),
			Numbers:     flags&4 != 0,
			Played:      flags&8 != 0,
			Highlight:   frisian.SquareSetOf(frisian.Square(moveIndex), frisian.Square(flags)),
			Colors:      svg.Colors{Dark: color, Crown: color, Arrow: color},
		}
		if moves := testgame.Legal(p).Moves(); flags&16 != 0 {
			opts.Move = other
		} else if len(moves) > 0 {
			slices.SortFunc(moves, frisian.Move.Compare)
			opts.Move = moves[int(moveIndex)%len(moves)]
		}
		if flags&32 != 0 {
			// The color's bytes as a path: mostly not one of the move's.
			for _, c := range []byte(color) {
				opts.Path = append(opts.Path, frisian.Square(c))
			}
		}
		out := svg.Board(p, &opts)
		checkSVG(t, out, p, opts)
		if !bytes.Equal(out, svg.Board(p, &opts)) {
			t.Error("not deterministic")
		}
	})
}

// arrowPoints returns the points attribute of the arrow in doc.
func arrowPoints(t *testing.T, doc []byte) string {
	t.Helper()
	_, rest, ok := bytes.Cut(doc, []byte("<polyline"))
	if !ok {
		return ""
	}
	_, rest, ok = bytes.Cut(rest, []byte(`points="`))
	points, _, ok2 := bytes.Cut(rest, []byte(`"`))
	if !ok || !ok2 {
		t.Fatalf("arrow without points")
	}
	return string(points)
}

// TestPathOption: the arrow follows Options.Path when it is a whole path
// of Options.Move and Legal.Path otherwise.
func TestPathOption(t *testing.T) {
	p := frisian.MustParseFEN("W:W28:B18,22,23")
	m := testgame.Legal(p).Moves()[0]
	plain := svg.Board(p, &svg.Options{Move: m})
	if got := arrowPoints(t, plain); got != "215.1,265.1 125,175 325,175 237.7,262.3" {
		t.Errorf("arrow along Legal.Path: %q", got)
	}
	given := svg.Board(p, &svg.Options{Move: m, Path: []frisian.Square{28, 19, 17, 28}})
	if got := arrowPoints(t, given); got != "234.9,265.1 325,175 125,175 212.3,262.3" {
		t.Errorf("arrow along Options.Path: %q", got)
	}
	// Anything but a whole path of the move is ignored.
	other := frisian.MustParseFEN("W:WK46:B10,19,28,37")
	for _, path := range [][]frisian.Square{
		{28, 19, 17}, {28, 19}, {28}, {28, 19, 17, 28, 19}, {28, 17, 28}, {46, 32, 23, 14, 5},
		{0, 19, 17, 28}, {99, 200}, {28, 28},
	} {
		if got := svg.Board(p, &svg.Options{Move: m, Path: path}); !bytes.Equal(got, plain) {
			t.Errorf("Path %v was drawn", path)
		}
	}
	// A path without a legal move is ignored too.
	bare := svg.Board(other, nil)
	if got := svg.Board(other, &svg.Options{Path: []frisian.Square{46, 32, 23, 14, 5}}); !bytes.Equal(got, bare) {
		t.Error("Path without Move was drawn")
	}
	// A quiet move's path is its start and end.
	start := frisian.StartPosition()
	q := moveOf(t, start, "32-28")
	if got := svg.Board(start, &svg.Options{Move: q, Path: []frisian.Square{32, 28}}); !bytes.Equal(got, svg.Board(start, &svg.Options{Move: q})) {
		t.Error("quiet move with its path drawn differently")
	}
	// lidraughts' worst case, with countless paths: a late one is drawn
	// at once.
	w := frisian.MustParseFEN("W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49")
	wm := testgame.Legal(w).Moves()[0]
	path := []frisian.Square{5}
	wl, _ := w.Legal(context.Background())
	for {
		next := wl.Clicks(path).Next
		if next.Empty() {
			break
		}
		sq := next.Squares()
		path = append(path, sq[len(sq)-1]) // the highest: far from the first paths
	}
	doc := svg.Board(w, &svg.Options{Move: wm, Path: path})
	if got, def := arrowPoints(t, doc), arrowPoints(t, svg.Board(w, &svg.Options{Move: wm})); got == def || len(strings.Fields(got)) != 33 {
		t.Errorf("worst case: arrow %q along %v", got, path)
	}
}
