//go:build container

package containertest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tool is a command-line program the test drives (podman, buildah, docker),
// with the environment it runs in.
type tool struct {
	name string   // podman, buildah or docker: for messages
	bin  string   // the executable
	env  []string // added to the test's environment
}

// commandTimeout bounds every command but the builds.
const commandTimeout = 2 * time.Minute

// buildTimeout bounds a build of the image (about a minute here).
const buildTimeout = 10 * time.Minute

// result is what a command did.
type result struct {
	stdout, stderr string
	err            error
	took           time.Duration
}

// exitCode is the command's exit status, or -1 when it did not exit.
func (r result) exitCode() int {
	if r.err == nil {
		return 0
	}
	if ee, ok := r.err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// deadline is when every command must have ended: a little before the test
// binary's own deadline (go test -timeout), so that a slow build fails
// with its output instead of a panic; the zero time when there is none.
var deadline time.Time

// try runs the tool with args, stdin from in (may be nil), within timeout
// and before deadline.
func (tl tool) try(timeout time.Duration, in []byte, args ...string) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if !deadline.IsZero() {
		var cancelDeadline context.CancelFunc
		ctx, cancelDeadline = context.WithDeadline(ctx, deadline)
		defer cancelDeadline()
	}
	cmd := exec.CommandContext(ctx, tl.bin, args...)
	cmd.Env = append(os.Environ(), tl.env...)
	if in != nil {
		cmd.Stdin = bytes.NewReader(in)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	return result{stdout: stdout.String(), stderr: stderr.String(), err: err, took: time.Since(start)}
}

// run runs the tool and fails the test unless it exits 0; it returns the
// standard output, trimmed.
func (tl tool) run(t *testing.T, args ...string) string {
	t.Helper()
	r := tl.try(commandTimeout, nil, args...)
	if r.err != nil {
		t.Fatalf("%s %s: %v\n%s%s", tl.name, strings.Join(args, " "), r.err, r.stdout, r.stderr)
	}
	return strings.TrimSpace(r.stdout)
}

// pipe runs from's output into to's input (podman save | docker load).
func pipe(from tool, fromArgs []string, to tool, toArgs []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	if !deadline.IsZero() {
		var cancelDeadline context.CancelFunc
		ctx, cancelDeadline = context.WithDeadline(ctx, deadline)
		defer cancelDeadline()
	}
	src := exec.CommandContext(ctx, from.bin, fromArgs...)
	src.Env = append(os.Environ(), from.env...)
	dst := exec.CommandContext(ctx, to.bin, toArgs...)
	dst.Env = append(os.Environ(), to.env...)
	var srcErr, dstOut bytes.Buffer
	src.Stderr = &srcErr
	dst.Stdout, dst.Stderr = &dstOut, &dstOut
	out, err := src.StdoutPipe()
	if err != nil {
		return err
	}
	dst.Stdin = out
	if err := src.Start(); err != nil {
		return err
	}
	if err := dst.Start(); err != nil {
		return err
	}
	// The reading end is to's alone now: should to fail, from's writes
	// fail too instead of waiting for a reader.
	out.Close()
	dstErr := dst.Wait()
	if err := src.Wait(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", from.name, strings.Join(fromArgs, " "), err, srcErr.String())
	}
	if dstErr != nil {
		return fmt.Errorf("%s %s: %w\n%s", to.name, strings.Join(toArgs, " "), dstErr, dstOut.String())
	}
	return nil
}

// need finds the program name on PATH or fails the test saying how to
// install it.
func need(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("the container test needs %s (apt-get install -y %s; .ci/run installs it): %v", name, pkg, err)
	}
	return path
}

// suffix is a random name part, so that two runs never share an image,
// container or volume.
func suffix(t *testing.T) string {
	t.Helper()
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// podmanConfig writes the containers.conf the test runs podman and buildah
// with (doc.go says why) and returns the environment naming it.
func podmanConfig(t *testing.T) []string {
	t.Helper()
	limit := func(resource int, want uint64) uint64 {
		var rl syscall.Rlimit
		if err := syscall.Getrlimit(resource, &rl); err != nil {
			t.Fatal(err)
		}
		return min(rl.Max, want)
	}
	// RLIMIT_NPROC is 6 on linux/amd64 and arm64; syscall names only
	// RLIMIT_NOFILE.
	const rlimitNPROC = 6
	nofile, nproc := limit(syscall.RLIMIT_NOFILE, 4096), limit(rlimitNPROC, 4096)
	conf := fmt.Sprintf(`[containers]
default_ulimits = ["nofile=%d:%d", "nproc=%d:%d"]

[engine]
runtime = "runc"
`, nofile, nofile, nproc, nproc)
	path := filepath.Join(t.TempDir(), "containers.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"CONTAINERS_CONF=" + path}
}
