package msg

import (
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// corpusTexts returns the raw samples, their full texts and the HTML of
// their text/html parts.
func corpusTexts(f *testing.F) (raws [][]byte, texts, htmls []string) {
	for _, path := range corpus(f) {
		raw, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		raws = append(raws, raw)
		texts = append(texts, mustParse(f, path).FullText)
		var d defects
		h, body, _ := splitHeader(raw, &d, "")
		walk((&treeBuilder{defects: &d}).build(h, body, "", 0), func(e *entity) {
			if e.mediaType == "text/html" {
				htmls = append(htmls, decodeText(e.decodedBody(&d, maxEncodedTextBytes), e.params["charset"], true, &d, e.path))
			}
		})
	}
	return raws, texts, htmls
}

func FuzzParseInbound(f *testing.F) {
	raws, _, _ := corpusTexts(f)
	for _, raw := range raws {
		f.Add(raw)
	}
	for _, s := range []string{
		"", "From: a@x.example\n\nps b4", nested(3), nested(MaxDepth + 2),
		"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: multipart/alternative; boundary=c\n\n--c\n\nps b4\n--c--\n--b--",
		"Content-Type: message/rfc822\n\nFrom: x\n\ny",
		"Content-Type: text/html; charset=utf-16\nContent-Transfer-Encoding: base64\n\n//48AGIAPgA=",
		"From: =?utf-8?q?=E2=80?= <a@x>\nSubject: =?iso-8859-1?b?////?=\nReturn-Path: <>\n\n",
		"Authentication-Results: x; dkim=pass header.d=(((\nFrom: a@x\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := ParseInbound(raw)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || in != nil {
				t.Fatalf("ParseInbound = %v, %v: not a *ParseError", in, err)
			}
			return
		}
		if !utf8.ValidString(in.Text) || !utf8.ValidString(in.FullText) || len(in.FullText) > MaxTextBytes {
			t.Fatalf("text not valid UTF-8 or too long (%d bytes)", len(in.FullText))
		}
		if !strings.HasPrefix(in.DedupKey, "mid:") && !strings.HasPrefix(in.DedupKey, "sha256:") {
			t.Fatalf("DedupKey %q", in.DedupKey)
		}
		if (in.Bounce != nil) != (in.Auto.Kind == AutoBounce) {
			t.Fatalf("Bounce %v but Auto %v", in.Bounce, in.Auto)
		}
		full := map[string]bool{}
		for _, l := range strings.Split(in.FullText, "\n") {
			full[strings.TrimRight(l, " \t")] = true
		}
		for _, l := range strings.Split(in.Text, "\n") {
			if l != "" && (!full[l] || isQuotedLine(l)) {
				t.Fatalf("Text line %q is quoted or not in the full text", l)
			}
		}
		Authenticated(in, corpusAuthServ)
		in.PlusToken(corpusBot)
		SubjectGameTag(CleanSubject(in.Subject))
	})
}

func FuzzStripQuoted(f *testing.F) {
	_, texts, _ := corpusTexts(f)
	for _, s := range texts {
		f.Add(s)
	}
	for _, s := range []string{
		"ps b4\n-- \nms b2\n", "On Mon, 1 Jan 2026, Ann wrote:\n> x\nps b4", "a\r\nb\rc",
		"From: x\nSent: y\nTo: z\n0 0 0", "* A [1]:\n> q\nrs\n0 0 0\n0 s 0\n0 0 0",
		"Le 1 janv. 2026, A a\nécrit :\n> x", "Sent from my iPhone\nps b4 #3; c3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		out := StripQuoted(text)
		if utf8.ValidString(text) && !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of valid input")
		}
		in := map[string]bool{}
		for _, l := range strings.Split(normalizeNewlines(text), "\n") {
			in[strings.TrimRight(l, " \t\r")] = true
		}
		for _, l := range strings.Split(out, "\n") {
			if l != "" && (!in[l] || isQuotedLine(l)) {
				t.Fatalf("output line %q is quoted or not in the input", l)
			}
		}
		checkTakLinesKept(t, text, out)
	})
}

func FuzzHTMLToText(f *testing.F) {
	_, _, htmls := corpusTexts(f)
	for _, s := range htmls {
		f.Add(s)
	}
	for _, s := range []string{
		"", "<p>ps b4</p>", "<div class=gmail_quote><div>x</div>", "<pre>a\n b</pre>",
		"<blockquote><blockquote>x</blockquote>", "<table><tr><td>0<td>s</table>", "&#0;&#xD800;&nbsp;",
		"<script>/*</script>ps b4", "<div id=divRplyFwdMsg>x</div>", "<br/><br/><br/>x<br>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := HTMLToText(s)
		if !utf8.ValidString(out) || len(out) > MaxTextBytes || strings.Contains(out, "\r") {
			t.Fatalf("HTMLToText(%q) = %q: invalid UTF-8, too long or with a CR", s, out)
		}
		if strings.HasPrefix(out, "\n") || strings.HasSuffix(out, "\n") || strings.Contains(out, "\n\n\n") {
			t.Fatalf("HTMLToText(%q) = %q: blank lines not tidied", s, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.TrimRight(l, " \t") != l {
				t.Fatalf("HTMLToText(%q) = %q: trailing space", s, out)
			}
		}
	})
}

func FuzzMessageID(f *testing.F) {
	for _, s := range [][3]string{
		{"r12/3", "tak.example.org", "<r12=2F3@tak.example.org>"},
		{"", "", "="},
		{".a..b.", "X.example", "a@b"},
		{"jürgen", "tak.example.org", "=C3=BC@tak.example.org"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, local, domain, other string) {
		id := MessageIDFor(local, domain)
		if !msgIDChars(id) || len(id) > 3*(len(local)+len(domain))+3 {
			t.Fatalf("MessageIDFor(%q, %q) = %q, not a msg-id", local, domain, id)
		}
		if back, ok := ParseMessageIDFor("<"+id+">", domain); !ok || back != local {
			t.Fatalf("ParseMessageIDFor(%q) = %q, %v; want %q", id, back, ok, local)
		}
		if back, ok := ParseMessageIDFor(other, domain); ok {
			want := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(other), "<"), ">")
			if got := MessageIDFor(back, domain); !strings.EqualFold(got, want) {
				t.Fatalf("ParseMessageIDFor(%q) = %q, which gives %q", other, back, got)
			}
		}
	})
}

func FuzzSubject(f *testing.F) {
	for _, s := range []string{"Re: [Tak g7] a vs b", "AW: WG: Re[2]: x", "[TAK G12]", "Re:", "  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		clean := CleanSubject(s)
		if CleanSubject(clean) != clean {
			t.Fatalf("CleanSubject(%q) = %q is not clean", s, clean)
		}
		id, ok := SubjectGameTag(s)
		if id2, ok2 := SubjectGameTag("Re: " + s); id2 != id || ok2 != ok {
			t.Fatalf("SubjectGameTag(%q) = %q, %v but with Re: %q, %v", s, id, ok, id2, ok2)
		}
		if ok && (id == "" || strings.ToLower(id) != id) {
			t.Fatalf("SubjectGameTag(%q) = %q", s, id)
		}
	})
}

// msgIDChars reports whether id has an '@' and only characters that can
// stand between the angle brackets of a msg-id (as mailplay checks the
// Message-IDs it writes).
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

// validMsgID reports whether id can be written as "<id>" (as mailplay's
// WriteOutgoing checks it): msgIDChars, and short enough for a header line.
func validMsgID(id string) bool {
	return len(id) <= 900 && msgIDChars(id)
}
