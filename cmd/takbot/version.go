package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/takbymail/takbot/storage"
)

// versionInfo is what a binary knows of its own build: the module's
// version, the commit it was built from and that commit's time (from the
// VCS stamping of "go build -buildvcs=true"), the storage schema it
// writes and the Go release.
type versionInfo struct {
	Version  string // the module version: a tag, a pseudo-version, or "(devel)"
	Commit   string // vcs.revision; "unknown" without VCS stamping
	Date     string // vcs.time, the commit's time (RFC 3339); "unknown" without
	Modified bool   // vcs.modified: built from a work tree with changes
	Schema   int    // storage.Version
	Go       string // the Go release
}

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// buildVersion returns this binary's versionInfo.
func buildVersion() versionInfo {
	bi, ok := readBuildInfo()
	if !ok {
		bi = nil
	}
	return versionFrom(bi)
}

// versionFrom reads a versionInfo from build information (nil when the
// binary has none).
func versionFrom(bi *debug.BuildInfo) versionInfo {
	v := versionInfo{Version: "(devel)", Commit: "unknown", Date: "unknown", Schema: storage.Version, Go: runtime.Version()}
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" {
		v.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		v.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Date = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// commit is the commit with "+modified" when the work tree had changes.
func (v versionInfo) commit() string {
	if v.Modified {
		return v.Commit + "+modified"
	}
	return v.Commit
}

// String is the version in one line: "takbot VERSION (commit C, DATE,
// schema N, GO)".
func (v versionInfo) String() string {
	return fmt.Sprintf("takbot %s (commit %s, %s, schema %d, %s)", v.Version, v.commit(), v.Date, v.Schema, v.Go)
}

// logAttrs are the key-value pairs of the first log line of serve.
func (v versionInfo) logAttrs() []any {
	return []any{"version", v.Version, "commit", v.commit(), "commit_time", v.Date, "schema", v.Schema, "go", v.Go}
}

// write prints the version, one field a line.
func (v versionInfo) write(w io.Writer) {
	fmt.Fprintf(w, "takbot %s\n", v.Version)
	fmt.Fprintf(w, "commit:      %s\n", v.commit())
	fmt.Fprintf(w, "commit time: %s\n", v.Date)
	fmt.Fprintf(w, "schema:      %s\n", strconv.Itoa(v.Schema))
	fmt.Fprintf(w, "go:          %s\n", v.Go)
}

func runVersion(_ context.Context, e *env) int {
	fs := newFlagSet("version", e.stderr,
		"usage: takbot version",
		"\nPrints the module version, the commit the binary was built from and its",
		"time (stamped by \"go build -buildvcs=true\"; \"unknown\" without it), the",
		"database schema version it reads and writes, and the Go release.")
	if code, done := parseFlags(fs, e.args); done {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	buildVersion().write(e.stdout)
	return exitOK
}
