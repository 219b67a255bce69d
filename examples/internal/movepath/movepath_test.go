package movepath

import (
	"context"
	"fmt"
	"testing"

	"github.com/frisian-draughts/frisian"
)

// TestOf: a capture round to its start has two paths, one by 19 and one
// by 17 (the least); the typed squares choose between them when they are
// a whole path, and anything else gets the least.
func TestOf(t *testing.T) {
	p, err := frisian.ParseFEN("W:W28:B18,22,23,1")
	if err != nil {
		t.Fatal(err)
	}
	legal, err := p.Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ move, typed, path, taken string }{
		{"28x19x17x28", "28x19x17x28", "[28 19 17 28]", "[23 18 22]"},
		{"28x19x17x28", " 28-19-17-28 ", "[28 19 17 28]", "[23 18 22]"},
		{"28x17x19x28", "28x17x19x28", "[28 17 19 28]", "[22 18 23]"},
		{"28x28", "28x28", "[28 17 19 28]", "[22 18 23]"},
		{"28x19x17x28", "", "[28 17 19 28]", "[22 18 23]"},
		{"28x19x17x28", "28x19x17x99", "[28 17 19 28]", "[22 18 23]"},
		{"28x19x17x28", "28x19x17x99999999999999999999", "[28 17 19 28]", "[22 18 23]"},
		{"28x19x17x28", "28x19x18x28", "[28 17 19 28]", "[22 18 23]"}, // not a path
	} {
		m, err := legal.ParseMove(context.Background(), tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if path, taken := Of(legal, m, tc.typed); fmt.Sprint(path) != tc.path || fmt.Sprint(taken) != tc.taken {
			t.Errorf("%s typed %q: path %v taken %v, want %s taken %s", tc.move, tc.typed, path, taken, tc.path, tc.taken)
		}
	}
	// A quiet move.
	start, err := frisian.StartPosition().Legal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m, err := start.ParseMove(context.Background(), "32-28")
	if err != nil {
		t.Fatal(err)
	}
	if path, taken := Of(start, m, "32-28"); fmt.Sprint(path) != "[32 28]" || len(taken) != 0 {
		t.Errorf("32-28: %v taken %v", path, taken)
	}
}
