package hugepage

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// New gives zeroed memory that can be written, in words of either size;
// on Linux, from a 2 MiB boundary. The heap's Buffer, where the system
// refuses a mapping, gives the same.
func TestNew(t *testing.T) {
	var none *Buffer
	if none.Uint32s(0, 8) != nil || none.Uint64s(0, 8) != nil {
		t.Error("a nil Buffer has words")
	}
	for _, size := range []int{-1, 0, 8, 1000, 1 << 20, 4 << 20, 6 << 20} {
		for _, b := range []*Buffer{New(size), heapBuffer(max(size, 0))} {
			if size < 8 {
				if w := b.Uint32s(0, 0); w != nil {
					t.Errorf("New(%d): %d words", size, len(w))
				}
				continue
			}
			w, l := b.Uint32s(0, size/4), b.Uint64s(0, size/8)
			if addr := uintptr(unsafe.Pointer(&w[0])); addr%8 != 0 || unsafe.Pointer(&l[0]) != unsafe.Pointer(&w[0]) {
				t.Fatalf("New(%d): words at %p and %p", size, &w[0], &l[0])
			}
			for i := 0; i < len(w); i += 997 {
				if w[i] != 0 {
					t.Fatalf("New(%d): word %d is %d", size, i, w[i])
				}
				w[i] = uint32(i)
			}
			for i := 0; i < len(w); i += 997 {
				if w[i] != uint32(i) {
					t.Fatalf("New(%d): word %d reads %d after writing %d", size, i, w[i], i)
				}
			}
			if l[len(l)-1] = 1; w[len(w)-2] != 1 {
				t.Errorf("New(%d): the last long word is not the last two words", size)
			}
			if len(l) > 1 && &b.Uint64s(8, 1)[0] != &l[1] {
				t.Errorf("New(%d): Uint64s(8, 1) is not the second long word", size)
			}
		}
		if size < 8 || runtime.GOOS != "linux" {
			continue
		}
		if addr := uintptr(unsafe.Pointer(&New(size).Uint32s(0, 1)[0])); addr%block != 0 {
			t.Errorf("New(%d) starts at %#x, not on a 2 MiB boundary", size, addr)
		}
	}
}

// A Buffer no longer reachable goes back to the system: 40 buffers of 8
// MiB made and dropped leave the process's mapped memory much as it was.
// One still reachable stays: its words can be written after the
// collections (a fault would end the test).
func TestBuffersGoBack(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("buffers are mapped on Linux only")
	}
	const n, size = 40, 8 << 20
	kept := New(size)
	before := mapped(t)
	for range n {
		b := New(size)
		b.Uint32s(0, 1)[0] = 1
		runtime.KeepAlive(b) // the words are used after the Buffer's last use
	}
	// Cleanups run after a collection finds the buffers, on a goroutine of
	// their own: wait for them, but not for ever.
	for i := 0; ; i++ {
		runtime.GC()
		if mapped(t) < before+n*size/4 {
			break
		}
		if i == 200 {
			t.Errorf("mapped memory grew from %d to %d bytes", before, mapped(t))
			break
		}
		runtime.Gosched()
	}
	w := kept.Uint32s(size-4, 1)
	if w[0] = 1; w[0] != 1 {
		t.Error("the Buffer kept does not hold a word written")
	}
	runtime.KeepAlive(kept)
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
