package frisian

import (
	"fmt"
	"slices"
	"testing"
)

func TestPaths(t *testing.T) {
	// 28x28 goes round either way: one move, two paths.
	p := MustParseFEN("W:W28:B18,22,23")
	m := legalOf(p).Moves()[0]
	var got []string
	for path := range legalOf(p).Paths(m) {
		got = append(got, fmt.Sprint(path))
	}
	slices.Sort(got)
	want := []string{"[28 17 19 28]", "[28 19 17 28]"}
	if !slices.Equal(got, want) {
		t.Errorf("Paths(28x28) = %v, want %v", got, want)
	}
	// Path gives one of them.
	if one := fmt.Sprint(legalOf(p).Path(m)); !slices.Contains(want, one) {
		t.Errorf("Path = %s", one)
	}
	// A quiet move has its one path; a move of another position none.
	q := StartPosition()
	quiet := legalOf(q).Moves()[0]
	n := 0
	for path := range legalOf(q).Paths(quiet) {
		n++
		if len(path) != 2 || path[0] != quiet.From() || path[1] != quiet.To() {
			t.Errorf("quiet path %v", path)
		}
	}
	if n != 1 {
		t.Errorf("quiet move: %d paths", n)
	}
	for range legalOf(q).Paths(m) {
		t.Error("a move of another position has a path")
	}
	// Stopping early works on the worst case, whose paths are countless.
	w := MustParseFEN(benchPathological)
	count := 0
	for path := range legalOf(w).Paths(legalOf(w).Moves()[0]) {
		if len(path) != 33 || path[0] != 5 || path[32] != 46 {
			t.Fatalf("path %v", path)
		}
		if count++; count == 10 {
			break
		}
	}
	if count != 10 {
		t.Errorf("%d paths", count)
	}
}
