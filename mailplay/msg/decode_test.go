package msg

import (
	"fmt"
	"strings"
	"testing"
)

func TestDecodeQuotedPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"caf=C3=A9", "café"},
		{"lower=c3=a9case", "lowerécase"},
		{"soft=\r\nbreak", "softbreak"},
		{"soft=\nbreak", "softbreak"},
		{"bad =ZZ and =4", "bad =ZZ and =4"},
		{"trailing spaces   \nnext", "trailing spaces\nnext"},
		{"=3D=20=", "= "},
		{"keeps CRLF\r\nlines", "keeps CRLF\r\nlines"},
	} {
		if got := string(decodeQuotedPrintable([]byte(tc.in))); got != tc.want {
			t.Errorf("decodeQuotedPrintable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDecodeBase64(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		clean    bool
	}{
		{"cHMgYjQ=", "ps b4", true},
		{"cHMg\r\nYjQ=\r\n", "ps b4", true},
		{"cHMgYjQ", "ps b4", true},
		{"cHMg YjQ=!!", "ps b4", false},
		{"cHMgYjQ=x", "ps b4", false},
		{"", "", true},
	} {
		got, clean := decodeBase64([]byte(tc.in))
		if string(got) != tc.want || clean != tc.clean {
			t.Errorf("decodeBase64(%q) = %q, %v; want %q, %v", tc.in, got, clean, tc.want, tc.clean)
		}
	}
}

func TestDecodeText(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      []byte
		label   string
		html    bool
		want    string
		defects int
	}{
		{"utf-8", []byte("Jürgen"), "utf-8", false, "Jürgen", 0},
		{"no label, UTF-8", []byte("Jürgen"), "", false, "Jürgen", 0},
		{"no label, Latin-1", []byte("J\xfcrgen"), "", false, "Jürgen", 0},
		{"ISO-8859-1 with Windows-1252 quotes", []byte("\x93ps b4\x94 \x96 ok"), "ISO-8859-1", false, "“ps b4” – ok", 0},
		{"us-ascii with 8-bit", []byte("caf\xe9"), "us-ascii", false, "café", 0},
		{"quoted label", []byte("caf\xe9"), `"windows-1252"`, false, "café", 0},
		{"utf-8 label, invalid", []byte("caf\xe9"), "utf-8", false, "café", 1},
		{"iso-8859-2", []byte("\xb1"), "iso-8859-2", false, "ą", 0},
		{"koi8-r", []byte("\xf0\xd2\xc9\xd7\xc5\xd4"), "koi8-r", false, "Привет", 0},
		{"shift_jis", []byte("\x82\xb1\x82\xf1"), "shift_jis", false, "こん", 0},
		{"utf-16 with BOM", []byte("\xff\xfep\x00s\x00"), "utf-16", false, "ps", 0},
		{"unknown charset, UTF-8 bytes", []byte("Jürgen"), "x-klingon", false, "Jürgen", 1},
		{"unknown charset, other bytes", []byte("J\xfcrgen"), "x-klingon", false, "Jürgen", 1},
		{"HTML meta charset", []byte("<meta charset=\"iso-8859-15\"><p>\xa4</p>"), "", true, `<meta charset="iso-8859-15"><p>€</p>`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d defects
			got := decodeText(tc.in, tc.label, tc.html, &d, "")
			if got != tc.want || len(d.list) != tc.defects {
				t.Errorf("decodeText(%q, %q) = %q with defects %v; want %q with %d", tc.in, tc.label, got, d.list, tc.want, tc.defects)
			}
		})
	}
}

func TestSplitMultipart(t *testing.T) {
	for _, tc := range []struct {
		name   string
		body   string
		parts  []string
		closed bool
	}{
		{"CRLF", "pre\r\n--b\r\nA: 1\r\n\r\none\r\n--b\r\n\r\ntwo\r\n--b--\r\nepilogue", []string{"A: 1\r\n\r\none", "\r\ntwo"}, true},
		{"LF and trailing space on delimiters", "--b \nx\n--b\t\ny\n--b-- \n", []string{"x", "y"}, true},
		{"not closed", "--b\nx\n--b\ny\n", []string{"x", "y\n"}, false},
		{"longer boundary is not a delimiter", "--b\nx\n--bb\ny\n--b--", []string{"x\n--bb\ny"}, true},
		{"no delimiter", "just text", nil, false},
		{"empty part", "--b\n--b--", []string{""}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parts, closed := splitMultipart([]byte(tc.body), "b")
			got := make([]string, len(parts))
			for i, p := range parts {
				got[i] = string(p)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.parts) || len(got) != len(tc.parts) || closed != tc.closed {
				t.Errorf("splitMultipart = %q, %v; want %q, %v", got, closed, tc.parts, tc.closed)
			}
		})
	}
}

// nested builds a mail of depth multiparts, each holding the next one,
// with the text in the innermost.
func nested(depth int) string {
	var b strings.Builder
	b.WriteString("From: a@x.example\r\nMessage-ID: <n@x.example>\r\n")
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/plain\r\n\r\nps b4\r\n")
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\r\n", i)
	}
	return b.String()
}

func TestLimits(t *testing.T) {
	t.Run("nesting within the limit", func(t *testing.T) {
		in, err := ParseInbound([]byte(nested(MaxDepth - 1)))
		if err != nil || in.Text != "ps b4" || len(in.Defects) != 0 {
			t.Fatalf("got %v, %q, %v", err, in.Text, in.Defects)
		}
	})
	t.Run("nesting too deep", func(t *testing.T) {
		in, err := ParseInbound([]byte(nested(1000)))
		if err != nil || in.Text != "" || !hasDefect(in, DefectTooDeep) {
			t.Fatalf("got %v, %q, %v", err, in.Text, in.Defects)
		}
	})
	t.Run("too many parts", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("From: a@x.example\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n")
		for i := 0; i < 2*MaxParts; i++ {
			fmt.Fprintf(&b, "--b\r\n\r\nline %d\r\n", i)
		}
		b.WriteString("--b--\r\n")
		in, err := ParseInbound([]byte(b.String()))
		if err != nil || !hasDefect(in, DefectTooManyParts) {
			t.Fatalf("got %v, %v", err, in.Defects)
		}
		if lines := strings.Count(in.Text, "\n") + 1; lines != MaxParts-1 {
			t.Errorf("read %d parts, want %d", lines, MaxParts-1)
		}
	})
	t.Run("text truncated", func(t *testing.T) {
		raw := "From: a@x.example\r\n\r\n" + strings.Repeat("ps b4 é\n", MaxTextBytes/5)
		in, err := ParseInbound([]byte(raw))
		if err != nil || !hasDefect(in, DefectTextTruncated) || len(in.FullText) > MaxTextBytes {
			t.Fatalf("got %v, %d bytes, %v", err, len(in.FullText), in.Defects)
		}
	})
	t.Run("mbox From line and CR line ends", func(t *testing.T) {
		in, err := ParseInbound([]byte("From MAILER-DAEMON Mon Nov 23 11:00:00 2026\rFrom: a@X.Example\rSubject: hi\r\rps b4\r"))
		if err != nil || in.From.Addr != "a@x.example" || in.Subject != "hi" || in.Text != "ps b4" {
			t.Fatalf("got %v, %+v", err, in)
		}
	})
}

func hasDefect(in *Inbound, kind DefectKind) bool {
	for _, d := range in.Defects {
		if d.Kind == kind {
			return true
		}
	}
	return false
}
