package mailplay

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
)

// samplePNG is a real 1x1 PNG.
var samplePNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc`\x00\x00\x00\x02\x00\x01T\xa2O]\x00\x00\x00\x00IEND\xaeB`\x82")

// sampleText is a reply of the bot with a board that must stay aligned,
// trailing spaces, a long line and non-ASCII text.
const sampleText = `alice, it is your turn in game g7 (turn 7, PTN move 4, white).
bob played ms b2 p1 1.

     A   B   C   D   E   F
 1   .   .   .   .   .   .   
 2   .   S   .   s   .   .
 3   .   .   s   S   .   .

Reply with your move, e.g. "ps b4". Jürgen's clock: 2 days 3 h – ok.
` + "This line is long: " + "0123456789 abcdefghij ABCDEFGHIJ =?utf-8?q?not-a-word?= ~!@#$%^&*()_+ 0123456789 abcdefghij ABCDEFGHIJ" + `
-- 
takbot, the Tak referee`

func sampleOutgoing() *Outgoing {
	return &Outgoing{
		From:       Address{Name: "Takbot", Addr: "takbot@tak.example.org"},
		To:         []Address{{Name: "Jürgen Müller", Addr: "juergen@web.example"}},
		ReplyTo:    []Address{{Addr: "takbot+r7k2p@tak.example.org"}},
		Subject:    "[Tak g7] alice vs bob, 6x6 — Jürgen's turn",
		MessageID:  MessageIDFor("g7/12", "tak.example.org"),
		InReplyTo:  []string{"CAH4kP2mZ9vQ+x1rT7yB3uN8wE5sD6fG7hJ0kL1@mail.gmail.com"},
		References: []string{"g7@tak.example.org", "CAH4kP2mZ9vQ+x1rT7yB3uN8wE5sD6fG7hJ0kL1@mail.gmail.com"},
		Date:       time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC),
		Headers:    []Field{{"List-Id", "Tak games <g7.tak.example.org>"}, {"X-Takbot-Game", "g7 — Jürgen"}},
		Text:       sampleText,
		HTML:       `<p>alice, it is your turn in game g7.</p><pre>` + "0 0 0\n0 s 0\n0 0 0" + `</pre><p><img src="cid:board-g7-7@tak.example.org" alt="board"></p>`,
		Pictures: []Picture{
			{Name: "board-g7-7.png", ContentID: "board-g7-7@tak.example.org", PNG: samplePNG},
			{Name: "clock.png", ContentID: "clock-g7@tak.example.org", PNG: samplePNG},
		},
	}
}

func writeMail(t *testing.T, m *Outgoing) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteOutgoing(&buf, m); err != nil {
		t.Fatalf("WriteOutgoing: %v", err)
	}
	return buf.Bytes()
}

func TestWriteOutgoingGolden(t *testing.T) {
	full := sampleOutgoing()
	textOnly := sampleOutgoing()
	textOnly.HTML, textOnly.Pictures = "", nil
	attached := sampleOutgoing()
	attached.HTML = ""
	noPictures := sampleOutgoing()
	noPictures.Pictures = nil
	for name, m := range map[string]*Outgoing{"full": full, "text-only": textOnly, "attached": attached, "no-pictures": noPictures} {
		t.Run(name, func(t *testing.T) {
			raw := writeMail(t, m)
			checkGolden(t, "testdata/outgoing/"+name+".eml", string(raw))
			checkWireFormat(t, raw)
		})
	}
}

// checkWireFormat checks what every written mail must satisfy: CRLF line
// ends, short lines, an ASCII header with the RFC 3834 marker.
func checkWireFormat(t *testing.T, raw []byte) {
	t.Helper()
	if bytes.Contains(bytes.ReplaceAll(raw, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("a line ends in a bare LF")
	}
	for i, line := range bytes.Split(raw, []byte("\r\n")) {
		if len(line) > 998 {
			t.Errorf("line %d is %d bytes long", i+1, len(line))
		}
		for _, c := range line {
			if c >= 0x80 {
				t.Fatalf("line %d has a non-ASCII byte: %q", i+1, line)
			}
		}
	}
	header, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for _, want := range []string{"\r\nAuto-Submitted: auto-replied\r\n", "\r\nMime-Version: 1.0\r\n"} {
		if !bytes.Contains(header, []byte(want)) {
			t.Errorf("header lacks %q", strings.TrimSpace(want))
		}
	}
}

func TestWriteOutgoingRoundTrip(t *testing.T) {
	for name, html := range map[string]string{"with HTML": sampleOutgoing().HTML, "text only": ""} {
		t.Run(name, func(t *testing.T) {
			m := sampleOutgoing()
			m.HTML = html
			in, err := ParseInbound(writeMail(t, m))
			if err != nil {
				t.Fatal(err)
			}
			if in.MessageID != m.MessageID || in.Subject != m.Subject || in.From != m.From ||
				len(in.To) != 1 || in.To[0] != m.To[0] || len(in.ReplyTo) != 1 || in.ReplyTo[0] != m.ReplyTo[0] ||
				strings.Join(in.InReplyTo, " ") != strings.Join(m.InReplyTo, " ") ||
				strings.Join(in.References, " ") != strings.Join(m.References, " ") || !in.Date.Equal(m.Date) {
				t.Errorf("header read back differs:\n%+v", in)
			}
			// format=flowed reads a line's trailing spaces as a soft break,
			// so the writer drops them; everything else comes back as written,
			// the long line joined again.
			want := regexp.MustCompile(`(?m) +$`).ReplaceAllString(sampleText, "")
			want = strings.ReplaceAll(want, "\n--\n", "\n-- \n")
			if got := strings.TrimSuffix(in.FullText, "\n"); got != want || in.TextFromHTML {
				t.Errorf("text read back differs:\n%q\nwant\n%q", got, want)
			}
			if in.Auto.Kind != AutoSubmitted || len(in.Defects) != 0 {
				t.Errorf("Auto %v, defects %v", in.Auto, in.Defects)
			}
			if got := in.Header.Get("X-Takbot-Game"); got == "g7 — Jürgen" || !strings.HasPrefix(got, "=?utf-8?") {
				t.Errorf("X-Takbot-Game not encoded: %q", got)
			}
			if got, err := new(mime.WordDecoder).DecodeHeader(in.Header.Get("X-Takbot-Game")); err != nil || got != "g7 — Jürgen" {
				t.Errorf("X-Takbot-Game read back as %q", got)
			}
		})
	}
}

// mimeTree describes a mail's MIME tree, one line a part, indented by
// depth: the media type, then the disposition with the file name and the
// Content-ID when there are.
func mimeTree(t *testing.T, raw []byte) (string, [][]byte) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var bodies [][]byte
	err = e.Walk(func(path []int, p *message.Entity, err error) error {
		if err != nil {
			return err
		}
		mt, params, _ := p.Header.ContentType()
		b.WriteString(strings.Repeat("  ", len(path)) + mt)
		if r := params["type"]; r != "" {
			b.WriteString("; type=" + r)
		}
		if c := params["charset"]; c != "" {
			b.WriteString("; charset=" + c)
		}
		if cte := p.Header.Get("Content-Transfer-Encoding"); cte != "" {
			b.WriteString(" (" + cte + ")")
		}
		if disp, dparams, err := p.Header.ContentDisposition(); err == nil {
			b.WriteString(" " + disp + " " + dparams["filename"])
		}
		if id := p.Header.Get("Content-Id"); id != "" {
			b.WriteString(" " + id)
		}
		if d := p.Header.Get("Content-Description"); d != "" {
			b.WriteString(" description " + d)
		}
		b.WriteString("\n")
		if !strings.HasPrefix(mt, "multipart/") {
			body, err := io.ReadAll(p.Body)
			if err != nil {
				return err
			}
			bodies = append(bodies, body)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), bodies
}

// samplePTN is a game file to attach.
const samplePTN = "[Player1 \"Jürgen\"]\n[Player2 \"bob\"]\n[Result \"R-0\"]\n\n1. a1 f6\n2. b1 e6\n"

// TestWriteOutgoingStructure reads the written mails with go-message: the
// picture is a peer of the text and HTML (inside multipart/related, after
// the alternative), named, without a description that mutt would show
// instead of the name; files are peers of the body in multipart/mixed.
func TestWriteOutgoingStructure(t *testing.T) {
	ptn := File{Name: "g7.ptn", Type: "text/plain", Data: []byte(samplePTN)}
	for _, tc := range []struct {
		name   string
		change func(*Outgoing)
		tree   string
	}{
		{"HTML with pictures", func(m *Outgoing) {}, `multipart/related; type=multipart/alternative
  multipart/alternative
    text/plain; charset=utf-8 (quoted-printable)
    text/html; charset=utf-8 (quoted-printable)
  image/png (base64) inline board-g7-7.png <board-g7-7@tak.example.org>
  image/png (base64) inline clock.png <clock-g7@tak.example.org>
`},
		{"HTML with pictures and a file", func(m *Outgoing) { m.Files = []File{ptn} }, `multipart/mixed
  multipart/related; type=multipart/alternative
    multipart/alternative
      text/plain; charset=utf-8 (quoted-printable)
      text/html; charset=utf-8 (quoted-printable)
    image/png (base64) inline board-g7-7.png <board-g7-7@tak.example.org>
    image/png (base64) inline clock.png <clock-g7@tak.example.org>
  text/plain; charset=utf-8 (quoted-printable) attachment g7.ptn
`},
		{"HTML with a file", func(m *Outgoing) { m.Pictures, m.Files = nil, []File{ptn} }, `multipart/mixed
  multipart/alternative
    text/plain; charset=utf-8 (quoted-printable)
    text/html; charset=utf-8 (quoted-printable)
  text/plain; charset=utf-8 (quoted-printable) attachment g7.ptn
`},
		{"HTML alone", func(m *Outgoing) { m.Pictures = nil }, `multipart/alternative
  text/plain; charset=utf-8 (quoted-printable)
  text/html; charset=utf-8 (quoted-printable)
`},
		{"text with pictures and a file", func(m *Outgoing) { m.HTML, m.Files = "", []File{ptn} }, `multipart/mixed
  text/plain; charset=utf-8 (quoted-printable)
  image/png (base64) attachment board-g7-7.png <board-g7-7@tak.example.org>
  image/png (base64) attachment clock.png <clock-g7@tak.example.org>
  text/plain; charset=utf-8 (quoted-printable) attachment g7.ptn
`},
		{"text with a binary file", func(m *Outgoing) {
			m.HTML, m.Pictures, m.Files = "", nil, []File{{Name: "data.bin", Type: "application/octet-stream", Data: samplePNG}}
		}, `multipart/mixed
  text/plain; charset=utf-8 (quoted-printable)
  application/octet-stream (base64) attachment data.bin
`},
		{"text alone", func(m *Outgoing) { m.HTML, m.Pictures = "", nil }, "text/plain; charset=utf-8 (quoted-printable)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := sampleOutgoing()
			tc.change(m)
			raw := writeMail(t, m)
			checkWireFormat(t, raw)
			tree, bodies := mimeTree(t, raw)
			if tree != tc.tree {
				t.Fatalf("MIME tree:\n%s\nwant\n%s", tree, tc.tree)
			}
			if got := normalizeNewlines(string(bodies[0])); got != flowedBody(sampleText) {
				t.Errorf("text part = %q", got)
			}
			i := 1
			if m.HTML != "" {
				if got := normalizeNewlines(string(bodies[1])); got != m.HTML+"\n" {
					t.Errorf("HTML part = %q", got)
				}
				i++
			}
			for _, p := range m.Pictures {
				if !bytes.Equal(bodies[i], p.PNG) {
					t.Errorf("picture %s read back differs", p.Name)
				}
				i++
			}
			for _, f := range m.Files {
				got := bodies[i]
				if strings.HasPrefix(f.Type, "text/") {
					got = []byte(normalizeNewlines(string(got)))
				}
				if !bytes.Equal(got, f.Data) {
					t.Errorf("file %s read back as %q", f.Name, got)
				}
				i++
			}
		})
	}
}

func TestWriteOutgoingRefuses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Outgoing)
		field  string
	}{
		{"no From", func(m *Outgoing) { m.From = Address{} }, "From"},
		{"From with a line break", func(m *Outgoing) { m.From.Name = "Tak\r\nBcc: x@y.example" }, "From"},
		{"bad From address", func(m *Outgoing) { m.From.Addr = "takbot at example" }, "From"},
		{"no To", func(m *Outgoing) { m.To = nil }, "To"},
		{"bad To", func(m *Outgoing) { m.To[0].Addr = "a@b@c" }, "To"},
		{"bad Reply-To", func(m *Outgoing) { m.ReplyTo[0].Addr = "x>y@z.example" }, "Reply-To"},
		{"no Date", func(m *Outgoing) { m.Date = time.Time{} }, "Date"},
		{"Subject with a line break", func(m *Outgoing) { m.Subject = "a\nBcc: x@y.example" }, "Subject"},
		{"no Message-ID", func(m *Outgoing) { m.MessageID = "" }, "Message-ID"},
		{"Message-ID with brackets", func(m *Outgoing) { m.MessageID = "<a@b>" }, "Message-ID"},
		{"Message-ID with a space", func(m *Outgoing) { m.MessageID = "a b@c" }, "Message-ID"},
		{"bad reference", func(m *Outgoing) { m.References = []string{"x"} }, "In-Reply-To/References"},
		{"managed header", func(m *Outgoing) { m.Headers = []Field{{"Content-Type", "text/plain"}} }, "Content-Type"},
		{"Auto-Submitted cannot be replaced", func(m *Outgoing) { m.Headers = []Field{{"auto-submitted", "no"}} }, "auto-submitted"},
		{"bad header name", func(m *Outgoing) { m.Headers = []Field{{"X Bad", "v"}} }, "X Bad"},
		{"header value with a line break", func(m *Outgoing) { m.Headers = []Field{{"X-A", "v\r\nBcc: x@y.example"}} }, "X-A"},
		{"picture without a name", func(m *Outgoing) { m.Pictures[0].Name = "" }, "Picture"},
		{"picture with a bad Content-ID", func(m *Outgoing) { m.Pictures[0].ContentID = "<x>" }, "Picture"},
		{"picture without data", func(m *Outgoing) { m.Pictures[0].PNG = nil }, "Picture"},
		{"file without a name", func(m *Outgoing) { m.Files = []File{{Type: "text/plain", Data: []byte("x")}} }, "File"},
		{"file with a line break in its name", func(m *Outgoing) { m.Files = []File{{Name: "a\r\nb.ptn", Type: "text/plain"}} }, "File"},
		{"file with a bad type", func(m *Outgoing) { m.Files = []File{{Name: "a.ptn", Type: "text/plain; charset=x"}} }, "File"},
		{"file of a multipart type", func(m *Outgoing) { m.Files = []File{{Name: "a", Type: "multipart/mixed"}} }, "File"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := sampleOutgoing()
			tc.change(m)
			var buf bytes.Buffer
			err := WriteOutgoing(&buf, m)
			var oe *OutgoingError
			if !errors.As(err, &oe) || oe.Field != tc.field || buf.Len() != 0 {
				t.Errorf("WriteOutgoing = %v (%d bytes written); want an *OutgoingError for %s", err, buf.Len(), tc.field)
			}
		})
	}
}
