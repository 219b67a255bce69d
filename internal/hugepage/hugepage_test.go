package hugepage

import (
	"runtime"
	"testing"
	"unsafe"
)

// Advise returns n words of the buffer; on Linux, 4 MiB of a 6 or 8 MiB
// buffer start on a 2 MiB boundary.
func TestAdvise(t *testing.T) {
	for _, c := range []struct{ words, n int }{{0, 0}, {1, 1}, {1000, 10}, {1 << 19, 1 << 18}, {1 << 20, 1 << 20}, {3 << 19, 1 << 20}, {2 << 20, 1 << 20}} {
		a := make([]uint32, c.words)
		got := Advise(a, c.n)
		if len(got) != c.n {
			t.Fatalf("%d words: %d words back, want %d", c.words, len(got), c.n)
		}
		if c.n == 0 {
			continue
		}
		at := (uintptr(unsafe.Pointer(&got[0])) - uintptr(unsafe.Pointer(&a[0]))) / 4
		if at+uintptr(c.n) > uintptr(c.words) {
			t.Fatalf("%d words: the %d from word %d overrun", c.words, c.n, at)
		}
		if addr := uintptr(unsafe.Pointer(&got[0])); c.words >= 3<<19 && runtime.GOOS == "linux" && addr%(2<<20) != 0 {
			t.Errorf("%d words: the index starts at %#x, not on a 2 MiB boundary", c.words, addr)
		}
	}
}
