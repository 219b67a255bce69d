package capture

import (
	"testing"
)

func TestDbgProf(t *testing.T) {
	names, boards := worstCases(t, 50)
	for i, b := range boards {
		if names[i] != "climb30Kings1" {
			continue
		}
		for r := 0; r < 100; r++ {
			var g Search[Move]
			g.Init(b.own, b.opp, b.kings, b.side)
			g.Captures(nil)
		}
	}
}
