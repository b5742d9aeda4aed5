package notation

import (
	"strings"
	"unicode/utf16"
)

// ninjaBase is the address of PTN Ninja; a game is loaded from the path.
const ninjaBase = "https://ptn.ninja/"

// uriAlphabet is lz-string's alphabet for URI components, six bits a character.
const uriAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"

// NinjaLink returns a PTN Ninja link that opens the game in ptn:
// https://ptn.ninja/ followed by the PTN compressed as lz-string's
// compressToEncodedURIComponent does.
func NinjaLink(ptn string) string {
	return ninjaBase + lzCompressURI(ptn)
}

// lzCompressURI compresses s as lz-string's compressToEncodedURIComponent.
func lzCompressURI(s string) string {
	var out strings.Builder
	lzCompress(utf16.Encode([]rune(s)), 6, func(v int) { out.WriteByte(uriAlphabet[v]) })
	return out.String()
}

// lzCompress is lz-string's LZW variant over UTF-16 code units. Codes 0 and
// 1 announce a new 8-bit or 16-bit character, 2 ends the stream, and every
// later code names a dictionary entry. Codes are written least significant
// bit first, with a width that grows as the dictionary does; the bits are
// packed most significant first into characters of bitsPerChar bits, passed
// to emit.
func lzCompress(in []uint16, bitsPerChar int, emit func(int)) {
	type pair struct {
		prefix int
		c      uint16
	}
	var (
		chars    = map[uint16]int{}
		pending  = map[uint16]bool{} // characters not yet written raw
		words    = map[pair]int{}
		dictSize = 3
		numBits  = 2
		enlarge  = 2
		val, pos int
	)
	writeBits := func(n, v int) {
		for i := 0; i < n; i++ {
			val = val<<1 | v&1
			v >>= 1
			if pos == bitsPerChar-1 {
				emit(val)
				val, pos = 0, 0
			} else {
				pos++
			}
		}
	}
	grow := func() {
		enlarge--
		if enlarge == 0 {
			enlarge = 1 << numBits
			numBits++
		}
	}
	// w is the current word: its code, and its character if it has one.
	wCode, wChar, wSingle, wEmpty := 0, uint16(0), false, true
	writeW := func() {
		if wSingle && pending[wChar] {
			if wChar < 256 {
				writeBits(numBits, 0)
				writeBits(8, int(wChar))
			} else {
				writeBits(numBits, 1)
				writeBits(16, int(wChar))
			}
			grow()
			delete(pending, wChar)
		} else {
			writeBits(numBits, wCode)
		}
		grow()
	}
	for _, c := range in {
		code, ok := chars[c]
		if !ok {
			code = dictSize
			chars[c] = code
			dictSize++
			pending[c] = true
		}
		if wEmpty {
			wCode, wChar, wSingle, wEmpty = code, c, true, false
			continue
		}
		if next, ok := words[pair{wCode, c}]; ok {
			wCode, wSingle = next, false
			continue
		}
		writeW()
		words[pair{wCode, c}] = dictSize
		dictSize++
		wCode, wChar, wSingle = code, c, true
	}
	if !wEmpty {
		writeW()
	}
	writeBits(numBits, 2)
	for {
		val <<= 1
		if pos == bitsPerChar-1 {
			emit(val)
			break
		}
		pos++
	}
}
