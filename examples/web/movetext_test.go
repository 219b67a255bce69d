package main

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/frisian-draughts/frisian/pdn"
)

// TestMoveListAgreesWithPDN: the page's move list and the PDN export write
// each move alike, the library's shortest text, whatever path it was
// entered along: a capture entered by clicks, one typed with its whole
// path, a circular capture, quiet moves and the computer's moves.
func TestMoveListAgreesWithPDN(t *testing.T) {
	c := newClient(t, testLimits())
	for _, tc := range []struct {
		fen    string
		clicks [][]int  // moves entered by clicks
		typed  []string // then moves typed
	}{
		{"W:W28:B18,22,23,1", [][]int{{28, 19, 17, 28}}, []string{"1-6"}},
		{"B:W28,33,37,39,42,43,44,46,47,48,50:B2,5,7,12,17,18,19", [][]int{{18, 38, 40, 49, 38, 36}}, []string{"46x26", "19-23"}},
		{"W:W31,32,33,34,35:B16,17,18,19,20", [][]int{{32, 28}}, nil},
	} {
		st := c.post("/api/new", request{Mode: "human", FEN: tc.fen}, http.StatusCreated)
		for _, path := range tc.clicks {
			for _, sq := range path {
				st = c.post("/api/click", request{ID: st.ID, Squares: st.Selection.Squares, Square: sq}, http.StatusOK)
			}
		}
		for _, m := range tc.typed {
			if st.Outcome.Over {
				break
			}
			st = c.post("/api/move", request{ID: st.ID, Move: m}, http.StatusOK)
		}
		if !st.Outcome.Over {
			st = c.post("/api/engine", request{ID: st.ID}, http.StatusOK)
		}
		st = c.state(st.ID)
		var list []string
		for _, m := range st.History {
			list = append(list, m.Text)
		}
		text := c.pdn(st.ID)
		var written []string
		r := pdn.NewReader(strings.NewReader(text))
		r.Strict = true
		g, err := r.Next()
		if err != nil {
			t.Fatalf("%s: the PDN does not read back: %v\n%s", tc.fen, err, text)
		}
		for i, m := range g.Played() {
			before, _ := g.PositionAt(i)
			legal, err := before.Legal(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			written = append(written, legal.Text(m))
		}
		_, moveText, _ := strings.Cut(text, "\n\n")
		for _, w := range written {
			if !strings.Contains(moveText, " "+w) && !strings.Contains(moveText, "."+w) {
				t.Errorf("%s: %s is not in the PDN as written:\n%s", tc.fen, w, text)
			}
		}
		if len(list) < 2 || !slices.Equal(list, written) {
			t.Errorf("%s: the move list %q, the PDN %q", tc.fen, list, written)
		}
	}
}
