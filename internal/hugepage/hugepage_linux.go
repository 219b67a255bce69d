package hugepage

import (
	"syscall"
	"unsafe"
)

// block is the size of a huge page on the systems this asks for them.
const block = 2 << 20

// Advise asks for the whole 2 MiB blocks of a to be backed by huge pages,
// and returns the index in a of the first of them (0 if a holds none).
// Data that starts there takes the fewest huge pages.
func Advise(a []uint32) int {
	if len(a) == 0 {
		return 0
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), 4*len(a))
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (block - 1))
	if skip >= len(b) {
		return 0
	}
	if whole := (len(b) - skip) &^ (block - 1); whole > 0 {
		// Advice only: an error leaves the pages as they were.
		_ = syscall.Madvise(b[skip:skip+whole], syscall.MADV_HUGEPAGE)
		return skip / 4
	}
	return 0
}
