package frisian_test

import (
	"fmt"
	"testing"

	"github.com/frisian-draughts/frisian"
)

func TestDiagram(t *testing.T) {
	tests := []struct {
		name string
		p    frisian.Position
		want string
	}{
		{"start", frisian.StartPosition(), `   +---------------------+
 1 |   b   b   b   b   b |  5
 6 | b   b   b   b   b   | 10
11 |   b   b   b   b   b | 15
16 | b   b   b   b   b   | 20
21 |   .   .   .   .   . | 25
26 | .   .   .   .   .   | 30
31 |   w   w   w   w   w | 35
36 | w   w   w   w   w   | 40
41 |   w   w   w   w   w | 45
46 | w   w   w   w   w   | 50
   +---------------------+
White to move
`},
		{"king moves", frisian.MustParseFEN("B:WK6,25:BK10,41:+310+106"), `   +---------------------+
 1 |   .   .   .   .   . |  5
 6 | W   .   .   .   B   | 10
11 |   .   .   .   .   . | 15
16 | .   .   .   .   .   | 20
21 |   .   .   .   .   w | 25
26 | .   .   .   .   .   | 30
31 |   .   .   .   .   . | 35
36 | .   .   .   .   .   | 40
41 |   b   .   .   .   . | 45
46 | .   .   .   .   .   | 50
   +---------------------+
Black to move
White king on 6: 1 of 3 quiet moves in a row
Black king on 10: 3 of 3 quiet moves in a row
`},
		{"zero", frisian.Position{}, `   +---------------------+
 1 |   .   .   .   .   . |  5
 6 | .   .   .   .   .   | 10
11 |   .   .   .   .   . | 15
16 | .   .   .   .   .   | 20
21 |   .   .   .   .   . | 25
26 | .   .   .   .   .   | 30
31 |   .   .   .   .   . | 35
36 | .   .   .   .   .   | 40
41 |   .   .   .   .   . | 45
46 | .   .   .   .   .   | 50
   +---------------------+
White to move
`},
	}
	for _, tt := range tests {
		if got := tt.p.Diagram(frisian.White); got != tt.want {
			t.Errorf("%s: Diagram(White) =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestDiagramBlack: seen from Black the board is turned round, and from
// any other Color value it is seen from White.
func TestDiagramBlack(t *testing.T) {
	tests := []struct {
		name string
		p    frisian.Position
		want string
	}{
		{"start", frisian.StartPosition(), `   +---------------------+
50 |   w   w   w   w   w | 46
45 | w   w   w   w   w   | 41
40 |   w   w   w   w   w | 36
35 | w   w   w   w   w   | 31
30 |   .   .   .   .   . | 26
25 | .   .   .   .   .   | 21
20 |   b   b   b   b   b | 16
15 | b   b   b   b   b   | 11
10 |   b   b   b   b   b |  6
 5 | b   b   b   b   b   |  1
   +---------------------+
White to move
`},
		// One piece in each corner and on each edge's middle, so that a
		// mirror image instead of a turn would show.
		{"corners", frisian.MustParseFEN("B:WK1,K5,23:BK46,K50,28:+146+0"), `   +---------------------+
50 |   B   .   .   .   B | 46
45 | .   .   .   .   .   | 41
40 |   .   .   .   .   . | 36
35 | .   .   .   .   .   | 31
30 |   .   .   b   .   . | 26
25 | .   .   w   .   .   | 21
20 |   .   .   .   .   . | 16
15 | .   .   .   .   .   | 11
10 |   .   .   .   .   . |  6
 5 | W   .   .   .   W   |  1
   +---------------------+
Black to move
Black king on 46: 1 of 3 quiet moves in a row
`},
	}
	for _, tt := range tests {
		if got := tt.p.Diagram(frisian.Black); got != tt.want {
			t.Errorf("%s: Diagram(Black) =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		for _, c := range []frisian.Color{frisian.White, frisian.Color(7)} {
			if got := tt.p.Diagram(c); got != tt.p.Diagram(frisian.White) {
				t.Errorf("%s: Diagram(%d) =\n%s\nwant Diagram(White)\n%s", tt.name, c, got, tt.p.Diagram(frisian.White))
			}
		}
	}
}

func TestDiagramDrawCounter(t *testing.T) {
	p := frisian.MustParseFEN("W:WK1,K2:BK50:H5")
	if p.DrawPlies() != 5 {
		t.Fatalf("DrawPlies() = %d, want 5", p.DrawPlies())
	}
	got := p.Diagram(frisian.White)
	want := "White to move\nDraw counter: 5 plies\n"
	if len(got) < len(want) || got[len(got)-len(want):] != want {
		t.Errorf("Diagram(White) ends\n%q\nwant it to end\n%q", got, want)
	}
}

func ExamplePosition_Diagram() {
	p, err := frisian.ParseFEN("B:W28,32,33,37,K45:BK3,12,17,19:+0+245")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(p.Diagram(frisian.White))
	// Output:
	//    +---------------------+
	//  1 |   .   .   B   .   . |  5
	//  6 | .   .   .   .   .   | 10
	// 11 |   .   b   .   .   . | 15
	// 16 | .   b   .   b   .   | 20
	// 21 |   .   .   .   .   . | 25
	// 26 | .   .   w   .   .   | 30
	// 31 |   .   w   w   .   . | 35
	// 36 | .   w   .   .   .   | 40
	// 41 |   .   .   .   .   W | 45
	// 46 | .   .   .   .   .   | 50
	//    +---------------------+
	// Black to move
	// White king on 45: 2 of 3 quiet moves in a row
}

func ExamplePosition_Diagram_black() {
	p := frisian.MustParseFEN("W:W28,32,33,37,K45:BK3,12,17,19")
	fmt.Print(p.Diagram(frisian.Black))
	// Output:
	//    +---------------------+
	// 50 |   .   .   .   .   . | 46
	// 45 | W   .   .   .   .   | 41
	// 40 |   .   .   .   w   . | 36
	// 35 | .   .   w   w   .   | 31
	// 30 |   .   .   w   .   . | 26
	// 25 | .   .   .   .   .   | 21
	// 20 |   .   b   .   b   . | 16
	// 15 | .   .   .   b   .   | 11
	// 10 |   .   .   .   .   . |  6
	//  5 | .   .   B   .   .   |  1
	//    +---------------------+
	// White to move
}
