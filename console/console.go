package console

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Options configures Run.
type Options struct {
	// Replayable derives each message's id from the lines read so far
	// (seeded by Session), so that feeding the same script to the same
	// database again is harmless: every message is recognised as handled,
	// and noted on Notes. Without it (an interactive session) every line
	// is a new message, always answered, even one typed again after a
	// restart.
	Replayable bool
	// Session seeds the ids of a replayable input (default "console").
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
	// Notes receives "[console] ..." notes about unreadable input lines,
	// lines handled before and messages the referee could not handle;
	// standard output carries nothing but replies. Default os.Stderr.
	Notes io.Writer
	// Also names other transports whose due replies are delivered before
	// the console prints its own, such as the engine's (record.EngineTransport),
	// whose Send answers at once in the console: its moves then show up
	// right after the message that caused them.
	Also []string
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
		return Line{}, fmt.Errorf("line %q: write NAME: MESSAGE, e.g. \"alice: new bob\"", excerpt(s))
	}
	if len(name) > 64 {
		return Line{}, fmt.Errorf("line %q: the name is longer than 64 characters", excerpt(s))
	}
	if _, ok := ParseName(name); !ok {
		return Line{}, fmt.Errorf("line %q: the name %q may hold only letters, digits, '.', '_' and '-'", excerpt(s), name)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Line{}, fmt.Errorf("line %q: the message is empty", excerpt(s))
	}
	return Line{Name: name, Text: text}, nil
}

func excerpt(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

// ids makes message ids: a hash chain over the lines read (replayable) or
// a random session nonce and a counter (interactive).
type ids struct {
	replayable bool
	chain      [32]byte
	nonce      string
	n          int
}

func newIDs(o Options) (*ids, error) {
	g := &ids{replayable: o.Replayable, chain: sha256.Sum256([]byte(o.Session))}
	if !o.Replayable {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("console: session id: %w", err)
		}
		g.nonce = hex.EncodeToString(b[:])
	}
	return g, nil
}

func (g *ids) next(ln Line) string {
	g.n++
	if !g.replayable {
		return g.nonce + "-" + strconv.Itoa(g.n)
	}
	h := sha256.New()
	h.Write(g.chain[:])
	h.Write([]byte(strings.ToLower(ln.Name) + "\x00" + ln.Text))
	copy(g.chain[:], h.Sum(nil))
	return hex.EncodeToString(g.chain[:12])
}

// Run reads messages from in until EOF or ctx ends, hands each to the
// referee and delivers the console's replies (through the console
// Transport registered with ref) after each. Unreadable lines and messages
// the referee fails to handle are noted as "[console] ..." lines on
// o.Notes and the run goes on; a failed message stays unhandled.
func Run(ctx context.Context, ref Referee, in io.Reader, o Options) error {
	if o.Notes == nil {
		o.Notes = os.Stderr
	}
	if o.Clock == nil {
		o.Clock = bot.SystemClock{}
	}
	if o.Session == "" {
		o.Session = "console"
	}
	gen, err := newIDs(o)
	if err != nil {
		return err
	}
	rd := bufio.NewReader(in)
	// Deliver whatever a previous run left in the outbox.
	if err := deliver(ctx, ref, o); err != nil {
		return err
	}
	var pending []string
	lineNo := 0
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
		lineNo++
		raw := strings.TrimRight(line, "\r\n")
		if len(raw) > bot.MaxMessageBytes {
			fmt.Fprintf(o.Notes, "[console] line %d: %d bytes is longer than the %d a message may have; skipped\n", lineNo, len(raw), bot.MaxMessageBytes)
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
			if err := directive(ctx, ref, o, trimmed); err != nil {
				return err
			}
			continue
		}
		ln, err := ParseLine(full)
		if err != nil {
			fmt.Fprintf(o.Notes, "[console] %v\n", err)
			continue
		}
		msg := bot.Message{ID: gen.next(ln), From: record.Identity{Transport: Name, Address: strings.ToLower(ln.Name)},
			Name: ln.Name, Text: ln.Text, Received: o.Clock.Now()}
		out, err := ref.Handle(ctx, msg)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(o.Notes, "[console] %s's message was not handled: %v\n", ln.Name, err)
			continue
		}
		if out.Duplicate {
			fmt.Fprintf(o.Notes, "[console] line %d (%s) was handled before (the same input fed again); skipped\n", lineNo, excerpt(ln.Name+": "+ln.Text))
		}
		if o.TickEachMessage {
			tick(ctx, ref, o.Notes)
		}
		if err := deliver(ctx, ref, o); err != nil {
			return err
		}
	}
	return nil
}

// deliver prints every due console reply, in order.
func deliver(ctx context.Context, ref Referee, o Options) error {
	for _, name := range o.Also {
		if _, err := ref.DeliverDue(ctx, name); err != nil && !errors.Is(err, context.Canceled) {
			return fmt.Errorf("console: %w", err)
		}
	}
	if _, err := ref.DeliverDue(ctx, Name); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("console: %w", err)
	}
	return ctx.Err()
}

func directive(ctx context.Context, ref Referee, o Options, line string) error {
	if !o.Directives {
		fmt.Fprintf(o.Notes, "[console] directives such as %q are disabled\n", line)
		return nil
	}
	f := strings.Fields(line)
	switch f[0] {
	case "!tick":
		tick(ctx, ref, o.Notes)
		return deliver(ctx, ref, o)
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
func tick(ctx context.Context, ref Referee, notes io.Writer) {
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
