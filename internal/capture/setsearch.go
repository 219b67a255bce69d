package capture

import (
	"math/bits"

	"github.com/frisian-draughts/frisian/internal/hugepage"
)

// setSearch is the bottom-up method of hardSearch: for each set of pieces a
// capture can take, the squares it can stand on having taken exactly that
// set; it can end on those from which no piece left can be jumped. With at
// most maxDense pieces in reach, the squares are kept in an index by the
// set's number (the places of its pieces among those in reach), where each
// set comes after its subsets; with more, in a hash table for each size.
type setSearch struct {
	n         int
	pieces    [64]uint8        // the pieces in reach, by place
	place     [64]uint8        // the place of each piece in reach, by bit
	dense     bool             // at most maxDense pieces: squares by set in index
	arena     *hugepage.Buffer // the memory of index and the tables, kept as long as they are used
	index     []uint32         // the squares of each set, by number: a word each, or two where wide
	wide      bool             // more than 32 squares within reach: two words a set
	inUse     []uint64         // a bit for each set in index, or slot of the tables, in use (1<<maxDense bits, after the Euler tables in eulerTest.memory)
	at        int              // the number of the next set to expand, or slot of cur
	cur, next setTable         // with more pieces: the sets of the size being expanded, and of the next
	full      bool             // a size had more sets than the tables hold
	// The squares within reach are numbered in order (square gives the
	// bit of each): sets of squares as bits of these numbers fit in 32
	// bits wherever the sets are many, since pieces and squares share 50.
	square  [64]uint8
	targets [64]target // the pieces in reach by place, their runs in numbered squares
	jumpBy  [64]uint64 // the places of the pieces that can be jumped from each numbered square
	// jumpBy of a byte of squares, by byte and value: four or eight
	// looks, where a look per square costs a mispredicted branch.
	jumpByByte [8][256]uint64
	kings      uint64 // the places of the kings
	touched    int    // the words of index written to at least once, in pages
}

// The memory of the set search: 6 MiB for an index of 2^maxDense words
// (4 MiB), or two tables of setSlots slots of three words, at most seven
// eighths full; a full one ends the set search.
const (
	maxDense    = 20
	setSlotBits = maxDense - 2
	setSlots    = 1 << setSlotBits
	pageWords   = 4096 / 4 // the words of a page of memory, as most systems have them
)

func (s *setSearch) init(h *hardSearch) {
	s.n, s.kings = 0, 0
	for r := h.reach; r != 0; r &= r - 1 {
		b := bits.TrailingZeros64(r)
		s.pieces[s.n], s.place[b] = uint8(b), uint8(s.n)
		if h.jg.kings&(1<<b) != 0 {
			s.kings |= 1 << s.n
		}
		s.n++
	}
	var number [64]uint8 // of each square within reach, by bit
	squares := 0
	for q := h.within; q != 0; q &= q - 1 {
		b := bits.TrailingZeros64(q)
		s.square[squares], number[b] = uint8(b), uint8(squares)
		s.jumpBy[squares] = 0
		for j := h.jg.jumpable[b] & h.reach; j != 0; j &= j - 1 {
			s.jumpBy[squares] |= 1 << s.place[bits.TrailingZeros64(j)]
		}
		squares++
	}
	numbered := func(q uint64) (n uint64) {
		for q &= h.within; q != 0; q &= q - 1 {
			n |= 1 << number[bits.TrailingZeros64(q)]
		}
		return n
	}
	for i := range s.n {
		t := &h.jg.target[s.pieces[i]]
		s.targets[i].n = t.n
		for j, r := range t.lines[:t.n] {
			s.targets[i].lines[j] = [2]uint64{numbered(r[0]), numbered(r[1])}
		}
	}
	for k := range (squares + 7) / 8 {
		for v := 1; v < 256; v++ {
			s.jumpByByte[k][v] = s.jumpByByte[k][v&(v-1)] | s.jumpBy[8*k+bits.TrailingZeros8(uint8(v))]
		}
	}
	s.wide = squares > 32
	words := 1 << s.n
	if s.wide {
		words *= 2
	}
	s.dense, s.full, s.at = s.n <= maxDense && words <= 1<<maxDense, false, 0
	start := numbered(1 << h.jg.start)
	if s.arena == nil {
		// Each table takes a quarter of the bitmap. Only the pages written
		// to cost memory: the index, the arena's first 4 MiB, two huge
		// pages where the system has them.
		s.arena = hugepage.New(4 * 6 * setSlots)
		a, q := s.arena.Uint32s(0, 6*setSlots), setSlots/64
		s.index = a[:1<<maxDense]
		s.cur = setTable{setLo: a[:setSlots], setHi: a[setSlots : 2*setSlots], squares: a[2*setSlots : 3*setSlots], inUse: s.inUse[:q]}
		s.next = setTable{setLo: a[3*setSlots : 4*setSlots], setHi: a[4*setSlots : 5*setSlots], squares: a[5*setSlots : 6*setSlots], inUse: s.inUse[q : 2*q]}
	}
	if s.dense {
		// A page of the index never used yet gets a write before expand's
		// reads, which would make the system fault it in twice: once for a
		// page of zeros to read, once more to write.
		for ; s.touched < words; s.touched += pageWords {
			s.index[s.touched] = 0
		}
		clear(s.inUse[:(1<<s.n+63)/64])
		// Where the index is narrow, [1] is set 1's stale entry.
		s.index[0], s.index[1], s.inUse[0] = uint32(start), uint32(start>>32), 1
		return
	}
	s.full = s.wide // the tables keep a word of squares; past 20 pieces in reach, 29 squares at most
	s.cur.empty()
	s.next.empty()
	s.cur.add(0, start)
}

// run expands up to budget sets, a tableCost-th as many in the hash tables,
// and reports whether the search is through.
func (s *setSearch) run(h *hardSearch, budget int) bool {
	sets := budget
	if !s.dense {
		sets = budget / tableCost
	}
	for work := 0; work < sets; work++ {
		var set, squares uint64
		if s.dense {
			if s.at = nextInUse(s.inUse, s.at, 1<<s.n); s.at < 0 {
				return true
			}
			set, squares = uint64(s.at), uint64(s.index[s.at])
			if s.wide {
				squares = uint64(s.index[2*s.at]) | uint64(s.index[2*s.at+1])<<32
			}
		} else {
			// The slots in order; at the end the tables swap.
			for s.at = nextInUse(s.cur.inUse, s.at, setSlots); s.at < 0; s.at = nextInUse(s.cur.inUse, 0, setSlots) {
				if s.next.n == 0 {
					return true
				}
				s.cur, s.next = s.next, s.cur
				s.next.empty()
			}
			set, squares = uint64(s.cur.setLo[s.at])|uint64(s.cur.setHi[s.at])<<32, uint64(s.cur.squares[s.at])
		}
		s.at++
		if !s.expand(h, set, squares) {
			s.full = true
			return false
		}
	}
	return false
}

// expand records the captures that can stop on squares having taken set
// (by places), and adds the jumps from there to the sets one larger. It
// reports false when there was no room for them.
func (s *setSearch) expand(h *hardSearch, set, squares uint64) bool {
	jb := &s.jumpByByte
	jumps := (jb[0][squares&255] | jb[1][squares>>8&255] | jb[2][squares>>16&255] | jb[3][squares>>24&255]) &^ set
	if s.wide {
		jumps |= (jb[4][squares>>32&255] | jb[5][squares>>40&255] | jb[6][squares>>48&255] | jb[7][squares>>56]) &^ set
	}
	// Where no piece is left to jump, but only for a set that matters.
	if score := value(set, s.kings) + h.jg.kingBit; score >= h.bar && set != 0 {
		var stops uint64
		for q := squares; q != 0; q &= q - 1 {
			if s.jumpBy[bits.TrailingZeros64(q)]&^set == 0 {
				stops |= 1 << s.square[bits.TrailingZeros64(q)]
			}
		}
		if stops != 0 {
			var taken uint64
			for t := set; t != 0; t &= t - 1 {
				taken |= 1 << s.pieces[bits.TrailingZeros64(t)]
			}
			h.add(taken, stops, score, true)
		}
	}
	for ; jumps != 0; jumps &= jumps - 1 {
		x := bits.TrailingZeros64(jumps) & 63
		land := s.targets[x].landings(squares)
		next := set | 1<<x
		if !s.dense {
			if !s.next.add(next, land) {
				return false
			}
			continue
		}
		// Without a branch: a set not yet in use has a stale entry.
		w := &s.inUse[next>>6]
		keep := -uint32(*w >> (next & 63) & 1)
		if *w |= 1 << (next & 63); s.wide {
			s.index[2*next] = s.index[2*next]&keep | uint32(land)
			s.index[2*next+1] = s.index[2*next+1]&keep | uint32(land>>32)
		} else {
			s.index[next] = s.index[next]&keep | uint32(land)
		}
	}
	return true
}

// nextInUse returns the first bit of inUse from bit from on, below limit,
// or -1 for none.
func nextInUse(inUse []uint64, from, limit int) int {
	for ; from < limit; from = (from | 63) + 1 {
		if w := inUse[from>>6] >> (from & 63); w != 0 {
			if b := from + bits.TrailingZeros64(w); b < limit {
				return b
			}
			return -1
		}
	}
	return -1
}

// setTable holds sets with their squares, by open addressing.
type setTable struct {
	setLo, setHi, squares []uint32 // setSlots slots
	inUse                 []uint64 // a bit for each slot in use
	n                     int      // the slots in use
}

// empty frees every slot of t.
func (t *setTable) empty() {
	clear(t.inUse)
	t.n = 0
}

// add records that squares can be stood on having taken set, and reports
// false when the table is full.
func (t *setTable) add(set, squares uint64) bool {
	for i := int(set * 0x9e3779b97f4a7c15 >> (64 - setSlotBits)); ; i = (i + 1) & (setSlots - 1) {
		if t.inUse[i>>6]&(1<<(i&63)) == 0 {
			if t.n == setSlots*7/8 {
				return false
			}
			t.setLo[i], t.setHi[i], t.squares[i] = uint32(set), uint32(set>>32), uint32(squares)
			t.inUse[i>>6] |= 1 << (i & 63)
			t.n++
			return true
		}
		if t.setLo[i] == uint32(set) && t.setHi[i] == uint32(set>>32) {
			t.squares[i] |= uint32(squares)
			return true
		}
	}
}
