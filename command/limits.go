package command

import (
	"slices"
	"strconv"
	"strings"
)

// Limits are the operator's settings that the command table's texts state:
// a spec's syntax, summary, examples or parameters name one with its
// placeholder ("at most {events_per_organiser} of yours"), and
// [CommandsWith] writes the value configured in its place. The table
// itself stays static data; [Commands], [Lookup], [NewOptions] and the
// README's reference state the defaults.
type Limits struct {
	// EventsPerOrganiser is how many events that have not ended one
	// player may run (limits.events_per_organiser).
	EventsPerOrganiser int
	// DaysPerMove is a new game's days per move when its "days=" does not
	// say (days_per_move).
	DaysPerMove int
}

// The defaults of the configuration's settings the table states (the
// referee's and bot/event's defaults are these).
const (
	DefaultEventsPerOrganiser = 2
	DefaultDaysPerMove        = 3
)

// DefaultLimits are the limits of a configuration that sets none.
func DefaultLimits() Limits {
	return Limits{EventsPerOrganiser: DefaultEventsPerOrganiser, DaysPerMove: DefaultDaysPerMove}
}

// The placeholders of the table's texts, each named after the
// configuration key it stands for.
const (
	eventsPerOrganiser = "{events_per_organiser}"
	daysPerMove        = "{days_per_move}"
)

// replacer writes l's values (a value of 0 or less: the default) in place
// of the placeholders.
func (l Limits) replacer() *strings.Replacer {
	d := DefaultLimits()
	if l.EventsPerOrganiser <= 0 {
		l.EventsPerOrganiser = d.EventsPerOrganiser
	}
	if l.DaysPerMove <= 0 {
		l.DaysPerMove = d.DaysPerMove
	}
	return strings.NewReplacer(
		eventsPerOrganiser, strconv.Itoa(l.EventsPerOrganiser),
		daysPerMove, strconv.Itoa(l.DaysPerMove),
	)
}

// CommandsWith returns the command table as [Commands] does, its texts
// stating the limits l (a field of 0 or less: its default). Help shows
// these, so that a player reads the limits the operator configured.
func CommandsWith(l Limits) []CommandSpec {
	r := l.replacer()
	out := make([]CommandSpec, len(commandTable))
	for i, c := range commandTable {
		out[i] = resolveSpec(*c, r)
	}
	return out
}

// resolveSpec writes r's values into a copy of c's texts; the table's
// slices are copied, never changed.
func resolveSpec(c CommandSpec, r *strings.Replacer) CommandSpec {
	c.Syntax = r.Replace(c.Syntax)
	c.Summary = r.Replace(c.Summary)
	c.Examples = slices.Clone(c.Examples)
	for i, e := range c.Examples {
		c.Examples[i] = r.Replace(e)
	}
	c.Params = resolveParams(c.Params, r)
	return c
}

// resolveParams writes r's values into a copy of params' texts.
func resolveParams(params []Param, r *strings.Replacer) []Param {
	out := slices.Clone(params)
	for i := range out {
		out[i].Summary = r.Replace(out[i].Summary)
		out[i].Default = r.Replace(out[i].Default)
	}
	return out
}
