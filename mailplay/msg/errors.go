package msg

import "fmt"

// Limits that bound the work ParseInbound does on one mail, whatever its
// size or shape.
const (
	// MaxHeaderBytes bounds the header block of the mail. A longer header
	// is refused with a *ParseError of kind ParseHeaderTooLarge.
	MaxHeaderBytes = 1 << 20
	// MaxParts bounds the MIME parts read; later parts are ignored.
	MaxParts = 200
	// MaxDepth bounds the nesting of multiparts; deeper parts are ignored.
	MaxDepth = 20
	// MaxTextBytes bounds the text extracted from the body; the rest is
	// cut off.
	MaxTextBytes = 1 << 20
	// maxEncodedTextBytes bounds the still encoded bytes of one text part
	// that are decoded (base64 and quoted-printable grow at most fourfold
	// when read back into text and HTML).
	maxEncodedTextBytes = 4 * MaxTextBytes
)

// ParseErrorKind says why a mail could not be read at all.
type ParseErrorKind int

// The reasons ParseInbound refuses a mail.
const (
	// ParseEmpty: the mail has no bytes (or only blank lines).
	ParseEmpty ParseErrorKind = iota + 1
	// ParseNoHeader: the mail does not start with a header field.
	ParseNoHeader
	// ParseHeaderTooLarge: the header block exceeds MaxHeaderBytes.
	ParseHeaderTooLarge
)

// String names the kind.
func (k ParseErrorKind) String() string {
	switch k {
	case ParseEmpty:
		return "empty mail"
	case ParseNoHeader:
		return "no header"
	case ParseHeaderTooLarge:
		return "header too large"
	}
	return fmt.Sprintf("ParseErrorKind(%d)", int(k))
}

// ParseError is returned by ParseInbound for a mail that cannot be read at
// all. Everything less severe is a Defect of a mail that was read.
type ParseError struct {
	Kind   ParseErrorKind
	Detail string
}

// Error describes the problem.
func (e *ParseError) Error() string {
	if e.Detail == "" {
		return "mailplay: " + e.Kind.String()
	}
	return "mailplay: " + e.Kind.String() + ": " + e.Detail
}

// DefectKind names a problem found in a mail that was read anyway.
type DefectKind int

// The defects ParseInbound reports.
const (
	// DefectHeaderSyntax: a line in a header block was neither a field nor
	// a continuation; the header was taken to end before it.
	DefectHeaderSyntax DefectKind = iota + 1
	// DefectMultipart: a multipart body had no boundary, no parts or no
	// closing delimiter.
	DefectMultipart
	// DefectEncoding: a transfer encoding was unknown or its data broken;
	// what could be decoded was kept.
	DefectEncoding
	// DefectCharset: a charset was unknown or the text was not valid in
	// it; the text was read as UTF-8, or else as Windows-1252.
	DefectCharset
	// DefectTooManyParts: more than MaxParts parts; the rest was ignored.
	DefectTooManyParts
	// DefectTooDeep: multiparts nested deeper than MaxDepth were ignored.
	DefectTooDeep
	// DefectTextTruncated: the text exceeded MaxTextBytes and was cut.
	DefectTextTruncated
	// DefectAddress: an address header did not follow RFC 5322; the
	// addresses were picked out leniently.
	DefectAddress
	// DefectHeaderField: a header field (Message-ID, Date, Content-Type,
	// an encoded word) could not be read strictly.
	DefectHeaderField
)

// String names the kind.
func (k DefectKind) String() string {
	switch k {
	case DefectHeaderSyntax:
		return "header syntax"
	case DefectMultipart:
		return "multipart"
	case DefectEncoding:
		return "transfer encoding"
	case DefectCharset:
		return "charset"
	case DefectTooManyParts:
		return "too many parts"
	case DefectTooDeep:
		return "nesting too deep"
	case DefectTextTruncated:
		return "text truncated"
	case DefectAddress:
		return "address"
	case DefectHeaderField:
		return "header field"
	}
	return fmt.Sprintf("DefectKind(%d)", int(k))
}

// Defect is a problem found in a mail that was read anyway (the text is the
// best that could be had). Part is the MIME path of the part ("" for the
// top level, "1.2" for the second part of the first part).
type Defect struct {
	Kind   DefectKind
	Part   string
	Detail string
}

// String describes the defect for a log.
func (d Defect) String() string {
	where := "top level"
	if d.Part != "" {
		where = "part " + d.Part
	}
	return d.Kind.String() + " (" + where + "): " + d.Detail
}

// defects collects the defects of one mail.
type defects struct{ list []Defect }

func (d *defects) add(kind DefectKind, part, format string, args ...any) {
	if len(d.list) >= 100 {
		return
	}
	d.list = append(d.list, Defect{Kind: kind, Part: part, Detail: fmt.Sprintf(format, args...)})
}
