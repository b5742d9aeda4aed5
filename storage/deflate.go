package storage

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// A small deflate encoder for reply bodies. compress/flate primes a
// writer with the dictionary at every Reset: it clears about 640 KB of
// hash tables and hashes the 5.7 KB dictionary again, then builds Huffman
// tables for a body of a few hundred bytes, about 60 µs a reply in all
// (a quarter of the referee's CPU; BenchmarkRefereeMoves). This encoder
// hashes the dictionary once, finds matches through hash chains over the
// dictionary and the body, and writes one block with deflate's fixed
// Huffman codes, which cost a dynamic block's header nothing. Its output
// is a standard deflate stream with the dictionary as preset window:
// inflateBody (compress/flate) reads it, so the stored format is
// unchanged (formatDeflate2).

const (
	dzHashBits = 13
	dzMinMatch = 4
	dzMaxMatch = 258
	dzWindow   = 32768
	dzChain    = 8 // candidates tried per position
)

// dzDict is the dictionary's hash chains, built once.
var dzDict = sync.OnceValue(func() *dzTables {
	t := &dzTables{head: make([]int32, 1<<dzHashBits), prev: make([]int32, len(dictV2))}
	for i := range t.head {
		t.head[i] = -1
	}
	for i := 0; i+dzMinMatch <= len(dictV2); i++ {
		h := dzHash(dictV2[i:])
		t.prev[i] = t.head[h]
		t.head[h] = int32(i)
	}
	return t
})

// dzTables are hash chains over a window: head holds the last position
// with each hash, prev the one before each position with the same hash
// (-1: none).
type dzTables struct {
	head []int32
	prev []int32
}

func dzHash(b []byte) uint32 {
	return (binary.LittleEndian.Uint32(b) * 2654435761) >> (32 - dzHashBits)
}

// dzState is one encoding's scratch space, pooled: the window (the
// dictionary, then the body) and the chains over the body's positions,
// in a table sized for the body, so that no encoding copies or clears
// tables the size of the dictionary's.
type dzState struct {
	win  []byte
	body dzTables
	out  dzBits
}

var dzStates = sync.Pool{New: func() any { return &dzState{win: append([]byte(nil), dictV2...)} }}

// deflateDict returns body deflated with dictV2 as preset dictionary,
// appended to dst.
func deflateDict(dst, body []byte) []byte {
	dict := dzDict()
	s := dzStates.Get().(*dzState)
	defer dzStates.Put(s)
	nd := len(dictV2)
	s.win = append(s.win[:nd], body...)
	win := s.win
	// The body's chains: a head table of at least as many entries as the
	// body has positions (a power of two, at most the dictionary's),
	// holding positions plus one, so that a cleared table is empty.
	size := 256
	for size < len(body) && size < 1<<dzHashBits {
		size *= 2
	}
	mask := uint32(size - 1)
	if cap(s.body.head) < size {
		s.body.head = make([]int32, size)
	}
	head := s.body.head[:size]
	clear(head)
	if cap(s.body.prev) < len(body) {
		s.body.prev = make([]int32, len(body))
	}
	prev := s.body.prev[:len(body)]
	w := &s.out
	w.reset(dst)
	w.write(1|1<<1, 3) // BFINAL, BTYPE 01: fixed Huffman codes
	for p := nd; p < len(win); {
		bestLen, bestDist := 0, 0
		if p+dzMinMatch <= len(win) {
			h := dzHash(win[p:])
			limit := min(dzMaxMatch, len(win)-p)
			cur := win[p : p+limit]
			tries := 0
			// The body's earlier positions first (the nearest), then
			// the dictionary's.
			for c := head[h&mask] - 1; c >= 0 && tries < dzChain && bestLen < limit; c = prev[int(c)-nd] - 1 {
				if p-int(c) > dzWindow {
					break
				}
				tries++
				if bestLen == 0 || win[int(c)+bestLen] == cur[bestLen] {
					if n := matchLen(win[c:int(c)+limit], cur); n > bestLen {
						bestLen, bestDist = n, p-int(c)
					}
				}
			}
			for c := dict.head[h]; c >= 0 && tries < dzChain && bestLen < limit; c = dict.prev[c] {
				if p-int(c) > dzWindow {
					break
				}
				tries++
				if bestLen == 0 || win[int(c)+bestLen] == cur[bestLen] {
					if n := matchLen(win[c:int(c)+limit], cur); n > bestLen {
						bestLen, bestDist = n, p-int(c)
					}
				}
			}
		}
		n := 1
		if bestLen >= dzMinMatch {
			w.match(bestLen, bestDist)
			n = bestLen
		} else {
			w.literal(int(win[p]))
		}
		for i, end := p, min(p+n, len(win)-dzMinMatch+1); i < end; i++ {
			h := dzHash(win[i:]) & mask
			prev[i-nd] = head[h]
			head[h] = int32(i + 1)
		}
		p += n
	}
	w.literal(256) // end of block
	return w.flush()
}

// matchLen returns the length of the common prefix of a and b (b is no
// longer than a).
func matchLen(a, b []byte) int {
	n := 0
	for len(b)-n >= 8 {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// dzBits writes deflate's bit stream: values least significant bit first,
// Huffman codes most significant bit first (stored reversed in the tables).
type dzBits struct {
	dst   []byte
	acc   uint64
	nbits uint
}

func (w *dzBits) reset(dst []byte) { w.dst, w.acc, w.nbits = dst, 0, 0 }

// write appends the n low bits of v (n <= 31), the bits gathered four
// bytes at a time.
func (w *dzBits) write(v uint64, n uint) {
	w.acc |= v << w.nbits
	w.nbits += n
	if w.nbits >= 32 {
		w.dst = binary.LittleEndian.AppendUint32(w.dst, uint32(w.acc))
		w.acc >>= 32
		w.nbits -= 32
	}
}

func (w *dzBits) flush() []byte {
	for ; w.nbits > 0; w.nbits -= min(w.nbits, 8) {
		w.dst = append(w.dst, byte(w.acc))
		w.acc >>= 8
	}
	return w.dst
}

// literal writes a literal byte or, for 256, the end of the block.
func (w *dzBits) literal(c int) {
	code := dzFixed[c]
	w.write(uint64(code.bits), uint(code.n))
}

// match writes a length and a distance, in one write: a length code (7
// or 8 bits), its extra bits (at most 5), a distance code (5) and its
// extra bits (at most 13).
func (w *dzBits) match(length, dist int) {
	lc := dzLengthCode[length]
	code := dzFixed[257+int(lc)]
	v, n := uint64(code.bits), uint(code.n)
	if e := dzLengthExtra[lc]; e > 0 {
		v |= uint64(length-int(dzLengthBase[lc])) << n
		n += uint(e)
	}
	dc := dzDistCode(dist)
	v |= uint64(bits.Reverse8(uint8(dc))>>3) << n
	n += 5
	if e := dzDistExtra[dc]; e > 0 {
		v |= uint64(dist-int(dzDistBase[dc])) << n
		n += uint(e)
	}
	w.write(v, n)
}

// dzCode is a Huffman code, its bits reversed for writing.
type dzCode struct {
	bits uint16
	n    uint8
}

var (
	dzFixed       [288]dzCode
	dzLengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	dzLengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	dzDistBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	dzDistExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	dzLengthCode  [dzMaxMatch + 1]uint8 // length → index into dzLengthBase
)

func init() {
	// The fixed literal/length codes of RFC 1951, 3.2.6.
	for c := range dzFixed {
		var code, n int
		switch {
		case c < 144:
			code, n = 0x30+c, 8
		case c < 256:
			code, n = 0x190+c-144, 9
		case c < 280:
			code, n = c-256, 7
		default:
			code, n = 0xc0+c-280, 8
		}
		dzFixed[c] = dzCode{bits: bits.Reverse16(uint16(code)) >> (16 - n), n: uint8(n)}
	}
	for lc := range dzLengthBase {
		for l := int(dzLengthBase[lc]); l < int(dzLengthBase[lc])+1<<dzLengthExtra[lc] && l <= dzMaxMatch; l++ {
			dzLengthCode[l] = uint8(lc)
		}
	}
	dzLengthCode[dzMaxMatch] = 28 // 258 has its own code, not 284 with extra bits 31
}

// dzDistCode returns the distance code of dist (1 to 32768).
func dzDistCode(dist int) int {
	if dist <= 4 {
		return dist - 1
	}
	// Two codes per power of two: the top bit's position and the next bit.
	d := uint32(dist - 1)
	top := bits.Len32(d) - 1
	return 2*top + int(d>>(top-1)&1)
}
