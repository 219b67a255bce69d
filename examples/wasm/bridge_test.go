package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

// The bridge is tested natively: js.go only converts values.

func call(t *testing.T, b *bridge, name string, a object) object {
	t.Helper()
	res := b.call(name, a)
	if e, ok := res["error"]; ok {
		t.Fatalf("%s(%v): %v", name, a, e)
	}
	return res
}

func texts(moves ...string) []any {
	out := []any{}
	for _, m := range moves {
		out = append(out, m)
	}
	return out
}

func squareList(sqs ...int) []any {
	out := []any{}
	for _, sq := range sqs {
		out = append(out, float64(sq)) // numbers come from JavaScript as float64
	}
	return out
}

// TestPositionAgainstLibrary: the moves and texts that position gives,
// along a game, are the library's; and play, given each move's text,
// answers it along one of its paths with the pieces taken on it in order.
func TestPositionAgainstLibrary(t *testing.T) {
	b := &bridge{}
	rng := rand.New(rand.NewPCG(1, 2))
	for game := range 5 {
		p := frisian.StartPosition()
		var played []any
		for ply := 0; ply < 80; ply++ {
			res := call(t, b, "position", object{"moves": played})
			legal, err := p.Legal(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			moves := legal.Moves()
			got := res["moves"].([]any)
			if res["fen"] != p.FEN() || len(got) != len(moves) {
				t.Fatalf("game %d ply %d: %v with %d moves, want %s with %d", game, ply, res["fen"], len(got), p.FEN(), len(moves))
			}
			for i, m := range moves {
				g := got[i].(object)
				text := fmt.Sprint(legal.Text(m))
				want := object{"text": text, "from": int(m.From()), "to": int(m.To()), "capture": m.IsCapture(),
					"captured": ints(m.Captured().Squares())}
				if fmt.Sprint(g) != fmt.Sprint(want) {
					t.Fatalf("%s: move %d: %v, want %v", p.FEN(), i, g, want)
				}
				checkPath(t, legal, m, call(t, b, "play", object{"moves": played, "move": text})["move"].(object))
			}
			if o := res["outcome"].(object); o["over"] != legal.Outcome(frisian.OfficialDraws).IsOver() {
				t.Fatalf("%s: outcome %v", p.FEN(), o)
			}
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			played = append(played, fmt.Sprint(legal.Text(m)))
			p = p.Apply(m)
		}
		// Undoing some moves, as the page does, gives the position before.
		if len(played) > 10 {
			short := played[:len(played)-7]
			fresh := (&bridge{}).call("position", object{"moves": short})
			if got := call(t, b, "position", object{"moves": short}); got["fen"] != fresh["fen"] {
				t.Errorf("after taking back 7 moves: %v, want %v", got["fen"], fresh["fen"])
			}
		}
	}
}

// checkPath checks that the move object o, as a call about one move
// answers it, describes m, a legal move of legal: one of its whole paths,
// and the pieces taken along it in order.
func checkPath(t *testing.T, legal frisian.Legal, m frisian.Move, o object) {
	t.Helper()
	var path []frisian.Square
	for _, sq := range o["path"].([]any) {
		path = append(path, frisian.Square(sq.(int)))
	}
	c := legal.Clicks(path)
	if got, ok := c.Move(); !ok || got != m || !slices.Equal(c.Path, path) || fmt.Sprint(o["taken"]) != fmt.Sprint(ints(c.Taken)) ||
		o["text"] != legal.Text(m) || fmt.Sprint(o["captured"]) != fmt.Sprint(ints(m.Captured().Squares())) {
		t.Fatalf("%v: not move %s along a path of it (the library: path %v taken %v)", o, legal.Text(m), c.Path, c.Taken)
	}
}

// TestDrawCounters: each counter running carries a key for its ending
// that does not depend on the reason's prose, and position gives the
// longest game the other calls take.
func TestDrawCounters(t *testing.T) {
	b := &bridge{}
	for _, tc := range []struct {
		a    object
		want string
	}{
		{object{"fen": "W:WK46,K50:BK1"}, "[twoKingsAgainstOne 7 false]"},
		{object{"fen": "W:WK46,K50:BK1", "draws": "lidraughts"}, "[twoKingsAgainstOne 14 true]"},
		{object{"fen": "W:WK46:BK1", "draws": "lidraughts"}, "[oneKingEach 4 true]"},
		{object{"fen": "W:WK46:BK1"}, ""}, // drawn at once
	} {
		res := call(t, b, "position", tc.a)
		got := ""
		for _, c := range res["drawCounters"].([]any) {
			c := c.(object)
			got += fmt.Sprint([]any{c["ending"], c["limit"], c["plies"]})
		}
		if got != tc.want || res["maxPlies"] != maxPlies {
			t.Errorf("%v: counters %s, maxPlies %v; want %s and %d", tc.a, got, res["maxPlies"], tc.want, maxPlies)
		}
	}
}

// TestClicks follows the click rules on a capture with two paths to one
// end square, a capture round to its start, and refusals.
func TestClicks(t *testing.T) {
	b := &bridge{}
	capture := "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"
	clicks := func(fen string, sqs ...int) object {
		return call(t, b, "clicks", object{"fen": fen, "clicks": squareList(sqs...)})
	}
	res := clicks(capture, 18, 38, 40)
	if fmt.Sprint(res["path"], res["next"], res["taken"], res["move"]) != "[18 38 40] [49] [28 39] <nil>" {
		t.Errorf("18, 38, 40: %v", res)
	}
	res = clicks(capture, 18, 38, 40, 49, 38, 36)
	if m, _ := res["move"].(object); m == nil || m["text"] != "18x38x40x49x38x36" || fmt.Sprint(m["taken"]) != "[28 39 44 43 37]" {
		t.Errorf("the whole capture: %v", res)
	}
	// The end square, clicked early, is ambiguous here: two captures
	// taking different pieces end on 36.
	if res = clicks(capture, 18, 36); res["move"] != nil || !strings.Contains(res["why"].(string), "different pieces") {
		t.Errorf("18 then 36: %v", res)
	}
	if res = clicks(capture, 17); res["move"] != nil || len(res["path"].([]any)) != 0 || !strings.Contains(res["why"].(string), "compulsory") {
		t.Errorf("17: %v", res)
	}
	if res = clicks(capture, 18, 38, 40, 1); fmt.Sprint(res["path"]) != "[18 38 40]" || !strings.Contains(res["why"].(string), "cannot go on to 1") {
		t.Errorf("off the path: %v", res)
	}
	loop := "W:W28,50:B18,22,23,1"
	if res = clicks(loop, 28, 28); len(res["path"].([]any)) != 0 {
		t.Errorf("28 twice: %v", res)
	}
	res = clicks(loop, 28, 19, 17, 28)
	if m, _ := res["move"].(object); m == nil || fmt.Sprint(m["path"]) != "[28 19 17 28]" || fmt.Sprint(m["taken"]) != "[23 18 22]" {
		t.Errorf("round by 19: %v", res)
	}
	// A quiet move by its end square; another piece selected anew.
	if res = clicks("", 32, 31); fmt.Sprint(res["path"]) != "[31]" {
		t.Errorf("32 then 31: %v", res)
	}
	if m, _ := clicks("", 32, 28)["move"].(object); m == nil || m["text"] != "32-28" {
		t.Errorf("32-28: %v", m)
	}
}

// TestPlayAndPDN: typed moves, the PDN written, and read back.
func TestPlayAndPDN(t *testing.T) {
	b := &bridge{}
	res := call(t, b, "play", object{"fen": "W:W28:B18,22,23,1", "move": "28x19x17x28"})
	if m := res["move"].(object); m["text"] != "28x17x19x28" || fmt.Sprint(m["path"]) != "[28 19 17 28]" || res["fen"] != "B:W28:B1" {
		t.Errorf("28x19x17x28: %v", res)
	}
	if m := call(t, b, "play", object{"fen": "W:W28:B18,22,23,1", "move": "28x28"})["move"].(object); fmt.Sprint(m["path"]) != "[28 17 19 28]" {
		t.Errorf("28x28: %v", m)
	}
	game := object{"moves": texts("32-28", "19-23", "28x19", "14x23"), "draws": "lidraughts",
		"tags": []any{[]any{"Event", "test"}, []any{"White", "W"}}}
	pdn := call(t, b, "pdn", game)["pdn"].(string)
	if !strings.HasPrefix(pdn, `[Event "test"]`+"\n"+`[White "W"]`) || !strings.Contains(pdn, "1. 32-28 19-23 2. 28x19 14x23") {
		t.Errorf("PDN:\n%s", pdn)
	}
	read := call(t, b, "readPDN", object{"pdn": pdn + "\n" + pdn})
	games := read["games"].([]any)
	if len(games) != 2 || len(read["errors"].([]any)) != 0 {
		t.Fatalf("read back: %v", read)
	}
	g := games[0].(object)
	if fmt.Sprint(g["moves"]) != fmt.Sprint(game["moves"]) || g["fen"] != "" || fmt.Sprint(g["tags"].([]any)[0]) != "[Event test]" {
		t.Errorf("read back: %v", g)
	}
	if g["result"] != "*" {
		t.Errorf("read back, an ongoing game: result %v", g["result"])
	}
	read = call(t, b, "readPDN", object{"pdn": "[FEN \"W:W28:B23\"]\n1. 28x19 *"})
	if g := read["games"].([]any)[0].(object); g["result"] != "2-0" {
		t.Errorf("a game won by its last move: result %v", g["result"])
	}
	read = call(t, b, "readPDN", object{"pdn": "1. 32-28 18-23 2. 28-33 *"})
	if len(read["errors"].([]any)) == 0 || !strings.Contains(fmt.Sprint(read["errors"]), "28-33") {
		t.Errorf("an illegal move read: %v", read)
	}
	if got := call(t, b, "fen", object{"fen": "W:B1:W50"}); got["fen"] != "W:W50:B1" {
		t.Errorf("fen: %v", got)
	}
	if got := call(t, b, "board", object{"moves": texts("32-28"), "ply": float64(0), "bottom": "black"})["svg"].(string); !strings.HasPrefix(got, "<svg") || strings.Count(got, "data-square=") != 50 {
		t.Errorf("board: %.80s", got)
	}
}

// TestEngine: the engine's move is legal and its search bounded by nodes.
func TestEngine(t *testing.T) {
	b := &bridge{}
	res := call(t, b, "engine", object{"moves": texts("32-28"), "depth": float64(4), "nodes": float64(5000)})
	p := frisian.StartPosition()
	p = p.Apply(mustParse(t, p, "32-28"))
	m := mustParse(t, p, res["move"].(object)["text"].(string))
	if m.IsZero() || res["nodes"].(int) > 6000 {
		t.Errorf("engine: %v", res)
	}
	legal, err := p.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checkPath(t, legal, m, res["move"].(object))
	if res := b.call("engine", object{"fen": "W:W50:B1,2,3,4,5"}); res["error"] != nil {
		t.Errorf("a lost game for White still has moves: %v", res)
	}
	if res := b.call("engine", object{"fen": "W:B1"}); res["error"] == nil {
		t.Errorf("no White piece: %v", res)
	}
}

func mustParse(t *testing.T, p frisian.Position, s string) frisian.Move {
	t.Helper()
	legal, err := p.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m, err := legal.ParseMove(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBadArguments: any argument gives an answer, an error with a reason
// for bad ones, never a panic; and the bridge goes on answering.
func TestBadArguments(t *testing.T) {
	b := &bridge{}
	for _, tc := range []struct {
		name string
		a    object
		want string
	}{
		{"position", object{"fen": "W:W99"}, "99"},
		{"position", object{"fen": 7.0}, "not a string"},
		{"position", object{"moves": "32-28"}, "not an array"},
		{"position", object{"moves": texts("32-28", "32-28")}, "move 2"},
		{"position", object{"moves": []any{1.0}}, "not a string"},
		{"position", object{"draws": "fide"}, "draws"},
		{"clicks", object{"clicks": squareList(0)}, "not a square"},
		{"clicks", object{"clicks": []any{1.5}}, "not a square"},
		{"play", object{"move": "x"}, "x"},
		{"play", object{"move": "46-41"}, "46-41"},
		{"play", object{"move": strings.Repeat("1", 2000)}, "bytes"},
		{"board", object{"ply": 3.0}, "ply 3"},
		{"board", object{"bottom": "red"}, "bottom"},
		{"pdn", object{"tags": []any{"Event"}}, "pair"},
		{"pdn", object{"tags": []any{[]any{"Bad name", "x"}}}, "tag"},
		{"readPDN", object{"pdn": 7.0}, "not a string"},
		{"engine", object{"depth": "deep"}, "not a number"},
		{"engine", object{"nodes": 1e300}, "whole number"},
		{"engine", object{"depth": -1.0}, "depth -1"},
		{"engine", object{"depth": 13.0}, "depth 13"},
		{"engine", object{"nodes": -1.0}, "nodes -1"},
		{"engine", object{"nodes": 5_000_001.0}, "nodes 5000001"},
		{"position", object{"moves": longGame(501)}, "at most 500"},
		{"position", object{"fen": crowded}, "pieces"},
		{"board", object{"fen": crowded}, "pieces"},
		{"fen", object{"fen": "W:W1-50:B1-50"}, ""},
		{"fen", object{"fen": strings.Repeat("W", 5000)}, ""},
		{"nothing", object{}, "no function"},
	} {
		res := b.call(tc.name, tc.a)
		e, ok := res["error"].(string)
		if !ok || !strings.Contains(e, tc.want) || strings.Contains(e, "internal error") {
			t.Errorf("%s(%v): %v, want an error with %q", tc.name, tc.a, res, tc.want)
		}
	}
	if got := call(t, b, "position", object{})["fen"]; got != frisian.StartPosition().FEN() {
		t.Errorf("after the errors: %v", got)
	}
}

// crowded is a position with more pieces a side than a game can have:
// Black has 32 kings.
const crowded = "W:WK5:BK2,K4,K7,K8,K9,K10,K11,K13,K15,K16,K18,K19,K20,K21,K22,K24,K27,K29,K30,K31,K32,K33,K35,K36,K38,K40,K41,K42,K43,K44,K47,K49"

// shuffle is a position whose kings can go to and fro for ever (longGame)
// with no draw rule ending the game.
const shuffle = "W:WK46,K50:BK1,K4"

// longGame returns the texts of the first n moves of a game from shuffle.
func longGame(n int) []any {
	out := []any{}
	for i := range n {
		out = append(out, []string{"46-41", "1-6", "41-46", "6-1"}[i%4])
	}
	return out
}

// TestReadPDNLimits: readPDN leaves out, with an error, the games the
// other calls would refuse, and reads at most maxGames games.
func TestReadPDNLimits(t *testing.T) {
	b := &bridge{}
	game := func(fen string, n int) string {
		var s strings.Builder
		fmt.Fprintf(&s, "[FEN %q]\n", fen)
		for i, m := range longGame(n) {
			if i%2 == 0 {
				fmt.Fprintf(&s, "%d. ", i/2+1)
			}
			fmt.Fprintf(&s, "%s ", m)
		}
		s.WriteString("*\n\n")
		return s.String()
	}
	for _, tc := range []struct {
		name, pdn string
		games     int
		err       string
	}{
		{"500 moves", game(shuffle, 500), 1, ""},
		{"501 moves", game(shuffle, 501), 0, "game 1: 501 moves, more than the 500"},
		{"too many pieces", game(shuffle, 2) + game(crowded, 0), 1, "game 2: "},
		{"101 games", strings.Repeat(game(shuffle, 1), 101), 100, "more than 100 games"},
	} {
		res := call(t, b, "readPDN", object{"pdn": tc.pdn})
		games, errs := res["games"].([]any), fmt.Sprint(res["errors"])
		if len(games) != tc.games || tc.err == "" && errs != "[]" || !strings.Contains(errs, tc.err) {
			t.Errorf("%s: %d games, errors %s; want %d games and an error with %q", tc.name, len(games), errs, tc.games, tc.err)
		}
		if len(games) > 0 {
			// The games kept are those the other calls take.
			g := games[len(games)-1].(object)
			call(t, b, "position", g)
		}
	}
}

// TestRandomArguments gives every function arguments of random shape: each
// answers, without an internal error (a recovered panic).
func TestRandomArguments(t *testing.T) {
	b := &bridge{}
	rng := rand.New(rand.NewPCG(3, 4))
	keys := []string{"fen", "moves", "draws", "clicks", "move", "ply", "bottom", "tags", "pdn", "depth", "nodes"}
	var value func(depth int) any
	value = func(depth int) any {
		switch rng.IntN(8) {
		case 0:
			return nil
		case 1:
			return rng.IntN(2) == 0
		case 2:
			return float64(rng.IntN(120) - 10)
		case 3:
			return rng.Float64() * 1e12
		case 4:
			return []string{"", "32-28", "W:W31-50:B1-20", "x", "28x19", "official", "lidraughts", "white", "black", "[Event \"e\"] 1. 32-28 *"}[rng.IntN(10)]
		case 5:
			if depth > 2 {
				return nil
			}
			l := []any{}
			for range rng.IntN(5) {
				l = append(l, value(depth+1))
			}
			return l
		default:
			if depth > 2 {
				return "{"
			}
			o := object{}
			for range rng.IntN(4) {
				o[keys[rng.IntN(len(keys))]] = value(depth + 1)
			}
			return o
		}
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range b.functions() {
			if name != "engine" && !yield(name) { // the engine's search is tested on its own
				return
			}
		}
	})
	for range 3000 {
		a, _ := value(0).(object)
		if a == nil {
			a = object{}
		}
		name := names[rng.IntN(len(names))]
		if e, _ := b.call(name, a)["error"].(string); strings.Contains(e, "internal error") {
			t.Errorf("%s(%v): %s", name, a, e)
		}
	}
}

// Positions for the benchmarks, which run natively and, compiled to
// WebAssembly, under Node (see the README): the slowdown of the page's
// library.
var benchPositions = []struct{ name, fen string }{
	{"Start", ""},
	{"Middlegame", "W:W27,28,31,32,33,34,35,36,37,38,40,42,43,45,47:B3,6,7,8,9,11,12,13,14,16,17,18,19,20,22"},
	{"KingCaptures", "W:WK50:B3,7,10,12,13,14,17,20,21,23,25,30,32,36,38,39,41,43,K47"},
}

// BenchmarkPosition is what the page asks after each move: the moves of a
// new position with their texts and captured pieces, the outcome and the
// counters.
func BenchmarkPosition(b *testing.B) {
	for _, c := range benchPositions {
		b.Run(c.name, func(b *testing.B) {
			br := &bridge{}
			a := object{"fen": c.fen}
			b.ReportAllocs()
			for b.Loop() {
				br.last = nil // worked out afresh, as after a move
				if res := br.call("position", a); res["error"] != nil {
					b.Fatal(res["error"])
				}
			}
		})
	}
}

// BenchmarkClicks is one click's answer in the middle of a capture.
func BenchmarkClicks(b *testing.B) {
	br := &bridge{}
	a := object{"fen": "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19", "clicks": squareList(18, 38, 40, 49)}
	b.ReportAllocs()
	for b.Loop() {
		if res := br.call("clicks", a); res["error"] != nil {
			b.Fatal(res["error"])
		}
	}
}

// BenchmarkEngine is a computer's move from the start: depth 8, at most
// 150 000 positions (the page asks for engine.DefaultNodes, 500 000).
func BenchmarkEngine(b *testing.B) {
	br := &bridge{}
	a := object{"depth": 8.0, "nodes": 150000.0} // 150 000 positions reach depth 7
	for b.Loop() {
		if res := br.call("engine", a); res["error"] != nil {
			b.Fatal(res["error"])
		}
	}
}
