package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian"
)

func runCheck(t *testing.T, args ...string) (lines []string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(""), &out, &errOut)
	if errOut.Len() > 0 && status != 2 {
		t.Errorf("stderr: %s", errOut.String())
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), status
}

var (
	moveToken = regexp.MustCompile(`^[0-9]+[-x][0-9x]+$`)
	results   = map[string]bool{"2-0": true, "0-2": true, "1-1": true, "1-0": true, "0-1": true}
)

// TestRealGames replays the lidraughts and Frisian games: no errors, one
// line per game, as many plies as the file has move tokens (counted here
// from the text alone), and for lidraughts' draws a draw.
func TestRealGames(t *testing.T) {
	files, _ := filepath.Glob("../../pdn/testdata/games/*.pdn")
	if len(files) == 0 {
		t.Fatal("no games")
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var plies, scores []string
		for _, chunk := range strings.Split(string(raw), "\n\n") {
			chunk = strings.TrimSpace(chunk)
			if chunk == "" {
				continue
			}
			if strings.HasPrefix(chunk, "[") {
				m := regexp.MustCompile(`\[Result "([^"]*)"\]`).FindStringSubmatch(chunk)
				scores = append(scores, m[1])
				continue
			}
			n := 0
			for _, f := range strings.Fields(chunk) {
				if moveToken.MatchString(f) && !results[f] {
					n++
				}
			}
			plies = append(plies, strconv.Itoa(n))
		}
		for _, draws := range []string{"official", "lidraughts"} {
			lines, status := runCheck(t, "-draws", draws, file)
			if status != 0 || len(lines) != len(plies) {
				t.Fatalf("%s: status %d, %d lines for %d games:\n%s", file, status, len(lines), len(plies), strings.Join(lines, "\n"))
			}
			for i, line := range lines {
				f := strings.Split(line, "\t")
				if len(f) != 4 || f[0] != strconv.Itoa(i+1) || f[1] != plies[i] {
					t.Errorf("%s game %d: %q, want %s plies", file, i+1, line, plies[i])
					continue
				}
				if _, err := frisian.ParseFEN(f[2]); err != nil {
					t.Errorf("%s game %d: FEN %q: %v", file, i+1, f[2], err)
				}
				if draws == "lidraughts" && scores[i] == "1-1" && f[3] != "draw" {
					t.Errorf("%s game %d: lidraughts scored 1-1, outcome %q", file, i+1, f[3])
				}
				if f[3] == "white wins" && scores[i] != "2-0" || f[3] == "black wins" && scores[i] != "0-2" {
					t.Errorf("%s game %d: outcome %q but result %s", file, i+1, f[3], scores[i])
				}
			}
		}
	}
}

// TestNoGame: a file of comments only holds no game: that is a problem
// found (status 1, an error line), not a read error, and the files after
// it are still checked.
func TestNoGame(t *testing.T) {
	dir := t.TempDir()
	comments := filepath.Join(dir, "comments.pdn")
	game := filepath.Join(dir, "game.pdn")
	if err := os.WriteFile(comments, []byte("{just a comment} $1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(game, []byte("1. 32-28 18-23 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		args := []string{comments, game}
		if strict {
			args = append([]string{"-strict"}, args...)
		}
		lines, status := runCheck(t, args...)
		if status != 1 || len(lines) < 2 || lines[0] != "# "+comments || !strings.HasPrefix(lines[1], "error: ") {
			t.Errorf("strict %v: status %d, %q; want 1 and an error line for %s", strict, status, lines, comments)
			continue
		}
		if checked := slices.Contains(lines, "# "+game); checked == strict {
			t.Errorf("strict %v: the next file checked: %v, want %v", strict, checked, !strict)
		}
	}
}

func TestErrorsLenientAndStrict(t *testing.T) {
	file := "../../pdn/testdata/pdn/errors.pdn"
	lines, status := runCheck(t, file)
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	var games, errs int
	for _, l := range lines {
		if strings.HasPrefix(l, "error: ") {
			errs++
		} else {
			games++
		}
	}
	if games != 4 || errs != 5 {
		t.Errorf("%d game lines and %d error lines, want 4 and 5:\n%s", games, errs, strings.Join(lines, "\n"))
	}
	if !strings.Contains(lines[1], "line 4, column 19, move 2") {
		t.Errorf("first error %q", lines[1])
	}
	lines, status = runCheck(t, "-strict", file, "../../pdn/testdata/pdn/draws.pdn")
	if status != 1 || len(lines) != 3 || !strings.HasPrefix(lines[2], "error: ") {
		t.Errorf("strict: status %d, %q", status, lines)
	}
}

func TestDrawRules(t *testing.T) {
	file := "../../pdn/testdata/pdn/draws.pdn"
	want := map[string][]string{
		"official":   {"draw", "draw", "black wins"},
		"lidraughts": {"draw", "draw", "black wins"},
	}
	for rules, outcomes := range want {
		lines, status := runCheck(t, "-draws", rules, file)
		if status != 0 || len(lines) != len(outcomes) {
			t.Fatalf("%s: status %d, %q", rules, status, lines)
		}
		for i, l := range lines {
			if f := strings.Split(l, "\t"); f[3] != outcomes[i] {
				t.Errorf("%s game %d: %q, want %s", rules, i+1, l, outcomes[i])
			}
		}
	}
	// One king each, cut after two plies: only the official rules draw.
	dir := t.TempDir()
	short := filepath.Join(dir, "short.pdn")
	os.WriteFile(short, []byte("[FEN \"W:WK47:BK4\"]\n\n1. 47-41 4-9 *\n"), 0o644)
	for rules, outcome := range map[string]string{"official": "draw", "lidraughts": "ongoing"} {
		lines, _ := runCheck(t, "-draws", rules, short)
		if f := strings.Split(lines[0], "\t"); f[3] != outcome {
			t.Errorf("%s: %q, want %s", rules, lines[0], outcome)
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-draws", "fide", "x.pdn"}, {"no-such-file.pdn"}, {"-bogus"}} {
		if _, status := runCheck(t, args...); status != 2 {
			t.Errorf("%q: status %d, want 2", args, status)
		}
	}
	var out, errOut bytes.Buffer
	if status := run([]string{"-"}, strings.NewReader("1. 32-28 18-23 *\n"), &out, &errOut); status != 0 || !strings.HasPrefix(out.String(), "1\t2\t") {
		t.Errorf("stdin: %d %q", status, out.String())
	}
}
