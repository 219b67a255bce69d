package hugepage

import (
	"runtime"
	"syscall"
	"unsafe"
)

// block is the size of a huge page on the systems this asks for them.
const block = 2 << 20

// Buffer holds words in a mapping of their own.
type Buffer struct {
	words []uint32
}

// New returns a Buffer of n zeroed words. On Linux they start on a 2 MiB
// boundary, are advised for huge pages, and go back to the system once
// the Buffer is unreachable; if the system refuses the mapping, they come
// from the heap.
func New(n int) *Buffer {
	if n <= 0 {
		return &Buffer{}
	}
	size := (4*n + block - 1) &^ (block - 1)
	// One block more than the words need, to start them on a boundary.
	m, err := syscall.Mmap(-1, 0, size+block, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return &Buffer{words: make([]uint32, n)}
	}
	skip := int(-uintptr(unsafe.Pointer(&m[0])) & (block - 1))
	// Advice only: an error leaves the pages small.
	_ = syscall.Madvise(m[skip:skip+size], syscall.MADV_HUGEPAGE)
	b := &Buffer{words: unsafe.Slice((*uint32)(unsafe.Pointer(&m[skip])), n)}
	runtime.AddCleanup(b, unmap, m)
	return b
}

// unmap gives a Buffer's mapping back. It cannot fail on a mapping that
// Mmap made and nothing else unmapped.
func unmap(m []byte) { _ = syscall.Munmap(m) }

// Words returns the Buffer's words. They are valid while the Buffer is
// reachable: keep it as long as the words are used.
func (b *Buffer) Words() []uint32 { return b.words }
