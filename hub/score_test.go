package hub

import (
	"math"
	"testing"
)

// TestWinScore: wins and losses are written as Scan writes them (its
// score::win is 10000 − ply hundredths), and Decided reads them back,
// as it reads Scan's database wins (9000 − ply).
func TestWinScore(t *testing.T) {
	for plies := 0; plies <= 999; plies++ {
		w, l := WinScore(plies), LossScore(plies)
		if want := float64(10000-plies) / 100; w != want || l != -want {
			t.Fatalf("WinScore(%d) = %v, LossScore = %v, want ±%v", plies, w, l, want)
		}
		if won, n, ok := (Info{Score: w, HasScore: true}).Decided(); !ok || !won || n != plies {
			t.Errorf("Decided(%v) = %v, %d, %v", w, won, n, ok)
		}
		if won, n, ok := (Info{Score: l, HasScore: true}).Decided(); !ok || won || n != plies {
			t.Errorf("Decided(%v) = %v, %d, %v", l, won, n, ok)
		}
	}
	if WinScore(-5) != 100 || WinScore(5000) != 90.01 {
		t.Errorf("WinScore clamps to (%v, %v), want (100, 90.01)", WinScore(-5), WinScore(5000))
	}
	for _, tc := range []struct {
		score   float64
		has     bool
		won     bool
		plies   int
		decided bool
	}{
		{89.95, true, true, 5, true},    // a database win in 5 plies
		{-89.90, true, false, 10, true}, // a database loss in 10
		{80, true, false, 0, false},     // the largest evaluation
		{-80, true, false, 0, false},
		{0.5, true, false, 0, false},
		{99.97, false, false, 0, false}, // no score sent
		{math.NaN(), true, false, 0, false},
		// 90.00 is a database win at ply 0 (WinScore never goes below
		// 90.01), not a win in 1000 plies.
		{90, true, true, 0, true},
		{-90, true, false, 0, true},
		{90.01, true, true, 999, true}, // WinScore's last
		{80.01, true, true, 999, true}, // a database win in 999 plies
		{100, true, true, 0, true},     // WinScore(0)
		{-100, true, false, 0, true},
		// Beyond ±100 no Scan score lies: not decided, and no overflow.
		{100.01, true, false, 0, false},
		{-250, true, false, 0, false},
		{1e300, true, false, 0, false},
		{math.Inf(1), true, false, 0, false},
		{math.Inf(-1), true, false, 0, false},
	} {
		won, plies, ok := Info{Score: tc.score, HasScore: tc.has}.Decided()
		if won != tc.won || plies != tc.plies || ok != tc.decided {
			t.Errorf("Decided(%v, %v) = %v, %d, %v; want %v, %d, %v", tc.score, tc.has, won, plies, ok, tc.won, tc.plies, tc.decided)
		}
	}
}
