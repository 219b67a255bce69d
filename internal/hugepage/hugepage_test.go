package hugepage

import (
	"runtime"
	"testing"
	"unsafe"
)

// Advise returns an index inside the buffer, from which a 4 MiB index
// fits in an 8 MiB buffer, and on Linux a 2 MiB boundary.
func TestAdvise(t *testing.T) {
	for _, words := range []int{0, 1, 1000, 1 << 19, 2 << 20} {
		a := make([]uint32, words)
		at := Advise(a)
		if at < 0 || at > max(0, words-1) {
			t.Fatalf("%d words: Advise = %d", words, at)
		}
		if words == 2<<20 {
			if at+1<<20 > words {
				t.Errorf("8 MiB: the index from %d does not fit", at)
			}
			if addr := uintptr(unsafe.Pointer(&a[at])); runtime.GOOS == "linux" && addr%(2<<20) != 0 {
				t.Errorf("8 MiB: word %d is at %#x, not on a 2 MiB boundary", at, addr)
			}
		}
	}
}
