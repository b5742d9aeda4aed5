package words

import (
	"fmt"
	"strings"
	"time"
)

// News (bot/news): "set news seeks|events|on|off [daily|now]" subscribes
// a player to new open challenges and new events; the notices, the daily
// digest's part, and the refusals of "set news".

// NewsStop is the sentence every notice ends with: why it came, and how
// to stop it.
const NewsStop = "You get this because you asked for news (\"set news\"); \"set news off\" stops it, \"set news daily\" keeps it to your daily digest."

// NewsSetting is a player's news as "settings" shows it and "set news"
// confirms it.
type NewsSetting struct {
	Seeks, Events bool
	Daily         bool   // only in the daily digest
	Digest        string // the time of day of their digest, "" for none
	PerDay        int    // the notices a day sent at once, beyond which they wait for the digest
}

// what names what the player hears of: "new open challenges and new events".
func (o NewsSetting) what() string {
	var xs []string
	if o.Seeks {
		xs = append(xs, "new open challenges you may accept")
	}
	if o.Events {
		xs = append(xs, "new events open to sign-up")
	}
	return listAnd(xs)
}

// how says how they hear of it.
func (o NewsSetting) how() string {
	switch {
	case o.Daily && o.Digest == "":
		return "in your daily digest, which you turned off: nothing comes until you choose its time again (\"set digest daily 08:00 Europe/Berlin\")"
	case o.Daily:
		return "in your daily digest (" + o.Digest + ")"
	case o.Digest != "":
		return fmt.Sprintf("at once, up to %d a day, the rest in your daily digest (%s)", o.PerDay, o.Digest)
	}
	return fmt.Sprintf("at once, up to %d a day (\"seeks\" lists them all)", o.PerDay)
}

// Line is the setting's line of "settings".
func (o NewsSetting) Line() string {
	if !o.Seeks && !o.Events {
		return "News: none. To hear of new open challenges you may accept, send \"set news seeks\" (\"set news events\" for new events, \"set news on\" for both; add \"daily\" to get them only in your digest)."
	}
	return "News: " + o.what() + ", " + o.how() + ". To stop it, send \"set news off\"" + map[bool]string{true: "; for them at once, \"set news now\".", false: "; to keep them to your digest, \"set news daily\"."}[o.Daily]
}

// NewsSet confirms "set news".
type NewsSet struct {
	NewsSetting
	Off     bool // "set news off"
	Already bool // nothing changed
}

// Words confirms what the player now hears of, and how.
func (o NewsSet) Words(Reader) string {
	switch {
	case o.Off && o.Already:
		return "You get no news already."
	case o.Off:
		return "You get no more news of open challenges or events. \"set news on\" asks for it again."
	}
	return "You will hear of " + o.what() + ", " + o.how() + ". Every notice says how to stop it: \"set news off\"."
}

// NewsProblem is why "set news" was refused.
type NewsProblem uint8

// The problems of "set news".
const (
	// NewsWhat: a word that is none of off, seeks, events, on, daily, now.
	NewsWhat NewsProblem = iota + 1
	// NewsNothing: "set news daily" or "now" with no news chosen.
	NewsNothing
	// NewsNoDigest: "daily" without a daily digest.
	NewsNoDigest
)

// NewsRefused is a refused "set news".
type NewsRefused struct {
	Kind NewsProblem
	Arg  string // the word not understood (NewsWhat)
}

// Words says why, with the commands that work.
func (o NewsRefused) Words(Reader) string {
	switch o.Kind {
	case NewsWhat:
		return fmt.Sprintf("news can be seeks (new open challenges), events (new events), on (both) or off, with daily or now for how; %q is none of them, e.g. \"set news seeks daily\"", o.Arg)
	case NewsNothing:
		return "say which news first: \"set news seeks\", \"set news events\" or \"set news on\" (both)"
	case NewsNoDigest:
		return "daily news goes out with your daily digest, and you have none: choose its time first, e.g. \"set digest daily 08:00 Europe/Berlin\", then \"set news daily\""
	}
	return "news not changed"
}

// SeekNews tells a subscriber of a new open challenge they may accept.
type SeekNews struct {
	Seek SeekListed
	// Last is set on the last notice sent at once today; Digest says
	// whether the rest go in the digest.
	Last, Digest bool
	PerDay       int
	Private      bool // the game will be private: only its players see it
}

// Words: "New open challenge g7: alice (unrated), 6x6, ...; accept it
// with "accept g7"."
func (o SeekNews) Words(Reader) string {
	s := fmt.Sprintf("New open challenge %s. Accept it with \"accept %s\"; the first to accept plays.", o.Seek.Line(), o.Seek.ID)
	if o.Private {
		s += " The game will be private: only its two players see it."
	}
	if o.Last {
		rest := "\"seeks\" lists the others"
		if o.Digest {
			rest = "the others go in your daily digest"
		}
		s += fmt.Sprintf(" That is the %d notices you get at once today; %s.", o.PerDay, rest)
	}
	return s + "\n" + NewsStop
}

// EventNotice tells a subscriber of a new event open to sign-up.
type EventNotice struct {
	Name      string
	Organiser string    // as a public view shows them
	Summary   string    // the event's public summary: "round-robin, 6x6, komi 2, 3 days per move"
	Start     time.Time // in UTC
}

// Line is the event on one line, for a notice or the digest.
func (o EventNotice) Line() string {
	start := "when its organiser starts it"
	if !o.Start.IsZero() {
		start = UTC(o.Start)
	}
	return fmt.Sprintf("%s by %s: %s, starting %s; join with \"join %s\"", o.Name, o.Organiser, o.Summary, start, o.Name)
}

// Words tells of it.
func (o EventNotice) Words(Reader) string {
	return "New event " + o.Line() + ".\n" + NewsStop
}

// NewsDigest is the news part of a daily digest: the open challenges
// held for it that are still open, and the events.
type NewsDigest struct {
	Seeks  []SeekListed
	Events []string // EventNotice lines
}

// Block is the part as a caption and a monospace block.
func (o NewsDigest) Block() (caption, text string) {
	var lines []string
	for _, s := range o.Seeks {
		lines = append(lines, s.Line())
	}
	lines = append(lines, o.Events...)
	return "News since your last digest (\"accept ID\" takes an open challenge; \"set news off\" stops the news):", strings.Join(lines, "\n")
}
