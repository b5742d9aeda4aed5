package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchSelf: takbot match plays takbot tei against itself (the built
// binary on both sides): two games of one opening, one with each colour,
// then the score line.
func TestMatchSelf(t *testing.T) {
	bin := takbotBinary(t)
	code, out, errs := runTakbot(t, "match", "-engine1", bin+" tei -hash 1", "-engine2", bin+" tei -hash 1",
		"-games", "2", "-movetime", "20", "-grace", "1000", "-maxplies", "16")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "game 1: takbot#1 (White) - takbot#2 (Black)") ||
		!strings.HasPrefix(lines[1], "game 2: takbot#2 (White) - takbot#1 (Black)") ||
		!strings.HasPrefix(lines[2], "takbot vs takbot: 2 games") || strings.Contains(out, "timeout") {
		t.Fatalf("output:\n%s", out)
	}
}

// TestMatchUsage: a match needs both engines.
func TestMatchUsage(t *testing.T) {
	code, _, errs := runTakbot(t, "match", "-engine1", "x")
	if code != 2 || !strings.Contains(errs, "usage: takbot match") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

// TestTEIBinary: takbot tei answers the handshake and a search on its
// standard streams, refuses a bad line with an info string, and exits 0
// at quit. Quit is sent once the search has answered: a quit during a
// search stops it at once, whatever depth it reached.
func TestTEIBinary(t *testing.T) {
	cmd := exec.Command(takbotBinary(t), "tei", "-hash", "1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(in, "tei\nisready\nbogus\nteinewgame 6\nposition startpos moves a1 f6\ngo depth 2\n"); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "bestmove ") {
			io.WriteString(in, "quit\n")
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	s := out.String()
	for _, want := range []string{"id name takbot\n", "teiok\n", "readyok\n", "info string error: unknown command \"bogus\"\n", "info depth 2 ", "bestmove "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// TestMatchClockClaim: takbot match with a clock for each engine, on the
// claim openings, with an SPRT: the report gives the mean answer times and
// the test's state; bad clocks and bounds are usage errors.
func TestMatchClockClaim(t *testing.T) {
	bin := takbotBinary(t)
	code, out, errs := runTakbot(t, "match", "-engine1", bin+" tei -hash 1", "-engine2", bin+" tei -hash 1",
		"-games", "2", "-clock", "3000+20", "-grace", "1000", "-maxplies", "16", "-openings", "claim", "-sprt", "0,20", "-halfkomi", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "opening a6 f6:") || !strings.Contains(out, "mean answer: takbot") ||
		!strings.Contains(out, "SPRT elo0=0 elo1=20 alpha=0.05 beta=0.05") || strings.Contains(out, "timeout") {
		t.Fatalf("output:\n%s", out)
	}
	for _, bad := range [][]string{{"-clock", "x"}, {"-clock1", "1000"}, {"-sprt", "20,0"}, {"-openings", "/nonexistent"}} {
		args := append([]string{"match", "-engine1", bin + " tei", "-engine2", bin + " tei"}, bad...)
		if code, _, errs := runTakbot(t, args...); code != 2 {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errs)
		}
	}
}

// TestMatchFlagErrors: wrong clocks, SPRT bounds and openings are refused
// with exit 2 and a line that names the flag, before any engine starts.
func TestMatchFlagErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("# nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	engines := []string{"-engine1", "x tei", "-engine2", "y tei"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-games", "0"}, "usage: takbot match"},
		{[]string{"-clock1", "1000+10"}, "takbot match: give both engines a clock (-clock, or -clock1 and -clock2)\n"},
		{[]string{"-clock", "fast"}, "takbot match: clock \"fast\": want MS+INC, milliseconds a game and a move\n"},
		{[]string{"-sprt", "20,0"}, "takbot match: -sprt \"20,0\": want ELO0,ELO1 with ELO0 < ELO1, and alpha and beta between 0 and 0.5\n"},
		{[]string{"-sprt", "0,20", "-alpha", "0.6"}, "takbot match: -sprt \"0,20\": want ELO0,ELO1"},
		{[]string{"-openings", missing}, "takbot match: open " + missing + ": no such file or directory\n"},
		{[]string{"-openings", empty}, "takbot match: no openings in " + empty + "\n"},
	} {
		code, out, errs := runTakbot(t, append(append([]string{"match"}, engines...), tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errs, tc.want)
		}
	}
}
