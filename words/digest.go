package words

import (
	"fmt"
	"strings"
	"time"
)

// The words of the daily digest ("set digest daily 08:00 Europe/Berlin").

// DigestSet is "set digest" done: the digest is off (Already: it was), or
// comes every day At in Zone, the first at First; Moved: it moved to the
// zone the player just chose.
type DigestSet struct {
	Off, Already, Moved bool
	At, Zone            string // "08:00", "Europe/Berlin"
	First               time.Time
}

// Words tells the player, the first digest's time in their zone.
func (o DigestSet) Words(r Reader) string {
	switch {
	case o.Off && o.Already:
		return "Your daily digest is already off."
	case o.Off:
		return "Your daily digest is off: no more daily message listing your games."
	case o.Moved:
		return fmt.Sprintf("Your daily digest now comes at %s %s; the next on %s.", o.At, o.Zone, r.Time(o.First))
	}
	return fmt.Sprintf("Every day at %s %s you get one message listing the games waiting for you (none when nothing waits); the first is due %s.", o.At, o.Zone, r.Time(o.First))
}

// Digest is a player's daily digest, titled with the day it goes out
// ("Sunday 22 November"): the games waiting for them, one line each as
// "games" lists them.
type Digest struct {
	Day   string
	Lines []string
	First string // the first game waiting
}

// Words is the digest's headline.
func (o Digest) Words(Reader) string {
	return fmt.Sprintf("Your daily digest, %s: %s waiting for you.", o.Day, Plural(len(o.Lines), "game is", "games are"))
}

// Block is the caption and the lines of the games waiting.
func (o Digest) Block() (caption, text string) {
	return "Waiting for you:", strings.Join(o.Lines, "\n")
}

// DigestHint closes a digest: how to choose a game (Game, one that waits
// for the reader, never a finished one) and how to stop the digest.
type DigestHint struct{ Game string }

// Words tells the reader.
func (o DigestHint) Words(Reader) string {
	return fmt.Sprintf("Send \"game ID\" to choose one (\"game %s; board\" shows its board), or \"games\" for all your games. \"set digest off\" stops this message.", o.Game)
}

// DigestSetting is the daily digest as "settings" shows it: at At ("" for
// off) in Zone ("UTC" when the player chose none).
type DigestSetting struct{ At, Zone string }

// Words tells the player how to change it.
func (o DigestSetting) Words(Reader) string {
	if o.At == "" {
		return fmt.Sprintf("Daily digest: off. To get one message a day listing the games waiting for you, send \"set digest daily 08:00 %s\" with your time.", o.Zone)
	}
	return fmt.Sprintf("Daily digest: at %s %s, listing the games waiting for you (nothing is sent when none waits). To stop it, send \"set digest off\".", o.At, o.Zone)
}
