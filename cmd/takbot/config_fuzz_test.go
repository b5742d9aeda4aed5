package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDecodeConfig: no configuration file makes the decoder or the checks
// panic, and every problem says something.
func FuzzDecodeConfig(f *testing.F) {
	files, err := filepath.Glob("testdata/config/*.yaml")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed configurations: %v", err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	env := fakeEnv(map[string]string{"CREDENTIALS_DIRECTORY": "/nonexistent", "SMTP_PASSWORD": "p"})
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, lines, problems := decodeConfig(data, decodeOptions{lookupEnv: env, readSecrets: true,
			readFile: func(string) ([]byte, error) { return []byte("secret\n"), nil }})
		c := newChecker(lines, problems)
		if cfg.Email != nil {
			cfg.Email.resolve()
		}
		cfg.check(c)
		checkTransports(&cfg, c)
		// YAML breaks lines at \n, \r and the Unicode line breaks.
		nlines := 1
		for _, brk := range []string{"\n", "\r", "\u0085", "\u2028", "\u2029"} {
			nlines += strings.Count(string(data), brk)
		}
		for _, p := range append(problems, c.problems...) {
			if p.Error() == "" || p.Line < 0 || p.Line > nlines {
				t.Fatalf("problem %+v (%q) in a file of %d lines", p, p.Error(), nlines)
			}
		}
		summary(cfg)
	})
}

// FuzzExpandVariables: no value makes expansion panic, and doubling
// every $ escapes any text.
func FuzzExpandVariables(f *testing.F) {
	for _, s := range []string{"${CREDENTIALS_DIRECTORY}/imap-password", "pa$$word", "cost $5", "${A}${B}", "${", "$"} {
		f.Add(s)
	}
	env := fakeEnv(map[string]string{"CREDENTIALS_DIRECTORY": "/run/credentials/takbot.service", "A": "a"})
	f.Fuzz(func(t *testing.T, s string) {
		expandVariables(s, env)
		got, err := expandVariables(strings.ReplaceAll(s, "$", "$$"), env)
		if err != nil || got != s {
			t.Fatalf("escaped %q expands to %q, %v", s, got, err)
		}
	})
}
