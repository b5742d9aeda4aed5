package render

import (
	"fmt"
	"image/png"
	"io"
	"sync"

	"github.com/takbymail/takbot/tak"
)

// pixelPool recycles the pixels of pictures that PNG encodes and drops.
var pixelPool sync.Pool // of *[]uint8

// encoderPool recycles the PNG encoder's buffers.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

var encoders encoderPool

// PNG draws position p with frame f and writes it to w as a PNG. The
// picture is stored as a paletted image (see package doc), which keeps a
// 720-pixel picture to a few tens of kilobytes.
func PNG(w io.Writer, p *tak.Position, f Frame, o Options) error {
	pal, err := checkArgs(p, f, &o)
	if err != nil {
		return err
	}
	var buf []uint8
	if b, ok := pixelPool.Get().(*[]uint8); ok {
		buf = *b
	}
	r := newRenderer(p, f, o, pal, buf)
	defer r.fc.close()
	r.draw()
	pix := r.pix
	defer pixelPool.Put(&pix)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoders}
	if err := enc.Encode(w, r.paletted()); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}
