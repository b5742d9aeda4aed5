package command

import "slices"

// The commands of events (issue 29; the referee's bot/event runs them),
// listed before "help", which stays last.

// withEventSpecs inserts the event commands before the table's last
// command (help).
func withEventSpecs(table []*CommandSpec) []*CommandSpec {
	return slices.Insert(table, len(table)-1, eventSpecs()...)
}

func eventSpecs() []*CommandSpec {
	return []*CommandSpec{
		{Name: "event", Group: GroupAlways, Syntax: "event new NAME [OPTIONS], event start|cancel NAME, or event withdraw NAME PLAYER",
			Summary:  "run an event: \"event new\" makes a round-robin (double=yes: twice) or a Swiss (format=swiss rounds=N) with the options of \"new\" for its games, start=YYYY-MM-DD[THH:MM] (in your zone: it starts itself then if min=N players joined), max=N, min-rating=R, private=yes; players join it; you start it, cancel it, or withdraw a player (their games left are forfeits); at most " + eventsPerOrganiser + " of yours at a time",
			Examples: []string{"event new spring format=swiss rounds=5 size=6 komi=2 days=3 start=2026-12-01", "event new club format=roundrobin double=yes", "event start spring", "event withdraw spring bob", "event cancel spring"},
			Params: []Param{
				{Name: "action", Kind: ParamChoice, Required: true, Choices: []string{"new", "start", "cancel", "withdraw"}, Summary: "new, start, cancel or withdraw"},
				{Name: "name", Kind: ParamText, Required: true, Summary: "the event's name: 2 to 24 letters, digits or dashes"},
				{Name: "more", Kind: ParamText, Summary: "new: its options (format=swiss rounds=5 size=6 ...); withdraw: the player"},
			},
			Class: ClassThirdParty},
		{Name: "join", Group: GroupAlways, Syntax: "join NAME", Summary: "enter an event that has not started (\"events\" lists them; a private event's name is its invitation)",
			Examples: []string{"join spring"},
			Params:   []Param{{Name: "name", Kind: ParamText, Required: true, Summary: "the event's name"}},
			Class:    ClassSettings},
		{Name: "leave", Group: GroupAlways, Syntax: "leave NAME", Summary: "leave an event before it starts (after, its organiser may withdraw you)",
			Examples: []string{"leave spring"},
			Params:   []Param{{Name: "name", Kind: ParamText, Required: true, Summary: "the event's name"}},
			Class:    ClassSettings},
		{Name: "events", Group: GroupAlways, Syntax: "events", Summary: "the events open to join and those running, with their format, games and players",
			Examples: []string{"events"}, Class: ClassReadOnly},
		{Name: "standings", Group: GroupAlways, Syntax: "standings NAME", Summary: "an event's standings: points, tie-breaks (Sonneborn-Berger; Buchholz in a Swiss) and the crosstable",
			Examples: []string{"standings spring"},
			Params:   []Param{{Name: "name", Kind: ParamText, Required: true, Summary: "the event's name"}},
			Class:    ClassReadOnly},
	}
}
