package words

import (
	"fmt"
	"strconv"
	"time"

	"github.com/takbymail/takbot/bot/schedule"
	"github.com/takbymail/takbot/render"
)

// What a player is told about their account (package bot/account
// decides): their settings ("settings", "set ..."), mail's consent
// ("stop", "start") and the answers held back ("held").

// SettingsShown lists a player's settings, each with the commands that
// change it ("settings").
type SettingsShown struct {
	Theme       string // the theme their pictures are drawn in
	ThemeChosen bool   // they chose it (else it is their transport's default)
	Transport   string // their transport's title ("email")
	Width       int    // their pictures' width, 0 for the default
	Size        string // the width's name ("small"), "" for another width
	MinWidth    int
	MaxWidth    int
	Pictures    bool // their transport shows pictures
	NoTextBoard bool
	PTN         bool
	NoChat      bool
	ChatPublic  bool // "set chat public": their public games' pages may show the chat
	Remind      RemindLead
	Zone        string // their zone's name, "" for none
	Digest      string // the time of day of their digest, "" for none
	News        NewsSetting
}

// Words lists the settings, one a line.
func (o SettingsShown) Words(Reader) string {
	how := "you chose it"
	if !o.ThemeChosen {
		how = "the default for " + o.Transport
	}
	l := []string{"Your settings, the same in all your games:",
		fmt.Sprintf("Picture theme: %s (%s). To change it, send %s.", o.Theme, how, otherChoices("set theme", o.Theme, []string{"light", "dark", "contrast"})),
		fmt.Sprintf("Picture size: %s. To change it, send %s, or a width from %d to %d pixels such as \"set size 600\".",
			SizeName(o.Width, o.Size), otherChoices("set size", o.Size, []string{"small", "medium", "large"}), o.MinWidth, o.MaxWidth)}
	switch {
	case !o.Pictures:
		l = append(l, fmt.Sprintf("Text board: always shown to you on %s, which shows no pictures (\"set textboard off\" leaves it out where pictures are shown).", o.Transport))
	case o.NoTextBoard:
		l = append(l, "Text board under the picture: off. To show it, send \"set textboard on\".")
	default:
		l = append(l, "Text board under the picture: on. To leave it out, send \"set textboard off\".")
	}
	if o.PTN {
		l = append(l, "Notation: PTN (a1 is the south-west corner). To change it, send \"set notation mail\".")
	} else {
		l = append(l, "Notation: Tak by Mail (A1 is the north-west corner). To change it, send \"set notation ptn\".")
	}
	if o.NoChat {
		l = append(l, "Chat: off, you do not receive what your opponents say. To receive it, send \"set chat on\".")
	} else {
		l = append(l, "Chat: on, you receive what your opponents say with \"say\". To stop it, send \"set chat off\".")
	}
	if o.ChatPublic {
		l = append(l, "Chat on web pages: shown for your public games whose opponent agrees too. To hide it, send \"set chat private\".")
	} else {
		l = append(l, "Chat on web pages: never shown (\"history\" shows it to the game's players). To show it for your public games when your opponent agrees too, send \"set chat public\".")
	}
	other := map[bool]string{true: "default", false: "off"}[o.Remind.Lead < 0]
	l = append(l, fmt.Sprintf("Reminder: %s. To change it, send \"set remind 12h\" (any time from %s to %s), or \"set remind %s\".",
		o.Remind.When(), schedule.FormatDuration(o.Remind.Min), schedule.FormatDuration(o.Remind.Max), other))
	zone := o.Zone
	if zone == "" {
		zone = "UTC"
		l = append(l, "Time zone: none chosen, so times are shown in UTC. To choose yours, send \"set zone Europe/Berlin\" (Region/City).")
	} else {
		other := "America/New_York"
		if o.Zone == other {
			other = "Europe/Berlin"
		}
		l = append(l, fmt.Sprintf("Time zone: %s, times are shown in it. To change it, send \"set zone\" with another, such as \"set zone %s\".", o.Zone, other))
	}
	if o.Digest == "" {
		l = append(l, fmt.Sprintf("Daily digest: off. To get one message a day listing the games waiting for you, send \"set digest daily 08:00 %s\" with your time.", zone))
	} else {
		l = append(l, fmt.Sprintf("Daily digest: at %s %s, listing the games waiting for you (nothing is sent when none waits). To stop it, send \"set digest off\".", o.Digest, zone))
	}
	l = append(l, o.News.Line())
	return lines(l)
}

// lines joins lines of prose.
func lines(l []string) string {
	out := l[0]
	for _, s := range l[1:] {
		out += "\n" + s
	}
	return out
}

// SizeName names a picture width: "medium (640 pixels wide)" when it has
// a name, "600 pixels wide" else; 0 is render's default width.
func SizeName(width int, name string) string {
	if width == 0 {
		width = render.DefaultWidth
	}
	if name != "" {
		return fmt.Sprintf("%s (%d pixels wide)", name, width)
	}
	return fmt.Sprintf("%d pixels wide", width)
}

// otherChoices lists the commands that pick each value but the current
// one: "\"set theme dark\" or \"set theme contrast\"".
func otherChoices(prefix, current string, values []string) string {
	var out []string
	for _, v := range values {
		if v != current {
			out = append(out, strconv.Quote(prefix+" "+v))
		}
	}
	return listOr(out)
}

// RemindLead is a player's reminder setting.
type RemindLead struct {
	Lead     time.Duration // before each deadline; 0 the default, below 0 off
	Fraction float64       // of a turn's time, the default
	Min, Max time.Duration // the bounds of a lead
}

// When says when a player is reminded.
func (o RemindLead) When() string {
	switch {
	case o.Lead < 0:
		return "never (off)"
	case o.Lead > 0:
		return schedule.FormatDuration(o.Lead) + " before each deadline (never sooner than an hour into your turn)"
	}
	return fmt.Sprintf("when %d%% of your time for a move has passed (the default)", int(o.Fraction*100+0.5))
}

// ThemeSet confirms "set theme".
type ThemeSet struct{ Theme string }

// Words confirms the theme.
func (o ThemeSet) Words(Reader) string {
	return "Your pictures are now drawn in the " + o.Theme + " theme, in all your games."
}

// SizeSet confirms "set size".
type SizeSet struct {
	Width int
	Name  string // the width's name, "" for another width
}

// Words confirms the size.
func (o SizeSet) Words(Reader) string {
	return "Your pictures are now " + SizeName(o.Width, o.Name) + ", in all your games."
}

// TextBoardSet confirms "set textboard".
type TextBoardSet struct {
	On       bool
	Pictures bool // the player's transport shows pictures
}

// Words confirms the text board.
func (o TextBoardSet) Words(Reader) string {
	switch {
	case o.On:
		return "Your replies now show the text board under each picture."
	case o.Pictures:
		return "Your replies no longer show the text board under each picture; the sync board stays."
	}
	return "Your replies will leave out the text board under each picture where the picture is shown; here, where no picture is, you keep it."
}

// ChatSet confirms "set chat".
type ChatSet struct{ On bool }

// Words confirms chat.
func (o ChatSet) Words(Reader) string {
	if o.On {
		return "You now receive what your opponents say with \"say\", in all your games."
	}
	return "You no longer receive what your opponents say with \"say\", in any game; they are told when they try. \"set chat on\" turns it back on."
}

// RemindSet confirms "set remind".
type RemindSet struct {
	Remind RemindLead
	Games  []string // the games it changed
}

// Words confirms the reminder and names the games.
func (o RemindSet) Words(Reader) string {
	games := ""
	if len(o.Games) > 0 {
		games = " (now in " + listAnd(o.Games) + ")"
	}
	if o.Remind.Lead < 0 {
		return "You get no reminders before a deadline any more, in all your games" + games + "."
	}
	return "You are reminded " + o.Remind.When() + ", in all your games" + games + "."
}

// ZoneSet confirms "set zone".
type ZoneSet struct {
	Zone *time.Location
	Now  time.Time
	// Digest is the time of day of the player's digest ("" for none) and
	// Next when the next is due.
	Digest string
	Next   time.Time
}

// Words confirms the zone, and the digest's new time.
func (o ZoneSet) Words(Reader) string {
	s := fmt.Sprintf("Times are now shown to you in %s (it is %s there now).", o.Zone, o.Now.In(o.Zone).Format("15:04 MST"))
	if o.Digest != "" {
		s += fmt.Sprintf("\nYour daily digest now comes at %s %s; the next on %s.", o.Digest, o.Zone, o.Next.In(o.Zone).Format("2006-01-02 15:04 MST"))
	}
	return s
}

// SettingRefused is a "set" refused: Kind says why.
type SettingRefused struct {
	Kind     SettingProblem
	Setting  string   // the setting named
	Arg      string   // what the player wrote, shortened
	Example  string   // a value of the setting (NoValue)
	Settings []string // the settings there are (NoSuchSetting)
	Min, Max int      // the bounds of a picture's width (BadSize)
	// MinLead and MaxLead are the bounds of a reminder's lead (BadRemind).
	MinLead, MaxLead time.Duration
	Err              error // why a zone is unknown (BadZone)
}

// SettingProblem is why a "set" is refused.
type SettingProblem uint8

// The problems of a "set".
const (
	NoSuchSetting SettingProblem = iota + 1
	NoValue
	SeveralSettings
	BadTheme
	BadSize
	NotOnOff // textboard, chat
	NoRemind
	BadRemind
	NoZone
	BadZone
)

// Words says what is wrong with the "set".
func (o SettingRefused) Words(Reader) string {
	switch o.Kind {
	case NoSuchSetting:
		return fmt.Sprintf("there is no setting %q; you can set %s (send \"settings\" to see yours)", o.Arg, listOr(o.Settings))
	case NoValue:
		return fmt.Sprintf("say the value too, e.g. %q; send \"settings\" to see yours", "set "+o.Setting+" "+o.Example)
	case SeveralSettings:
		return "set one setting at a time, e.g. \"set theme light\""
	case BadTheme:
		return fmt.Sprintf("theme must be light, dark or contrast, not %q", o.Arg)
	case BadSize:
		return fmt.Sprintf("size must be small, medium, large or a width from %d to %d pixels, not %q", o.Min, o.Max, o.Arg)
	case NotOnOff:
		if o.Setting == "chat" {
			return fmt.Sprintf("chat must be on, off, public or private, not %q", o.Arg)
		}
		return fmt.Sprintf("%s must be on or off, not %q", o.Setting, o.Arg)
	case NoRemind:
		return "say how long before a deadline to remind you, e.g. \"set remind 12h\" (or \"set remind off\")"
	case BadRemind:
		return fmt.Sprintf("remind must be a time before the deadline from %s to %s, such as 12h, 90m or 1d, or off; not %q",
			schedule.FormatDuration(o.MinLead), schedule.FormatDuration(o.MaxLead), o.Arg)
	case NoZone:
		return "say your time zone, e.g. \"set zone Europe/Berlin\" or \"set zone America/New_York\""
	case BadZone:
		return fmt.Sprintf("%v", o.Err)
	}
	return "the setting was not changed"
}

// Stopped confirms "stop": no more mail to Address but answers.
type Stopped struct{ Address string }

// Words confirms the stop and says how to undo it.
func (o Stopped) Words(Reader) string {
	return fmt.Sprintf("Done: takbot sends no more mail to %s, except answers to the mails you send it. To be mailed again, write \"start\" to takbot (any mail of yours with a command does the same).", o.Address)
}

// StopNotMail refuses "stop" on a transport without consent (Discord).
type StopNotMail struct{ Transport string }

// Words says why there is nothing to stop.
func (o StopNotMail) Words(Reader) string {
	return fmt.Sprintf("\"stop\" is for mail: on %s takbot writes to you only about your own games and messages, and you can leave them at any time", o.Transport)
}

// Started answers "start"; Address is "" on a transport without
// consent, where there is nothing to start.
type Started struct{ Address string }

// Words confirms that takbot may mail the address again.
func (o Started) Words(Reader) string {
	if o.Address == "" {
		return "takbot writes to you here about your games and messages; there is nothing to start."
	}
	return fmt.Sprintf("Done: takbot may mail %s again about your games and challenges. Write \"stop\" to end it.", o.Address)
}

// Held lists the answers waiting for a player on one of their
// identities ("held").
type Held struct {
	N         int    // the answers waiting
	Transport string // the title of its transport
	Address   string
	Now       time.Time
	Groups    []HeldGroup // the first answers, by subject
	More      int         // the answers beyond the groups
}

// HeldGroup is answers waiting under one subject.
type HeldGroup struct {
	Subject     string
	N           int
	First, Last time.Time // when the first and the last go out
}

// Words lists the answers by subject, with when they go out.
func (o Held) Words(Reader) string {
	l := []string{fmt.Sprintf("%s by %s (%s):", Plural(o.N, "answer to you waits", "answers to you wait"), o.Transport, o.Address)}
	for _, g := range o.Groups {
		when := "at once"
		switch {
		case g.First.After(o.Now) && g.Last.Equal(g.First):
			when = "at " + UTC(g.First)
		case g.Last.After(o.Now) && !g.First.After(o.Now):
			when = "from now until " + UTC(g.Last)
		case g.Last.After(o.Now):
			when = "from " + UTC(g.First) + " until " + UTC(g.Last)
		}
		l = append(l, fmt.Sprintf("  %d about %q: %s", g.N, g.Subject, when))
	}
	if o.More > 0 {
		l = append(l, fmt.Sprintf("  and %d more after them.", o.More))
	}
	return lines(l)
}

// HeldEnd closes "held": why answers wait, or that none does.
type HeldEnd struct{ None bool }

// Words says what the hourly limit holds back.
func (o HeldEnd) Words(Reader) string {
	if o.None {
		return "Nothing waits for you: every answer to you has gone out. (Answers about your own moves in your games, and your games' news, are never held back.)"
	}
	return "An hourly limit holds back answers to one address; answers about your own moves in your games, and your games' news, are never held and go out at once."
}
