package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/pgtest"
)

// The takbot binary the subprocess tests run, built once per test run.
var (
	binDir   string
	binOnce  sync.Once
	binPath  string
	binError error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "takbot-bin-")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	if err := pgtest.StopShared(); err != nil && code == 0 { // standby_test.go's server
		code = 1
	}
	os.Exit(code)
}

// takbotBinary builds the takbot binary once per test run (with the race
// detector when the tests have it) and returns its path.
func takbotBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(binDir, "takbot")
		// -buildvcs=auto: stamped with the commit when built in a git
		// work tree (this machine's GOFLAGS may say -buildvcs=false), as
		// README's build line and the Dockerfile do with =true.
		args := []string{"build", "-buildvcs=auto", "-o", binPath}
		if raceEnabled {
			args = append(args, "-race")
		}
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			binError = errors.New(string(out))
		}
	})
	if binError != nil {
		t.Fatalf("go build: %v", binError)
	}
	return binPath
}

// runTakbot runs the binary to its end and returns its exit code and
// outputs.
func runTakbot(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb strings.Builder
	cmd := exec.Command(takbotBinary(t), args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// logLine is one JSON log line of a takbot process.
type logLine map[string]any

func (l logLine) str(key string) string {
	s, _ := l[key].(string)
	return s
}

// process is a running takbot whose standard error holds JSON logs.
type process struct {
	cmd    *exec.Cmd
	exited chan struct{} // closed once the process has ended

	mu      sync.Mutex
	stderr  strings.Builder // everything written to standard error
	logs    []logLine
	changed chan struct{} // closed and replaced at each new line
	eof     bool
}

// startTakbot starts the binary with args.
func startTakbot(t *testing.T, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(takbotBinary(t), args...), exited: make(chan struct{}), changed: make(chan struct{})}
	pipe, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			var l logLine
			json.Unmarshal(sc.Bytes(), &l)
			p.mu.Lock()
			p.stderr.WriteString(sc.Text() + "\n")
			if l != nil {
				p.logs = append(p.logs, l)
			}
			close(p.changed)
			p.changed = make(chan struct{})
			p.mu.Unlock()
		}
		p.mu.Lock()
		p.eof = true
		close(p.changed)
		p.mu.Unlock()
		p.cmd.Wait() // after the last read of the pipe, as exec requires
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

// output returns what the process wrote to standard error so far.
func (p *process) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// waitLog returns the first log line with message msg for which match
// (if not nil) holds, waiting for it at most timeout.
func (p *process) waitLog(t *testing.T, timeout time.Duration, msg string, match func(logLine) bool) logLine {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for i := 0; ; {
		p.mu.Lock()
		for ; i < len(p.logs); i++ {
			if l := p.logs[i]; l.str("msg") == msg && (match == nil || match(l)) {
				p.mu.Unlock()
				return l
			}
		}
		changed, eof := p.changed, p.eof
		p.mu.Unlock()
		if eof {
			t.Fatalf("takbot ended without logging %q; standard error:\n%s", msg, p.output())
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("no log line %q within %s; standard error:\n%s", msg, timeout, p.output())
		}
	}
}

// exitCode waits at most timeout for the process to end and returns its
// exit code.
func (p *process) exitCode(t *testing.T, timeout time.Duration) int {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	select {
	case <-p.exited:
		return p.cmd.ProcessState.ExitCode()
	case <-deadline.C:
		t.Fatalf("takbot still runs after %s; standard error:\n%s", timeout, p.output())
		return -1
	}
}
