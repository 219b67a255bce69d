package frisian

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readVectors returns the non-comment lines of a testdata file, split at tabs.
func readVectors(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// hubMoves returns the legal moves of p in Hub long form, sorted as text.
func hubMoves(p Position) []string {
	out := []string{}
	for _, m := range legalOf(p).Moves() {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

func sortedFields(s string) []string {
	out := append([]string{}, strings.Fields(s)...)
	slices.Sort(out)
	return out
}

func checkMoveVectors(t *testing.T, file string) {
	rows := readVectors(t, file)
	if len(rows) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	for i, row := range rows {
		if len(row) < 2 {
			t.Fatalf("%s row %d: malformed", file, i)
		}
		p, err := ParseFEN(row[0])
		if err != nil {
			t.Errorf("%s row %d: ParseFEN(%q): %v", file, i, row[0], err)
			continue
		}
		if diff := cmp.Diff(sortedFields(row[1]), hubMoves(p)); diff != "" {
			t.Errorf("%s row %d %s: legal moves (-want +got):\n%s", file, i, row[0], diff)
		}
	}
}

func TestPositionsVectors(t *testing.T)  { checkMoveVectors(t, "positions.txt") }
func TestPrecedenceVectors(t *testing.T) { checkMoveVectors(t, "precedence.txt") }

func TestKingRuleVectors(t *testing.T) {
	checkMoveVectors(t, "king_rule.txt")
	for i, row := range readVectors(t, "king_rule.txt") {
		p := MustParseFEN(row[0])
		legal := map[string]bool{}
		for _, m := range hubMoves(p) {
			legal[m] = true
		}
		for _, f := range strings.Fields(row[2]) {
			if legal[f] {
				t.Errorf("king_rule row %d: forbidden move %s is legal", i, f)
			}
		}
		// Without the counter the forbidden moves are legal again.
		st := p.Setup()
		st.KingRun = [2]KingRun{}
		free := hubMoves(st.MustPosition())
		for _, f := range strings.Fields(row[2]) {
			if !slices.Contains(free, f) {
				t.Errorf("king_rule row %d: %s not legal even without the counter", i, f)
			}
		}
	}
}

func TestPerftVectors(t *testing.T) {
	var p Position
	for _, row := range readVectors(t, "perft.txt") {
		f := strings.Fields(row[0])
		switch f[0] {
		case "fen":
			p = MustParseFEN(f[1])
		case "perft":
			depth, _ := strconv.Atoi(f[1])
			want, _ := strconv.ParseUint(f[2], 10, 64)
			// Depth 8 takes a tenth of a second; the full suite goes to 10.
			limit := 10
			if !long() {
				limit = 8
			}
			if depth > limit {
				continue
			}
			if got := PerftParallel(p, depth, 0); got != want {
				t.Errorf("perft(%d) = %d, want %d", depth, got, want)
			}
		}
	}
}

// perftSuite reads testdata/perft_suite.txt: king-heavy placements and
// positions from random games with their perft counts from Scan 3.1.
func perftSuite(t testing.TB) []perftSuiteEntry { return readPerftFile(t, "perft_suite.txt") }

// readPerftFile reads a file of testdata in perft_suite.txt's form: a FEN,
// a tab and its perft counts from depth 1 on.
func readPerftFile(t testing.TB, name string) []perftSuiteEntry {
	f, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var out []perftSuiteEntry
	for line := range strings.Lines(string(f)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, counts, _ := strings.Cut(line, "\t")
		e := perftSuiteEntry{p: MustParseFEN(fen)}
		for _, c := range strings.Fields(counts) {
			n, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, line, err)
			}
			e.counts = append(e.counts, n)
		}
		out = append(out, e)
	}
	return out
}

type perftSuiteEntry struct {
	p      Position
	counts []uint64 // perft 1, 2, …
}

func TestPerftSuite(t *testing.T) {
	limit := 7
	if !long() {
		limit = 5
	}
	for _, e := range perftSuite(t) {
		for d, want := range e.counts {
			if d+1 > limit {
				break
			}
			if got := Perft(e.p, d+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", e.p.FEN(), d+1, got, want)
			}
		}
	}
}

// Perft of an absurd depth makes no absurd allocation: on a position with
// no moves it answers at once.
func TestPerftHugeDepth(t *testing.T) {
	lost := MustParseFEN("W:W:B1") // White has no piece
	for _, d := range []int{1 << 30, 1 << 40, 1<<62 - 1} {
		if got := Perft(lost, d); got != 0 {
			t.Errorf("Perft(lost, %d) = %d, want 0", d, got)
		}
	}
}

// TestKingRunLimit: in every position of king_rule.txt the king on the
// side to move's KingRun square has made KingRunLimit quiet moves and may
// not make the quiet moves the file forbids; one move fewer, and it may
// make every one of them.
func TestKingRunLimit(t *testing.T) {
	rows := readVectors(t, "king_rule.txt")
	if len(rows) < 10 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, row := range rows {
		p := MustParseFEN(row[0])
		run := p.KingRun(p.Turn())
		if run.Count != KingRunLimit {
			t.Errorf("%s: the side to move's king has made %d quiet moves, KingRunLimit is %d", row[0], run.Count, KingRunLimit)
			continue
		}
		s := p.Setup()
		s.KingRun[p.Turn()].Count = KingRunLimit - 1
		q := s.MustPosition()
		for _, text := range strings.Fields(row[2]) {
			if _, err := legalOf(p).ParseMove(context.Background(), text); err == nil {
				t.Errorf("%s: %s played at the limit", row[0], text)
			}
			if _, err := legalOf(q).ParseMove(context.Background(), text); err != nil {
				t.Errorf("%s: %s refused below the limit: %v", q, text, err)
			}
		}
	}
}
