package pdn

import (
	"fmt"
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

// manyTags is a game of n distinct tags, as many as the reader keeps.
func manyTags(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	b.WriteString("\n1. 32-28 *\n")
	return b.String()
}

// BenchmarkPDNReadTags reads a game of 20 000 distinct tags: the tags
// must not cost a scan of those read before each.
func BenchmarkPDNReadTags(b *testing.B) {
	benchPDN(b, manyTags(20_000))
}

// BenchmarkPDNWriteTags writes a game of 20 000 distinct tags.
func BenchmarkPDNWriteTags(b *testing.B) {
	var g Game
	if err := g.UnmarshalText([]byte(manyTags(20_000))); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.MarshalText(); err != nil {
			b.Fatal(err)
		}
	}
}
