package notation

import (
	"strings"
	"testing"
)

// Vectors published with lz-string ports (the JavaScript library's output).
func TestLZCompressURI(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "Q"},
		{"red", "E4UwJkA"},
		{"The quick brown fox jumps over the lazy dog", "CoCwpgBAjgrglgYwNYQEYCcD2B3AdhAM0wA8IArGAWwAcBnCTANzHQgBdwIAbAQwC8AnhAAmmAOZA"},
	} {
		if got := lzCompressURI(tc.in); got != tc.want {
			t.Errorf("lzCompressURI(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLZCompress16(t *testing.T) {
	// lz-string's compress() of the same sentence, 16 bits a character.
	want := []int{2688, 45222, 64, 36362, 57494, 1584, 13700, 1120, 9987, 55325, 49270, 4108, 54016, 15392, 2758,
		364, 112, 6594, 19459, 29469, 2049, 30466, 108, 1072, 3008, 10116, 38, 38915, 39168}
	var got []int
	lzCompress(utf16Of("The quick brown fox jumps over the lazy dog"), 16, func(v int) { got = append(got, v) })
	if len(got) != len(want) {
		t.Fatalf("got %d characters %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("character %d = %d, want %d (all: %v)", i, got[i], want[i], got)
		}
	}
}

func TestNinjaLink(t *testing.T) {
	link := NinjaLink("[Size \"5\"]\n\n1. a1 e5\n")
	if !strings.HasPrefix(link, "https://ptn.ninja/") || strings.ContainsAny(link[len("https://ptn.ninja/"):], "/?#&= ") {
		t.Errorf("NinjaLink = %q", link)
	}
	if got := lzDecompressURI(t, link[len("https://ptn.ninja/"):]); got != "[Size \"5\"]\n\n1. a1 e5\n" {
		t.Errorf("decompressed %q", got)
	}
}
