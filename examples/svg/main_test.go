package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wellFormed reports the first XML error in doc, reading all of it.
func wellFormed(doc []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestRun(t *testing.T) {
	tests := []struct {
		args []string
		want []string // strings the picture must contain
	}{
		{nil, []string{`width="400"`, `data-square="50"`, `data-piece="w"`}},
		{[]string{"-numbers", "-flip", "-size", "0"}, []string{`class="number"`, `viewBox="0 0 500 500">`}},
		// The short form, the Hub form and the landing path of one capture.
		{[]string{"-fen", "W:WK46:B10,19,28,37", "-move", "46x5"}, []string{`class="arrow"`, `data-captured="37"`}},
		{[]string{"-fen", "W:WK46:B10,19,28,37", "-move", "46x5x10x19x28x37", "-played"}, []string{`class="piece black man ghost"`}},
		{[]string{"-fen", "W:WK46:B10,19,28,37", "-move", "46x32x23x14x5"}, []string{`data-captured="10"`}},
		{[]string{"-move", "32-28", "-highlight", "27, 28"}, []string{`class="last-move"`, `class="highlight"`}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != 0 {
			t.Errorf("run %q: exit %d, stderr %s", tt.args, code, stderr.String())
			continue
		}
		if err := wellFormed(stdout.Bytes()); err != nil {
			t.Errorf("run %q: not well-formed XML: %v", tt.args, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("run %q: output lacks %s", tt.args, w)
			}
		}
		if stderr.Len() != 0 {
			t.Errorf("run %q: stderr %q", tt.args, stderr.String())
		}
	}
}

// ambiguous is a position with two legal captures 3x50 taking different pieces.
const ambiguous = "W:WK3,K9,K10,K16,K24,K29,K36,K49:B6,8,K18,K19,K20,K30,31,32,37,K42,44,45"

func TestRunExitCodes(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"-fen", "W:W31-50:Bx"}, 1, "syntax error"},
		{[]string{"-fen", "X:W31:B1"}, 1, "svg:"},
		{[]string{"-move", "32-26"}, 1, `illegal move "32-26": the piece on 32 cannot move to 26; the legal moves are 31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30`},
		{[]string{"-fen", "W:WK46:B10,19,28,37", "-move", "46-41"}, 1, "the legal moves are 46x5"},
		{[]string{"-move", "hello"}, 1, `invalid move "hello"`},
		{[]string{"-fen", "W:W31:B1-5", "-move", "31-26"}, 0, ""}, // a legal move of a small position
		{[]string{"-fen", "B:W31:B", "-move", "1-6"}, 1, "black has no legal move"},
		{[]string{"-fen", ambiguous, "-move", "3x50"}, 1, "ambiguous move"},
		{[]string{"-fen", ambiguous, "-move", "3x12x23x14x25x43x27x47x33x50"}, 0, ""},
		{[]string{"-highlight", "51"}, 1, "not a square"},
		{[]string{"-highlight", "-255"}, 1, "not a square"},
		{[]string{"-bogus"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, "unexpected argument"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != tt.code {
			t.Errorf("run %q: exit %d, want %d (stderr %q)", tt.args, code, tt.code, stderr.String())
		}
		if !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("run %q: stderr %q, want it to contain %q", tt.args, stderr.String(), tt.want)
		}
		if tt.code != 0 && stdout.Len() != 0 {
			t.Errorf("run %q: failed but wrote %d bytes to stdout", tt.args, stdout.Len())
		}
	}
}

// TestDocs checks that the pictures in docs/ are what the command draws now.
func TestDocs(t *testing.T) {
	docs := []struct {
		file string
		args []string
	}{
		{"board.svg", []string{"-numbers"}},
		{"capture.svg", []string{"-fen", "W:W32,K35:B18,24,K27", "-move", "35x26", "-numbers"}},
	}
	for _, d := range docs {
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", d.file))
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run(d.args, &stdout, &stderr); code != 0 {
			t.Fatalf("run %q: exit %d, stderr %s", d.args, code, stderr.String())
		}
		if !bytes.Equal(stdout.Bytes(), want) {
			t.Errorf("docs/%s is out of date; regenerate it with\n\tgo run ./examples/svg %s > docs/%[1]s",
				d.file, strings.Join(d.args, " "))
		}
	}
}
