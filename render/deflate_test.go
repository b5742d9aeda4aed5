package render

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"io"
	"math/rand/v2"
	"testing"
)

// TestAdler32 compares adlerSum with hash/adler32 on lengths around the
// steps of eight and the blocks of 5552 bytes, all bytes 255 included.
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 5551, 5552, 5553, 11104, 11111, 100000, 654321} {
		for _, fill := range []string{"random", "ff"} {
			p := make([]byte, n)
			for i := range p {
				if fill == "ff" {
					p[i] = 0xff
				} else {
					p[i] = byte(rng.Uint32())
				}
			}
			want := adler32.Checksum(p)
			if got := adlerSum(p); got != want {
				t.Errorf("%d bytes (%s): adlerSum = %#x, want %#x", n, fill, got, want)
			}
		}
	}
}

// TestDeflate checks that what the deflater writes, wrapped as zlib,
// inflates back to its input: pictures of runs and repeated rows, random
// bytes (no matches at all), a few symbols (short codes), strides up to
// the window's size and inputs shorter than a row.
func TestDeflate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type input struct {
		name   string
		src    []byte
		stride int
	}
	var inputs []input
	for _, stride := range []int{1, 2, 3, 241, 721, 4097, 32768} {
		for _, kind := range []string{"picture", "random", "two", "zero", "short"} {
			n := stride * 9
			if kind == "short" {
				n = min(stride, 5)
			}
			p := make([]byte, n)
			for i := range p {
				switch kind {
				case "picture":
					switch {
					case i >= stride && rng.IntN(20) != 0:
						p[i] = p[i-stride]
					case i > 0 && rng.IntN(4) != 0:
						p[i] = p[i-1]
					default:
						p[i] = byte(rng.IntN(40))
					}
				case "random", "short":
					p[i] = byte(rng.Uint32())
				case "two":
					p[i] = byte(rng.IntN(2))
				}
			}
			inputs = append(inputs, input{kind, p, stride})
		}
	}
	var d deflater
	for _, in := range inputs {
		z := []byte{0x78, 0x01}
		z = d.compress(z, in.src, in.stride)
		sum := adler32.Checksum(in.src)
		z = append(z, byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum))
		r, err := zlib.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("%s, stride %d: %v", in.name, in.stride, err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s, stride %d, %d bytes: %v", in.name, in.stride, len(in.src), err)
		}
		if !bytes.Equal(got, in.src) {
			t.Errorf("%s, stride %d: inflated %d bytes differ from the %d given", in.name, in.stride, len(got), len(in.src))
		}
	}
}

// TestHuffmanLimit checks that code lengths stay within their limit and
// still make a complete prefix code when the frequencies are as skewed as
// Fibonacci numbers, which gives the longest optimal codes.
func TestHuffmanLimit(t *testing.T) {
	var h huffBuilder
	for _, limit := range []int{maxCLBits, maxBits} {
		for n := 2; n <= min(numLitLen, 1<<limit); n++ {
			freq := make([]int32, n)
			a, b := int32(1), int32(1)
			for i := range freq {
				freq[i] = a
				a, b = b, min(a+b, 1<<28)
			}
			lens := make([]uint8, n)
			h.lengths(freq, lens, limit)
			kraft := 0
			for i, l := range lens {
				if l == 0 || int(l) > limit {
					t.Fatalf("limit %d, %d symbols: symbol %d has length %d", limit, n, i, l)
				}
				kraft += 1 << (limit - int(l))
			}
			if kraft != 1<<limit {
				t.Fatalf("limit %d, %d symbols: lengths do not make a complete prefix code", limit, n)
			}
		}
	}
}
