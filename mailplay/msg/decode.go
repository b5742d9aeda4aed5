package msg

import (
	"bytes"
	"encoding/base64"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message/charset"
	htmlcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"
)

// decodedBody returns the body of a leaf entity with its transfer encoding
// undone, at most limit encoded bytes of it. Broken data is decoded as far
// as it goes and reported as a defect.
func (e *entity) decodedBody(d *defects, limit int) []byte {
	body := e.body
	if len(body) > limit {
		d.add(DefectTextTruncated, e.path, "only the first %d of %d bytes read", limit, len(body))
		body = body[:limit]
	}
	cte := strings.ToLower(strings.TrimSpace(e.header.Get("Content-Transfer-Encoding")))
	switch cte {
	case "", "7bit", "8bit", "binary":
		return body
	case "quoted-printable":
		return decodeQuotedPrintable(body)
	case "base64":
		out, clean := decodeBase64(body)
		if !clean {
			d.add(DefectEncoding, e.path, "broken base64 decoded as far as it goes")
		}
		return out
	}
	d.add(DefectEncoding, e.path, "unknown transfer encoding %q; body read as is", clip(cte, 40))
	return body
}

// decodeBase64 decodes base64 leniently: characters outside the alphabet
// (line breaks, spaces, garbage) are skipped, padding is optional and ends
// the data, and a dangling last character is dropped. clean is false when anything had to
// be skipped or dropped.
func decodeBase64(b []byte) (out []byte, clean bool) {
	clean = true
	data := make([]byte, 0, len(b))
	padded := false // the data ended with '='
	for _, c := range b {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '+', c == '/':
			if padded {
				clean = false // data after the padding is ignored
				continue
			}
			data = append(data, c)
		case c == '=':
			padded = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			clean = false
		}
	}
	if len(data)%4 == 1 {
		data = data[:len(data)-1]
		clean = false
	}
	out = make([]byte, base64.RawStdEncoding.DecodedLen(len(data)))
	n, err := base64.RawStdEncoding.Decode(out, data)
	if err != nil {
		clean = false
	}
	return out[:n], clean
}

// decodeQuotedPrintable decodes quoted-printable leniently: "=XX" in either
// case becomes the byte, "=" at the end of a line joins it to the next, and
// any other "=" stays as it is. White space at the end of a line is
// dropped, as RFC 2045 asks.
func decodeQuotedPrintable(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		line := b
		eol := []byte(nil)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
			eol = []byte("\n")
			if strings.HasSuffix(string(line), "\r") {
				line = line[:len(line)-1]
				eol = []byte("\r\n")
			}
		} else {
			b = nil
		}
		line = bytes.TrimRight(line, " \t")
		if bytes.HasSuffix(line, []byte("=")) {
			line, eol = line[:len(line)-1], nil
		}
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c == '=' && i+2 < len(line) && isHex(line[i+1]) && isHex(line[i+2]) {
				out = append(out, unhex(line[i+1])<<4|unhex(line[i+2]))
				i += 2
				continue
			}
			out = append(out, c)
		}
		out = append(out, eol...)
	}
	return out
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// decodeText turns the bytes of a text part into UTF-8 by its charset
// label. Mail labelled us-ascii or ISO-8859-1 (or not labelled) is in
// practice often UTF-8 or Windows-1252: valid UTF-8 is taken as such, and
// anything else in these labels is read as Windows-1252 (a superset of the
// printable ISO-8859-1). For HTML without a label, a <meta charset> is
// honoured. An unknown label is a defect; the text is then read the same
// way.
func decodeText(b []byte, label string, isHTML bool, d *defects, path string) string {
	label = strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`))
	switch label {
	case "", "us-ascii", "ascii", "utf-8", "utf8", "iso-8859-1", "iso8859-1", "latin1", "latin-1", "windows-1252", "cp1252":
		if utf8.Valid(b) {
			return string(b)
		}
		if label == "" && isHTML {
			if enc, name, _ := htmlcharset.DetermineEncoding(b, "text/html"); name != "utf-8" && enc != nil {
				if s, err := enc.NewDecoder().Bytes(b); err == nil {
					return strings.ToValidUTF8(string(s), "\uFFFD")
				}
			}
		}
		if strings.HasPrefix(label, "utf") {
			d.add(DefectCharset, path, "text labelled %s is not valid UTF-8; read as Windows-1252", label)
		}
		return windows1252(b)
	}
	r, err := charset.Reader(label, bytes.NewReader(b))
	if err == nil {
		s, err := io.ReadAll(r)
		if err == nil {
			return strings.ToValidUTF8(string(s), "\uFFFD")
		}
		d.add(DefectCharset, path, "text is not valid %s: %v", clip(label, 40), err)
	} else {
		d.add(DefectCharset, path, "unknown charset %q", clip(label, 40))
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return windows1252(b)
}

// windows1252 decodes b as Windows-1252, which never fails.
func windows1252(b []byte) string {
	s, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return string(s)
}
