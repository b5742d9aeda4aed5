package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpus is the real-game corpus, kept once in the notation package's testdata.
const corpus = "../../notation/testdata/playtak-6x6-games.ptn"

func TestReplayCorpus(t *testing.T) {
	code, out, errs := runCmd(t, "replay", corpus)
	if code != 0 || errs != "" {
		t.Fatalf("replay = %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got, want := lines[len(lines)-1], "games=1597 legal=1593 illegal=4 mismatched=13"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	var illegal []string
	for _, l := range lines[:len(lines)-1] {
		if strings.Contains(l, ": illegal: ") {
			illegal = append(illegal, l)
		}
	}
	if len(illegal) != 4 {
		t.Fatalf("illegal lines: %q", illegal)
	}
	for i, id := range []string{"414302", "425392", "445404", "445410"} {
		if !strings.Contains(illegal[i], "playtak_id "+id) || !strings.Contains(illegal[i], "capstone") {
			t.Errorf("illegal line %d = %q, want playtak_id %s and a capstone reason", i, illegal[i], id)
		}
	}
}

func TestReplayFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.ptn", "[Size \"3\"]\n[Result \"R-0\"]\n\n1. c3 a1\n2. a2 c2\n3. a3\n")
	wrongResult := write("wrong.ptn", "[Size \"3\"]\n[Player1 \"ann\"]\n[Player2 \"bob\"]\n\n1. c3 a1\n2. a2 c2\n3. a3 0-R\n")
	illegal := write("illegal.ptn", "[Size \"3\"]\n\n1. a3 a3\n")
	broken := write("broken.ptn", "[Size \"3\"\n")
	for _, tc := range []struct {
		args  []string
		code  int
		parts []string
	}{
		{[]string{good}, 0, []string{"games=1 legal=1 illegal=0 mismatched=0\n"}},
		{[]string{good, wrongResult, illegal}, 0, []string{
			"wrong.ptn: game 1 (line 1; ann vs bob): mismatched: recorded 0-R, the final position gives R-0",
			"illegal.ptn: game 1 (line 1): illegal: ply 2 (move 1, black: a3): a3 is occupied",
			"games=3 legal=2 illegal=1 mismatched=1\n",
		}},
		{[]string{good, broken}, 1, []string{"games=1 legal=1 illegal=0 mismatched=0\n"}},
		{[]string{filepath.Join(dir, "missing.ptn")}, 1, []string{"games=0 legal=0 illegal=0 mismatched=0\n"}},
		{nil, 2, nil},
	} {
		code, out, errs := runCmd(t, append([]string{"replay"}, tc.args...)...)
		if code != tc.code {
			t.Errorf("replay %q = %d, want %d (stderr %q)", tc.args, code, tc.code, errs)
		}
		for _, p := range tc.parts {
			if !strings.Contains(out, p) {
				t.Errorf("replay %q output %q lacks %q", tc.args, out, p)
			}
		}
		if tc.code != 0 && errs == "" {
			t.Errorf("replay %q: no message on stderr", tc.args)
		}
	}
}
