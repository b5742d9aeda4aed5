package command_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/takbymail/takbot/command"
)

// TestEveryCommandHasAPolicy walks the whole command table: every command
// declares a valid policy (and a valid bare one where it has a bare
// class), and the policy agrees with the command's class: a read-only
// command is the only kind unverified mail may run, and it shows its
// sender alone; only the commands decided below may reach a stranger.
func TestEveryCommandHasAPolicy(t *testing.T) {
	// strangers are the commands that may reach someone who never wrote to
	// the bot: the challenges, and the withdrawal of a challenge (which
	// tells the challenged, as the challenge did).
	strangers := map[string]bool{"new": true, "rematch": true, "cancel": true}
	for _, c := range command.Commands() {
		if !c.Policy.Valid() {
			t.Errorf("command %q declares no valid policy (%+v): add it to commandPolicies in command/policy.go", c.Name, c.Policy)
			continue
		}
		if c.BareClass.Valid() != c.BarePolicy.Valid() {
			t.Errorf("command %q: bare class %v but bare policy %+v: the bare form needs both or neither", c.Name, c.BareClass, c.BarePolicy)
		}
		check := func(form string, class command.Class, p command.Policy) {
			if (class == command.ClassReadOnly) != (p.Assurance == command.AssuranceUnverified) {
				t.Errorf("command %q%s: class %v, assurance %v: a read-only command needs no assurance, every other one does", c.Name, form, class, p.Assurance)
			}
			if class == command.ClassReadOnly && p.Shows != command.ShowsSender {
				t.Errorf("command %q%s is read-only and shows %v: it may show its sender alone", c.Name, form, p.Shows)
			}
			if p.Strangers != strangers[c.Name] {
				t.Errorf("command %q%s: may reach strangers %v, want %v: decide it in the list strangers", c.Name, form, p.Strangers, strangers[c.Name])
			}
		}
		check("", c.Class, c.Policy)
		if c.BarePolicy.Valid() {
			check(" alone", c.BareClass, c.BarePolicy)
		}
	}
	var zero command.Policy
	if zero.Valid() {
		t.Error("the zero Policy is valid; it must not be")
	}
}

var updatePolicy = flag.Bool("update-policy", false, "rewrite the README's policy table from the command table")

const (
	policyStart = "<!-- policy: generated from the command table by `go test ./command -run TestREADMEPolicy -update-policy` -->\n"
	policyEnd   = "<!-- end of policy -->"
)

// TestREADMEPolicy fails when the README's policy table and the command
// table's policies disagree.
func TestREADMEPolicy(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	i, j := strings.Index(text, policyStart), strings.Index(text, policyEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no policy table between %q and %q", strings.TrimSpace(policyStart), policyEnd)
	}
	want := command.PolicyReference()
	if *updatePolicy {
		text = text[:i+len(policyStart)] + want + text[j:]
		if err := os.WriteFile("../README.md", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := text[i+len(policyStart) : j]; got != want {
		t.Errorf("README.md's policy table differs from the command table; run go test ./command -run TestREADMEPolicy -update-policy and read the change.\nREADME:\n%s\ntable:\n%s", got, want)
	}
}

// TestInWords: what a confirmation request says a command would do is in
// the referee's words, and repeats no link, no address and no more than a
// short excerpt of the sender's words.
func TestInWords(t *testing.T) {
	for _, tc := range []struct {
		text, game string
		want       string
		never      []string
	}{
		{"f6", "g3", "a move in game g3: f6", nil},
		{"3c3>12'", "", "a move: 3c3>12'", nil},
		{"say You won a prize, claim it at http://evil.example/claim", "g3", "a chat message to your opponent in game g3, beginning “You won a prize, claim…”",
			[]string{"http", "evil", "it at"}},
		{"say write to me at prize@evil.example or evil.example", "g3", "a chat message to your opponent in game g3, beginning “write to me at or…”",
			[]string{"@", "evil"}},
		{"say www.evil.example", "g3", "a chat message to your opponent in game g3", []string{"evil", "beginning"}},
		{"new victim@elsewhere.example size=6", "", "a challenge to an email address (not repeated here)", []string{"victim", "elsewhere"}},
		{"new bob", "", "a challenge to bob", nil},
		{"new anyone", "", "a challenge to anyone who accepts it (an open challenge)", nil},
		{"new <@123456789012345678>", "", "a challenge to a Discord user (not repeated here)", []string{"1234"}},
		{"new http://evil.example", "", "a challenge to another player", []string{"evil"}},
		{"pair KX7M-2QPA", "", "pairing your account with the account that asked for the code, whose holder would then control your games (never done from a confirmation)", []string{"KX7M"}},
		{"unpair", "", "separating your account", nil},
		{"vacation 30", "", "a vacation: your clocks stop for 30 days", nil},
		{"set theme light", "", "changing your setting theme", nil},
		{"game g12", "", "sending your commands to game g12", nil},
		{"game http://evil.example", "", "sending your commands to another game", []string{"evil"}},
		{"resign", "g3", "resigning the game in game g3", nil},
		{"board", "g3", "the question \"board\", answered to you", nil},
	} {
		p, err := command.ParseMessage(tc.text)
		if err != nil || len(p.Commands) != 1 {
			t.Fatalf("%q: %v %+v", tc.text, err, p)
		}
		got := p.Commands[0].InWords(tc.game)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q in words: %q, want %q", tc.text, got, tc.want)
		}
		for _, w := range tc.never {
			if strings.Contains(got, w) {
				t.Errorf("%q in words repeats %q: %q", tc.text, w, got)
			}
		}
	}
}
