package pdn

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkPDNRead reads 25 lidraughts games, replaying their moves.
func BenchmarkPDNRead(b *testing.B) {
	data, err := os.ReadFile("testdata/games/frysk-lidraughts.pdn")
	if err != nil {
		b.Fatal(err)
	}
	benchPDN(b, string(data))
}

// BenchmarkPDNReadMarks reads a game of move marks only, as in
// TestPDNHostileMemory: the lexer alone.
func BenchmarkPDNReadMarks(b *testing.B) {
	benchPDN(b, "1. 32-28 "+strings.Repeat("!? ", 1<<18))
}

func benchPDN(b *testing.B, text string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		for g, err := range NewReader(strings.NewReader(text)).Games() {
			if g == nil {
				b.Fatal(err)
			}
		}
	}
}
