//go:build !linux

package hugepage

// Buffer is memory for slices of words: where huge pages are not asked
// for, on the heap.
type Buffer struct {
	mem []byte
}

// New returns a Buffer of size zeroed bytes.
func New(size int) *Buffer { return heapBuffer(max(size, 0)) }
