// Package longtest says whether tests run their long forms: the whole
// worst-case table, the big reference sweeps, the attacks at full size.
//
// `go test ./...` runs the short forms, which still test every rule,
// parser and example, in under a minute on two cores. FRISIAN_LONG=1 runs
// the long forms as well (CI does); -short keeps the short ones even then,
// for the race detector.
package longtest

import (
	"os"
	"testing"
)

// Enabled reports whether FRISIAN_LONG is set (to anything but "" or "0")
// and -short is not.
func Enabled() bool {
	v := os.Getenv("FRISIAN_LONG")
	return v != "" && v != "0" && !testing.Short()
}

// Skip skips t unless the long forms run, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a long test: FRISIAN_LONG=1 runs it")
	}
}
