//go:build race

package longtest

// Race reports that the race detector is on: it slows tests that stream
// megabytes some ten times, and its sync.Pool keeps nothing.
const Race = true
