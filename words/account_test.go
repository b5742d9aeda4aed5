package words

import (
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// TestAccountWords: the outcomes of a player's account, limits, help and
// plans, word by word.
func TestAccountWords(t *testing.T) {
	c3 := MoveNames{Mail: "ps c3", PTN: "c3"}
	d3 := MoveNames{Mail: "ps d3", PTN: "d3"}
	cases := []struct {
		name string
		o    Outcome
		r    Reader
		want string
	}{
		{"own challenges full, more than five", OwnChallengesFull{IDs: []string{"g1", "g2", "g3", "g4", "g5", "g6", "g7"}, Max: 7}, white,
			"you have 7 open challenges waiting for an answer (g1, g2, g3, g4, g5 and 2 more), and the referee lets you have at most 7 at once: withdraw one (e.g. \"game g1; cancel\") or wait until one is answered or expires"},
		{"over the hourly rate", OverRate{Limit: 3, Until: noon}, nobody,
			"You have sent more than 3 messages in the last hour; the referee reads at most 3 an hour from one sender, so it did not read this one and will not read or answer any other you send before 2026-11-28 12:00 UTC. Send your commands again after that."},
		{"no such setting", SettingRefused{Kind: NoSuchSetting, Arg: "colour", Settings: []string{"theme", "size", "chat"}}, white,
			"there is no setting \"colour\"; you can set theme, size or chat (send \"settings\" to see yours)"},
		{"remind set, in two games", RemindSet{Remind: RemindLead{Lead: 12 * time.Hour}, Games: []string{"g1", "g3"}}, white,
			"You are reminded 12 hours before each deadline (never sooner than an hour into your turn), in all your games (now in g1 and g3)."},
		{"remind at the default share", RemindSet{Remind: RemindLead{Fraction: 0.75}}, white,
			"You are reminded when 75% of your time for a move has passed (the default), in all your games."},
		{"said enough", ChatRefused{Kind: SaidEnough, Game: game, Other: tak.Black, N: 10, Until: noon}, white,
			"you have said 10 things to bob in the last hour, the most the referee passes on in an hour; you can say more after 2026-11-28 12:00 UTC"},
		{"held, by subject", Held{N: 3, Transport: "email", Address: "ann@example.org", Now: noon, More: 1,
			Groups: []HeldGroup{{Subject: "[Tak] g1", N: 2, First: noon, Last: noon.Add(time.Hour)}}}, white,
			"3 answers to you wait by email (ann@example.org):\n  2 about \"[Tak] g1\": from now until 2026-11-28 13:00 UTC\n  and 1 more after them."},
		{"help, challenged, with buttons", GameHelp{Game: game, Me: tak.Black, Status: "challenge"}, black,
			"Game g1: alice challenges you."},
		{"help, challenged, by mail", GameHelp{Game: game, Me: tak.Black, Status: "challenge"}, Reader{Color: tak.Black},
			"Game g1: alice challenges you; send \"accept\" or \"decline\"."},
		{"help, to move, at the opening", GameHelp{Game: game, Me: tak.White, Status: "active", Turn: 1, ToMove: tak.White, Examples: []string{"a1", "b1"}, Opening: true}, white,
			"Game g1, turn 1 (PTN move 1, white): your move. Send a move, e.g. \"a1\" or \"b1\"; add \" t\" to call Tak and \" #1\" to guard the turn number.\nSwap opening: place a flat of your opponent's colour."},
		{"plans shown, just made", PlansShown{Game: game, Me: tak.Black, Made: PlanLine{c3, d3}, Lines: []PlanLine{{c3, d3}}}, Reader{Notation: notation.PTN},
			"Plan made in game g1: if alice plays c3 (mail ps c3), you answer d3 (mail ps d3). alice never sees your plans.\nYour plans in game g1 (alice never sees them; \"plan clear\" removes them):\n1. If alice plays c3 (mail ps c3), you answer d3 (mail ps d3)"},
		{"plan conflict", PlanRefused{Kind: PlanConflict, Game: game, Me: tak.Black, If: c3, Had: d3}, white,
			"you already answer alice's ps c3 (PTN c3) with ps d3 (PTN d3) there; a plan gives one answer to each move (send \"plan clear\" to start again, \"plan\" to see yours)"},
		{"not sent", NotSent{Game: game, To: 1, Reason: "the address does not accept more mail from takbot today"}, white,
			"takbot did not send bob its message about game g1: the address does not accept more mail from takbot today. (You are told this once a day.)"},
	}
	for _, c := range cases {
		if got := c.o.Words(c.r); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
