package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// yamlBlock matches a fenced YAML block of a Markdown file.
var yamlBlock = regexp.MustCompile("(?s)```yaml\n(.*?)```")

// varRef matches a ${VAR} reference.
var varRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// TestEveryExampleChecks: every YAML example of README.md, the whole of
// config.example.yaml (its commented sections on) and the container's
// configuration pass the checks of "takbot serve -check" as written, the
// variables they use set and their secret files readable (a DSN file
// holding a connection string), and each
// ${VAR} is expanded.
func TestEveryExampleChecks(t *testing.T) {
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	docker, err := os.ReadFile("../../deploy/docker-config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]string{
		"config.example.yaml":              string(example),
		"config.example.yaml, uncommented": uncomment(string(example)),
		"deploy/docker-config.yaml":        string(docker),
	}
	blocks := yamlBlock.FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 2 {
		t.Fatalf("README has %d YAML examples; want the email and Discord ones at least", len(blocks))
	}
	for i, b := range blocks {
		examples["README.md, YAML example "+string(rune('1'+i))] = b[1]
	}
	credentials := t.TempDir()
	for name, text := range examples {
		t.Run(name, func(t *testing.T) {
			vars := map[string]string{"CREDENTIALS_DIRECTORY": credentials}
			for _, m := range varRef.FindAllStringSubmatch(text, -1) {
				if _, ok := vars[m[1]]; !ok {
					vars[m[1]] = "value-of-" + m[1]
				}
			}
			path := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
			var read []string
			cfg, err := loadConfig(path, decodeOptions{
				lookupEnv:      func(k string) (string, bool) { v, ok := vars[k]; return v, ok },
				readSecrets:    true,
				requireBuiltIn: true,
				readFile: func(p string) ([]byte, error) {
					read = append(read, p)
					if strings.HasSuffix(p, "dsn") {
						return []byte("postgres://takbot:s3cret@db.example.org/takbot\n"), nil
					}
					return []byte("s3cret\n"), nil
				},
			})
			if err != nil {
				t.Fatalf("serve -check refuses it:\n%v\n---\n%s", err, text)
			}
			for _, p := range read {
				if strings.Contains(p, "${") {
					t.Errorf("a secret file's name was not expanded: %s", p)
				}
			}
			if strings.Contains(text, "\nemail:") && strings.Contains(text, "${CREDENTIALS_DIRECTORY}/imap-password") {
				if cfg.Email == nil || cfg.Email.IMAP.Password.File != credentials+"/imap-password" || cfg.Email.IMAP.Password.Value != "s3cret" {
					t.Errorf("the IMAP password: %+v", cfg.Email)
				}
			}
		})
	}
}

// TestEachMistakeOnce: a port out of range, checked by takbot and again
// by the mail transport, is one problem; a ${VAR} unquoted inside {…} is
// one problem on its own line saying how to quote it.
func TestEachMistakeOnce(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		want       []string // the problems' messages, all of them
	}{
		{"ports", "http_listen: \":99999\"\nemail:\n  address: bot@example.org\n  imap: {host: imap.example.org, port: 99999, username: u, password: p}\n" +
			"  smtp: {host: smtp.example.org, port: 99999}\n", []string{
			`line 1: http_listen: ":99999": the port must be a number from 0 to 65535`,
			`line 4: email.imap.port: must be from 1 to 65535, not 99999`,
			`line 5: email.smtp.port: must be from 1 to 65535, not 99999`}},
		{"flow", "email:\n  address: bot@example.org\n  imap: {host: imap.example.org, username: u,\n" +
			"         password_file: ${CREDENTIALS_DIRECTORY}/imap-password, mailbox: INBOX}\n", []string{
			`line 4: YAML syntax: a value holding ${VAR} inside {…} or […] must be quoted: password_file: "${CREDENTIALS_DIRECTORY}/imap-password" (YAML says: did not find expected ',' or '}')`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".yaml")
			if err := os.WriteFile(path, []byte(tc.text), 0o600); err != nil {
				t.Fatal(err)
			}
			code, _, errs := runCmd(t, "serve", "-check", "-config", path)
			var want strings.Builder
			for _, w := range tc.want {
				want.WriteString(path + ": " + w + "\n")
			}
			want.WriteString("serve: " + path + " has " + map[int]string{1: "1 problem", 3: "3 problems"}[len(tc.want)] + "\n")
			if code != exitConfig || errs != want.String() {
				t.Errorf("exit %d, stderr:\n%s\nwant %d:\n%s", code, errs, exitConfig, want.String())
			}
		})
	}
}
