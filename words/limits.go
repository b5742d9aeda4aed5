package words

import (
	"fmt"
	"strings"
	"time"
)

// The limits on what one sender may do (package bot/consent decides
// them): messages an hour, challenges waiting, things said in a game.

// OverRate answers the first message beyond the hourly limit of messages
// read from one sender.
type OverRate struct {
	Limit int       // the messages read an hour
	Until time.Time // when the sender's hour ends
}

// Words tells the sender nothing more is read before Until.
func (o OverRate) Words(Reader) string {
	return fmt.Sprintf("You have sent more than %d messages in the last hour; the referee reads at most %d an hour from one sender, "+
		"so it did not read this one and will not read or answer any other you send before %s. Send your commands again after that.",
		o.Limit, o.Limit, UTC(o.Until))
}

// ChallengesToFull refuses a challenge to a player who has the most
// challenges waiting for their answer.
type ChallengesToFull struct {
	Name string // the challenged player
	N    int    // the challenges waiting for them
}

// Words says why the challenge was not sent.
func (o ChallengesToFull) Words(Reader) string {
	return fmt.Sprintf("%s already has %d challenges waiting for an answer, the most the referee lets a player have; your challenge was not sent. Try again once %s has answered some",
		o.Name, o.N, o.Name)
}

// OwnChallengesFull refuses a challenge from a sender who has the most
// challenges waiting for an answer.
type OwnChallengesFull struct {
	IDs []string // the sender's challenges waiting, by number
	Max int
}

// Words says which challenges wait and how to withdraw one.
func (o OwnChallengesFull) Words(Reader) string {
	return fmt.Sprintf("you have %s waiting for an answer (%s), and the referee lets you have at most %d at once: "+
		"withdraw one (e.g. \"game %s; cancel\") or wait until one is answered or expires",
		Plural(len(o.IDs), "open challenge", "open challenges"), listIDs(o.IDs), o.Max, o.IDs[0])
}

// WithdrawChallenge labels the button that withdraws challenge id.
func WithdrawChallenge(id string) string { return "Withdraw the challenge " + id }

// listIDs names games: "g3, g7 and g9", at most five then "and N more".
func listIDs(ids []string) string {
	if len(ids) <= 5 {
		return listAnd(ids)
	}
	return strings.Join(ids[:5], ", ") + fmt.Sprintf(" and %d more", len(ids)-5)
}

// listAnd joins "a", "a and b", "a, b and c".
func listAnd(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// listOr joins "a", "a or b", "a, b or c".
func listOr(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// NotSent tells a player, privately and once a day, that takbot did not
// send their opponent its message about their game: the opponent's
// address did not consent to more mail.
type NotSent struct {
	Game   Game
	To     int    // the opponent's colour index, whose mail was declined
	Reason string // why, in the transport's few words
}

// Words says what was not sent, and why.
func (o NotSent) Words(Reader) string {
	return fmt.Sprintf("takbot did not send %s its message about game %s: %s. (You are told this once a day.)", o.Game.Names[o.To], o.Game.ID, o.Reason)
}
