package render

import (
	"bytes"
	"errors"
	"image/png"
	"strings"
	"testing"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// FuzzRender plays moves chosen by the fuzzer on a board of any size and
// draws the result with any options: drawing never fails or panics on a
// legal position, and the text boards have a line per row.
func FuzzRender(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 2, 3})
	f.Add([]byte{3, 1, 1, 9, 9, 9, 9, 200, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Add([]byte{5, 2, 0, 255, 254, 253, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{2, 7, 4, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9})
	f.Add([]byte{4, 9, 5, 200, 100, 50, 25, 1, 2, 63, 4, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{1, 4, 16, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		size := tak.MinSize + int(data[0])%(tak.MaxSize-tak.MinSize+1)
		o := Options{Theme: Themes()[int(data[1])%3], Orientation: notation.Orientation(data[2] % 2), Size: MinWidth + int(data[1])}
		p, err := tak.NewPosition(tak.DefaultConfig(size))
		if err != nil {
			t.Fatal(err)
		}
		var fr Frame
		var buf []tak.Move
		for _, b := range data[3:min(len(data), 120)] {
			buf = p.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[int(b)%len(buf)]
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("legal move %s refused: %v", m, err)
			}
			fr.Last, fr.Before, p = &m, p, next
		}
		fr.Result = p.Result()
		fr.Players = [2]string{string(data[3:min(len(data), 12)]), ""}
		if data[2]&8 != 0 {
			fr.Caption = string(data[3:])
		}
		if data[2]&16 != 0 {
			fr.Turn = string(data[3:])
			for _, b := range data[3:min(len(data), 3+size*size)] {
				fr.Marks = append(fr.Marks, tak.SquareAt(int(b)%size, int(b)/size%size))
			}
		}
		if data[2]&4 != 0 && len(data) >= 12 {
			// Any move at all as the last move: an error or a picture, never a panic.
			d := data[len(data)-12:]
			m := tak.Move{Type: tak.MoveType(d[0] % 3), Piece: tak.Kind(d[1] % 4), Square: tak.Square(d[2] % 70), Dir: tak.Direction(d[3] % 5)}
			for i := range m.Drops {
				m.Drops[i] = d[4+i] % 10
			}
			fr.Last = &m
			if _, err := Image(p, fr, o); err != nil && !errors.Is(err, ErrInput) {
				t.Fatalf("Image with last move %+v: %v", m, err)
			}
			return
		}
		img, err := Image(p, fr, o)
		if err != nil {
			t.Fatalf("Image: %v", err)
		}
		if img.Bounds().Dx() != o.Size {
			t.Fatalf("width %d, want %d", img.Bounds().Dx(), o.Size)
		}
		// The PNG decodes to the same picture.
		var file bytes.Buffer
		if err := PNG(&file, p, fr, o); err != nil {
			t.Fatalf("PNG: %v", err)
		}
		dec, err := png.Decode(&file)
		if err != nil {
			t.Fatalf("decoding the PNG: %v", err)
		}
		if msg := compareImages(dec, img); msg != "" {
			t.Fatalf("decoded PNG: %s", msg)
		}
		for _, style := range []TextStyle{Unicode, ASCII} {
			txt := Text(p, o.Orientation, style)
			if rows := strings.Count(txt, "\n"); rows < size+4 {
				t.Fatalf("text board has %d lines for a %dx%d board:\n%s", rows, size, size, txt)
			}
		}
		if got := strings.Count(SyncText(p), "\n"); got < size-1 {
			t.Fatalf("sync text has %d lines", got)
		}
	})
}
