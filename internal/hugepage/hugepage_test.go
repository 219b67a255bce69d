package hugepage

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// New gives n zeroed words that can be written; on Linux, from a 2 MiB
// boundary.
func TestNew(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 1000, 1 << 18, 1 << 20, 3 << 19} {
		b := New(n)
		w := b.Words()
		if len(w) != max(n, 0) {
			t.Fatalf("New(%d): %d words", n, len(w))
		}
		if n <= 0 {
			continue
		}
		if addr := uintptr(unsafe.Pointer(&w[0])); runtime.GOOS == "linux" && addr%block != 0 {
			t.Errorf("New(%d) starts at %#x, not on a 2 MiB boundary", n, addr)
		}
		for i := 0; i < n; i += 997 {
			if w[i] != 0 {
				t.Fatalf("New(%d): word %d is %d", n, i, w[i])
			}
			w[i] = uint32(i)
		}
		for i := 0; i < n; i += 997 {
			if w[i] != uint32(i) {
				t.Fatalf("New(%d): word %d reads %d after writing %d", n, i, w[i], i)
			}
		}
		w[n-1] = 1
	}
}

// A Buffer no longer reachable goes back to the system: 40 buffers of 8
// MiB made and dropped leave the process's mapped memory much as it was.
func TestBuffersGoBack(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("buffers are mapped on Linux only")
	}
	const n, size = 40, 8 << 20
	before := mapped(t)
	for range n {
		b := New(size / 4)
		b.Words()[0] = 1
	}
	// Cleanups run after a collection finds the buffers, on a goroutine of
	// their own: wait for them, but not for ever.
	for range 200 {
		runtime.GC()
		if mapped(t) < before+n*size/4 {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("mapped memory grew from %d to %d bytes", before, mapped(t))
}

// mapped returns the process's mapped memory, from /proc/self/statm.
func mapped(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	pages, err := strconv.Atoi(strings.Fields(string(data))[0])
	if err != nil {
		t.Fatal(err)
	}
	return pages * os.Getpagesize()
}
