package pdn

import "github.com/frisian-draughts/frisian/internal/longtest"

// long reports whether the tests run their long forms (FRISIAN_LONG=1, as
// in CI): the hostile streams at full size.
func long() bool { return longtest.Enabled() }
