//go:build !linux

package hugepage

// New returns a Buffer of size zeroed bytes, on the heap: huge pages are
// asked for on Linux only.
func New(size int) *Buffer { return heapBuffer(max(size, 0)) }
