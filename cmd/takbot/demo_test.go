package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo runs takbot demo: a whole game by mail on the embedded servers,
// printed, with the mails and pictures in the folder.
func TestDemo(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCmd(t, "demo", "-dir", dir)
	if code != 0 {
		t.Fatalf("demo: exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{
		"── 1. alice → bot",
		"Subject: [Tak g1] Alice vs",
		"Game over: Alice (white) wins by road (R-0).",
		"The game is over:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if excerpt := readmeDemoExcerpt(t); !strings.Contains(out, excerpt) {
		t.Errorf("the transcript lacks README's excerpt:\n%s", excerpt)
	}
	emls, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(emls) < 40 || len(pngs) < 10 {
		t.Errorf("%s holds %d mails and %d pictures; want the whole game", dir, len(emls), len(pngs))
	}
	if _, err := os.Stat(filepath.Join(dir, "takbot.db")); err != nil {
		t.Errorf("no database: %v", err)
	}
}

// readmeDemoExcerpt returns the mail README's "Try it" shows from the
// demo's transcript, up to its "..." line.
func readmeDemoExcerpt(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```text\n── ")
	if !ok {
		t.Fatal("README shows no mail of the demo")
	}
	excerpt, _, ok := strings.Cut(rest, "\n  ...\n")
	if !ok {
		t.Fatal("README's mail of the demo has no \"  ...\" line")
	}
	return "── " + excerpt + "\n"
}

// TestConsoleKnowsEveryTransport: on the console no email or Discord
// transport runs, so a challenge to a mail address or a Discord user is
// refused with the reason instead of waiting for ever.
func TestConsoleKnowsEveryTransport(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s")
	if err := os.WriteFile(script, []byte("alice: new ann@example.org\nalice: new discord:123456789012345678\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "console", "-db", filepath.Join(dir, "t.db"), "-in", script)
	if code != 0 {
		t.Fatalf("console: exit %d: %s", code, errs)
	}
	for _, want := range []string{"email is not enabled on this takbot", "Discord is not enabled on this takbot"} {
		if !strings.Contains(out, want) {
			t.Errorf("the console's answer lacks %q:\n%s", want, out)
		}
	}
}
