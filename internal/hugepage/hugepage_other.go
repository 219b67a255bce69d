//go:build !linux

package hugepage

// Buffer holds words: where huge pages are not asked for, on the heap.
type Buffer struct {
	words []uint32
}

// New returns a Buffer of n zeroed words.
func New(n int) *Buffer { return &Buffer{words: make([]uint32, max(n, 0))} }

// Words returns the Buffer's words.
func (b *Buffer) Words() []uint32 { return b.words }
