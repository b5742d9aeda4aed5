package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	valid := write("valid.yaml", "db: /var/lib/takbot/takbot.db\nhttp_listen: 127.0.0.1:8080\ntick_interval: 30s\n")
	bad := write("bad.yaml", "tick_intreval: 1m\ndays_per_move: 0\ndelivery:\n  concurrency: many\n")
	mail := write("mail.yaml", "email:\n  address: bot@example.org\n  imap:\n    host: imap.example.org\n  smtp:\n    host: smtp.example.org\n")
	token := write("token.yaml", "discord:\n  token: \"two words\"\n  application_id: \"42\"\n")
	secret := write("secret.yaml", "discord:\n  token_file: "+filepath.Join(dir, "missing-token")+"\n  application_id: \"42\"\n")
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		stdout     string   // the whole standard output
		stderrHave []string // lines standard error must hold
	}{
		{"valid", []string{"serve", "-check", "-config", valid}, 0,
			valid + ": ok: database /var/lib/takbot/takbot.db, transports none, http 127.0.0.1:8080, control socket /var/lib/takbot/takbot.db.ctl, clocks every 30s\n", nil},
		{"every problem", []string{"serve", "-check", "-config", bad}, 78, "", []string{
			bad + ": line 1: unknown key tick_intreval (did you mean tick_interval?)",
			bad + ": line 2: days_per_move: must be from 1 to 60, not 0",
			bad + `: line 4: delivery.concurrency: "many" is not a whole number`,
			"serve: " + bad + " has 3 problems"}},
		{"what the mail transport refuses", []string{"serve", "-check", "-config", mail}, 78, "", []string{
			mail + ": line 3: missing required key email.imap.username",
			"serve: " + mail + " has 2 problems"}},
		{"what the Discord transport refuses", []string{"serve", "-check", "-config", token}, 78, "", []string{
			token + ": line 2: discord.token: the token has spaces or line breaks in it"}},
		{"a secret file missing", []string{"serve", "-check", "-config", secret}, 78, "", []string{
			secret + ": line 2: discord.token_file: read the secret: open " + filepath.Join(dir, "missing-token") + ": no such file or directory"}},
		{"no such file", []string{"serve", "-check", "-config", filepath.Join(dir, "nope.yaml")}, 78, "", []string{
			"serve: config: open " + filepath.Join(dir, "nope.yaml") + ": no such file or directory"}},
		{"no -config", []string{"serve", "-check"}, 2, "", []string{"usage: takbot serve -config FILE [-check]"}},
		{"an argument", []string{"serve", "-config", valid, "now"}, 2, "", []string{"usage: takbot serve -config FILE [-check]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, tc.args...)
			if code != tc.code || stdout != tc.stdout {
				t.Errorf("exit %d, stdout %q; want %d, %q; stderr:\n%s", code, stdout, tc.code, tc.stdout, stderr)
			}
			lines := strings.Split(stderr, "\n")
			for _, want := range tc.stderrHave {
				found := false
				for _, l := range lines {
					found = found || l == want
				}
				if !found {
					t.Errorf("stderr lacks the line %q:\n%s", want, stderr)
				}
			}
		})
	}
}

// TestHelp lists every subcommand of the table.
func TestHelp(t *testing.T) {
	code, out, _ := runCmd(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "\n  "+c.name+" ") {
			t.Errorf("help lacks %s:\n%s", c.name, out)
		}
	}
	if code, _, errs := runCmd(t); code != 2 || !strings.Contains(errs, "usage: takbot COMMAND") {
		t.Errorf("no command: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCmd(t, "serv"); code != 2 || !strings.Contains(errs, `unknown command "serv"`) {
		t.Errorf("unknown command: exit %d, stderr %q", code, errs)
	}
}

// TestREADMESubcommands: the README's table of subcommands lists every
// subcommand of the binary, and no other.
func TestREADMESubcommands(t *testing.T) {
	raw, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, l := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(l, "| `takbot "); ok {
			listed[strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '`' })[0]] = true
		}
	}
	for _, c := range commands() {
		if !listed[c.name] {
			t.Errorf("README's subcommand table lacks %s", c.name)
		}
		delete(listed, c.name)
	}
	for name := range listed {
		t.Errorf("README's subcommand table lists %s, which takbot does not have", name)
	}
}
