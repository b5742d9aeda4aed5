package command

import (
	"regexp"
	"strings"
	"testing"
)

// specTexts is every text of a spec a player reads: syntax, summary,
// examples, and its parameters' summaries and defaults.
func specTexts(c CommandSpec) []string {
	out := append([]string{c.Syntax, c.Summary}, c.Examples...)
	for _, p := range c.Params {
		out = append(out, p.Summary, p.Default)
	}
	return out
}

// specOf finds a command in specs.
func specOf(t *testing.T, specs []CommandSpec, name string) CommandSpec {
	t.Helper()
	for _, c := range specs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no command %q", name)
	return CommandSpec{}
}

// paramOf finds a parameter of c.
func paramOf(t *testing.T, c CommandSpec, name string) Param {
	t.Helper()
	for _, p := range c.Params {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("%s has no parameter %q", c.Name, name)
	return Param{}
}

// TestCommandsWithLimits: the texts state the limits given, and the
// defaults for a limit of 0 or less.
func TestCommandsWithLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limits Limits
		event  string // in the summary of "event"
		days   string // in the syntax of "new", and the default of its days
	}{
		{"defaults", DefaultLimits(), "at most 2 of yours at a time", "3"},
		{"zero", Limits{}, "at most 2 of yours at a time", "3"},
		{"negative", Limits{EventsPerOrganiser: -1, DaysPerMove: -4}, "at most 2 of yours at a time", "3"},
		{"events_per_organiser=5", Limits{EventsPerOrganiser: 5}, "at most 5 of yours at a time", "3"},
		{"days_per_move=7", Limits{DaysPerMove: 7}, "at most 2 of yours at a time", "7"},
		{"both", Limits{EventsPerOrganiser: 12, DaysPerMove: 10}, "at most 12 of yours at a time", "10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			specs := CommandsWith(tc.limits)
			if ev := specOf(t, specs, "event"); !strings.HasSuffix(ev.Summary, "; "+tc.event) {
				t.Errorf("event's summary does not end %q:\n%s", tc.event, ev.Summary)
			}
			n := specOf(t, specs, "new")
			if want := "[days=" + tc.days + "]"; !strings.Contains(n.Syntax, want) {
				t.Errorf("new's syntax does not hold %q:\n%s", want, n.Syntax)
			}
			if d := paramOf(t, n, "days").Default; d != tc.days {
				t.Errorf("new's days default to %q, want %q", d, tc.days)
			}
		})
	}
}

// TestDefaultsAsBefore: what states the defaults (Commands, Lookup,
// NewOptions) reads as the table did before limits were configurable,
// and CommandsWith leaves the table unchanged.
func TestDefaultsAsBefore(t *testing.T) {
	_ = CommandsWith(Limits{EventsPerOrganiser: 9, DaysPerMove: 9})
	ev, ok := Lookup("EVENT")
	if !ok || !strings.HasSuffix(ev.Summary, "; at most 2 of yours at a time") {
		t.Errorf("Lookup(event).Summary = %q", ev.Summary)
	}
	if n := specOf(t, Commands(), "new"); !strings.Contains(n.Syntax, " [days=3] ") || paramOf(t, n, "days").Default != "3" {
		t.Errorf("Commands' new: %q, days default %q", n.Syntax, paramOf(t, n, "days").Default)
	}
	for _, p := range NewOptions() {
		if p.Name == "days" && p.Default != "3" {
			t.Errorf("NewOptions' days default to %q", p.Default)
		}
	}
	if !strings.Contains(CommandReference(), "| `days` | 3 | days each player has for a move |") {
		t.Error("the README's reference does not give days' default 3")
	}
}

// placeholder is how a limit is written in the table's texts.
var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// TestPlaceholdersKnown: every placeholder in the table is one Limits
// resolves, and none (nor a stray brace) is left in what players read.
func TestPlaceholdersKnown(t *testing.T) {
	known := map[string]bool{eventsPerOrganiser: true, daysPerMove: true}
	used := map[string]bool{}
	for _, c := range commandTable {
		for _, s := range specTexts(*c) {
			for _, ph := range placeholder.FindAllString(s, -1) {
				if !known[ph] {
					t.Errorf("%s: unknown placeholder %s in %q", c.Name, ph, s)
				}
				used[ph] = true
			}
		}
	}
	for ph := range known {
		if !used[ph] {
			t.Errorf("placeholder %s is in no text of the table", ph)
		}
	}
	for _, c := range CommandsWith(Limits{EventsPerOrganiser: 4, DaysPerMove: 6}) {
		for _, s := range specTexts(c) {
			if strings.ContainsAny(s, "{}") {
				t.Errorf("%s: a brace left in %q", c.Name, s)
			}
		}
	}
}
