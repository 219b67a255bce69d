//go:build race

package capture

// raceEnabled: under the race detector sync.Pool drops what it is given at
// random, so the pool cannot keep the set search's memory.
const raceEnabled = true
