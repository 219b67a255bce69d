package hugepage

import "unsafe"

// block is the size of a huge page on the systems this asks for them.
const block = 2 << 20

// Buffer is memory for slices of words: on Linux a mapping of its own,
// elsewhere on the heap (see New).
type Buffer struct {
	mem []byte
}

// heapBuffer returns a Buffer of size bytes on the heap, aligned for
// 64-bit words.
func heapBuffer(size int) *Buffer {
	if size == 0 {
		return &Buffer{}
	}
	words := make([]uint64, (size+7)/8)
	return &Buffer{mem: unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), size)}
}

// Uint32s returns n 32-bit words of the Buffer from byte off on, a
// multiple of 4. They are valid while the Buffer is reachable: keep it as
// long as they are used. A nil Buffer has none.
func (b *Buffer) Uint32s(off, n int) []uint32 {
	if b == nil || n == 0 {
		return nil
	}
	w := b.mem[off : off+4*n] // in range, or the caller's mistake
	return unsafe.Slice((*uint32)(unsafe.Pointer(&w[0])), n)
}

// Uint64s is Uint32s for 64-bit words, from a multiple of 8.
func (b *Buffer) Uint64s(off, n int) []uint64 {
	if b == nil || n == 0 {
		return nil
	}
	w := b.mem[off : off+8*n]
	return unsafe.Slice((*uint64)(unsafe.Pointer(&w[0])), n)
}
