package main

import (
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/takbymail/takbot/storage"
)

// TestVersionFrom formats the version from synthetic build information:
// with VCS stamping, with a modified work tree, and without any.
func TestVersionFrom(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/takbymail/takbot", Version: "v1.4.0"},
		Settings: []debug.BuildSetting{{Key: "-buildmode", Value: "exe"}, {Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.time", Value: "2026-11-27T18:04:05Z"},
			{Key: "vcs.modified", Value: "false"}}}
	modified := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/takbymail/takbot", Version: "v1.4.1-0.20261127180405-0123456789ab+dirty"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-27T18:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	bare := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/takbymail/takbot", Version: "(devel)"}}
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		line string
		text string
	}{
		{"stamped", stamped,
			"takbot v1.4.0 (commit 0123456789abcdef0123456789abcdef01234567, 2026-11-27T18:04:05Z, schema 4, go1.26.0)",
			"takbot v1.4.0\ncommit:      0123456789abcdef0123456789abcdef01234567\ncommit time: 2026-11-27T18:04:05Z\nschema:      4\ngo:          go1.26.0\n"},
		{"modified", modified,
			"takbot v1.4.1-0.20261127180405-0123456789ab+dirty (commit 0123456789abcdef0123456789abcdef01234567+modified, 2026-11-27T18:04:05Z, schema 4, go1.26.0)",
			"takbot v1.4.1-0.20261127180405-0123456789ab+dirty\ncommit:      0123456789abcdef0123456789abcdef01234567+modified\ncommit time: 2026-11-27T18:04:05Z\nschema:      4\ngo:          go1.26.0\n"},
		{"without VCS stamping", bare,
			"takbot (devel) (commit unknown, unknown, schema 4, go1.26.0)",
			"takbot (devel)\ncommit:      unknown\ncommit time: unknown\nschema:      4\ngo:          go1.26.0\n"},
		{"without build information", nil,
			"takbot (devel) (commit unknown, unknown, schema 4, " + runtime.Version() + ")",
			"takbot (devel)\ncommit:      unknown\ncommit time: unknown\nschema:      4\ngo:          " + runtime.Version() + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := versionFrom(tc.bi)
			if got := v.String(); got != tc.line {
				t.Errorf("String() = %q\nwant       %q", got, tc.line)
			}
			var b strings.Builder
			v.write(&b)
			if b.String() != tc.text {
				t.Errorf("write:\n%s\nwant:\n%s", b.String(), tc.text)
			}
		})
	}
	if storage.Version != 4 {
		t.Errorf("the cases above assume schema 4; storage writes %d", storage.Version)
	}
}

// TestVersionCommand runs "takbot version" on a real binary: its commit
// is the work tree's HEAD when the binary was built in a git work tree
// (the harness builds with -buildvcs=auto), else "unknown"; the schema is
// storage.Version.
func TestVersionCommand(t *testing.T) {
	code, out, errs := runTakbot(t, "version")
	if code != 0 {
		t.Fatalf("takbot version: exit %d, stderr %s", code, errs)
	}
	fields := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "takbot ") {
		t.Fatalf("takbot version printed:\n%s", out)
	}
	for _, l := range lines[1:] {
		k, v, _ := strings.Cut(l, ":")
		fields[k] = strings.TrimSpace(v)
	}
	if fields["schema"] != "4" || fields["go"] != runtime.Version() {
		t.Errorf("schema %q, go %q; want 4, %s", fields["schema"], fields["go"], runtime.Version())
	}
	// What the go tool stamped into the binary: vcs.revision and vcs.time
	// when it was built in a git repository, nothing otherwise (a git
	// worktree, whose .git is a file, is not one to the go tool).
	meta, err := exec.Command("go", "version", "-m", takbotBinary(t)).Output()
	if err != nil {
		t.Fatal(err)
	}
	wantCommit, wantTime := "unknown", "unknown"
	for _, l := range strings.Split(string(meta), "\n") {
		f := strings.Fields(l)
		if len(f) == 2 && f[0] == "build" {
			switch k, v, _ := strings.Cut(f[1], "="); k {
			case "vcs.revision":
				wantCommit = v
			case "vcs.time":
				wantTime = v
			}
		}
	}
	if commit := strings.TrimSuffix(fields["commit"], "+modified"); commit != wantCommit || fields["commit time"] != wantTime {
		t.Errorf("commit %q, time %q; the binary's build information says %q, %q", fields["commit"], fields["commit time"], wantCommit, wantTime)
	}
	if code, _, errs := runTakbot(t, "version", "extra"); code != 2 || !strings.Contains(errs, "usage: takbot version") {
		t.Errorf("takbot version extra: exit %d, stderr %s", code, errs)
	}
}
