package frisian

import "math/bits"

// Zobrist hashing. Every feature of a position that can differ between
// two positions gets a fixed pseudo-random key; the hash is the XOR of the
// keys of the features present, so Apply can update it from the few
// features a move changes.
//
// The keys come from SplitMix64 with a fixed seed: the same on every
// machine and in every run, so hashes can be stored and compared.

// zobrist holds the keys; it is filled once by init and never written
// after.
var zobrist struct {
	piece       [4][64]uint64 // [WhiteMan-1 … BlackKing-1][bit]
	blackToMove uint64
	kingRun     [2][4][64]uint64 // [color][count][bit]; count 0 has no key
	plies       uint64           // multiplied by the counter, see pliesKey
}

func init() {
	state := uint64(0x6672_6973_6961_6e21) // "frisian!"
	next := func() uint64 {
		state += 0x9e37_79b9_7f4a_7c15
		z := state
		z = (z ^ z>>30) * 0xbf58_476d_1ce4_e5b9
		z = (z ^ z>>27) * 0x94d0_49bb_1331_11eb
		return z ^ z>>31
	}
	for pc := range zobrist.piece {
		for b := range 64 {
			zobrist.piece[pc][b] = next()
		}
	}
	zobrist.blackToMove = next()
	for c := range zobrist.kingRun {
		for n := 1; n < 4; n++ {
			for b := range 64 {
				zobrist.kingRun[c][n][b] = next()
			}
		}
	}
	zobrist.plies = next() | 1
}

// pliesKey returns the key of a draw counter value: distinct for every
// value the counter can take (an odd multiplier is a bijection).
func pliesKey(n uint16) uint64 {
	if n == 0 {
		return 0
	}
	return bits.RotateLeft64(uint64(n)*zobrist.plies, 17)
}

// Hash returns a 64-bit Zobrist hash of the whole position: the pieces,
// the side to move, the three-move states and the draw counter. Equal
// positions have equal hashes; Apply keeps it up to date at the cost of a
// few XORs. The keys are fixed, so hashes are stable across runs and
// machines.
func (p Position) Hash() uint64 { return p.hash }

// computeHash returns the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		own := p.color(c)
		for b := own &^ p.kings; b != 0; b &= b - 1 {
			h ^= zobrist.piece[NewPiece(c, false)-1][bits.TrailingZeros64(b)]
		}
		for b := own & p.kings; b != 0; b &= b - 1 {
			h ^= zobrist.piece[NewPiece(c, true)-1][bits.TrailingZeros64(b)]
		}
		h ^= runKey(c, p.kingRun[c])
	}
	if p.turn == Black {
		h ^= zobrist.blackToMove
	}
	return h ^ pliesKey(p.plies)
}

func runKey(c Color, r quietRun) uint64 {
	return zobrist.kingRun[c&1][r.count&3][r.sq&63]
}
