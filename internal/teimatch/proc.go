package teimatch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Engine is how to start one engine: a program and its arguments.
type Engine struct {
	Name string   // shown in reports; defaults to the program's base name
	Argv []string // program and arguments
}

// FaultError is an engine's failure that loses it the game.
type FaultError struct {
	Engine string
	Kind   string // "crash", "timeout", "illegal move", "protocol"
	Detail string
}

func (e *FaultError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Engine, e.Kind, e.Detail)
}

// proc is a running engine.
type proc struct {
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string // closed when its stdout ends
	options map[string]bool
}

// maxEngineLine bounds a line read from an engine.
const maxEngineLine = 1 << 20

func startProc(ctx context.Context, e Engine, handshake time.Duration) (*proc, error) {
	if len(e.Argv) == 0 {
		return nil, fmt.Errorf("engine %s: no command", e.Name)
	}
	cmd := exec.CommandContext(ctx, e.Argv[0], e.Argv[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", e.Name, err)
	}
	p := &proc{name: e.Name, cmd: cmd, stdin: stdin, lines: make(chan string, 256), options: map[string]bool{}}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), maxEngineLine)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	if err := p.send("tei"); err != nil {
		p.kill()
		return nil, err
	}
	deadline := time.Now().Add(handshake)
	for {
		line, err := p.next(deadline)
		if err != nil {
			p.kill()
			return nil, err
		}
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "option" && f[1] == "name" {
			p.options[f[2]] = true
		}
		if line == "teiok" {
			return p, nil
		}
	}
}

func (p *proc) send(line string) error {
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return &FaultError{Engine: p.name, Kind: "crash", Detail: "cannot write to it: " + err.Error()}
	}
	return nil
}

// next returns the next line the engine prints before deadline.
func (p *proc) next(deadline time.Time) (string, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	var line string
	var ok bool
	select {
	case line, ok = <-p.lines:
	case <-t.C:
		// a line already read wins over the timer (select would pick
		// either when both are ready, as after the runner itself waited
		// for the processor)
		select {
		case line, ok = <-p.lines:
		default:
			return "", &FaultError{Engine: p.name, Kind: "timeout", Detail: "no answer in time"}
		}
	}
	if !ok {
		return "", &FaultError{Engine: p.name, Kind: "crash", Detail: "its output ended"}
	}
	return strings.TrimSpace(line), nil
}

// await returns the first line starting with word before deadline,
// skipping the others.
func (p *proc) await(word string, deadline time.Time) (string, error) {
	for {
		line, err := p.next(deadline)
		if err != nil {
			var f *FaultError
			if errors.As(err, &f) && f.Kind == "timeout" {
				f.Detail = "no " + word + " in time"
			}
			return "", err
		}
		if line == word || strings.HasPrefix(line, word+" ") {
			return line, nil
		}
	}
}

// close asks the engine to quit and kills it if it has not within a second.
func (p *proc) close() {
	_ = p.send("quit")
	_ = p.stdin.Close()
	if !p.drain(time.Second) {
		_ = p.cmd.Process.Kill()
		p.drain(time.Second)
	}
	_ = p.cmd.Wait()
}

// kill ends the engine at once.
func (p *proc) kill() {
	_ = p.cmd.Process.Kill()
	_ = p.stdin.Close()
	p.drain(time.Second)
	_ = p.cmd.Wait()
}

// drain reads the engine's output until it ends, and reports whether it
// ended within d.
func (p *proc) drain(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return true
			}
		case <-t.C:
			return false
		}
	}
}
