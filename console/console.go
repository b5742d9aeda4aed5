package console

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/takbymail/takbot/bot"
)

// Transport is the transport name of console identities.
const Transport = "console"

// Options configures Run.
type Options struct {
	// ImagesDir receives the pictures of replies; "" prints no pictures.
	ImagesDir string
	// Session seeds the message-id chain (default "console").
	Session string
	// Directives enables script lines "!tick" (run the clocks) and
	// "!advance DURATION" (move the clock on with Advance; e.g. "!advance 2d"
	// or "!advance 36h"), for scripted tests and rehearsals.
	Directives bool
	// Advance moves an injected fake clock forward (with Directives).
	Advance func(time.Duration)
	// Clock stamps messages (default bot.SystemClock).
	Clock bot.Clock
	// TickEachMessage runs the clocks after every message, so reminders
	// and losses on time show up in an interactive session.
	TickEachMessage bool
	// Notes receives "[console] ..." notes about unreadable input lines and
	// messages the referee could not handle; standard output carries
	// nothing but replies. Default os.Stderr.
	Notes io.Writer
}

// Line is one parsed input message.
type Line struct {
	Name, Text string
}

// ParseLine reads "NAME: MESSAGE". NAME is one word of letters (of any
// script, "Zoë" too), digits, '.', '_' or '-'.
func ParseLine(s string) (Line, error) {
	name, text, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Line{}, fmt.Errorf("line %q: write NAME: MESSAGE, e.g. \"alice: new bob\"", s)
	}
	for _, r := range name {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-') {
			return Line{}, fmt.Errorf("line %q: the name %q may hold only letters, digits, '.', '_' and '-'", s, name)
		}
	}
	if len(name) > 64 {
		return Line{}, fmt.Errorf("line %q: the name is longer than 64 characters", s)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Line{}, fmt.Errorf("line %q: the message is empty", s)
	}
	return Line{Name: name, Text: text}, nil
}

// Run reads messages from in until EOF or ctx ends, hands each to the
// referee and prints the console replies to out. Unreadable lines and
// messages the referee fails to handle are noted as "[console] ..." lines
// on o.Notes and the run goes on; a failed message stays unprocessed, so
// feeding the script again retries it.
func Run(ctx context.Context, ref *bot.Referee, in io.Reader, out io.Writer, o Options) error {
	if o.Notes == nil {
		o.Notes = os.Stderr
	}
	if o.Clock == nil {
		o.Clock = bot.SystemClock{}
	}
	if o.Session == "" {
		o.Session = "console"
	}
	chain := sha256.Sum256([]byte(o.Session))
	rd := bufio.NewReader(in)
	// Deliver whatever a previous run left in the outbox.
	if err := Deliver(ctx, ref, out, o.ImagesDir); err != nil {
		return err
	}
	var pending []string
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := rd.ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("console: read input: %w", err)
		}
		if line == "" && err == io.EOF {
			if len(pending) == 0 {
				break
			}
			// the input ended inside a message continued with '\': the
			// message ends here instead of being dropped
		}
		raw := strings.TrimRight(line, "\r\n")
		if len(raw) > bot.MaxMessageBytes {
			fmt.Fprintf(o.Notes, "[console] a line of %d bytes is longer than the %d a message may have; skipped\n", len(raw), bot.MaxMessageBytes)
			pending = nil
			continue
		}
		if strings.HasSuffix(raw, "\\") {
			pending = append(pending, strings.TrimSuffix(raw, "\\"))
			continue
		}
		pending = append(pending, raw)
		full := strings.Join(pending, "\n")
		pending = nil
		trimmed := strings.TrimSpace(full)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "!") {
			if err := directive(ctx, ref, out, o, trimmed); err != nil {
				return err
			}
			continue
		}
		ln, err := ParseLine(full)
		if err != nil {
			fmt.Fprintf(o.Notes, "[console] %v\n", err)
			continue
		}
		h := sha256.New()
		h.Write(chain[:])
		h.Write([]byte(strings.ToLower(ln.Name) + "\x00" + ln.Text))
		copy(chain[:], h.Sum(nil))
		msg := bot.Message{ID: "console:" + hex.EncodeToString(chain[:12]), From: bot.Identity{Transport: Transport, Address: strings.ToLower(ln.Name)},
			Name: ln.Name, Text: ln.Text, Received: o.Clock.Now()}
		if _, err := ref.Handle(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(o.Notes, "[console] %s's message was not handled: %v\n", ln.Name, err)
			continue
		}
		if o.TickEachMessage {
			tick(ctx, ref, o.Notes)
		}
		if err := Deliver(ctx, ref, out, o.ImagesDir); err != nil {
			return err
		}
	}
	return nil
}

func directive(ctx context.Context, ref *bot.Referee, out io.Writer, o Options, line string) error {
	if !o.Directives {
		fmt.Fprintf(o.Notes, "[console] directives such as %q are disabled\n", line)
		return nil
	}
	f := strings.Fields(line)
	switch f[0] {
	case "!tick":
		tick(ctx, ref, o.Notes)
		return Deliver(ctx, ref, out, o.ImagesDir)
	case "!advance":
		if len(f) != 2 || o.Advance == nil {
			fmt.Fprintf(o.Notes, "[console] %q: write \"!advance 2d\" (needs a settable clock)\n", line)
			return nil
		}
		d, err := parseDuration(f[1])
		if err != nil {
			fmt.Fprintf(o.Notes, "[console] %v\n", err)
			return nil
		}
		o.Advance(d)
		return nil
	}
	fmt.Fprintf(o.Notes, "[console] unknown directive %q\n", line)
	return nil
}

// tick runs the clocks. A failure (a game that cannot be read) is printed
// and the session goes on: Tick has still run the other games' clocks.
func tick(ctx context.Context, ref *bot.Referee, notes io.Writer) {
	if _, err := ref.Tick(ctx); err != nil {
		fmt.Fprintf(notes, "[console] clocks: %v\n", err)
	}
}

func parseDuration(s string) (time.Duration, error) {
	if strings.HasSuffix(s, "d") {
		var n float64
		if _, err := fmt.Sscanf(strings.TrimSuffix(s, "d"), "%g", &n); err != nil || n < 0 || n > 1000 {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		return time.Duration(n * 24 * float64(time.Hour)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("bad duration %q", s)
	}
	return d, nil
}

// Deliver prints every pending console reply and marks it delivered.
func Deliver(ctx context.Context, ref *bot.Referee, out io.Writer, imagesDir string) error {
	for {
		pending := ref.PendingText
		if imagesDir != "" {
			pending = ref.Pending
		}
		rs, err := pending(ctx, Transport, 100)
		if err != nil {
			return fmt.Errorf("console: %w", err)
		}
		if len(rs) == 0 {
			return nil
		}
		for _, r := range rs {
			name := r.ToName
			if name == "" {
				name = r.To.Address
			}
			prefix := "[to " + name + "] "
			var b strings.Builder
			for _, l := range strings.Split(r.Text, "\n") {
				b.WriteString(prefix + l + "\n")
			}
			if imagesDir != "" {
				for _, im := range r.Images {
					p := filepath.Join(imagesDir, im.Name)
					if err := os.WriteFile(p, im.PNG, 0o644); err != nil {
						return fmt.Errorf("console: write picture: %w", err)
					}
					b.WriteString(prefix + "picture: " + p + "\n")
				}
			}
			if _, err := io.WriteString(out, b.String()); err != nil {
				return fmt.Errorf("console: write: %w", err)
			}
			if err := ref.Delivered(ctx, r.ID); err != nil {
				return fmt.Errorf("console: %w", err)
			}
		}
	}
}
