//go:build race

package frisian

// raceEnabled: the race detector slows tests that stream megabytes ~10x.
const raceEnabled = true
