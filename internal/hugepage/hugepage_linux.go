package hugepage

import (
	"runtime"
	"syscall"
	"unsafe"
)

// New returns a Buffer of size zeroed bytes. On Linux they start on a 2 MiB
// boundary, are advised for huge pages, and go back to the system once
// the Buffer is unreachable; if the system refuses the mapping, they come
// from the heap.
func New(size int) *Buffer {
	if size <= 0 {
		return &Buffer{}
	}
	whole := (size + block - 1) &^ (block - 1)
	// One block more than the bytes need, to start them on a boundary.
	m, err := syscall.Mmap(-1, 0, whole+block, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return heapBuffer(size)
	}
	skip := int(-uintptr(unsafe.Pointer(&m[0])) & (block - 1))
	// Advice only: an error leaves the pages small.
	_ = syscall.Madvise(m[skip:skip+whole], syscall.MADV_HUGEPAGE)
	b := &Buffer{mem: m[skip : skip+size]}
	runtime.AddCleanup(b, unmap, m)
	return b
}

// unmap gives a Buffer's mapping back. It cannot fail on a mapping that
// Mmap made and nothing else unmapped.
func unmap(m []byte) { _ = syscall.Munmap(m) }
