//go:build !race

package frisian

const raceEnabled = false
