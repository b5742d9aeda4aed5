//go:build dovecot

package dovecottest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Bounds on waiting for Dovecot; reached only when something is broken.
const (
	startTimeout   = 15 * time.Second
	stopGrace      = time.Second
	doveadmTimeout = 30 * time.Second
	logTailLines   = 40
)

// errPortClash: Dovecot could not bind a port chosen at run time because
// another process took it first.
var errPortClash = errors.New("dovecottest: a port is already in use")

// binaries are the Dovecot programs the harness runs.
type binaries struct {
	dovecot string
	doveadm string
}

// serviceDirs are where Debian (and others) install Dovecot's LMTP and IMAP
// servers; the harness checks them to tell the user which package to add.
var serviceDirs = []string{"/usr/lib/dovecot", "/usr/libexec/dovecot"}

// installHint says how to get Dovecot.
const installHint = "install Dovecot: apt-get install dovecot-imapd dovecot-lmtpd"

// findBinaries locates dovecot and doveadm and checks that the IMAP and LMTP
// services are installed.
func findBinaries() (binaries, error) {
	var b binaries
	var err error
	if b.dovecot, err = exec.LookPath("dovecot"); err != nil {
		return b, fmt.Errorf("dovecottest: dovecot not found (%w); %s", err, installHint)
	}
	if b.doveadm, err = exec.LookPath("doveadm"); err != nil {
		return b, fmt.Errorf("dovecottest: doveadm not found (%w); %s", err, installHint)
	}
	for _, service := range []string{"imap", "lmtp"} {
		if !serviceInstalled(service) {
			return b, fmt.Errorf("dovecottest: Dovecot's %s service is not installed; %s", service, installHint)
		}
	}
	return b, nil
}

// serviceInstalled reports whether one of serviceDirs holds the program.
func serviceInstalled(name string) bool {
	for _, dir := range serviceDirs {
		if info, err := os.Stat(dir + "/" + name); err == nil && !info.IsDir() {
			return true
		}
	}
	return false
}

// process is one run of `dovecot -F`.
type process struct {
	cmd    *exec.Cmd
	ready  chan struct{} // closed when the log says "starting up"
	exited chan struct{} // closed when the process has ended
	log    *logTail
}

// launch starts Dovecot with the configuration file and waits until its
// listeners are open. A port clash gives an error wrapping errPortClash.
func launch(bins binaries, confPath string) (*process, error) {
	log := &logTail{}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("dovecottest: pipe: %w", err)
	}
	cmd := exec.Command(bins.dovecot, "-F", "-c", confPath)
	// Its own process group, so that stop reaches every Dovecot process.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stdout = w
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		_ = r.Close()
		_ = w.Close()
		return nil, fmt.Errorf("dovecottest: start dovecot: %w", err)
	}
	_ = w.Close() // the children hold their own copies

	p := &process{cmd: cmd, ready: make(chan struct{}), exited: make(chan struct{}), log: log}
	go p.readLog(r)
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()

	timer := time.NewTimer(startTimeout)
	defer timer.Stop()
	select {
	case <-p.ready:
		return p, nil
	case <-p.exited:
		if log.contains("Address already in use") {
			return nil, fmt.Errorf("%w:\n%s", errPortClash, log.String())
		}
		return nil, fmt.Errorf("dovecottest: dovecot exited at start (%v):\n%s", cmd.ProcessState, log.String())
	case <-timer.C:
		p.kill()
		return nil, fmt.Errorf("dovecottest: dovecot not ready after %v:\n%s", startTimeout, log.String())
	}
}

// readLog copies Dovecot's log into the tail and signals readiness.
func (p *process) readLog(r io.ReadCloser) {
	defer r.Close()
	signalled := false
	scanner := bufio.NewScanner(r)
	for scanner.Scan() {
		line := scanner.Text()
		p.log.add(line)
		if !signalled && strings.Contains(line, "starting up") {
			signalled = true
			close(p.ready)
		}
	}
}

// stop ends Dovecot: SIGTERM to its whole process group (the master, as
// `doveadm stop` does, and its children at once, so that IMAP sessions end
// now rather than seconds later), a short wait for the master, then SIGKILL
// for any process of the group still there. A clean stop takes a few
// milliseconds, but a child forked just as the signal arrives misses it and
// the master then waits seconds for it; Maildir delivery is synchronous and
// crash-safe, so killing after the grace period loses no mail. Waiting on
// the process itself avoids doveadm's 100 ms polling.
func (p *process) stop() {
	p.signalGroup(syscall.SIGTERM)
	timer := time.NewTimer(stopGrace)
	defer timer.Stop()
	select {
	case <-p.exited:
	case <-timer.C:
	}
	p.kill()
}

// kill ends every process of the group and waits for the master. A group
// id stays reserved while any member lives, and Linux hands out pids in
// sequence, so the signal cannot reach a stranger.
func (p *process) kill() {
	p.signalGroup(syscall.SIGKILL)
	<-p.exited
}

// signalGroup signals Dovecot's process group, which launch made with the
// master's pid as its id.
func (p *process) signalGroup(sig syscall.Signal) {
	if err := syscall.Kill(-p.cmd.Process.Pid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		p.log.add(fmt.Sprintf("dovecottest: signal %v: %v", sig, err))
	}
}

// logTail keeps the last lines of Dovecot's log.
type logTail struct {
	mu    sync.Mutex
	lines []string
}

// add appends one line, forgetting the oldest beyond logTailLines.
func (l *logTail) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
	if over := len(l.lines) - logTailLines; over > 0 {
		l.lines = append(l.lines[:0], l.lines[over:]...)
	}
}

// contains reports whether a kept line contains s.
func (l *logTail) contains(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

// String is the kept lines, one per line.
func (l *logTail) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}
