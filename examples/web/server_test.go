package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClip: an echoed value is cut to 40 bytes, never inside a UTF-8
// character, so that the error message stays valid text.
func TestClip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"engine", "engine"},
		{strings.Repeat("a", 40), strings.Repeat("a", 40)},
		{strings.Repeat("a", 41), strings.Repeat("a", 40) + "…"},
		{strings.Repeat("a", 39) + "é", strings.Repeat("a", 39) + "…"},
		{strings.Repeat("a", 38) + "éé", strings.Repeat("a", 38) + "é…"},
	} {
		if got := clip(tc.in); got != tc.want || !utf8.ValidString(got) {
			t.Errorf("clip(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRoomFor: the tables of engine failures and of clients' standing
// stay within their bound whatever keys come: a new key drops the expired
// entries, else any one; a key already there drops none.
func TestRoomFor(t *testing.T) {
	m := map[int]bool{} // true: expired
	expired := func(v bool) bool { return v }
	for k := range 100 {
		roomFor(m, k, 10, expired)
		m[k] = k%4 == 0
		if len(m) > 10 {
			t.Fatalf("%d entries after key %d, bound 10", len(m), k)
		}
	}
	n := len(m)
	for k := range m {
		if roomFor(m, k, 10, expired); len(m) != n {
			t.Fatalf("making room for key %d, already there: %d entries, was %d", k, len(m), n)
		}
	}
	m = map[int]bool{1: true, 2: false, 3: true, 4: false}
	roomFor(m, 5, 4, expired)
	if _, ok := m[2]; len(m) != 2 || !ok {
		t.Errorf("the expired should go, and no other: %v", m)
	}
}
