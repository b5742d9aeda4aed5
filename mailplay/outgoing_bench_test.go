package mailplay

import (
	"bytes"
	"testing"
)

// BenchmarkWriteOutgoing writes the sample reply with HTML and pictures.
func BenchmarkWriteOutgoing(b *testing.B) {
	m := sampleOutgoing()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteOutgoing(&buf, m); err != nil {
			b.Fatal(err)
		}
	}
}
