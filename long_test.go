package frisian

import (
	"testing"

	"github.com/frisian-draughts/frisian/internal/longtest"
)

// long reports whether the tests run their long forms (FRISIAN_LONG=1,
// as in CI): the whole worst-case table, the big sweeps. The short forms
// keep `go test ./...` under a minute on two cores.
func long() bool { return longtest.Enabled() }

// worstCaseSample returns testdata/worstcase.txt whole in the long run and
// every sixth row of it otherwise: kings, men and mixed placements of every
// size, as the table interleaves them.
func worstCaseSample(t testing.TB) [][3]string {
	all := worstCases(t)
	if long() {
		return all
	}
	var some [][3]string
	for i, c := range all {
		if i%6 == 0 {
			some = append(some, c)
		}
	}
	return some
}
