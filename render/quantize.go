package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// colorTable is an open-addressing hash table from an opaque-or-not RGBA
// pixel (as a uint32) to a count or a palette index.
type colorTable struct {
	keys []uint32
	vals []int32
	used []bool
	n    int
}

func newColorTable(capacity int) *colorTable {
	t := &colorTable{}
	t.init(capacity)
	return t
}

func (t *colorTable) init(capacity int) {
	size := 1024
	for size < capacity*2 {
		size *= 2
	}
	t.keys = make([]uint32, size)
	t.vals = make([]int32, size)
	t.used = make([]bool, size)
	t.n = 0
}

// slot returns the slot of key k, inserting it (with value 0) if needed.
func (t *colorTable) slot(k uint32) int {
	i, _ := t.find(k)
	return i
}

// find returns the slot of key k and whether it was there; a missing key
// is inserted with value 0.
func (t *colorTable) find(k uint32) (int, bool) {
	mask := len(t.keys) - 1
	i := int((k*0x9E3779B1)>>7) & mask
	for t.used[i] {
		if t.keys[i] == k {
			return i, true
		}
		i = (i + 1) & mask
	}
	if (t.n+1)*2 > len(t.keys) {
		t.grow()
		return t.find(k)
	}
	t.used[i], t.keys[i], t.vals[i] = true, k, 0
	t.n++
	return i, false
}

func (t *colorTable) grow() {
	keys, vals, used := t.keys, t.vals, t.used
	t.init(len(keys))
	for i, u := range used {
		if u {
			t.vals[t.slot(keys[i])] = vals[i]
		}
	}
}

// histStride is the row sampling of the colour histogram.
const histStride = 4

// paletted converts img to a paletted image of at most 256 colours. The
// picture is drawn from a few theme colours and their anti-aliased blends,
// so the most frequent colours are kept exactly and each rarer blend takes
// the nearest kept colour. The result depends only on the pixels.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	hist := newColorTable(1024)
	// Pass 1: count the colours of every histStride-th row, a run of equal
	// pixels at a time. A sample ranks the colours well enough.
	for y := 0; y < h; y += histStride {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 0; x < w; {
			k, end := runAt(row, x, w)
			hist.vals[hist.slot(k)] += int32(end - x)
			x = end
		}
	}
	type entry struct {
		key   uint32
		count int32
	}
	all := make([]entry, 0, hist.n)
	for i, u := range hist.used {
		if u {
			all = append(all, entry{hist.keys[i], hist.vals[i]})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		if a.count != b.count {
			return int(b.count - a.count)
		}
		return int(int64(a.key) - int64(b.key))
	})
	keep := min(len(all), 256)
	pal := make(color.Palette, keep)
	var kept [4][256]int32
	index := newColorTable(4 * len(all)) // colour → palette index
	for i, e := range all[:keep] {
		k := e.key
		c := color.RGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)}
		pal[i] = c
		kept[0][i], kept[1][i], kept[2][i], kept[3][i] = int32(c.R), int32(c.G), int32(c.B), int32(c.A)
		index.vals[index.slot(k)] = int32(i)
	}
	// A rare colour takes the kept colour nearest to the centre of its
	// 5-bit-per-channel bucket, computed once per bucket.
	var bucket map[uint32]uint8
	lookup := func(k uint32) uint8 {
		i, ok := index.find(k)
		if !ok {
			bk := k & 0xfff8f8f8
			idx, seen := bucket[bk]
			if !seen {
				if bucket == nil {
					bucket = make(map[uint32]uint8, 1024)
				}
				idx = uint8(nearest(&kept, keep, bk|0x040404))
				bucket[bk] = idx
			}
			index.vals[i] = int32(idx)
		}
		return uint8(index.vals[i])
	}
	// Pass 2: write the indices, looking each run's colour up once.
	out := &image.Paletted{Pix: make([]uint8, w*h), Stride: w, Rect: image.Rect(0, 0, w, h), Palette: pal}
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := out.Pix[y*w : y*w+w]
		prev, idx := uint32(0), lookup(binary.LittleEndian.Uint32(row))
		for x := 0; x < w; {
			k, end := runAt(row, x, w)
			if k != prev || x == 0 {
				prev, idx = k, lookup(k)
			}
			run := dst[x:end]
			run[0] = idx
			for n := 1; n < len(run); n *= 2 {
				copy(run[n:], run[:n])
			}
			x = end
		}
	}
	return out
}

// runAt returns the colour of pixel x of row (w pixels) and the end of the
// run of pixels of that colour starting there.
func runAt(row []uint8, x, w int) (uint32, int) {
	k := binary.LittleEndian.Uint32(row[4*x:])
	k2 := uint64(k) | uint64(k)<<32
	end := x + 1
	for end+4 <= w {
		q := row[4*end : 4*end+16]
		if binary.LittleEndian.Uint64(q) != k2 || binary.LittleEndian.Uint64(q[8:]) != k2 {
			break
		}
		end += 4
	}
	for end < w && binary.LittleEndian.Uint32(row[4*end:]) == k {
		end++
	}
	return k, end
}

// nearest returns the index of the kept colour (of n, as R, G, B, A
// arrays) closest to key, by a luminance-weighted squared distance.
func nearest(kept *[4][256]int32, n int, key uint32) int {
	r, g, b, a := int32(key&0xff), int32(key>>8&0xff), int32(key>>16&0xff), int32(key>>24)
	best, bestD := 0, int32(1<<31-1)
	for i := range n {
		dr, dg, db, da := r-kept[0][i], g-kept[1][i], b-kept[2][i], a-kept[3][i]
		d := 3*dr*dr + 6*dg*dg + db*db + 4*da*da
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
