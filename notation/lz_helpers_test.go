package notation

import (
	"strings"
	"testing"
	"unicode/utf16"
)

func utf16Of(s string) []uint16 { return utf16.Encode([]rune(s)) }

// lzDecompressURI is lz-string's decompressFromEncodedURIComponent, written
// for the tests only, to check that links decode to the PTN they carry.
func lzDecompressURI(t testing.TB, s string) string {
	t.Helper()
	vals := make([]int, len(s))
	for i := range s {
		v := strings.IndexByte(uriAlphabet, s[i])
		if v < 0 {
			t.Fatalf("character %q is not in the URI alphabet", s[i])
		}
		vals[i] = v
	}
	const reset = 32
	idx, pos, val := 0, reset, 0
	next := func() int {
		if idx < len(vals) {
			idx++
			return vals[idx-1]
		}
		idx++
		return 0
	}
	val = next()
	read := func(n int) int {
		bits := 0
		for i := 0; i < n; i++ {
			if val&pos != 0 {
				bits |= 1 << i
			}
			pos >>= 1
			if pos == 0 {
				pos = reset
				val = next()
			}
		}
		return bits
	}
	dict := [][]uint16{nil, nil, nil}
	enlarge, numBits := 4, 3
	var w []uint16
	switch read(2) {
	case 0:
		w = []uint16{uint16(read(8))}
	case 1:
		w = []uint16{uint16(read(16))}
	case 2:
		return ""
	}
	dict = append(dict, w)
	out := append([]uint16(nil), w...)
	for {
		if idx > len(vals)+1 {
			t.Fatalf("stream %q ends without its end code", s)
		}
		c := read(numBits)
		switch c {
		case 0, 1:
			width := 8
			if c == 1 {
				width = 16
			}
			dict = append(dict, []uint16{uint16(read(width))})
			c = len(dict) - 1
			enlarge--
		case 2:
			return string(utf16.Decode(out))
		}
		if enlarge == 0 {
			enlarge = 1 << numBits
			numBits++
		}
		var entry []uint16
		switch {
		case c < len(dict):
			entry = dict[c]
		case c == len(dict):
			entry = append(append([]uint16(nil), w...), w[0])
		default:
			t.Fatalf("bad code %d in %q", c, s)
		}
		out = append(out, entry...)
		dict = append(dict, append(append([]uint16(nil), w...), entry[0]))
		enlarge--
		w = entry
		if enlarge == 0 {
			enlarge = 1 << numBits
			numBits++
		}
	}
}

func TestLZRoundTrip(t *testing.T) {
	for _, s := range []string{"a", "aaaaaaaaaaaaaaaaaaaa", "abababababab", "4a4→112 {comment ↑↓←→} 😀", strings.Repeat("1. a1 f6\n2. f5 f4\n", 200)} {
		if got := lzDecompressURI(t, lzCompressURI(s)); got != s {
			t.Errorf("round trip of %q gave %q", s, got)
		}
	}
}
