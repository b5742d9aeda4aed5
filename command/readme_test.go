package command_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/command"
)

var updateREADME = flag.Bool("update", false, "rewrite the README's command reference from the command table")

const (
	readmeStart = "<!-- commands: generated from the command table by `go test ./command -run TestREADMECommands -update` -->\n"
	readmeEnd   = "<!-- end of commands -->"
)

// TestREADMECommands fails when the README's command reference and the
// command table disagree.
func TestREADMECommands(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	i, j := strings.Index(text, readmeStart), strings.Index(text, readmeEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no command reference between %q and %q", strings.TrimSpace(readmeStart), readmeEnd)
	}
	want := command.CommandReference()
	got := text[i+len(readmeStart) : j]
	if *updateREADME {
		text = text[:i+len(readmeStart)] + want + text[j:]
		if err := os.WriteFile("../README.md", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != want {
		t.Errorf("README.md's command reference differs from the command table; run go test ./command -run TestREADMECommands -update and read the change.\nREADME:\n%s\ntable:\n%s", got, want)
	}
}
