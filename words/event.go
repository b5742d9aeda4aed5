package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/tak"
)

// Events (issue 29): what the referee tells of an event's life (created,
// joined, started, a round paired, a withdrawal, the end), the list of
// events, an event's standings, and the refusals of event commands.

// EventKind names what happened to an event.
type EventKind uint8

// The kinds of event news.
const (
	EventCreated     EventKind = iota + 1 // to the organiser
	EventJoined                           // to the entrant
	EventLeft                             // to the entrant
	EventStarted                          // to each entrant: the event began, Count players
	EventPaired                           // to each entrant: their pairing of round Round
	EventBye                              // to an entrant: a bye in round Round
	EventCancelled                        // to each entrant and the organiser
	EventWithdrawn                        // to the withdrawn player and the organiser
	EventOver                             // to each entrant: the winners
	EventAnnounced                        // to the lobbies: a public event takes players
	EventStartMissed                      // to the organiser and entrants: Count players of the Min needed at Start
	EventResultKept                       // to the organiser and the game's players: Game's result in Round stands (Result)
)

// EventNews is one piece of news of an event.
type EventNews struct {
	Kind  EventKind
	Event string // the event's name
	// Format is "round-robin", "double round-robin" or "Swiss"; Rounds
	// its number of rounds (0: one per opponent).
	Format string
	Rounds int
	// Settings are the games' options as written ("size=6 komi=2 days=3").
	Settings string
	Start    time.Time // when it starts by itself (zero: when its organiser starts it)
	Min      int       // the players that start needs
	Private  bool
	Count    int    // entrants (joined, started)
	Round    int    // the round paired, or the round a withdrawal counts from
	Player   string // the player concerned: withdrawn
	Opponent string // the opponent of a pairing
	Color    tak.Color
	Game     string    // the game's id of a pairing
	Winners  []string  // the event's winners (several on a shared first place)
	Points   float64   // the winners' points
	Result   string    // the result kept (EventResultKept)
	Due      time.Time // EventPaired to white: when the first move is due (zero: no clock)
}

// Words tells the news.
func (o EventNews) Words(r Reader) string {
	switch o.Kind {
	case EventCreated:
		s := fmt.Sprintf("You created the event %s: a %s", o.Event, o.Format)
		if o.Rounds > 0 {
			s += fmt.Sprintf(" of %d rounds", o.Rounds)
		}
		if o.Settings != "" {
			s += ", games " + o.Settings
		}
		if !o.Start.IsZero() {
			s += ", to start on " + startAt(r, o.Start) + eventNeeds(o.Min)
		}
		if o.Private {
			s += ", private (only its players see it)"
		}
		return s + fmt.Sprintf(". Players join with \"join %s\"; you start it with \"event start %s\", or cancel it with \"event cancel %s\".", o.Event, o.Event, o.Event)
	case EventAnnounced:
		s := fmt.Sprintf("New event %s: a %s", o.Event, o.Format)
		if o.Rounds > 0 {
			s += fmt.Sprintf(" of %d rounds", o.Rounds)
		}
		if o.Settings != "" {
			s += ", games " + o.Settings
		}
		if !o.Start.IsZero() {
			s += ", to start on " + startAt(r, o.Start) + eventNeeds(o.Min)
		}
		return s + fmt.Sprintf(". Send \"join %s\" to play in it.", o.Event)
	case EventJoined:
		return fmt.Sprintf("You joined the event %s (%s). \"leave %s\" takes you out until it starts.", o.Event, eventPlural(o.Count, "player so far", "players so far"), o.Event)
	case EventLeft:
		return fmt.Sprintf("You left the event %s.", o.Event)
	case EventStarted:
		return fmt.Sprintf("The event %s has begun with %d players: a %s, games %s. \"standings %s\" shows where everyone stands.", o.Event, o.Count, o.Format, o.Settings, o.Event)
	case EventPaired:
		s := fmt.Sprintf("Event %s, round %d: you play %s against %s in game %s.", o.Event, o.Round, o.Color, o.Opponent, o.Game)
		if !o.Due.IsZero() {
			s += " Your first move is due by " + r.Time(o.Due) + "."
		}
		return s
	case EventBye:
		return fmt.Sprintf("Event %s, round %d: you have a bye (no game this round).", o.Event, o.Round)
	case EventStartMissed:
		return fmt.Sprintf("The event %s did not start on %s: it has %s and needed %d. Its organiser may start it anyway with \"event start %s\" (2 players at least, 3 for a Swiss) or cancel it with \"event cancel %s\".",
			o.Event, startAt(r, o.Start), eventPlural(o.Count, "player", "players"), o.Min, o.Event, o.Event)
	case EventResultKept:
		return fmt.Sprintf("Game %s of the event %s, round %d, goes on (its loss on time was taken back: the move came in time), but round %d was paired already: for the event its result stays %s.",
			o.Game, o.Event, o.Round, o.Round+1, o.Result)
	case EventCancelled:
		return fmt.Sprintf("The event %s was cancelled by its organiser.", o.Event)
	case EventWithdrawn:
		return fmt.Sprintf("%s was withdrawn from the event %s from round %d: their remaining games count as lost by forfeit.", o.Player, o.Event, o.Round)
	case EventOver:
		return fmt.Sprintf("The event %s is over: %s won with %s points. \"standings %s\" shows the final table.", o.Event, eventJoin(o.Winners), eventPoints(o.Points), o.Event)
	}
	return fmt.Sprintf("event %s", o.Event)
}

// EventItem is one event of a list.
type EventItem struct {
	Name      string
	Format    string
	Status    string // "open" or "running"
	Organiser string
	Players   int
	Round     int // the round being played (running)
	Rounds    int
	Settings  string
	Start     time.Time
	Joined    bool // the reader plays in it
	Private   bool
	Missed    bool // open past its Start: short of players then, it waits for its organiser
}

// EventList is the list of open and running events.
type EventList struct{ Items []EventItem }

// Words lists them, one a line.
func (o EventList) Words(r Reader) string {
	if len(o.Items) == 0 {
		return "There are no open or running events. \"event new NAME format=roundrobin|swiss rounds=N\" creates one."
	}
	lines := []string{"Events (\"join NAME\" to enter an open one, \"standings NAME\" to see one):"}
	for _, it := range o.Items {
		s := fmt.Sprintf("- %s: %s by %s, %s", it.Name, it.Format, it.Organiser, eventPlural(it.Players, "player", "players"))
		if it.Settings != "" {
			s += ", games " + it.Settings
		}
		if it.Status == "running" {
			s += fmt.Sprintf(", round %d", it.Round)
			if it.Rounds > 0 {
				s += fmt.Sprintf(" of %d", it.Rounds)
			}
		} else {
			s += ", open"
			switch {
			case it.Missed:
				s += ", did not start on " + startAt(r, it.Start) + " for want of players (its organiser starts or cancels it)"
			case !it.Start.IsZero():
				s += ", starts on " + startAt(r, it.Start)
			}
		}
		if it.Private {
			s += ", private"
		}
		if it.Joined {
			s += " (you play)"
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// EventRow is one line of an event's standings.
type EventRow struct {
	Rank      int
	Name      string
	Points    float64
	TieBreaks []float64 // in the order of EventStandings.TieBreaks
	Withdrawn bool
}

// EventStandings is an event's standings and crosstable.
type EventStandings struct {
	Event     string
	Format    string
	Status    string
	Round     int
	Rounds    int
	TieBreaks []string // the tie-breaks' names, "SB", "Buchholz", ...
	Rows      []EventRow
	// Crosstable is the crosstable as package tourney renders it for
	// mail (a matrix, or a list of rounds for many players).
	Crosstable string
	// Playing are the boards of the round being played (running events).
	Playing []EventBoard
}

// EventBoard is one board of a round: White against Black ("" for a bye)
// in Game, with its Result ("" while it is played).
type EventBoard struct {
	White, Black, Game, Result string
	Due                        time.Time // when the move is due (zero: not known, or no clock)
}

// Words shows the table, then the crosstable.
func (o EventStandings) Words(r Reader) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Standings of %s (%s, %s", o.Event, o.Format, o.Status)
	if o.Round > 0 {
		fmt.Fprintf(&b, ", round %d", o.Round)
		if o.Rounds > 0 {
			fmt.Fprintf(&b, " of %d", o.Rounds)
		}
	}
	b.WriteString("):\n")
	fmt.Fprintf(&b, "%-4s %-20s %6s", "#", "player", "points")
	for _, t := range o.TieBreaks {
		fmt.Fprintf(&b, " %8s", t)
	}
	b.WriteString("\n")
	for _, row := range o.Rows {
		name := row.Name
		if row.Withdrawn {
			name += " (w)"
		}
		fmt.Fprintf(&b, "%-4d %-20s %6s", row.Rank, name, eventPoints(row.Points))
		for _, t := range row.TieBreaks {
			fmt.Fprintf(&b, " %8s", eventPoints(t))
		}
		b.WriteString("\n")
	}
	if o.Crosstable != "" {
		b.WriteString("\n")
		b.WriteString(o.Crosstable)
	}
	if len(o.Playing) > 0 {
		fmt.Fprintf(&b, "\nRound %d:\n", o.Round)
		for _, bd := range o.Playing {
			switch {
			case bd.Black == "":
				fmt.Fprintf(&b, "- %s: bye\n", bd.White)
			case bd.Game == "":
				fmt.Fprintf(&b, "- %s - %s: %s (forfeit)\n", bd.White, bd.Black, bd.Result)
			case bd.Result == "" && !bd.Due.IsZero():
				fmt.Fprintf(&b, "- %s - %s: game %s, being played, the move due by %s\n", bd.White, bd.Black, bd.Game, r.Time(bd.Due))
			case bd.Result == "":
				fmt.Fprintf(&b, "- %s - %s: game %s, being played\n", bd.White, bd.Black, bd.Game)
			default:
				fmt.Fprintf(&b, "- %s - %s: game %s, %s\n", bd.White, bd.Black, bd.Game, bd.Result)
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// startAt writes an event's start for a reader, in their zone:
// "2026-12-01 at 18:00 CET" (UTC when they chose none).
func startAt(r Reader, t time.Time) string {
	if r.Zone != nil {
		t = t.In(r.Zone)
	} else {
		t = t.UTC()
	}
	return t.Format("2006-01-02 at 15:04 MST")
}

// eventNeeds says how many players a start by itself needs.
func eventNeeds(least int) string {
	if least == 0 {
		return ""
	}
	return fmt.Sprintf(" by itself if %d players have joined", least)
}

// eventPoints writes a score: "2", "1.5".
func eventPoints(p float64) string {
	if p == float64(int64(p)) {
		return fmt.Sprintf("%d", int64(p))
	}
	return fmt.Sprintf("%g", p)
}

// eventJoin joins names: "a", "a and b", "a, b and c".
func eventJoin(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// EventReason is why an event command was refused.
type EventReason uint8

// The reasons an event command is refused.
const (
	EventUsage            EventReason = iota + 1 // Arg: the usage
	EventBadName                                 // Arg: the name
	EventExists                                  // Event: the name
	EventUnknown                                 // Event: the name asked for
	EventTooMany                                 // Count: the limit of open events per organiser
	EventBadOption                               // Arg: the option
	EventNotOrganiser                            // Event
	EventNotOpen                                 // Event, Status
	EventNotRunning                              // Event, Status
	EventFull                                    // Event, Count: the maximum
	EventRatingLow                               // Event, Count: the rating needed
	EventAlreadyIn                               // Event
	EventNotIn                                   // Event, Arg: the player ("" for the reader)
	EventTooFew                                  // Event, Count: the players it has
	EventNoGames                                 // Arg: why the games' options are refused
	EventWithdrawnAlready                        // Event, Arg: the player
)

// EventRefusal is an event command refused.
type EventRefusal struct {
	Reason EventReason
	Event  string
	Arg    string
	Status string
	Count  int
}

// Words says why, and that nothing changed.
func (o EventRefusal) Words(r Reader) string {
	var s string
	switch o.Reason {
	case EventUsage:
		s = "Write it as " + o.Arg + "."
	case EventBadName:
		s = fmt.Sprintf("%q cannot name an event: use 2 to 24 letters, digits or dashes, beginning with a letter.", o.Arg)
	case EventExists:
		s = fmt.Sprintf("There is an event called %s already: choose another name.", o.Event)
	case EventUnknown:
		s = fmt.Sprintf("There is no event %s. \"events\" lists them.", o.Event)
	case EventTooMany:
		s = fmt.Sprintf("You run %d events that have not ended already, the most one player may.", o.Count)
	case EventBadOption:
		s = fmt.Sprintf("%s is not an option of \"event new\": it takes format=roundrobin|swiss, rounds=N, start=YYYY-MM-DD[THH:MM] (in your zone, to start by itself then), min=N (the players that start needs), max=N, min-rating=R, private=yes, double=yes and the games' options of \"new\" (size, komi, days, rated).", o.Arg)
	case EventNotOrganiser:
		s = fmt.Sprintf("Only the organiser of %s may do that.", o.Event)
	case EventNotOpen:
		s = fmt.Sprintf("The event %s is %s: it no longer takes or loses players that way.", o.Event, o.Status)
	case EventNotRunning:
		s = fmt.Sprintf("The event %s is %s, not running.", o.Event, o.Status)
	case EventFull:
		s = fmt.Sprintf("The event %s is full (%d players).", o.Event, o.Count)
	case EventRatingLow:
		s = fmt.Sprintf("The event %s is for players rated %d or more.", o.Event, o.Count)
	case EventAlreadyIn:
		s = fmt.Sprintf("You are in the event %s already.", o.Event)
	case EventNotIn:
		who := "You are"
		if o.Arg != "" {
			who = o.Arg + " is"
		}
		s = fmt.Sprintf("%s not a player of the event %s.", who, o.Event)
	case EventTooFew:
		s = fmt.Sprintf("The event %s has %s: it needs at least 2 to start (3 for a Swiss).", o.Event, eventPlural(o.Count, "player", "players"))
	case EventWithdrawnAlready:
		s = fmt.Sprintf("%s is withdrawn from the event %s already.", o.Arg, o.Event)
	case EventNoGames:
		s = "The games' options are refused: " + o.Arg
	default:
		s = "That cannot be done to an event."
	}
	return s + " Nothing was changed."
}

// eventPlural writes a count with its noun: "1 player", "3 players".
func eventPlural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
