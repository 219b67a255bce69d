//go:build !linux

package hugepage

// Advise does nothing where huge pages are not asked for: data starts at
// the start of a.
func Advise(a []uint32) int { return 0 }
