package render

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// This file holds a DEFLATE compressor (RFC 1951) made for the pictures
// the canvas draws, which are mostly runs of one colour and rows like the
// row above. It looks for a match at only two distances: the previous byte
// (a run) and the byte one row up (a repeated row). That finds most of
// what a general compressor would, in a fraction of its time. The matches
// and literals then go in blocks of blockTokens, each with Huffman codes
// made for it, which fit the colours of each part of the picture (player
// cards, board, labels) better than one set of codes for the whole.
// BenchmarkEncode compares it with image/png's compress/flate.

const (
	minMatch  = 3
	maxMatch  = 258
	endBlock  = 256
	numLitLen = 286 // literal/length codes
	numDist   = 30  // distance codes
	maxBits   = 15  // longest literal/length or distance code
	maxCLBits = 7   // longest code-length code
)

// token is a literal byte (below 256) or a match: matchFlag | length<<16 | distance.
type token uint32

const matchFlag = 1 << 31

// deflater compresses one buffer at a time; its tables are reused.
type deflater struct {
	tokens []token
	out    []byte // the stream written, up to pos
	pos    int
	acc    uint64 // bits not yet written, the oldest in the lowest bits
	nacc   uint
	litF   [numLitLen]int32
	distF  [numDist]int32
	litL   [numLitLen]uint8
	distL  [numDist]uint8
	litC   [numLitLen]uint16 // codes, bit-reversed for LSB-first output
	distC  [numDist]uint16
	lenV   [maxMatch + 1]uint32 // a match length's code and extra bits
	lenN   [maxMatch + 1]uint8  // and their number
	hb     huffBuilder
	all    []uint8 // code lengths of a block's two trees
	seq    []clSym // the same, run-length coded
}

// clSym is a symbol of the code-length alphabet with its extra bits.
type clSym struct{ sym, extra uint8 }

// lengthCode gives the length code (257..285) of each match length 3..258
// (index length-3); lengthBase and lengthExtra its base and extra bits.
var (
	lengthCode  [maxMatch - minMatch + 1]uint16
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint32{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// clOrder is the order in which code-length code lengths are sent.
	clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

func init() {
	for c := range lengthBase {
		hi := int(lengthBase[c]) + 1<<lengthExtra[c]
		if c == len(lengthBase)-1 {
			hi = maxMatch + 1
		}
		for l := int(lengthBase[c]); l < hi && l <= maxMatch; l++ {
			lengthCode[l-minMatch] = uint16(257 + c)
		}
	}
}

// distCode returns the distance code of d (1..32768).
func distCode(d uint32) int {
	if d <= 4 {
		return int(d - 1)
	}
	// d-1 has n significant bits: codes 2n-2 and 2n-1 share them.
	v := d - 1
	n := bits.Len32(v)
	return 2*n - 2 + int(v>>(n-2)&1)
}

// matchLen returns how many bytes from a equal those from b (b < a), at
// most maxMatch and never past the end of src.
func matchLen(src []byte, a, b int) int {
	limit := min(len(src)-a, maxMatch)
	if limit == maxMatch && bytes.Equal(src[a:a+maxMatch], src[b:b+maxMatch]) {
		return maxMatch // the common case in a picture, compared the fastest way
	}
	n := 0
	for n+8 <= limit {
		x := binary.LittleEndian.Uint64(src[a+n:]) ^ binary.LittleEndian.Uint64(src[b+n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < limit && src[a+n] == src[b+n] {
		n++
	}
	return n
}

// longest returns the longer of the matches at i one byte back (a run)
// and one row up, and its distance: the run when they are as long.
func longest(src []byte, i, stride int) (l, dist int) {
	if i+4 > len(src) {
		return 0, 1 // the last bytes go as literals
	}
	// A match starts only where three bytes match: checked in one load.
	const three = 0xffffff
	x := binary.LittleEndian.Uint32(src[i:])
	run, up := 0, 0
	if i >= stride && (x^binary.LittleEndian.Uint32(src[i-stride:]))&three == 0 {
		up = matchLen(src, i, i-stride)
	}
	if up < maxMatch && i >= 1 && (x^binary.LittleEndian.Uint32(src[i-1:]))&three == 0 {
		run = matchLen(src, i, i-1)
	}
	if up > run {
		return up, stride
	}
	return run, 1
}

// compress appends to dst the DEFLATE stream of src, whose rows are
// stride bytes apart (stride at most 32768), and returns it.
func (d *deflater) compress(dst, src []byte, stride int) []byte {
	d.tokens = d.tokens[:0]
	for i := 0; i < len(src); {
		l, dist := longest(src, i, stride)
		if l < minMatch {
			d.tokens = append(d.tokens, token(src[i]))
			i++
			continue
		}
		d.tokens = append(d.tokens, token(matchFlag|l<<16|dist))
		i += l
	}
	// Room for the worst case: 48 bits a token, 600 bytes of code
	// lengths a block.
	need := len(dst) + 6*len(d.tokens) + 600*(len(d.tokens)/blockTokens+1) + 16
	d.out = slices.Grow(dst, need-len(dst))[:need]
	d.pos = len(dst)
	d.acc, d.nacc = 0, 0
	for start := 0; start < len(d.tokens) || start == 0; start += blockTokens {
		end := min(start+blockTokens, len(d.tokens))
		d.block(d.tokens[start:end], end == len(d.tokens))
	}
	d.flush()
	return d.out[:d.pos]
}

// blockTokens is the most tokens in one block: each block has its own
// codes, fitted to its part of the picture.
const blockTokens = 2048

// block writes a block of tokens with Huffman codes made for them; last
// marks the final block.
func (d *deflater) block(tokens []token, last bool) {
	clear(d.litF[:])
	clear(d.distF[:])
	for _, t := range tokens {
		if t&matchFlag == 0 {
			d.litF[t]++
			continue
		}
		d.litF[lengthCode[(t>>16)&0x1ff-minMatch]]++
		d.distF[distCode(uint32(t&0xffff))]++
	}
	d.litF[endBlock]++
	// Every tree gets two codes at least, which every decoder accepts.
	for i := 0; countNonZero(d.distF[:]) < 2; i++ {
		d.distF[i] = max(d.distF[i], 1)
	}
	d.hb.lengths(d.litF[:], d.litL[:], maxBits)
	d.hb.lengths(d.distF[:], d.distL[:], maxBits)
	canonical(d.litL[:], d.litC[:])
	canonical(d.distL[:], d.distC[:])

	if last {
		d.bits(1, 1) // BFINAL
	} else {
		d.bits(0, 1)
	}
	d.bits(2, 2) // BTYPE: dynamic Huffman codes
	d.header()
	// Each match length's code and extra bits, in one write.
	for l := minMatch; l <= maxMatch; l++ {
		lc := lengthCode[l-minMatch]
		k := lc - 257
		d.lenV[l] = uint32(d.litC[lc]) | uint32(l-int(lengthBase[k]))<<d.litL[lc]
		d.lenN[l] = d.litL[lc] + lengthExtra[k]
	}
	for _, t := range tokens {
		if t&matchFlag == 0 {
			d.bits(uint64(d.litC[t]), uint(d.litL[t]))
			continue
		}
		l, dist := uint32(t>>16)&0x1ff, uint32(t&0xffff)
		d.bits(uint64(d.lenV[l]), uint(d.lenN[l]))
		dc := distCode(dist)
		d.bits(uint64(d.distC[dc])|uint64(dist-distBase[dc])<<d.distL[dc], uint(d.distL[dc]+distExtra[dc]))
	}
	d.bits(uint64(d.litC[endBlock]), uint(d.litL[endBlock]))
}

func countNonZero(f []int32) int {
	n := 0
	for _, v := range f {
		if v != 0 {
			n++
		}
	}
	return n
}

// bits writes the n low bits of v, n at most 32.
func (d *deflater) bits(v uint64, n uint) {
	d.acc |= v << d.nacc
	d.nacc += n
	if d.nacc >= 32 {
		binary.LittleEndian.PutUint32(d.out[d.pos:], uint32(d.acc))
		d.pos += 4
		d.acc >>= 32
		d.nacc -= 32
	}
}

// flush writes the bits left, padded to a whole byte.
func (d *deflater) flush() {
	for d.nacc > 0 {
		d.out[d.pos] = byte(d.acc)
		d.pos++
		d.acc >>= 8
		d.nacc -= min(d.nacc, 8)
	}
}

// header writes the code lengths of the two trees, themselves coded.
func (d *deflater) header() {
	nlit := numLitLen
	for nlit > 257 && d.litL[nlit-1] == 0 {
		nlit--
	}
	ndist := numDist
	for ndist > 1 && d.distL[ndist-1] == 0 {
		ndist--
	}
	all := append(d.all[:0], d.litL[:nlit]...)
	all = append(all, d.distL[:ndist]...)
	// Run-length code the lengths: 16 repeats the previous length 3..6
	// times, 17 and 18 give 3..10 and 11..138 zeros.
	seq := d.seq[:0]
	var clF [19]int32
	for i := 0; i < len(all); {
		v := all[i]
		n := 1
		for i+n < len(all) && all[i+n] == v {
			n++
		}
		i += n
		if v == 0 {
			for n >= 11 {
				k := min(n, 138)
				seq = append(seq, clSym{18, uint8(k - 11)})
				clF[18]++
				n -= k
			}
			if n >= 3 {
				seq = append(seq, clSym{17, uint8(n - 3)})
				clF[17]++
				n = 0
			}
		} else {
			seq = append(seq, clSym{v, 0})
			clF[v]++
			n--
			for n >= 3 {
				k := min(n, 6)
				seq = append(seq, clSym{16, uint8(k - 3)})
				clF[16]++
				n -= k
			}
		}
		for ; n > 0; n-- {
			seq = append(seq, clSym{v, 0})
			clF[v]++
		}
	}
	d.all, d.seq = all, seq
	for i := 0; countNonZero(clF[:]) < 2; i++ {
		clF[i] = max(clF[i], 1)
	}
	var clL [19]uint8
	var clC [19]uint16
	d.hb.lengths(clF[:], clL[:], maxCLBits)
	canonical(clL[:], clC[:])
	ncl := 19
	for ncl > 4 && clL[clOrder[ncl-1]] == 0 {
		ncl--
	}
	d.bits(uint64(nlit-257), 5)
	d.bits(uint64(ndist-1), 5)
	d.bits(uint64(ncl-4), 4)
	for _, s := range clOrder[:ncl] {
		d.bits(uint64(clL[s]), 3)
	}
	for _, s := range seq {
		d.bits(uint64(clC[s.sym]), uint(clL[s.sym]))
		switch s.sym {
		case 16:
			d.bits(uint64(s.extra), 2)
		case 17:
			d.bits(uint64(s.extra), 3)
		case 18:
			d.bits(uint64(s.extra), 7)
		}
	}
}

// huffBuilder computes Huffman code lengths; its buffers are reused.
type huffBuilder struct {
	keys  []uint64
	syms  []int32
	nodes []huffNode
	depth []int
}

type huffNode struct {
	freq   int64
	parent int32
}

// lengths sets lens[i] to the length of the code of symbol i, for the
// frequencies freq (0: no code), no code longer than limit. The codes are
// optimal unless limit cuts them; then the longest are shortened and
// others lengthened until the lengths again make a prefix code.
func (h *huffBuilder) lengths(freq []int32, lens []uint8, limit int) {
	clear(lens)
	// Leaves sorted by frequency, ties by symbol, so the result is always
	// the same: both packed in one key.
	h.keys = h.keys[:0]
	for i, f := range freq {
		if f > 0 {
			h.keys = append(h.keys, uint64(f)<<16|uint64(i))
		}
	}
	slices.Sort(h.keys)
	h.syms = h.syms[:0]
	for _, k := range h.keys {
		h.syms = append(h.syms, int32(k&0xffff))
	}
	n := len(h.syms)
	if n == 1 {
		lens[h.syms[0]] = 1
		return
	}
	// The two-queue construction: leaves in order, then internal nodes in
	// the order they are made (their frequencies never decrease).
	h.nodes = h.nodes[:0]
	for _, s := range h.syms {
		h.nodes = append(h.nodes, huffNode{freq: int64(freq[s]), parent: -1})
	}
	leaf, inner := 0, n
	pick := func() int {
		if leaf < n && (inner >= len(h.nodes) || h.nodes[leaf].freq <= h.nodes[inner].freq) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for range n - 1 {
		a, b := pick(), pick()
		id := int32(len(h.nodes))
		h.nodes = append(h.nodes, huffNode{freq: h.nodes[a].freq + h.nodes[b].freq, parent: -1})
		h.nodes[a].parent, h.nodes[b].parent = id, id
	}
	// Depths: parents come after their children, so walk down from the root.
	depth := slices.Grow(h.depth[:0], len(h.nodes))[:len(h.nodes)]
	h.depth = depth
	depth[len(depth)-1] = 0
	for i := len(h.nodes) - 2; i >= 0; i-- {
		depth[i] = depth[h.nodes[i].parent] + 1
	}
	over := false
	for i, s := range h.syms {
		l := depth[i]
		if l > limit {
			l, over = limit, true
		}
		lens[s] = uint8(l)
	}
	if !over {
		return
	}
	// Restore the Kraft inequality: sum of 2^(limit-len) at most 2^limit.
	// Lengthen the longest codes shorter than the limit, those of the
	// rarest symbols first.
	kraft := 0
	for _, s := range h.syms {
		kraft += 1 << (limit - int(lens[s]))
	}
	for kraft > 1<<limit {
		best := -1
		for _, s := range h.syms { // rarest first
			if l := int(lens[s]); l < limit && (best < 0 || l > int(lens[best])) {
				best = int(s)
			}
		}
		kraft -= 1 << (limit - int(lens[best]) - 1)
		lens[best]++
	}
	// That may leave the code incomplete, which decoders refuse: shorten
	// codes, the commonest symbols' first, until it is complete. Every
	// term is a multiple of the longest code's, so the rarest symbol's
	// code always fits what is missing.
	for kraft < 1<<limit {
		for i := len(h.syms) - 1; i >= 0 && kraft < 1<<limit; i-- {
			s := h.syms[i]
			if l := int(lens[s]); l > 1 && kraft+1<<(limit-l) <= 1<<limit {
				kraft += 1 << (limit - l)
				lens[s]--
			}
		}
	}
}

// canonical sets the canonical codes (RFC 1951, 3.2.2) for the lengths
// lens, bit-reversed so that they can be written LSB first.
func canonical(lens []uint8, codes []uint16) {
	var count [maxBits + 1]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [maxBits + 2]int
	code := 0
	for b := 1; b <= maxBits; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for i, l := range lens {
		if l == 0 {
			codes[i] = 0
			continue
		}
		c := next[l]
		next[l]++
		codes[i] = bits.Reverse16(uint16(c)) >> (16 - l)
	}
}

// adlerSum returns the Adler-32 checksum of p (RFC 1950), as hash/adler32
// does, sixteen bytes a step: s2 gains sixteen times s1 plus the bytes
// weighted 16 down to 1. The bytes of each eight are summed, plain and
// weighted, in 16-bit lanes with multiplications; no lane carries into the
// next, since no sum exceeds 16 bits.
func adlerSum(p []byte) uint32 {
	const (
		mod   = 65521
		nmax  = 5552 - 5552%16 // the most bytes before s2 could overflow 32 bits
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		evenW = 2 | 4<<16 | 6<<32 | 8<<48 // weights of bytes 6, 4, 2, 0
		oddW  = 1 | 3<<16 | 5<<32 | 7<<48 // weights of bytes 7, 5, 3, 1
	)
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		n := min(len(p), nmax)
		q := p[:n]
		p = p[n:]
		for len(q) >= 16 {
			w0 := binary.LittleEndian.Uint64(q)
			w1 := binary.LittleEndian.Uint64(q[8:])
			e0, o0 := w0&lanes, (w0>>8)&lanes
			e1, o1 := w1&lanes, (w1>>8)&lanes
			sum0 := uint32(((e0 + o0) * ones) >> 48)
			sum1 := uint32(((e1 + o1) * ones) >> 48)
			s2 += 16*s1 + 8*sum0 + uint32((e0*evenW+o0*oddW)>>48) + uint32((e1*evenW+o1*oddW)>>48)
			s1 += sum0 + sum1
			q = q[16:]
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
