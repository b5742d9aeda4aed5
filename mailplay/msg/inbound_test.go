package msg

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The bot of the corpus: its address and the authserv-id of its server.
const (
	corpusBot      = "takbot@tak.example.org"
	corpusAuthServ = "mx.tak.example.org"
)

// corpus returns the paths of the sample mails.
func corpus(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/inbound/*.eml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	return files
}

// TestInboundCorpus reads every sample mail and compares what it gives
// with its golden file (run with -update to rewrite them after checking).
func TestInboundCorpus(t *testing.T) {
	for _, path := range corpus(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			in, err := ParseInbound(raw)
			if err != nil {
				t.Fatalf("ParseInbound: %v", err)
			}
			checkGolden(t, strings.TrimSuffix(path, ".eml")+".golden", describeInbound(in))
		})
	}
}

// checkGolden compares got with the golden file, or rewrites it.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("differs from %s (run with -update to accept):\n--- got ---\n%s\n--- want ---\n%s", golden, got, want)
	}
}

// describeInbound writes everything ParseInbound found, for a golden file.
func describeInbound(in *Inbound) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	addrs := func(list []Address) string {
		s := make([]string, len(list))
		for i, a := range list {
			s[i] = fmt.Sprintf("%q <%s>", a.Name, a.Addr)
		}
		return strings.Join(s, ", ")
	}
	line("Message-ID: %s", in.MessageID)
	line("DedupKey: %s", in.DedupKey)
	line("From: %s (%d address(es))", addrs([]Address{in.From}), in.FromCount)
	line("Reply-To: %s", addrs(in.ReplyTo))
	line("Return-Path: %s (null: %v)", in.ReturnPath, in.NullReturnPath)
	line("To: %s", addrs(in.To))
	line("Cc: %s", addrs(in.Cc))
	line("Delivered-To: %s", strings.Join(in.DeliveredTo, ", "))
	line("X-Original-To: %s", strings.Join(in.OriginalTo, ", "))
	token, ok := in.PlusToken(corpusBot)
	line("Plus token of %s: %q %v", corpusBot, token, ok)
	line("Subject: %s", in.Subject)
	line("Clean subject: %s", CleanSubject(in.Subject))
	game, ok := SubjectGameTag(in.Subject)
	line("Game tag: %q %v", game, ok)
	line("In-Reply-To: %s", strings.Join(in.InReplyTo, " "))
	line("References: %s", strings.Join(in.References, " "))
	date := "(none)"
	if !in.Date.IsZero() {
		date = in.Date.UTC().Format(time.RFC3339)
	}
	line("Date: %s [%s]", date, in.DateHeader)
	line("Text from HTML: %v", in.TextFromHTML)
	line("Auto: %s: %s", in.Auto.Kind, in.Auto.Reason)
	if bo := in.Bounce; bo != nil {
		line("Bounce: standard %v, reporting MTA %q, original Message-ID %q", bo.Standard, bo.ReportingMTA, bo.OriginalMessageID)
		for _, r := range bo.Recipients {
			line("  recipient %s (original %s): action %s, status %s, %s; %s", r.FinalRecipient, r.OriginalRecipient, r.Action, r.Status, r.Severity, r.DiagnosticCode)
		}
	}
	ok, reason := Authenticated(in, corpusAuthServ)
	line("Authenticated by %s: %v (%s)", corpusAuthServ, ok, reason)
	for _, d := range in.Defects {
		line("Defect: %s", d)
	}
	line("--- Text ---")
	b.WriteString(in.Text)
	if in.Text != "" {
		b.WriteString("\n")
	}
	return b.String()
}

// TestAlternativesAgree checks that in every sample with both a plain and
// an HTML alternative, the HTML part gives the same new text as the plain
// one (line by line, blank lines aside): the HTML path is exercised on
// every client of the corpus.
func TestAlternativesAgree(t *testing.T) {
	checked := 0
	for _, path := range corpus(t) {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if in, err := ParseInbound(raw); err != nil || in.Auto.IsAutomatic() {
			continue // the alternatives of a bounce say different things
		}
		var d defects
		h, body, _ := splitHeader(raw, &d, "")
		root := (&treeBuilder{defects: &d}).build(h, body, "", 0)
		walk(root, func(e *entity) {
			if e.mediaType != "multipart/alternative" || len(e.parts) < 2 {
				return
			}
			plain := textOf(e.parts[0], &d, false)
			html := textOf(e.parts[len(e.parts)-1], &d, false)
			if plain.fromHTML || !html.fromHTML {
				return
			}
			checked++
			p := nonBlankLines(StripQuoted(normalizeText(plain.text, &d)))
			q := nonBlankLines(StripQuoted(normalizeText(html.text, &d)))
			if strings.Join(p, "\n") != strings.Join(q, "\n") {
				t.Errorf("%s: plain and HTML alternatives differ:\nplain:\n%s\nhtml:\n%s", path, strings.Join(p, "\n"), strings.Join(q, "\n"))
			}
		})
	}
	if checked < 8 {
		t.Errorf("only %d samples with alternatives checked", checked)
	}
}

// nonBlankLines returns the lines of s that are not blank, trimmed.
func nonBlankLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func TestParseInboundErrors(t *testing.T) {
	huge := append([]byte("X-Big: "), bytes.Repeat([]byte("a"), MaxHeaderBytes)...)
	huge = append(huge, "\r\n\r\nbody\r\n"...)
	for _, tc := range []struct {
		name string
		raw  string
		kind ParseErrorKind
	}{
		{"empty", "", ParseEmpty},
		{"blank lines", "\r\n\r\n  \n", ParseEmpty},
		{"no header", "just some text\nand more\n", ParseNoHeader},
		{"body only", "\nps b4\n", ParseNoHeader},
		{"huge header", string(huge), ParseHeaderTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := ParseInbound([]byte(tc.raw))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Kind != tc.kind || in != nil {
				t.Fatalf("ParseInbound = %v, %v; want a *ParseError of kind %s", in, err, tc.kind)
			}
		})
	}
}

// mustParse reads a sample mail of the corpus.
func mustParse(t testing.TB, path string) *Inbound {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInbound(raw)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return in
}
