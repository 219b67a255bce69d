//go:build !race

package longtest

// Race reports that the race detector is on.
const Race = false
