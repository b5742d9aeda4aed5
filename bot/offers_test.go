package bot_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// actionsTo lists the commands offered to one player in replies.
func actionsTo(rs []bot.Reply, name string) []string {
	var cmds []string
	for _, r := range rs {
		if r.To.Address != name {
			continue
		}
		for _, p := range r.Parts {
			if p.Kind == bot.Actions {
				for _, a := range p.Actions {
					cmds = append(cmds, a.Command)
				}
			}
		}
	}
	return cmds
}

// TestOffersSayWhatTheyAre: an undo request names the move in both
// notations, to each player in their own person; the player who has just
// offered is offered to withdraw, never the same offer again; the
// opponent is offered the exact replies.
func TestOffersSayWhatTheyAre(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	rs := h.send("ann", "ps a1; undo")
	if got := textTo(rs, "ann"); !strings.Contains(got, `You propose to take back your move of turn 1, ps a1 (PTN a5). bob is asked to answer "accept" or "decline".`) {
		t.Errorf("ann is told %q", got)
	}
	if got := textTo(rs, "bob"); !strings.Contains(got, `ann (white) proposes to take back their move of turn 1, ps a1 (PTN a5). Answer "accept" or "decline".`) {
		t.Errorf("bob is told %q", got)
	}
	if got := strings.Join(actionsTo(rs, "ann"), " "); got != "cancel" {
		t.Errorf("ann, who has just asked, is offered %q; want only cancel", got)
	}
	if got := strings.Join(actionsTo(rs, "bob"), " "); got != "accept decline" {
		t.Errorf("bob is offered %q; want accept decline", got)
	}
	h.send("ann", "cancel")
	rs = h.send("bob", "ps e1; draw")
	if got := strings.Join(actionsTo(rs, "bob"), " "); got != "cancel" {
		t.Errorf("bob, who has just offered a draw, is offered %q; want only cancel", got)
	}
	if got := textTo(rs, "bob"); strings.Contains(got, "Offer a draw") {
		t.Errorf("bob is still offered a draw: %q", got)
	}
	rs = h.send("ann", "decline")
	if got := textTo(rs, "ann"); !strings.Contains(got, "You declined the proposal to agree a draw.") {
		t.Errorf("ann is told %q", got)
	}
	if got := textTo(rs, "bob"); !strings.Contains(got, "ann declined the proposal to agree a draw.") {
		t.Errorf("bob is told %q", got)
	}
}

// TestButtonsAnswerOffers: where actions are buttons, a reply (an offer,
// help) does not also spell out the commands that answer an offer.
func TestButtonsAnswerOffers(t *testing.T) {
	for _, buttons := range []bool{false, true} {
		var opts []harnessOption
		if buttons {
			opts = append(opts, withButtons())
		}
		h := newHarness(t, opts...)
		h.start("ann", "bob", "")
		rs := h.send("ann", "draw")
		got := textTo(rs, "bob")
		if !strings.Contains(got, "ann (white) proposes to agree a draw.") {
			t.Errorf("buttons %v: bob is told %q", buttons, got)
		}
		if says := strings.Contains(got, `Answer "accept" or "decline".`); says == buttons {
			t.Errorf("buttons %v: bob is told %q", buttons, got)
		}
		if cmds := strings.Join(actionsTo(rs, "bob"), " "); cmds != "accept decline" {
			t.Errorf("buttons %v: bob is offered %q", buttons, cmds)
		}
		rs = h.send("bob", "help")
		got = textTo(rs, "bob")
		if !strings.Contains(got, "ann proposes to agree a draw") {
			t.Errorf("buttons %v: help tells bob %q", buttons, got)
		}
		if says := strings.Contains(got, `send "accept" or "decline"`); says == buttons {
			t.Errorf("buttons %v: help tells bob %q", buttons, got)
		}
		if cmds := strings.Join(actionsTo(rs, "bob"), " "); cmds != "accept decline" {
			t.Errorf("buttons %v: help offers bob %q", buttons, cmds)
		}
	}
}

// TestGamesListsPendingOffers: "games" names the opponent's pending offer
// with the exact replies.
func TestGamesListsPendingOffers(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.opening(id)
	h.start("ann", "bob", "")
	h.send("ann", "game "+id+"; draw")
	got := textTo(h.send("bob", "games"), "bob")
	want := `ann proposes to agree a draw: send "game ` + id + `; accept" or "game ` + id + `; decline"`
	if !strings.Contains(got, want) {
		t.Errorf("games answered %q, want %q", got, want)
	}
	if got := textTo(h.send("bob", "game "+id+"; accept"), "bob"); !strings.Contains(got, "You accepted the draw.") {
		t.Errorf("the listed reply answered %q", got)
	}
}
