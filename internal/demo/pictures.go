package demo

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"github.com/emersion/go-message"
)

// picture is a PNG found in a mail, or another named file (a game's
// PTN).
type picture struct {
	name string
	png  []byte // the content
	file bool   // not a picture
}

// pictures returns the PNG parts of a mail and its .ptn attachments, by
// their file names.
func pictures(raw []byte) []picture {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && e == nil {
		return nil
	}
	var out []picture
	var walk func(e *message.Entity, depth int)
	walk = func(e *message.Entity, depth int) {
		if depth > 5 {
			return
		}
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if err != nil {
					return
				}
				walk(p, depth+1)
			}
		}
		mediaType, params, _ := e.Header.ContentType()
		name := filepath.Base(params["name"])
		if _, dp, err := e.Header.ContentDisposition(); err == nil && dp["filename"] != "" {
			name = filepath.Base(dp["filename"])
		}
		file := strings.HasSuffix(name, ".ptn")
		if mediaType != "image/png" && !file {
			return
		}
		if name == "." || name == "/" || name == "" || strings.HasPrefix(name, ".") {
			return
		}
		png, err := io.ReadAll(e.Body)
		if err == nil && len(png) > 0 {
			out = append(out, picture{name: name, png: png, file: file})
		}
	}
	walk(e, 0)
	return out
}
