package event

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	newsOf "github.com/takbymail/takbot/bot/news"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// The usages the refusals quote.
const (
	usageNew      = "\"event new NAME format=roundrobin|swiss rounds=N size=6 komi=2 days=3 start=YYYY-MM-DD\""
	usageEvent    = "\"event new NAME ...\", \"event start NAME\", \"event cancel NAME\" or \"event withdraw NAME PLAYER\""
	usageWithdraw = "\"event withdraw NAME PLAYER\""
)

// Event runs "event new|start|cancel|withdraw ...".
func Event(t Turn, c *command.Command) error {
	if len(c.Args) < 2 {
		return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: usageEvent})
	}
	switch strings.ToLower(c.Args[0]) {
	case "new":
		return create(t, c.Args[1], c.Args[2:])
	case "start":
		return start(t, c.Args[1])
	case "cancel":
		return cancel(t, c.Args[1])
	case "withdraw":
		if len(c.Args) != 3 {
			return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: usageWithdraw})
		}
		return withdraw(t, c.Args[1], c.Args[2])
	}
	return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: usageEvent})
}

// gameOptions are the options of "new" an event passes to its games.
var gameOptions = []string{"size", "komi", "days", "rated", "rules", "style", "opening"}

// create runs "event new NAME OPTIONS".
func create(t Turn, nm string, args []string) error {
	if !validName(nm) {
		return t.Refused(words.EventRefusal{Reason: words.EventBadName, Arg: nm})
	}
	me := senderKey(t)
	tr := &record.Tourney{Name: nm, Organiser: me, Format: "roundrobin", Status: record.TourneyOpen, Created: t.Now()}
	if err := readOptions(t, tr, args); err != nil {
		return err
	}
	if _, err := newGame(t, tr, "", "", 0); err != nil {
		return t.Refused(words.EventRefusal{Reason: words.EventNoGames, Arg: err.Error()})
	}
	if err := t.Locked(LockKey(tr.Key())); err != nil {
		return err
	}
	keys, err := t.Tourneys()
	if err != nil {
		return err
	}
	mine := 0
	for _, k := range keys {
		if k == tr.Key() {
			return t.Refused(words.EventRefusal{Reason: words.EventExists, Event: nm})
		}
		o, err := t.Tourney(k)
		if err != nil {
			continue // a damaged record counts for nothing here
		}
		if o.Organiser == me && (o.Status == record.TourneyOpen || o.Status == record.TourneyRunning) {
			mine++
		}
	}
	if most := t.EventsPerOrganiser(); mine >= most {
		return t.Refused(words.EventRefusal{Reason: words.EventTooMany, Count: most})
	}
	tr.Log(t.Now(), me, "created", strings.Join(args, " "))
	t.PutTourney(tr)
	news := words.EventNews{Kind: words.EventCreated, Event: tr.Name, Format: formatWords(tr), Rounds: tr.Rounds,
		Settings: settings(tr), Start: tr.Start, Private: tr.Private}
	if !tr.Start.IsZero() {
		reindex(t, tr.Key(), time.Time{}, tr.Start)
		news.Min = minimum(tr)
	}
	t.Tell(me, "", news)
	if !tr.Private {
		news.Kind = words.EventAnnounced
		t.Lobbies(news)
	}
	summary := formatWords(tr)
	if tr.Rounds > 0 {
		summary += fmt.Sprintf(" of %d rounds", tr.Rounds)
	}
	if s := settings(tr); s != "" {
		summary += ", games " + s
	}
	notice := words.EventNotice{Name: tr.Name, Organiser: t.PublicName(organiserName(t, tr)), Summary: summary, Start: tr.Start}
	return newsOf.AnnounceEvent(t, notice, tr.Private)
}

// readOptions reads the options of "event new" into tr.
func readOptions(t Turn, tr *record.Tourney, args []string) error {
	double := false
	loc := t.Zone(t.Sender())
	for _, a := range args {
		k, v, ok := strings.Cut(strings.ToLower(a), "=")
		if !ok || v == "" || !readOption(tr, k, v, &double, loc) {
			return t.Refused(words.EventRefusal{Reason: words.EventBadOption, Arg: strconv.Quote(a)})
		}
	}
	switch {
	case tr.Format == "swiss" && tr.Rounds == 0:
		return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: usageNew + " (a Swiss needs rounds=N)"})
	case tr.Format == "swiss" && double:
		return t.Refused(words.EventRefusal{Reason: words.EventBadOption, Arg: "double=yes (round-robins only)"})
	case tr.Format != "swiss" && tr.Rounds != 0:
		return t.Refused(words.EventRefusal{Reason: words.EventBadOption, Arg: "rounds=N (a round-robin has one round per opponent)"})
	case !tr.Start.IsZero() && !tr.Start.After(t.Now()):
		return t.Refused(words.EventRefusal{Reason: words.EventBadOption, Arg: "start=" + tr.Start.Format("2006-01-02T15:04") + " (it is past)"})
	case tr.Max > 0 && tr.Min > tr.Max:
		return t.Refused(words.EventRefusal{Reason: words.EventBadOption, Arg: "min=N (more than max=N)"})
	case double:
		tr.Format = "double-roundrobin"
	}
	if tr.Private {
		tr.Options = append(tr.Options, "private=yes") // its games are private too, so unrated
	}
	return nil
}

// readOption reads one option key=value into tr; false when it is not one.
func readOption(tr *record.Tourney, k, v string, double *bool, loc *time.Location) bool {
	n, nerr := strconv.Atoi(v)
	yesNo := v == "yes" || v == "no"
	switch {
	case k == "format" && (v == "roundrobin" || v == "round-robin" || v == "swiss"):
		tr.Format = strings.ReplaceAll(v, "-", "")
	case k == "rounds" && nerr == nil && n >= 1 && n <= MaxRounds:
		tr.Rounds = n
	case k == "double" && yesNo:
		*double = v == "yes"
	case k == "private" && yesNo:
		tr.Private = v == "yes"
	case k == "max" && nerr == nil && n >= 2 && n <= MaxEntrants:
		tr.Max = n
	case k == "min-rating" && nerr == nil && n >= 0 && n <= 4000:
		tr.MinRating = n
	case k == "start":
		d, ok := readStart(v, loc)
		tr.Start = d
		return ok
	case k == "min" && nerr == nil && n >= 2 && n <= MaxEntrants:
		tr.Min = n
	case slices.Contains(gameOptions, k):
		tr.Options = append(tr.Options, k+"="+v)
	default:
		return false
	}
	return true
}

// Join runs "join NAME": the sender enters an open event.
func Join(t Turn, c *command.Command) error {
	if len(c.Args) != 1 {
		return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: "\"join NAME\""})
	}
	tr, err := lookup(t, c.Args[0], true, true)
	if err != nil {
		return err
	}
	me := t.Sender()
	switch {
	case tr.Status != record.TourneyOpen:
		return t.Refused(words.EventRefusal{Reason: words.EventNotOpen, Event: tr.Name, Status: string(tr.Status)})
	case tr.Entrant(me.Key) != nil:
		return t.Refused(words.EventRefusal{Reason: words.EventAlreadyIn, Event: tr.Name})
	case len(tr.Entrants) >= cmpMax(tr.Max):
		return t.Refused(words.EventRefusal{Reason: words.EventFull, Event: tr.Name, Count: cmpMax(tr.Max)})
	}
	if tr.MinRating > 0 {
		if r, _ := ratingOf(me, boardSize(tr.Options)); r < float64(tr.MinRating) {
			return t.Refused(words.EventRefusal{Reason: words.EventRatingLow, Event: tr.Name, Count: tr.MinRating})
		}
	}
	tr.Entrants = append(tr.Entrants, record.Entrant{Key: me.Key, Name: me.Name})
	tr.Log(t.Now(), me.Key, "joined", "")
	t.PutTourney(tr)
	t.Tell(me.Key, "", words.EventNews{Kind: words.EventJoined, Event: tr.Name, Count: len(tr.Entrants)})
	return nil
}

// cmpMax is an event's bound on entrants.
func cmpMax(m int) int {
	if m == 0 {
		return MaxEntrants
	}
	return m
}

// Leave runs "leave NAME": the sender leaves an event before its start.
func Leave(t Turn, c *command.Command) error {
	if len(c.Args) != 1 {
		return t.Refused(words.EventRefusal{Reason: words.EventUsage, Arg: "\"leave NAME\""})
	}
	tr, err := load(t, c.Args[0], true)
	if err != nil {
		return err
	}
	me := senderKey(t)
	i := slices.IndexFunc(tr.Entrants, func(e record.Entrant) bool { return e.Key == me })
	switch {
	case i < 0:
		return t.Refused(words.EventRefusal{Reason: words.EventNotIn, Event: tr.Name})
	case tr.Status != record.TourneyOpen:
		return t.Refused(words.EventRefusal{Reason: words.EventNotOpen, Event: tr.Name, Status: string(tr.Status)})
	}
	tr.Entrants = slices.Delete(tr.Entrants, i, i+1)
	tr.Log(t.Now(), me, "left", "")
	t.PutTourney(tr)
	t.Tell(me, "", words.EventNews{Kind: words.EventLeft, Event: tr.Name})
	return nil
}

// organised loads an event for a command of its organiser's.
func organised(t Turn, nm string) (*record.Tourney, error) {
	tr, err := load(t, nm, true)
	if err != nil {
		return nil, err
	}
	if tr.Organiser != senderKey(t) {
		return nil, t.Refused(words.EventRefusal{Reason: words.EventNotOrganiser, Event: tr.Name})
	}
	return tr, nil
}

// cancel runs "event cancel NAME": the event ends; games begun go on as
// ordinary games.
func cancel(t Turn, nm string) error {
	tr, err := organised(t, nm)
	if err != nil {
		return err
	}
	if tr.Status != record.TourneyOpen && tr.Status != record.TourneyRunning {
		return t.Refused(words.EventRefusal{Reason: words.EventNotOpen, Event: tr.Name, Status: string(tr.Status)})
	}
	tr.Status = record.TourneyCancelled
	tr.Log(t.Now(), senderKey(t), "cancelled", "")
	t.PutTourney(tr)
	news := words.EventNews{Kind: words.EventCancelled, Event: tr.Name}
	t.Tell(tr.Organiser, "", news)
	for _, e := range tr.Entrants {
		if e.Key != tr.Organiser {
			t.Notify(e.Key, "", news)
		}
	}
	return nil
}

// Events runs "events": the open and running events the sender may see.
func Events(t Turn, c *command.Command) error {
	keys, err := t.Tourneys()
	if err != nil {
		return err
	}
	me := senderKey(t)
	var list words.EventList
	for _, k := range keys {
		tr, err := t.Tourney(k)
		if err != nil || !visible(tr, me) || tr.Status != record.TourneyOpen && tr.Status != record.TourneyRunning {
			continue
		}
		list.Items = append(list.Items, words.EventItem{Name: tr.Name, Format: formatWords(tr), Status: string(tr.Status),
			Organiser: t.PublicName(organiserName(t, tr)), Players: len(tr.Entrants), Round: tr.Round, Rounds: tr.Rounds,
			Settings: settings(tr), Start: tr.Start, Joined: tr.Entrant(me) != nil, Private: tr.Private,
			Missed: tr.Status == record.TourneyOpen && !tr.Start.IsZero() && !tr.Start.After(t.Now())})
	}
	t.Tell(me, "", list)
	return nil
}

// organiserName is the organiser's shown name.
func organiserName(t Turn, tr *record.Tourney) string {
	if p, err := t.Player(tr.Organiser); err == nil && p.Name != "" {
		return p.Name
	}
	return tr.Organiser
}
