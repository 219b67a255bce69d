package errtext

import (
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	for _, s := range []string{"", "32-28", strings.Repeat("a", MaxQuoted), strings.Repeat("a", MaxQuoted+1),
		strings.Repeat("é", MaxQuoted), strings.Repeat("a", MaxQuoted-1) + "€€", "\xff" + strings.Repeat("a", MaxQuoted+5),
		strings.Repeat("\x80", MaxQuoted+1)} {
		got := Clip(s)
		if len(got) > MaxQuoted || !strings.HasPrefix(s, got) || (len(s) <= MaxQuoted && got != s) {
			t.Errorf("Clip(%d bytes) = %d bytes", len(s), len(got))
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Errorf("Clip(%q…) cuts a character: %q", s[:10], got[len(got)-3:])
		}
		if len(s) > MaxQuoted && len(got) < MaxQuoted-utf8.UTFMax {
			t.Errorf("Clip(%d bytes) = %d bytes: cut too short", len(s), len(got))
		}
	}
}

func TestNilContext(t *testing.T) {
	if err := NilContext("reading"); !errors.Is(err, os.ErrInvalid) || err.Error() != "reading: nil context: invalid argument" {
		t.Errorf("NilContext = %v", err)
	}
}
