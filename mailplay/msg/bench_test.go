package msg

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkParseInbound reads every sample of the corpus once per
// iteration.
func BenchmarkParseInbound(b *testing.B) {
	var raws [][]byte
	size := 0
	for _, path := range corpus(b) {
		raw, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		raws = append(raws, raw)
		size += len(raw)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, raw := range raws {
			if _, err := ParseInbound(raw); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkStripQuotedMaxText strips a text of MaxTextBytes, the most
// ParseInbound hands to StripQuoted.
func BenchmarkStripQuotedMaxText(b *testing.B) {
	unit := "ps b4\nOn Mon, Nov 23, 2026 at 11:00 AM Takbot <t@x.example> wrote:\n> 0 0 s 0 0\nsome prose here: fine\n"
	text := strings.Repeat(unit, MaxTextBytes/len(unit))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		StripQuoted(text)
	}
}
