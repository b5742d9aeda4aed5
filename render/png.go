package render

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/takbymail/takbot/tak"
)

// canvasPool recycles the canvases of pictures that PNG encodes and drops.
var canvasPool sync.Pool // of *canvas

// encoderPool recycles encoders and their buffers.
var encoderPool = sync.Pool{New: func() any { return new(pngEncoder) }}

// PNG draws position p with frame f and writes it to w as a PNG. The
// picture is stored as a paletted image (see package doc), compressed by
// this package's own DEFLATE writer, which keeps a 6x6 picture at the
// default width under 30 KB.
func PNG(w io.Writer, p *tak.Position, f Frame, o Options) error {
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		return err
	}
	reuse, _ := canvasPool.Get().(*canvas)
	r := newRenderer(p, f, o, pal, reuse)
	defer r.fc.close()
	r.draw()
	defer canvasPool.Put(r.canvas)
	e := encoderPool.Get().(*pngEncoder)
	defer encoderPool.Put(e)
	if _, err := w.Write(e.encode(r.canvas)); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// pngEncoder writes a canvas as an 8-bit paletted PNG, compressed with
// the deflater. Its buffers are reused from one picture to the next.
type pngEncoder struct {
	out []byte
	d   deflater
}

// encode returns the PNG file of c; the slice is valid until the next call.
func (e *pngEncoder) encode(c *canvas) []byte {
	raw, stride := c.pix, c.stride // rows after their filter byte
	out := append(e.out[:0], "\x89PNG\r\n\x1a\n"...)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(c.w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(c.h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth, colour type: paletted
	out = chunk(out, "IHDR", ihdr[:])

	var plte [256 * 3]byte
	for i, col := range c.pal {
		plte[3*i], plte[3*i+1], plte[3*i+2] = col.R, col.G, col.B
	}
	out = chunk(out, "PLTE", plte[:3*len(c.pal)])

	// IDAT: a zlib stream, written in place after the chunk's length and
	// type; the length is filled in afterwards.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	out = append(out, 0x78, 0x01) // deflate, 32 KB window, no dictionary
	out = e.d.compress(out, raw, stride)
	out = binary.BigEndian.AppendUint32(out, adlerSum(raw))
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))

	out = chunk(out, "IEND", nil)
	e.out = out
	return out
}

// chunk appends a PNG chunk of type typ holding data to out.
func chunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}
