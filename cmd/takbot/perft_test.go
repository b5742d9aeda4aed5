package main

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
)

// runCmd runs takbot with args and returns its exit code and output.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(env{args: args, stdout: &out, stderr: &errb})
	return code, out.String(), errb.String()
}

func TestPerftCorpus(t *testing.T) {
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		code, out, errs := runCmd(t, "perft", cols[0], cols[1])
		if code != 0 || out != cols[2]+"\n" {
			t.Errorf("perft %q %s = %d %q %q, want %s", cols[0], cols[1], code, out, errs, cols[2])
		}
		n++
	}
	if n != 31 {
		t.Fatalf("ran %d perft lines, want 31", n)
	}
}

func TestPerftArgs(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		code    int
		out     string
		errPart string
	}{
		{[]string{"perft", "x5/x5/x5/x5/x5", "1", "1", "2"}, 0, "600\n", ""}, // TPS as three words
		{[]string{"perft", "x3/x3/x3 1 1", "0"}, 0, "1\n", ""},
		// a finished game (a white road on rank 1) counts 0 above depth 0
		{[]string{"perft", "x3/x3/1,1,1 2 2", "1"}, 0, "0\n", ""},
		{[]string{"perft"}, 2, "", "usage: takbot perft"},
		{[]string{"perft", "x5/x5/x5/x5/x5 1 1"}, 2, "", "usage: takbot perft"},
		{[]string{"perft", "x5/x5/x5/x5/x5 1 1", "deep"}, 2, "", "depth \"deep\""},
		{[]string{"perft", "x5/x5/x5/x5/x5 1 1", "99"}, 2, "", "from 0 to 8"},
		{[]string{"perft", "x5/x5/x5/x5 1 1", "1"}, 2, "", "row 1 (rank 4) has 5 squares, expected 4"},
		{[]string{"perft", "-bogus"}, 2, "", "flag provided but not defined"},
		{[]string{"perft", "-h"}, 0, "", "usage: takbot perft"},
	} {
		code, out, errs := runCmd(t, tc.args...)
		if code != tc.code || out != tc.out || !strings.Contains(errs, tc.errPart) {
			t.Errorf("%q = %d, %q, %q; want %d, %q, stderr with %q", tc.args, code, out, errs, tc.code, tc.out, tc.errPart)
		}
	}
}
