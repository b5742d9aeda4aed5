package mailplay

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"net/mail"
	"strings"
	"time"

	"github.com/emersion/go-message"

	"github.com/takbymail/takbot/mailplay/msg"
)

// Outgoing is a mail to write: a reply of the bot.
type Outgoing struct {
	From    Address
	To      []Address // at least one
	ReplyTo []Address
	Subject string
	// MessageID is the message id without angle brackets (see
	// MessageIDFor); required.
	MessageID string
	// InReplyTo and References are message ids without angle brackets.
	InReplyTo  []string
	References []string
	// Date is required: the caller's clock decides it.
	Date time.Time
	// Headers are extra header fields, written in order after the
	// standard ones (e.g. List-Id, X-Takbot-Game). They may not replace a
	// field the writer sets.
	Headers []Field
	// Text is the plain-text body; HTML the optional HTML body, which
	// shows Pictures by "cid:" + their ContentID.
	Text string
	HTML string
	// Pictures are PNG images: inline in the HTML, or attached when there
	// is no HTML.
	Pictures []Picture
	// Files are attachments (a game's PTN file), after the body.
	Files []File
}

// File is an attachment sent with a mail.
type File struct {
	Name string // file name, e.g. "g1.ptn"
	// Type is the media type; text types are sent as UTF-8
	// quoted-printable, others in base64.
	Type string
	Data []byte
}

// Field is a header field.
type Field struct {
	Key, Value string
}

// Picture is a PNG image sent with a mail.
type Picture struct {
	Name      string // file name, e.g. "board.png"
	ContentID string // without angle brackets; the HTML uses "cid:" + ContentID
	PNG       []byte
}

// OutgoingError is a mail that WriteOutgoing refuses to write: a field is
// missing or could break the header (a line break, a bad address or id).
type OutgoingError struct {
	Field  string
	Reason string
}

// Error describes the problem.
func (e *OutgoingError) Error() string {
	return "mailplay: cannot write mail: " + e.Field + ": " + e.Reason
}

// managedFields are the fields WriteOutgoing writes itself.
var managedFields = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "reply-to": true, "subject": true,
	"message-id": true, "in-reply-to": true, "references": true, "date": true,
	"mime-version": true, "content-type": true, "content-transfer-encoding": true,
	"content-disposition": true, "content-id": true, "auto-submitted": true,
}

// WriteOutgoing writes m as a MIME mail (CRLF line ends). With HTML and
// pictures the structure is
//
//	multipart/mixed                       (only when there are Files)
//	  multipart/related; type="multipart/alternative"
//	    multipart/alternative
//	      text/plain; charset=utf-8 (quoted-printable)
//	      text/html; charset=utf-8 (quoted-printable)
//	    image/png (base64; Content-ID; Content-Disposition: inline; filename)
//	  text/plain; name=g1.ptn (Content-Disposition: attachment)
//
// This is the structure Outlook and Exchange write for an HTML mail with
// inline pictures ([MS-OXCMAIL] 2.1.3.3.6: the related part wraps the
// alternative, attachments are peers of the related part), so every
// client that reads Outlook's mail reads it: Gmail, Thunderbird and Apple
// Mail show the HTML with the picture inline where it is referenced, once
// (a picture used by "cid:" is not listed again). Unlike the other common
// structure, alternative[text/plain, related[text/html, image/png]], it
// keeps the picture outside the HTML branch, so a client that shows the
// plain text also reaches the picture: mutt's pager shows the text, then
// "[-- Attachment #2: g1-turn-11.png --]" (the file name: no
// Content-Description, which mutt would show instead). Nothing is sent
// twice, so no client can show the picture twice.
//
// With HTML and no pictures, the related level is left out; without HTML
// the mail is a single text/plain part, or multipart/mixed of the text,
// the pictures and the files as attachments. Every mail carries
// MIME-Version: 1.0 and Auto-Submitted: auto-replied (RFC 3834:
// automatic responders do not answer it); non-ASCII header text is RFC
// 2047-encoded; the bodies are quoted-printable and base64, so no line
// exceeds 76 bytes. The text is format=flowed (RFC 3676) at 72 columns:
// prose soft-broken, list items hard-broken under their indent, boards
// (short lines) as written and space-stuffed, so mutt and every reflowing
// client show them aligned. The boundaries derive
// from the Message-ID, so the same mail is written the same way.
func WriteOutgoing(w io.Writer, m *Outgoing) error {
	if err := m.validate(); err != nil {
		return err
	}
	fields := []Field{
		{"Date", m.Date.Format("Mon, 02 Jan 2006 15:04:05 -0700")},
		{"From", m.From.String()},
		{"To", formatAddresses(m.To)},
	}
	if len(m.ReplyTo) > 0 {
		fields = append(fields, Field{"Reply-To", formatAddresses(m.ReplyTo)})
	}
	fields = append(fields, Field{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		Field{"Message-ID", "<" + m.MessageID + ">"})
	if len(m.InReplyTo) > 0 {
		fields = append(fields, Field{"In-Reply-To", formatIDs(m.InReplyTo)})
	}
	if len(m.References) > 0 {
		fields = append(fields, Field{"References", formatIDs(m.References)})
	}
	fields = append(fields, Field{"Auto-Submitted", "auto-replied"})
	for _, f := range m.Headers {
		fields = append(fields, Field{f.Key, mime.QEncoding.Encode("utf-8", f.Value)})
	}
	fields = append(fields, Field{"MIME-Version", "1.0"})

	boundary := boundaryBase(m.MessageID)
	text := func(mw *message.Writer) error { return writeTextPart(mw, "text/plain", m.Text) }
	if m.Text != "" {
		text = func(mw *message.Writer) error {
			pw, err := mw.CreatePart(headerOf(flowedFields()))
			if err != nil {
				return err
			}
			if _, err := io.WriteString(pw, flowedBody(m.Text)); err != nil {
				return err
			}
			return pw.Close()
		}
	}
	html := func(mw *message.Writer) error { return writeTextPart(mw, "text/html", m.HTML) }
	pictures := func(disposition string) func(*message.Writer) error {
		return func(mw *message.Writer) error {
			for _, p := range m.Pictures {
				if err := writePicture(mw, p, disposition); err != nil {
					return err
				}
			}
			return nil
		}
	}
	files := func(mw *message.Writer) error {
		for _, f := range m.Files {
			if err := writeFile(mw, f); err != nil {
				return err
			}
		}
		return nil
	}
	alternative := func(mw *message.Writer) error {
		alt, err := mw.CreatePart(headerOf(multipartType("multipart/alternative", boundary+"_alt", "")))
		return fillMultipart(alt, err, text, html)
	}
	// the body: what goes first, alone or before the files
	var bodyFields []Field
	var body []func(*message.Writer) error
	switch {
	case m.HTML != "" && len(m.Pictures) > 0:
		bodyFields = multipartType("multipart/related", boundary+"_rel", "multipart/alternative")
		body = []func(*message.Writer) error{alternative, pictures("inline")}
	case m.HTML != "":
		bodyFields = multipartType("multipart/alternative", boundary+"_alt", "")
		body = []func(*message.Writer) error{text, html}
	case len(m.Pictures) > 0 || len(m.Files) > 0:
		top, err := message.CreateWriter(w, headerOf(fields, multipartType("multipart/mixed", boundary+"_mix", "")))
		return fillMultipart(top, err, text, pictures("attachment"), files)
	default:
		out, err := message.CreateWriter(w, headerOf(fields, flowedFields()))
		if err != nil {
			return err
		}
		if _, err := io.WriteString(out, flowedBody(m.Text)); err != nil {
			return err
		}
		return out.Close()
	}
	if len(m.Files) == 0 {
		top, err := message.CreateWriter(w, headerOf(fields, bodyFields))
		return fillMultipart(top, err, body...)
	}
	top, err := message.CreateWriter(w, headerOf(fields, multipartType("multipart/mixed", boundary+"_mix", "")))
	wrapped := func(mw *message.Writer) error {
		inner, err := mw.CreatePart(headerOf(bodyFields))
		return fillMultipart(inner, err, body...)
	}
	return fillMultipart(top, err, wrapped, files)
}

// fillMultipart writes the parts of a multipart just created (err is the
// error of its creation) and closes it.
func fillMultipart(mw *message.Writer, err error, parts ...func(*message.Writer) error) error {
	if err != nil {
		return err
	}
	for _, part := range parts {
		if err := part(mw); err != nil {
			return err
		}
	}
	return mw.Close()
}

// headerOf builds a header that go-message writes in the order given
// (it writes the field added last first).
func headerOf(groups ...[]Field) message.Header {
	var all []Field
	for _, g := range groups {
		all = append(all, g...)
	}
	var h message.Header
	for i := len(all) - 1; i >= 0; i-- {
		h.Add(all[i].Key, all[i].Value)
	}
	return h
}

// multipartType is the Content-Type field of a multipart, with the type
// of its root part for multipart/related (RFC 2387).
func multipartType(mediaType, boundary, rootType string) []Field {
	params := map[string]string{"boundary": boundary}
	if rootType != "" {
		params["type"] = rootType
	}
	return []Field{{"Content-Type", mime.FormatMediaType(mediaType, params)}}
}

// textFields are the fields of a UTF-8 quoted-printable text part.
func textFields(mediaType string) []Field {
	return []Field{
		{"Content-Type", mime.FormatMediaType(mediaType, map[string]string{"charset": "utf-8"})},
		{"Content-Transfer-Encoding", "quoted-printable"},
	}
}

// flowedWidth is the width the text part is wrapped at: 72 columns, so a
// quoted reply still fits 80 (RFC 3676 recommends at most 78).
const flowedWidth = 72

// flowedFields are the fields of the mail's text: UTF-8 quoted-printable,
// format=flowed (RFC 3676, without delsp).
func flowedFields() []Field {
	return []Field{
		{"Content-Type", mime.FormatMediaType("text/plain", map[string]string{"charset": "utf-8", "format": "flowed"})},
		{"Content-Transfer-Encoding", "quoted-printable"},
	}
}

// flowedBody is the mail's text as format=flowed at flowedWidth (see
// msg.Flow), ending in a line end.
func flowedBody(s string) string {
	return textBody(msg.Flow(normalizeNewlines(s), flowedWidth))
}

// writeTextPart writes a text part into a multipart.
func writeTextPart(parent *message.Writer, mediaType, text string) error {
	pw, err := parent.CreatePart(headerOf(textFields(mediaType)))
	if err != nil {
		return err
	}
	if _, err := io.WriteString(pw, textBody(text)); err != nil {
		return err
	}
	return pw.Close()
}

// textBody normalizes line ends to LF (the quoted-printable writer sends
// CRLF) and ends the text with one.
func textBody(s string) string {
	s = normalizeNewlines(s)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// writePicture writes a picture part (PNG, or GIF for a name ending in
// .gif: a review's replay) with the given disposition.
func writePicture(parent *message.Writer, p Picture, disposition string) error {
	ct := "image/png"
	if strings.HasSuffix(p.Name, ".gif") {
		ct = "image/gif"
	}
	fields := []Field{
		{"Content-Type", mime.FormatMediaType(ct, map[string]string{"name": p.Name})},
		{"Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": p.Name})},
		{"Content-ID", "<" + p.ContentID + ">"},
		{"Content-Transfer-Encoding", "base64"},
	}
	pw, err := parent.CreatePart(headerOf(fields))
	if err != nil {
		return err
	}
	if _, err := pw.Write(p.PNG); err != nil {
		return err
	}
	return pw.Close()
}

// writeFile writes an attachment: a text file as UTF-8
// quoted-printable (so a text-only client can show it), anything else in
// base64.
func writeFile(parent *message.Writer, f File) error {
	params := map[string]string{"name": f.Name}
	cte := "base64"
	if strings.HasPrefix(f.Type, "text/") {
		params["charset"] = "utf-8"
		cte = "quoted-printable"
	}
	fields := []Field{
		{"Content-Type", mime.FormatMediaType(f.Type, params)},
		{"Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name})},
		{"Content-Transfer-Encoding", cte},
	}
	pw, err := parent.CreatePart(headerOf(fields))
	if err != nil {
		return err
	}
	data := f.Data
	if cte == "quoted-printable" {
		data = []byte(textBody(string(data)))
	}
	if _, err := pw.Write(data); err != nil {
		return err
	}
	return pw.Close()
}

// boundaryBase derives the boundaries of a mail from its Message-ID. They
// contain "=_", which neither quoted-printable nor base64 can produce, so
// they never occur in a body.
func boundaryBase(messageID string) string {
	sum := sha256.Sum256([]byte(messageID))
	return "=_takbot_" + hex.EncodeToString(sum[:8])
}

// formatAddresses formats an address list.
func formatAddresses(list []Address) string {
	s := make([]string, len(list))
	for i, a := range list {
		s[i] = a.String()
	}
	return strings.Join(s, ", ")
}

// formatIDs formats message ids with angle brackets.
func formatIDs(ids []string) string {
	return "<" + strings.Join(ids, "> <") + ">"
}

// validate checks that m can be written without breaking the header.
func (m *Outgoing) validate() error {
	bad := func(field, format string, args ...any) error {
		return &OutgoingError{Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if err := validAddress(m.From); err != "" {
		return bad("From", "%s", err)
	}
	if len(m.To) == 0 {
		return bad("To", "no recipient")
	}
	for _, list := range []struct {
		name  string
		addrs []Address
	}{{"To", m.To}, {"Reply-To", m.ReplyTo}} {
		for _, a := range list.addrs {
			if err := validAddress(a); err != "" {
				return bad(list.name, "%s", err)
			}
		}
	}
	if m.Date.IsZero() {
		return bad("Date", "no date")
	}
	if hasLineBreak(m.Subject) {
		return bad("Subject", "line break in %q", clip(m.Subject, 60))
	}
	if !validMsgID(m.MessageID) {
		return bad("Message-ID", "%q is not a message id (local@domain, no brackets or spaces)", clip(m.MessageID, 60))
	}
	for _, ids := range [][]string{m.InReplyTo, m.References} {
		for _, id := range ids {
			if !validMsgID(id) {
				return bad("In-Reply-To/References", "%q is not a message id", clip(id, 60))
			}
		}
	}
	for _, f := range m.Headers {
		if !isFieldLine([]byte(f.Key+":")) || strings.ContainsAny(f.Key, " \t") {
			return bad(f.Key, "not a field name")
		}
		if managedFields[strings.ToLower(f.Key)] {
			return bad(f.Key, "set by the writer itself")
		}
		if hasLineBreak(f.Value) {
			return bad(f.Key, "line break in the value")
		}
	}
	for _, p := range m.Pictures {
		switch {
		case strings.TrimSpace(p.Name) == "" || hasLineBreak(p.Name):
			return bad("Picture", "name %q", clip(p.Name, 60))
		case !validMsgID(p.ContentID):
			return bad("Picture", "Content-ID %q is not local@domain", clip(p.ContentID, 60))
		case len(p.PNG) == 0:
			return bad("Picture", "%s has no data", p.Name)
		}
	}
	for _, f := range m.Files {
		mediaType, _, err := mime.ParseMediaType(f.Type)
		switch {
		case strings.TrimSpace(f.Name) == "" || hasLineBreak(f.Name):
			return bad("File", "name %q", clip(f.Name, 60))
		case err != nil || mediaType != strings.ToLower(f.Type) || strings.HasPrefix(mediaType, "multipart/"):
			return bad("File", "%s: media type %q", f.Name, clip(f.Type, 60))
		}
	}
	return nil
}

// validAddress returns what is wrong with an address to write, "" if
// nothing.
func validAddress(a Address) string {
	if hasLineBreak(a.Name) {
		return "line break in the name"
	}
	parsed, err := mail.ParseAddress("<" + a.Addr + ">")
	if err != nil || parsed.Address != a.Addr || !strings.Contains(a.Addr, "@") {
		return fmt.Sprintf("%q is not an address", clip(a.Addr, 60))
	}
	return ""
}

// validMsgID reports whether id can be written as "<id>": printable ASCII
// without white space, angle brackets or quotes, with an '@', and short
// enough for a header line.
func validMsgID(id string) bool {
	return len(id) <= 900 && msgIDChars(id)
}

// msgIDChars reports whether id has an '@' and only characters that can
// stand between the angle brackets of a msg-id.
func msgIDChars(id string) bool {
	if !strings.Contains(id, "@") {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c <= ' ' || c > '~' || c == '<' || c == '>' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func hasLineBreak(s string) bool { return strings.ContainsAny(s, "\r\n") }
