//go:build race

package pdn

// raceEnabled: the race detector slows tests that stream megabytes ~10x.
const raceEnabled = true
