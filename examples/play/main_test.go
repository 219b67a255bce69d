package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// play runs the program with the given flags and input lines and returns
// its output and exit status.
func play(t *testing.T, input string, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	status := run(strings.NewReader(input), &out, args)
	return out.String(), status
}

// wantLines checks that each of want occurs in out, in order.
func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q (in order); output:\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
}

// TestWinSession is a whole game: an invalid and two illegal moves, an
// undo of a move pair, the computer's forced replies, a win by capturing the
// last piece and the game in PDN.
func TestWinSession(t *testing.T) {
	// Black's man on 26 has one move, 26-31, after which White must take it
	// with 37x26 and Black has nothing left.
	script := strings.Join([]string{
		"help",
		"hello", // not a move at all
		"fen",   // the start position
		"moves", // the legal moves
		"48-43", // legal; the computer answers 26-31
		"undo",  // takes back both
		"fen",   // back at the start
		"48-42", // legal; the computer answers 26-31 again
		"31-27", // a black piece
		"37-32", // legal for a man, but capturing is compulsory
		"37x26", // takes the last black piece
		"48x43", // the game is over
		"pdn",
		"quit",
		"never read",
	}, "\n") + "\n"
	out, status := play(t, script, "-fen", "W:W37,48:B26")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		"You play white",
		"White to move\nwhite> ",
		"  undo   take back your last move and the computer's reply\n",
		`invalid move "hello"`,
		"W:W37,48:B26\n",
		"Legal moves (4): 37-31 37-32 48-42 48-43\n",
		"You play 48-43.\n",
		"Computer (black) plays 26-31.\n",
		"Took back 48-43 26-31.\n",
		"White to move\nwhite> W:W37,48:B26\n",
		"You play 48-42.\n",
		"Computer (black) plays 26-31.\n",
		"You must capture: 37x26 (the heaviest capture is compulsory).\n",
		`illegal move "31-27": 31 holds a black piece and white is to move`,
		"You must capture: 37x26 (the heaviest capture is compulsory).\n",
		`illegal move "37-32": capturing is compulsory`,
		"You must capture: 37x26 (the heaviest capture is compulsory).\n",
		"You play 37x26 (takes 31).\n",
		"Game over: white wins (black has no legal move left), 2-0. You win!\n",
		"game over> The game is over; type undo, pdn, fen or quit.\n",
		`[Result "2-0"]`,
		"1. 48-42 26-31 2. 37x26 2-0\n",
	)
	if strings.Count(out, "Game over") != 1 {
		t.Errorf("the end announced %d times", strings.Count(out, "Game over"))
	}
}

// TestComputerWins: as Black, the human sees the computer move first and
// win, and may take nothing back.
func TestComputerWins(t *testing.T) {
	out, status := play(t, "undo\n", "-color", "black", "-fen", "W:W28,32:B23")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		"You play black",
		"Computer (white) plays 28x19 (takes 23).\n",
		"Game over: white wins (black has no legal move left), 2-0. The computer wins.\n",
		"Nothing to undo: you have not moved yet.\n",
	)
}

// TestBoardSide: the board is drawn from the human's side: as Black, with
// square 1 at the bottom right.
func TestBoardSide(t *testing.T) {
	out, _ := play(t, "quit\n", "-color", "black", "-fen", "B:W28,32:B23")
	wantLines(t, out, "You play black", `   +---------------------+
50 |   .   .   .   .   . | 46
45 | .   .   .   .   .   | 41
40 |   .   .   .   .   . | 36
35 | .   .   .   w   .   | 31
30 |   .   .   w   .   . | 26
25 | .   .   b   .   .   | 21
`)
	out, _ = play(t, "quit\n", "-fen", "W:W28,32:B23")
	wantLines(t, out, "You play white", `   +---------------------+
 1 |   .   .   .   .   . |  5
`, `21 |   .   .   b   .   . | 25
26 | .   .   w   .   .   | 30
31 |   .   w   .   .   . | 35
`)
}

// TestUndoAfterLoss: undo after the game is over takes back the human's
// last move and the computer's winning reply, and the game goes on.
func TestUndoAfterLoss(t *testing.T) {
	// White's 32-27 lets Black's man on 21 take it and win at once.
	out, status := play(t, "32-27\nundo\nmoves\n", "-fen", "W:W32:B21")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		"You play 32-27.\n",
		"Computer (black) plays 21x32 (takes 27).\n",
		"Game over: black wins (white has no legal move left), 0-2. The computer wins.\n",
		"Took back 32-27 21x32.\n",
		"white> Legal moves (2): 32-27 32-28\n",
	)
}

// TestDraws: each draw rule ends a game with its own reason.
func TestDraws(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []string
		want        []string
	}{
		{
			// Six moves of two kings against one made, the seventh draws.
			name:  "official two kings",
			input: "50-45\n",
			args:  []string{"-fen", "W:WK46,K50:BK5:H12"},
			want: []string{"You play 50-45.\n",
				"Game over: draw (two kings against one: seven moves without a win), 1-1. Nobody wins.\n"},
		},
		{
			// One king each, neither able to force a capture: drawn at
			// once under the official rules, before any move.
			name: "official one king each",
			args: []string{"-fen", "W:WK47:BK5"},
			want: []string{"Game over: draw (one king each), 1-1. Nobody wins.\n"},
		},
		{
			// lidraughts lets one king each play four plies first.
			// The PDN's result follows the game's draw rules: still going
			// after two plies (the official rules would say 1-1).
			name:  "lidraughts one king each",
			input: "47-36\npdn\n36-47\npdn\n",
			args:  []string{"-fen", "W:WK47:BK5", "-draws", "lidraughts"},
			want: []string{"You play 47-36.\n", "Computer (black) plays",
				`[Result "*"]`, "1. 47-36 ", " *\n",
				"You play 36-47.\n", "Computer (black) plays",
				"Game over: draw (lidraughts: one king each for 4 plies), 1-1. Nobody wins.\n",
				`[Result "1-1"]`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, status := play(t, tc.input, tc.args...)
			if status != 0 {
				t.Fatalf("status %d\n%s", status, out)
			}
			wantLines(t, out, tc.want...)
		})
	}
}

// TestAmbiguous: a capture that two moves share is refused with both
// landing paths, and a full path is accepted.
func TestAmbiguous(t *testing.T) {
	const fen = "B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19"
	out, status := play(t, "18x36\n18x38x40x49x38x36\n", "-color", "black", "-fen", fen)
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		`ambiguous move "18x36": several legal captures match; give the landing path (18x38x29x49x38x36, 18x38x40x49x38x36)`,
		"Type one of them in full.\n",
		"You play 18x38x40x49x38x36 (takes 28, 37, 39, 43, 44).\n",
		"Computer (white) plays",
	)
}

// TestDeterministic: the computer's replies depend only on the game.
func TestDeterministic(t *testing.T) {
	const script = "32-28\n28x17\n33-28\n"
	a, _ := play(t, script, "-depth", "5")
	b, _ := play(t, script, "-depth", "5")
	if a != b {
		t.Errorf("two runs differ:\n%s\n----\n%s", a, b)
	}
	if strings.Count(a, "Computer (black) plays") != 3 {
		t.Errorf("want three replies:\n%s", a)
	}
}

// TestSeed: a seed is accepted and the game goes on.
func TestSeed(t *testing.T) {
	out, status := play(t, "32-28\n", "-seed", "7", "-depth", "3")
	if status != 0 || !strings.Contains(out, "Computer (black) plays") {
		t.Fatalf("status %d\n%s", status, out)
	}
}

// TestFlags: bad flags give status 2, a bad position 1, -h 0.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-color", "red"}, 2, `invalid value "red" for flag -color: color "red": want white or black`},
		{[]string{"-draws", "fide"}, 2, `invalid value "fide" for flag -draws: draw rules "fide": want official or lidraughts`},
		{[]string{"-depth", "0"}, 2, "-depth 0: want 1 to 32"},
		{[]string{"-nodes", "-1"}, 2, "-nodes -1: want at least 1"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-fen", "W:W1:B50"}, 1, "invalid position"},
		{[]string{"-fen", "nonsense"}, 1, "syntax error"},
		{[]string{"-h"}, 0, "usage: play"},
	} {
		out, status := play(t, "", tc.args...)
		if status != tc.status || !strings.Contains(out, tc.want) {
			t.Errorf("%v: status %d, output\n%s\nwant status %d and %q", tc.args, status, out, tc.status, tc.want)
		}
	}
}

// TestLongLine: a line beyond the reader's limit ends the program with an
// error, not a panic.
func TestLongLine(t *testing.T) {
	out, status := play(t, strings.Repeat("3", 1<<17)+"\n")
	if status != 1 || !strings.Contains(out, "too long") {
		t.Fatalf("status %d, output ends %q", status, out[max(0, len(out)-200):])
	}
}

// TestCaptureLine: a capture is written with its whole landing path and
// the squares of the pieces it took, the computer's as well as the human's,
// while the game record keeps the short text.
func TestCaptureLine(t *testing.T) {
	// Black's man on 19 must take 23 and 33, landing on 28 and then 39,
	// and White's man on 40 takes it back along the row.
	out, status := play(t, "40x38\npdn\n", "-fen", "B:W23,33,40:B19")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	wantLines(t, out,
		"Computer (black) plays 19x28x39 (takes 23, 33).\n",
		"You play 40x38 (takes 39).\n",
		"1... 19x39 2. 40x38",
	)
}

// TestCompulsoryCapture: when the human must capture, the turn says so
// with the heaviest captures, and a quiet move or an unfinished capture is
// refused with the captures to choose from. Without a capture nothing is
// said, and an illegal move points to the moves command.
func TestCompulsoryCapture(t *testing.T) {
	// White's man on 32 can take 27 and 17 (to 12) or 28 and 19 (to 14);
	// it may not stop on 21 after taking 27.
	out, status := play(t, "48-42\n32x21\n32x14\n", "-fen", "W:W32,48:B17,19,27,28")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	const must = "You must capture: 32x12, 32x14 (the heaviest capture is compulsory).\n"
	wantLines(t, out,
		"White to move\n"+must+"white> ",
		`illegal move "48-42": capturing is compulsory (Art. 10)`+"\n"+must+"white> ",
		`illegal move "32x21": the capture must go on from 21`, must+"white> ",
		"You play 32x23x14 (takes 19, 28).\n",
	)
	if n := strings.Count(out, "You must capture"); n != 3 {
		t.Errorf("the captures listed %d times, want 3 (once a turn, once a refusal):\n%s", n, out)
	}

	out, _ = play(t, "32-23\n")
	if strings.Contains(out, "You must capture") {
		t.Errorf("a capture called compulsory at the start:\n%s", out)
	}
	wantLines(t, out, `illegal move "32-23"`, "Type moves for the legal moves.\n")
}

// boards counts the boards drawn in each stretch of the output that ends
// with a prompt, and in what follows the last prompt.
func boards(out string) []int {
	var n []int
	for _, part := range regexp.MustCompile(`(white|black|game over)> `).Split(out, -1) {
		n = append(n, strings.Count(part, "   +---------------------+\n")/2)
	}
	return n
}

// TestOneBoardPerTurn: the board is drawn once a turn, after the
// computer's reply (or the human's move that ends the game, or an undo),
// not after every move, and not again after a refused move or a command.
func TestOneBoardPerTurn(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []string
		want        []int // boards before each prompt, and at the end
	}{
		{
			name:  "white",
			input: "48-42\nfen\n31-27\n37x26\nundo\nboard\n",
			args:  []string{"-fen", "W:W37,48:B26"},
			// the start; 48-42 and the reply 26-31; fen; a refused
			// move; 37x26, which ends the game; undo; board; the end of
			// the input.
			want: []int{1, 1, 0, 0, 1, 1, 1, 0},
		},
		{
			name:  "black",
			input: "16-21\n",
			args:  []string{"-color", "black", "-depth", "2"},
			// the computer's first move, then the human's and its reply.
			want: []int{1, 1, 0},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, status := play(t, tc.input, tc.args...)
			if status != 0 {
				t.Fatalf("status %d\n%s", status, out)
			}
			if got := boards(out); !slices.Equal(got, tc.want) {
				t.Errorf("boards per prompt %v, want %v; output:\n%s", got, tc.want, out)
			}
		})
	}
}
