package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// The advice covers exactly the whole blocks of a Buffer: the system keeps
// them as a mapping of their own, flagged for huge pages (hg).
func TestAdvised(t *testing.T) {
	m, err := syscall.Mmap(-1, 0, block, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skip(err)
	}
	if err = syscall.Madvise(m, syscall.MADV_HUGEPAGE); err != nil {
		syscall.Munmap(m)
		t.Skip("no huge pages here: ", err)
	}
	// A system that takes the advice but does not show it is not tested.
	shown := strings.HasSuffix(advised(t, uintptr(unsafe.Pointer(&m[0]))), " hg")
	syscall.Munmap(m)
	if !shown {
		t.Skip("/proc/self/smaps does not show the advice")
	}
	for _, size := range []int{8, 416 << 10, 6 << 20} {
		b := New(size)
		start := uintptr(unsafe.Pointer(&b.Uint64s(0, 1)[0]))
		end := start + uintptr((size+block-1)&^(block-1))
		if got := advised(t, start); got != fmt.Sprintf("%x-%x hg", start, end) {
			t.Errorf("New(%d) at %#x: the mapping there is %q, want %x-%x advised", size, start, got, start, end)
		}
		runtime.KeepAlive(b)
	}
}

// advised returns the range of the mapping holding addr, from
// /proc/self/smaps, followed by " hg" if it is advised for huge pages.
func advised(t *testing.T, addr uintptr) string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	found := ""
	for s := bufio.NewScanner(f); s.Scan(); {
		line := s.Text()
		if r, _, _ := strings.Cut(line, " "); found == "" && strings.Contains(r, "-") {
			var lo, hi uintptr
			if _, err := fmt.Sscanf(r, "%x-%x", &lo, &hi); err == nil && lo <= addr && addr < hi {
				found = r
			}
		} else if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && found != "" {
			if strings.Contains(flags+" ", " hg ") {
				return found + " hg"
			}
			return found
		}
	}
	return found
}
