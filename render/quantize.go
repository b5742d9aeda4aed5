package render

import (
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
	mask := len(t.keys) - 1
	i := int((k*0x9E3779B1)>>7) & mask
	for t.used[i] {
		if t.keys[i] == k {
			return i
		}
		i = (i + 1) & mask
	}
	if (t.n+1)*2 > len(t.keys) {
		t.grow()
		return t.slot(k)
	}
	t.used[i], t.keys[i], t.vals[i] = true, k, 0
	t.n++
	return i
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

// pixelKey packs the pixel at byte offset i of pix.
func pixelKey(pix []uint8, i int) uint32 {
	return uint32(pix[i]) | uint32(pix[i+1])<<8 | uint32(pix[i+2])<<16 | uint32(pix[i+3])<<24
}

// paletted converts img to a paletted image of at most 256 colours. The
// picture is drawn from a few theme colours and their anti-aliased blends,
// so the most frequent colours are kept exactly and each rarer blend takes
// the nearest kept colour. The result depends only on the pixels.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	hist := newColorTable(1024)
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		prev, slot := uint32(0), -1
		for i := 0; i < len(row); i += 4 {
			k := pixelKey(row, i)
			if slot < 0 || k != prev {
				slot, prev = hist.slot(k), k
			}
			hist.vals[slot]++
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
	index := newColorTable(len(all))
	for i, e := range all[:keep] {
		k := e.key
		pal[i] = color.RGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)}
		index.vals[index.slot(k)] = int32(i)
	}
	for _, e := range all[keep:] {
		index.vals[index.slot(e.key)] = int32(nearest(pal, e.key))
	}
	out := &image.Paletted{Pix: make([]uint8, w*h), Stride: w, Rect: image.Rect(0, 0, w, h), Palette: pal}
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := out.Pix[y*w : y*w+w]
		prev, idx := uint32(0), int32(-1)
		for i := 0; i < len(row); i += 4 {
			k := pixelKey(row, i)
			if idx < 0 || k != prev {
				idx, prev = index.vals[index.slot(k)], k
			}
			dst[i/4] = uint8(idx)
		}
	}
	return out
}

// nearest returns the index of the palette colour closest to key, by a
// luminance-weighted squared distance.
func nearest(pal color.Palette, key uint32) int {
	r, g, b, a := int32(key&0xff), int32(key>>8&0xff), int32(key>>16&0xff), int32(key>>24)
	best, bestD := 0, int32(1<<31-1)
	for i, c := range pal {
		q := c.(color.RGBA)
		dr, dg, db, da := r-int32(q.R), g-int32(q.G), b-int32(q.B), a-int32(q.A)
		d := 3*dr*dr + 6*dg*dg + db*db + 4*da*da
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
