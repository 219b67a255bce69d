package hugepage

import (
	"syscall"
	"unsafe"
)

// block is the size of a huge page on the systems this asks for them.
const block = 2 << 20

// Advise asks for the whole 2 MiB blocks of a to be backed by huge pages,
// and returns n words of a for data to use: from the first block on, where
// they take the fewest huge pages, or from a's start if they would not fit
// there.
func Advise(a []uint32, n int) []uint32 {
	if len(a) == 0 {
		return a[:n]
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), 4*len(a))
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (block - 1))
	whole := (len(b) - skip) &^ (block - 1)
	if skip >= len(b) || whole == 0 || skip/4+n > len(a) {
		return a[:n]
	}
	// Advice only: an error leaves the pages as they were.
	_ = syscall.Madvise(b[skip:skip+whole], syscall.MADV_HUGEPAGE)
	return a[skip/4 : skip/4+n]
}
