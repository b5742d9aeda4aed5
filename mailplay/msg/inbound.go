package msg

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset"
	gomail "github.com/emersion/go-message/mail"
)

// Inbound is a received mail, read into what the adapter needs.
type Inbound struct {
	// MessageID is the Message-ID without angle brackets, "" when absent.
	MessageID string
	// DedupKey identifies the mail for exactly-once processing: "mid:"
	// and the Message-ID, or "sha256:" and the hash of the raw mail when
	// it has no Message-ID.
	DedupKey string
	// From is the first author (Address.Addr has a lower-case domain).
	From Address
	// FromCount is the number of addresses in the From field (more than
	// one cannot be authenticated).
	FromCount int
	// ReplyTo is the Reply-To list.
	ReplyTo []Address
	// ReturnPath is the envelope sender of the Return-Path field without
	// angle brackets; "" when absent or null.
	ReturnPath string
	// NullReturnPath is true when the Return-Path is "<>": the mail is a
	// bounce or an automatic message that must never be answered.
	NullReturnPath bool
	// To and Cc are the visible recipients.
	To, Cc []Address
	// DeliveredTo and OriginalTo are the envelope recipients stamped by
	// the receiving servers (Delivered-To, X-Original-To), lower-case
	// domain, in header order (topmost first).
	DeliveredTo, OriginalTo []string
	// Subject is the decoded subject (RFC 2047).
	Subject string
	// InReplyTo and References are message ids without angle brackets.
	InReplyTo, References []string
	// Date is the Date field, zero when absent or unreadable; DateHeader
	// is its raw value. Both are informational only: senders' clocks lie.
	Date       time.Time
	DateHeader string
	// Text is what the sender newly wrote: the body as plain text with
	// quotes, signature and device footers removed (see StripQuoted).
	Text string
	// FullText is the body as plain text before StripQuoted.
	FullText string
	// TextFromHTML is true when the text was read from an HTML part.
	TextFromHTML bool
	// Auto classifies automatic mail, which must never be answered; its
	// Kind is NotAutomatic for a mail a person wrote.
	Auto Automatic
	// Bounce details a delivery status notification, nil otherwise.
	Bounce *Bounce
	// Defects lists what was wrong with the mail (it was read anyway).
	Defects []Defect
	// Header is the top-level header, for fields not read above.
	Header gomail.Header
}

// Address is a mail address with its display name.
type Address struct {
	Name string // display name, decoded; may be empty
	Addr string // local@domain, the domain in lower case
}

// Domain returns the domain of the address, "" without one.
func (a Address) Domain() string {
	if i := strings.LastIndexByte(a.Addr, '@'); i >= 0 {
		return a.Addr[i+1:]
	}
	return ""
}

// String formats the address for a header ("Ann <ann@example.org>").
func (a Address) String() string {
	return (&mail.Address{Name: a.Name, Address: a.Addr}).String()
}

// ParseInbound reads a received mail. It never panics, whatever the bytes:
// a mail that has no header at all, or a header larger than MaxHeaderBytes,
// gives a *ParseError; any other problem (broken MIME, unknown charsets,
// bad encodings, too many or too deeply nested parts) is recorded in
// Defects and the best text available is returned.
func ParseInbound(raw []byte) (*Inbound, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, &ParseError{Kind: ParseEmpty}
	}
	if bytes.IndexByte(raw, '\n') < 0 && bytes.IndexByte(raw, '\r') >= 0 {
		raw = bytes.ReplaceAll(raw, []byte("\r"), []byte("\n")) // old Mac line ends
	}
	var d defects
	h, body, headerLen := splitHeader(raw, &d, "")
	if headerLen > MaxHeaderBytes {
		return nil, &ParseError{Kind: ParseHeaderTooLarge, Detail: "header block longer than 1 MiB"}
	}
	if h.Len() == 0 {
		return nil, &ParseError{Kind: ParseNoHeader, Detail: "the mail does not start with a header field"}
	}
	in := &Inbound{Header: gomail.Header{Header: message.Header{Header: h}}}
	in.readHeader(&d)
	in.DedupKey = dedupKey(in.MessageID, raw)

	tb := treeBuilder{defects: &d}
	root := tb.build(h, body, "", 0)
	t := textOf(root, &d, true)
	in.FullText = normalizeText(t.text, &d)
	in.TextFromHTML = t.fromHTML
	in.Text = StripQuoted(in.FullText)
	in.Bounce = findBounce(root, in, &d)
	in.Auto = classify(in)
	in.Defects = d.list
	return in, nil
}

// dedupKey returns the key of a mail for exactly-once processing.
func dedupKey(messageID string, raw []byte) string {
	if messageID != "" {
		return "mid:" + messageID
	}
	sum := sha256.Sum256(raw)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// readHeader fills the fields of in that come from the top-level header.
func (in *Inbound) readHeader(d *defects) {
	h := &in.Header
	in.MessageID = firstMsgID(h.Get("Message-Id"), d, "Message-ID")
	from := readAddresses(h.Values("From"), d, "From")
	in.FromCount = len(from)
	if len(from) > 0 {
		in.From = from[0]
	}
	in.ReplyTo = readAddresses(h.Values("Reply-To"), d, "Reply-To")
	in.To = readAddresses(h.Values("To"), d, "To")
	in.Cc = readAddresses(h.Values("Cc"), d, "Cc")
	for _, v := range h.Values("Delivered-To") {
		in.DeliveredTo = append(in.DeliveredTo, addrsOf(v, d, "Delivered-To")...)
	}
	for _, v := range h.Values("X-Original-To") {
		in.OriginalTo = append(in.OriginalTo, addrsOf(v, d, "X-Original-To")...)
	}
	if rp := h.Values("Return-Path"); len(rp) > 0 {
		v := strings.TrimSpace(stripComments(rp[0]))
		if strings.Trim(v, "<> \t") == "" {
			in.NullReturnPath = true
		} else if addrs := addrsOf(v, d, "Return-Path"); len(addrs) > 0 {
			in.ReturnPath = addrs[0]
		}
	}
	in.Subject = decodeWords(h.Get("Subject"), d, "Subject")
	in.InReplyTo = msgIDs(h.Get("In-Reply-To"))
	in.References = msgIDs(h.Get("References"))
	in.DateHeader = h.Get("Date")
	if in.DateHeader != "" {
		if t, err := mail.ParseDate(in.DateHeader); err == nil {
			in.Date = t
		} else {
			d.add(DefectHeaderField, "", "Date %q unreadable", clip(in.DateHeader, 60))
		}
	}
}

// Recipients returns every address the mail was sent to, envelope first:
// Delivered-To, X-Original-To, To, Cc; each once, domains in lower case.
func (in *Inbound) Recipients() []string {
	var out []string
	seen := map[string]bool{}
	add := func(a string) {
		if k := strings.ToLower(a); a != "" && !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	for _, a := range in.DeliveredTo {
		add(a)
	}
	for _, a := range in.OriginalTo {
		add(a)
	}
	for _, list := range [][]Address{in.To, in.Cc} {
		for _, a := range list {
			add(a.Addr)
		}
	}
	return out
}

// PlusToken finds the token of a plus address of base among the
// recipients: with base "takbot@example.org", a mail to
// "takbot+r7xk2@example.org" gives "r7xk2". The local part before the '+'
// is compared case-insensitively, like the domain; the token is returned
// as written.
func (in *Inbound) PlusToken(base string) (string, bool) {
	local, domain, ok := strings.Cut(strings.ToLower(strings.TrimSpace(base)), "@")
	if !ok || local == "" {
		return "", false
	}
	for _, r := range in.Recipients() {
		at := strings.LastIndexByte(r, '@')
		if at < 0 || !strings.EqualFold(r[at+1:], domain) {
			continue
		}
		l, token, ok := strings.Cut(r[:at], "+")
		if ok && token != "" && strings.EqualFold(l, local) {
			return token, true
		}
	}
	return "", false
}

// readAddresses parses address fields: strictly (RFC 5322 with RFC 2047
// names) when possible, else leniently.
func readAddresses(values []string, d *defects, field string) []Address {
	var out []Address
	for _, v := range values {
		if strings.TrimSpace(v) == "" {
			continue
		}
		list, err := gomail.ParseAddressList(v)
		if err != nil {
			d.add(DefectAddress, "", "%s %q read leniently: %v", field, clip(v, 80), err)
			out = append(out, lenientAddresses(v, d, field)...)
			continue
		}
		for _, a := range list {
			out = append(out, Address{Name: a.Name, Addr: lowerDomain(a.Address)})
		}
	}
	return out
}

// lenientAddresses picks addresses out of a malformed field: each
// comma-separated element gives the address in angle brackets, else a word
// with an '@'; the display name is what precedes the angle bracket.
func lenientAddresses(v string, d *defects, field string) []Address {
	var out []Address
	for _, el := range splitUnquoted(v, ',') {
		var a Address
		if lt := strings.IndexByte(el, '<'); lt >= 0 {
			if gt := strings.IndexByte(el[lt:], '>'); gt > 0 {
				a.Addr = strings.TrimSpace(el[lt+1 : lt+gt])
				a.Name = decodeWords(strings.Trim(strings.TrimSpace(el[:lt]), `"`), d, field)
			}
		}
		if a.Addr == "" {
			for _, w := range strings.Fields(el) {
				if w = strings.Trim(w, `<>"'(),;`); strings.Contains(w, "@") {
					a.Addr = w
					break
				}
			}
		}
		if strings.Contains(a.Addr, "@") {
			a.Addr = lowerDomain(a.Addr)
			out = append(out, a)
		}
	}
	return out
}

// addrsOf returns the bare addresses of a field such as Delivered-To.
func addrsOf(v string, d *defects, field string) []string {
	var out []string
	for _, a := range readAddresses([]string{v}, d, field) {
		out = append(out, a.Addr)
	}
	return out
}

// lowerDomain lower-cases the domain of an address (the local part may be
// case-sensitive and is kept).
func lowerDomain(addr string) string {
	addr = strings.TrimSpace(addr)
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[:i] + strings.ToLower(addr[i:])
	}
	return addr
}

// wordDecoder decodes RFC 2047 encoded words in any charset.
var wordDecoder = mime.WordDecoder{CharsetReader: charset.Reader}

// decodeWords decodes the encoded words of an unstructured field; when
// that fails the raw value is kept. Raw bytes that are not UTF-8 are read
// as Windows-1252.
func decodeWords(v string, d *defects, field string) string {
	s, err := wordDecoder.DecodeHeader(v)
	if err != nil {
		d.add(DefectHeaderField, "", "%s: %v", field, err)
		s = v
	}
	if !utf8.ValidString(s) {
		s = windows1252([]byte(s))
	}
	return strings.Join(strings.Fields(s), " ")
}

// firstMsgID returns the first message id of a field, "" when none.
func firstMsgID(v string, d *defects, field string) string {
	ids := msgIDs(v)
	if len(ids) == 0 {
		if strings.TrimSpace(v) != "" {
			d.add(DefectHeaderField, "", "%s %q has no message id", field, clip(v, 60))
		}
		return ""
	}
	return ids[0]
}

// wellFormedID reports whether id (without its angle brackets) is UTF-8
// text without white space, control characters or angle brackets.
func wellFormedID(id string) bool {
	if !utf8.ValidString(id) {
		return false
	}
	for _, r := range id {
		if r <= ' ' || r == 0x7f || r == '<' || r == '>' || unicode.IsControl(r) || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// msgIDs reads the message ids of a field leniently: every "<...>" without
// white space inside, or, when there is no opening angle bracket, every
// word with an '@' (some mailers omit the brackets). An id that is not
// UTF-8 text without control characters and angle brackets is skipped.
func msgIDs(v string) []string {
	var out []string
	if !strings.Contains(v, "<") {
		for _, w := range strings.Fields(v) {
			if w = strings.Trim(w, ",;"); strings.Contains(w, "@") && wellFormedID(w) {
				out = append(out, w)
			}
		}
		return out
	}
	for {
		lt := strings.IndexByte(v, '<')
		if lt < 0 {
			return out
		}
		v = v[lt+1:]
		gt := strings.IndexByte(v, '>')
		if gt < 0 {
			return out
		}
		if id := strings.TrimSpace(v[:gt]); id != "" && wellFormedID(id) {
			out = append(out, id)
		}
		v = v[gt+1:]
	}
}
