package demo

import (
	"bytes"
	"fmt"
	"html"
	"mime"
	"mime/quotedprintable"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/takbymail/takbot/mailplay"
)

// Style is the mail client a player's replies imitate: where the text
// goes and how the mail answered is quoted.
type Style int

// The client styles.
const (
	// Gmail writes above "On DATE, NAME <ADDR> wrote:" and the mail quoted
	// with "> " (in HTML: a gmail_quote blockquote).
	Gmail Style = iota
	// Outlook writes above a "From: / Sent: / To: / Subject:" block and
	// the mail unquoted.
	Outlook
	// AppleMail writes above "> On DATE, at TIME, NAME <ADDR> wrote:" and
	// the mail quoted.
	AppleMail
	// Thunderbird writes below "On DATE TIME, NAME wrote:" and the mail
	// quoted.
	Thunderbird
	// Mutt writes below "* NAME <ADDR> [DATE]:" and the mail quoted, and
	// signs with "-- ".
	Mutt
)

// Styles lists every style, for tests that try them all.
var Styles = []Style{Gmail, Outlook, AppleMail, Thunderbird, Mutt}

// String names the style.
func (s Style) String() string {
	switch s {
	case Gmail:
		return "Gmail"
	case Outlook:
		return "Outlook"
	case AppleMail:
		return "Apple Mail"
	case Thunderbird:
		return "Thunderbird"
	case Mutt:
		return "mutt"
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// Format is how a mail's body is encoded.
type Format int

// The body formats.
const (
	// Plain is text/plain in UTF-8, 8bit.
	Plain Format = iota
	// QuotedPrintable is text/plain in UTF-8, quoted-printable.
	QuotedPrintable
	// Latin1 is text/plain in ISO-8859-1, quoted-printable.
	Latin1
	// HTMLOnly is a single text/html part, quoted-printable.
	HTMLOnly
	// Alternative is multipart/alternative of text and HTML, as Gmail
	// and Apple Mail send.
	Alternative
)

// Formats lists every format.
var Formats = []Format{Plain, QuotedPrintable, Latin1, HTMLOnly, Alternative}

// String names the format.
func (f Format) String() string {
	switch f {
	case Plain:
		return "plain"
	case QuotedPrintable:
		return "quoted-printable"
	case Latin1:
		return "ISO-8859-1"
	case HTMLOnly:
		return "HTML only"
	case Alternative:
		return "text and HTML"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// draft is a mail a player is about to write.
type draft struct {
	to         mailplay.Address
	subject    string
	body       string
	inReplyTo  string
	references []string
	quoted     *Mail // the mail answered, quoted in the style; nil for a new mail
	style      Style
	format     Format
}

// compose writes a draft as a whole mail.
func (p *Player) compose(d draft) []byte {
	p.written++
	domain := p.Address[strings.LastIndexByte(p.Address, '@')+1:]
	now := p.now()
	var h strings.Builder
	field := func(k, v string) { fmt.Fprintf(&h, "%s: %s\r\n", k, v) }
	field("From", (&mailplay.Address{Name: p.Name, Addr: p.Address}).String())
	field("To", d.to.String())
	field("Subject", mime.QEncoding.Encode("utf-8", d.subject))
	field("Date", now.Format("Mon, 02 Jan 2006 15:04:05 -0700"))
	field("Message-ID", fmt.Sprintf("<%s.%d@%s>", p.session, p.written, domain))
	if d.inReplyTo != "" {
		field("In-Reply-To", "<"+d.inReplyTo+">")
	}
	if len(d.references) > 0 {
		field("References", "<"+strings.Join(d.references, "> <")+">")
	}
	switch d.style {
	case Mutt:
		field("User-Agent", "NeoMutt/20231103")
	case Thunderbird:
		field("User-Agent", "Mozilla Thunderbird")
	case AppleMail:
		field("X-Mailer", "Apple Mail (2.3774.600.62)")
	case Outlook:
		field("X-Mailer", "Microsoft Outlook 16.0")
	}
	field("MIME-Version", "1.0")
	text, page := p.bodies(d)
	var b bytes.Buffer
	b.WriteString(h.String())
	switch d.format {
	case Plain:
		b.WriteString("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
		b.WriteString(crlf(text))
	case QuotedPrintable:
		b.WriteString("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		b.Write(qp([]byte(text)))
	case Latin1:
		latin, err := charmap.ISO8859_1.NewEncoder().String(text)
		if err != nil {
			latin = text // a character Latin-1 lacks: the script never writes one
		}
		b.WriteString("Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		b.Write(qp([]byte(latin)))
	case HTMLOnly:
		b.WriteString("Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		b.Write(qp([]byte(page)))
	case Alternative:
		boundary := fmt.Sprintf("000000000000%s%04d", p.session, p.written)
		fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=\"%s\"\r\n\r\n", boundary)
		fmt.Fprintf(&b, "--%s\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", boundary)
		b.Write(qp([]byte(text)))
		fmt.Fprintf(&b, "\r\n--%s\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", boundary)
		b.Write(qp([]byte(page)))
		fmt.Fprintf(&b, "\r\n--%s--\r\n", boundary)
	}
	return b.Bytes()
}

// bodies writes the text and HTML bodies of a draft in its style.
func (p *Player) bodies(d draft) (text, page string) {
	body := strings.TrimRight(d.body, "\n")
	if d.quoted == nil {
		return body + "\n", "<div dir=\"ltr\">" + htmlText(body) + "</div>\n"
	}
	q := d.quoted
	when := q.In.Date
	if when.IsZero() {
		when = p.now()
	}
	from := q.In.From
	original := strings.TrimRight(q.Text(), "\n")
	quote := quoteLines(original)
	switch d.style {
	case Outlook:
		head := fmt.Sprintf("From: %s\nSent: %s\nTo: %s\nSubject: %s", from.String(), when.Format("Monday, January 2, 2006 3:04 PM"),
			(&mailplay.Address{Name: p.Name, Addr: p.Address}).String(), q.In.Subject)
		text = body + "\n\n________________________________\n" + head + "\n\n" + original + "\n"
		page = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head><body>" +
			"<div style=\"font-family: Calibri, Arial, Helvetica, sans-serif; font-size: 12pt;\">" + htmlText(body) + "</div>" +
			"<hr style=\"display:inline-block;width:98%\" tabindex=\"-1\"><div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri, sans-serif\" style=\"font-size:11pt\" color=\"#000000\">" +
			"<b>From:</b> " + html.EscapeString(from.String()) + "<br><b>Sent:</b> " + html.EscapeString(when.Format("Monday, January 2, 2006 3:04 PM")) +
			"<br><b>To:</b> " + html.EscapeString(p.Address) + "<br><b>Subject:</b> " + html.EscapeString(q.In.Subject) + "</font><div>&nbsp;</div></div>" +
			"<div>" + htmlText(original) + "</div></body></html>\n"
	case AppleMail:
		attr := fmt.Sprintf("On %s, at %s, %s wrote:", when.Format("2 Jan 2006"), when.Format("15:04"), from.String())
		text = body + "\n\n> " + attr + "\n> \n" + quote + "\n"
		page = "<html><head><meta http-equiv=\"content-type\" content=\"text/html; charset=utf-8\"></head><body dir=\"auto\"><div dir=\"ltr\">" + htmlText(body) +
			"</div><div dir=\"ltr\"><br><blockquote type=\"cite\">" + html.EscapeString(attr) + "<br><br></blockquote></div><blockquote type=\"cite\"><div dir=\"ltr\">" +
			htmlText(original) + "</div></blockquote></body></html>\n"
	case Thunderbird:
		attr := fmt.Sprintf("On %s, %s wrote:", when.Format("02/01/2006 15:04"), from.Name)
		text = attr + "\n" + quote + "\n\n" + body + "\n"
		page = "<!DOCTYPE html>\n<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\"></head><body>" +
			"<div class=\"moz-cite-prefix\">" + html.EscapeString(attr) + "<br></div><blockquote type=\"cite\"><pre class=\"moz-quote-pre\" wrap=\"\">" +
			html.EscapeString(original) + "</pre></blockquote><p>" + htmlText(body) + "</p></body></html>\n"
	case Mutt:
		attr := fmt.Sprintf("* %s [%s]:", from.String(), when.Format("2006-01-02 15:04:05 -0700"))
		sig := "-- \n" + p.Name
		text = attr + "\n" + quote + "\n\n" + body + "\n\n" + sig + "\n"
		page = "<p>" + html.EscapeString(attr) + "</p><blockquote>" + htmlText(original) + "</blockquote><p>" + htmlText(body) + "</p><p>-- <br>" + html.EscapeString(p.Name) + "</p>\n"
	default: // Gmail
		attr := fmt.Sprintf("On %s %s wrote:", when.Format("Mon, Jan 2, 2006 at 3:04 PM"), from.String())
		text = body + "\n\n" + attr + "\n\n" + quote + "\n"
		page = "<div dir=\"ltr\">" + htmlText(body) + "</div><br><div class=\"gmail_quote gmail_quote_container\"><div dir=\"ltr\" class=\"gmail_attr\">" +
			html.EscapeString(attr) + "<br></div><blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex\">" +
			htmlText(original) + "</blockquote></div>\n"
	}
	return text, page
}

// quoteLines prefixes every line with "> " (">" alone for an empty one).
func quoteLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

// htmlText escapes text for HTML, keeping its lines.
func htmlText(s string) string {
	return strings.ReplaceAll(html.EscapeString(s), "\n", "<br>\n")
}

// qp encodes quoted-printable with CRLF line ends.
func qp(b []byte) []byte {
	var out bytes.Buffer
	w := quotedprintable.NewWriter(&out)
	_, _ = w.Write([]byte(strings.ReplaceAll(string(b), "\r\n", "\n")))
	_ = w.Close()
	return out.Bytes()
}

// crlf writes LF line ends as CRLF.
func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}
