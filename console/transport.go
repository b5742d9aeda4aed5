package console

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/outbox"
	"github.com/takbymail/takbot/record"
)

// Name is the transport name of console identities.
const Name = "console"

// Info describes the console transport: a player is a name (letters of any
// script, digits, '.', '_' and '-'), compared without case.
func Info() bot.TransportInfo {
	return bot.TransportInfo{
		Name:         Name,
		Title:        "the console",
		ParseAddress: ParseName,
		Limits:       bot.Limits{Monospace: true},
	}
}

// ParseName reads a console player's name: one word of letters (of any
// script), digits, '.', '_' or '-', at most 64 bytes. It returns the name
// lower-cased.
func ParseName(s string) (string, bool) {
	if s == "" || len(s) > 64 {
		return "", false
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-') {
			return "", false
		}
	}
	return strings.ToLower(s), true
}

// Transport prints the console's replies: each line as "[to NAME] line",
// pictures written to a directory and their paths printed.
type Transport struct {
	mu        sync.Mutex
	out       io.Writer
	imagesDir string
}

// NewTransport returns a console transport printing to out; imagesDir ""
// writes no pictures.
func NewTransport(out io.Writer, imagesDir string) *Transport {
	return &Transport{out: out, imagesDir: imagesDir}
}

// Info describes the transport; it shows pictures when it has a directory.
func (t *Transport) Info() bot.TransportInfo {
	info := Info()
	info.Limits.Pictures = t.imagesDir != ""
	return info
}

// Send prints one reply.
func (t *Transport) Send(ctx context.Context, r *record.Reply) error {
	name := r.ToName
	if name == "" {
		name = r.To.Address
	}
	prefix := "[to " + name + "] "
	var b strings.Builder
	img := 0
	for _, p := range r.Parts {
		if p.Kind == record.Image {
			if t.imagesDir == "" || img >= len(r.Images) {
				continue
			}
			im := r.Images[img]
			img++
			path := filepath.Join(t.imagesDir, im.Name)
			if err := os.WriteFile(path, im.PNG, 0o644); err != nil {
				return outbox.Temporary(fmt.Errorf("console: write picture: %w", err), 0)
			}
			line := "picture: " + path
			if p.Caption != "" {
				line += " (" + p.Caption + ")"
			}
			b.WriteString(prefix + line + "\n")
			continue
		}
		for _, l := range strings.Split(p.PlainText(), "\n") {
			b.WriteString(prefix + l + "\n")
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := io.WriteString(t.out, b.String()); err != nil {
		return outbox.Temporary(fmt.Errorf("console: write: %w", err), 0)
	}
	return nil
}
