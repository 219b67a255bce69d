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
