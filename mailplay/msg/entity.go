package msg

import (
	"bufio"
	"bytes"
	"mime"
	"strconv"
	"strings"

	"github.com/emersion/go-message/textproto"
)

// entity is one node of a mail's MIME tree: its header, its still encoded
// body, and for a multipart its parts.
type entity struct {
	header    textproto.Header
	mediaType string            // lower case, "text/plain" when absent
	params    map[string]string // Content-Type parameters, keys lower case
	body      []byte            // the raw body (transfer-encoded)
	parts     []*entity         // the parts of a multipart
	path      string            // MIME path: "" top level, "1", "1.2", ...
}

// isMultipart reports whether the entity is a multipart.
func (e *entity) isMultipart() bool { return strings.HasPrefix(e.mediaType, "multipart/") }

// disposition returns the lower-case Content-Disposition and the file name
// of the part, if any (from the disposition or the Content-Type name).
func (e *entity) disposition() (disp, filename string) {
	v := e.header.Get("Content-Disposition")
	d, params := parseParams(v)
	filename = params["filename"]
	if filename == "" {
		filename = e.params["name"]
	}
	return d, filename
}

// isAttachment reports whether a leaf part is an attachment rather than
// text shown in the body: marked so, or carrying a file name without being
// marked inline.
func (e *entity) isAttachment() bool {
	disp, name := e.disposition()
	return disp == "attachment" || (name != "" && disp != "inline")
}

// treeBuilder parses a MIME tree within the limits.
type treeBuilder struct {
	parts   int
	defects *defects
}

// build parses header and body of one entity; depth is its nesting level.
func (b *treeBuilder) build(header textproto.Header, body []byte, path string, depth int) *entity {
	b.parts++
	e := &entity{header: header, body: body, path: path}
	e.mediaType, e.params = contentType(header, b.defects, path)
	if !e.isMultipart() {
		return e
	}
	if depth >= MaxDepth {
		b.defects.add(DefectTooDeep, path, "multipart nested deeper than %d levels ignored", MaxDepth)
		return e
	}
	boundary := e.params["boundary"]
	if boundary == "" {
		b.defects.add(DefectMultipart, path, "%s without a boundary", e.mediaType)
		return e
	}
	chunks, closed := splitMultipart(body, boundary)
	if len(chunks) == 0 {
		b.defects.add(DefectMultipart, path, "no part delimited by boundary %q", boundary)
		return e
	}
	if !closed {
		b.defects.add(DefectMultipart, path, "no closing delimiter for boundary %q", boundary)
	}
	for i, chunk := range chunks {
		if b.parts >= MaxParts {
			b.defects.add(DefectTooManyParts, path, "parts after the first %d ignored", MaxParts)
			break
		}
		childPath := strconv.Itoa(i + 1)
		if path != "" {
			childPath = path + "." + childPath
		}
		h, rest, n := splitHeader(chunk, b.defects, childPath)
		if n > MaxHeaderBytes {
			b.defects.add(DefectHeaderSyntax, childPath, "part header of %d bytes ignored", n)
		}
		e.parts = append(e.parts, b.build(h, rest, childPath, depth+1))
	}
	return e
}

// contentType reads the media type and its parameters, text/plain when the
// header has none. A Content-Type that mime.ParseMediaType refuses is read
// leniently (boundary=----=_Part_1 without quotes is common).
func contentType(h textproto.Header, d *defects, path string) (string, map[string]string) {
	v := h.Get("Content-Type")
	if strings.TrimSpace(v) == "" {
		return "text/plain", map[string]string{}
	}
	mt, params, err := mime.ParseMediaType(v)
	if err != nil || mt == "" {
		d.add(DefectHeaderField, path, "Content-Type %q read leniently", clip(v, 80))
		mt, params = parseParams(v)
	}
	mt = strings.ToLower(mt)
	if !strings.Contains(mt, "/") {
		mt = "text/plain"
	}
	return mt, params
}

// parseParams reads "value; key=val; key2=\"val 2\"" without failing: the
// value lower-cased and the parameters with lower-case keys. It is the
// fallback for fields mime.ParseMediaType refuses.
func parseParams(v string) (string, map[string]string) {
	if mt, params, err := mime.ParseMediaType(v); err == nil {
		return strings.ToLower(mt), params
	}
	params := map[string]string{}
	fields := splitUnquoted(v, ';')
	value := strings.ToLower(strings.TrimSpace(fields[0]))
	for _, f := range fields[1:] {
		k, val, ok := strings.Cut(f, "=")
		if !ok {
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		val = strings.TrimSpace(val)
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			val = strings.ReplaceAll(val[1:len(val)-1], `\"`, `"`)
		}
		if _, seen := params[k]; k != "" && !seen {
			params[k] = val
		}
	}
	return value, params
}

// splitUnquoted splits s at sep outside double-quoted strings.
func splitUnquoted(s string, sep byte) []string {
	var out []string
	inQuote, start := false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && inQuote:
			i++
		case c == '"':
			inQuote = !inQuote
		case c == sep && !inQuote:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// splitHeader separates the header block of an entity from its body and
// parses the header. The header ends at the first blank line, or before
// the first line that is neither a field nor a continuation (a defect:
// that line then starts the body, as in Python's email package). An mbox
// "From " line at the very start is skipped.
//
// It returns the header, the body and the length of the header block.
func splitHeader(raw []byte, d *defects, path string) (textproto.Header, []byte, int) {
	if path == "" && bytes.HasPrefix(raw, []byte("From ")) {
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			raw = raw[i+1:]
		}
	}
	end, bodyStart := headerEnd(raw, d, path)
	if end > MaxHeaderBytes {
		return textproto.Header{}, raw[bodyStart:], end
	}
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(append(raw[:end:end], "\r\n\r\n"...))))
	if err != nil {
		// headerEnd admits only well-formed lines, so this is not expected;
		// keep the fields read so far.
		d.add(DefectHeaderSyntax, path, "%v", err)
	}
	return h, raw[bodyStart:], end
}

// headerEnd returns the end of the header block and the start of the body.
func headerEnd(raw []byte, d *defects, path string) (end, bodyStart int) {
	pos := 0
	first := true
	for pos < len(raw) {
		next := bytes.IndexByte(raw[pos:], '\n')
		lineEnd := len(raw)
		if next >= 0 {
			lineEnd = pos + next + 1
		}
		line := bytes.TrimRight(raw[pos:lineEnd], "\r\n")
		switch {
		case len(line) == 0:
			return pos, lineEnd
		case line[0] == ' ' || line[0] == '\t':
			if first {
				d.add(DefectHeaderSyntax, path, "header starts with a continuation line")
				return pos, pos
			}
		case !isFieldLine(line):
			d.add(DefectHeaderSyntax, path, "header ends at %q, which is not a field", clip(string(line), 60))
			return pos, pos
		}
		first = false
		pos = lineEnd
	}
	return pos, pos
}

// isFieldLine reports whether a line starts a header field: a name of
// printable ASCII characters other than ':', then ':' (spaces before the
// colon are tolerated).
func isFieldLine(line []byte) bool {
	i := 0
	for i < len(line) && line[i] >= '!' && line[i] <= '~' && line[i] != ':' {
		i++
	}
	if i == 0 {
		return false
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i < len(line) && line[i] == ':'
}

// splitMultipart cuts a multipart body into its parts at the delimiter
// lines "--boundary" (trailing white space allowed); "--boundary--" closes
// it. The preamble and epilogue are dropped. Without a closing delimiter
// the last part runs to the end of the body.
func splitMultipart(body []byte, boundary string) (parts [][]byte, closed bool) {
	delim := []byte("--" + boundary)
	start := -1 // start of the current part, -1 before the first delimiter
	pos := 0
	for pos < len(body) {
		next := bytes.IndexByte(body[pos:], '\n')
		lineEnd := len(body)
		if next >= 0 {
			lineEnd = pos + next + 1
		}
		line := body[pos:lineEnd]
		if bytes.HasPrefix(line, delim) {
			rest := bytes.TrimRight(line[len(delim):], " \t\r\n")
			final := bytes.Equal(rest, []byte("--"))
			if len(rest) == 0 || final {
				if start >= 0 {
					parts = append(parts, trimLineBreak(body[start:pos]))
				}
				if final {
					return parts, true
				}
				start = lineEnd
			}
		}
		pos = lineEnd
	}
	if start >= 0 {
		parts = append(parts, body[start:])
	}
	return parts, false
}

// trimLineBreak removes the line break that belongs to the delimiter
// following a part.
func trimLineBreak(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// clip shortens s to at most n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
