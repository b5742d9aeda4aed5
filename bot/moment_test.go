package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
)

// pressed finds the action with a command in the replies to a player (as
// a Discord button shows it) and fails when there is none.
func pressed(t *testing.T, rs []bot.Reply, to, command string) bot.Action {
	t.Helper()
	for _, r := range rs {
		if r.To.Address != to {
			continue
		}
		for _, p := range r.Parts {
			for _, a := range p.Actions {
				if a.Command == command {
					return a
				}
			}
		}
	}
	t.Fatalf("no action %q for %s in:\n%s", command, to, allText(rs))
	return bot.Action{}
}

// press hands the referee an action as a button sends it back: the
// command, its game, its moment.
func (h *harness) press(from string, a bot.Action) (bot.Outcome, []bot.Reply) {
	h.t.Helper()
	h.n++
	out, err := h.ref.Handle(context.Background(), bot.Message{ID: "b" + itoa(h.n), From: player(from), Name: from, Text: a.Command, Game: a.Game, Moment: a.Moment})
	if err != nil {
		h.t.Fatalf("%s presses %q: %v", from, a.Command, err)
	}
	return out, out.Replies
}

// Every action about a game carries the game's moment; a press of an
// action drawn for an earlier moment is refused privately and changes
// nothing; a press of a current one runs.
func TestStaleActionsAreRefused(t *testing.T) {
	type attack struct {
		name  string
		setup func(h *harness, id string) (who string, stale bot.Action) // returns the stale press
		want  string                                                     // in the refusal
	}
	for _, c := range []attack{{
		// The case: after a move had been taken back, the old
		// post's "take back your last move" takes back another move.
		name: "undo of an old post after a takeback",
		setup: func(h *harness, id string) (string, bot.Action) {
			h.send("alice", "ps c2")
			h.send("bob", "ps a1")
			h.send("alice", "ps b1")
			h.send("bob", "ps a3")
			rs := h.send("alice", "ps c3")
			undo := pressed(t, rs, "alice", "undo")
			if _, got := h.press("alice", undo); !strings.Contains(textTo(got, "bob"), "proposes to take back") {
				t.Fatalf("the fresh undo was not proposed:\n%s", allText(got))
			}
			h.send("bob", "accept")
			return "alice", undo
		},
		want: "earlier moment of game",
	}, {
		name: "withdraw after the proposal was settled",
		setup: func(h *harness, id string) (string, bot.Action) {
			rs := h.send("alice", "draw")
			withdraw := pressed(t, rs, "alice", "cancel")
			h.send("bob", "decline")
			h.send("bob", "draw") // a new proposal the old button must not withdraw
			return "alice", withdraw
		},
		want: "the proposal it answered was replaced by a new one",
	}, {
		name: "accept a proposal after it was accepted, answering the next",
		setup: func(h *harness, id string) (string, bot.Action) {
			h.send("alice", "ps c2")
			rs := h.send("alice", "undo")
			accept := pressed(t, rs, "bob", "accept")
			if out, _ := h.press("bob", accept); out.Refused {
				t.Fatal("the fresh accept was refused")
			}
			h.send("alice", "draw") // a new proposal: the old Accept must not accept it
			return "bob", accept
		},
		want: "no longer open",
	}} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			id := h.start("alice", "bob", "size=3 opening=no-swap")
			who, stale := c.setup(h, id)
			if stale.Moment == "" || stale.Game != id {
				t.Fatalf("the action %+v carries no moment of %s", stale, id)
			}
			before := h.game(id)
			out, rs := h.press(who, stale)
			after := h.game(id)
			if !out.Refused || len(rs) != 1 || rs[0].To.Address != who || !rs[0].Private || !strings.Contains(rs[0].Text(), c.want) || !strings.Contains(rs[0].Text(), "Nothing was done") {
				t.Fatalf("the stale press: refused %v, replies:\n%s", out.Refused, allText(rs))
			}
			if after.Version != before.Version || len(after.Moves) != len(before.Moves) || bot.MomentOf(after) != bot.MomentOf(before) {
				t.Errorf("the stale press changed the game: %+v -> %+v", before, after)
			}
		})
	}
}

// An accepted challenge's Accept, pressed again once the game runs and a
// draw is offered, does not accept the draw.
func TestStaleChallengeAccept(t *testing.T) {
	h := newHarness(t)
	rs := h.send("alice", "new bob size=3 color=white opening=no-swap")
	id := rs[0].Game
	accept := pressed(t, rs, "bob", "accept")
	if out, _ := h.press("bob", accept); out.Refused {
		t.Fatal("the fresh Accept was refused")
	}
	h.send("alice", "draw")
	out, rs := h.press("bob", accept)
	if !out.Refused || !strings.Contains(allText(rs), "the challenge it answered has been accepted since") {
		t.Fatalf("the old Accept pressed again: %+v\n%s", out, allText(rs))
	}
	if g := h.game(id); g.Status != bot.Active || g.Proposal == nil {
		t.Errorf("the game after the old Accept: %s, proposal %+v", g.Status, g.Proposal)
	}
}

// A moment that is not shaped as the referee writes one, or a moment
// without a game, is refused; the moment of a current action is valid.
func TestMomentShape(t *testing.T) {
	h := newHarness(t)
	id := h.start("alice", "bob", "size=3")
	g := h.game(id)
	m := bot.MomentOf(g)
	if !bot.ValidMoment(m) || !strings.HasPrefix(m, "0a-") {
		t.Errorf("MomentOf a fresh game = %q", m)
	}
	for _, bad := range []string{"", "a-1", "1-", "1A-x", "1abc-x", "1a-X", "1a-x-y", strings.Repeat("1", 30) + "a-x"} {
		if bot.ValidMoment(bad) {
			t.Errorf("ValidMoment(%q) = true", bad)
		}
	}
	for _, msg := range []bot.Message{
		{Text: "draw", Game: id, Moment: "1a-zz"},
		{Text: "draw", Game: "", Moment: m},
		{Text: "draw", Game: id, Moment: "not a moment"},
		{Text: "draw", Game: "g999", Moment: m},
	} {
		h.n++
		msg.ID, msg.From, msg.Name = "x"+itoa(h.n), player("alice"), "alice"
		out, err := h.ref.Handle(context.Background(), msg)
		if err != nil || !out.Refused || h.game(id).Proposal != nil {
			t.Errorf("%+v: %+v, %v; proposal %+v", msg, out, err, h.game(id).Proposal)
		}
	}
}

// The buttons of a question ("which game is accept for?") carry each
// game's moment: once that game has moved on, the press is refused.
func TestStaleChoiceRefused(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("alice", "bob", "size=3")
	g2 := h.start("alice", "carol", "size=3")
	h.send("bob", "game "+g1+"; draw")
	h.send("carol", "game "+g2+"; draw")
	rs := h.send("alice", "accept")
	choice := pressed(t, rs, "alice", "game "+g1+"; accept")
	if choice.Moment != bot.MomentOf(h.game(g1)) {
		t.Fatalf("the choice %+v does not carry g1's moment %s", choice, bot.MomentOf(h.game(g1)))
	}
	// Bob withdraws his draw offer and asks to restart instead.
	h.send("bob", "game "+g1+"; cancel")
	h.send("bob", "game "+g1+"; restart")
	out, rs := h.press("alice", bot.Action{Command: choice.Command, Game: g1, Moment: choice.Moment})
	if !out.Refused || !strings.Contains(allText(rs), "earlier moment") {
		t.Fatalf("the stale choice: %+v\n%s", out, allText(rs))
	}
	if g := h.game(g1); g.Status != bot.Active || g.Proposal == nil || g.Proposal.Kind != bot.ProposeRestart {
		t.Errorf("g1 after the stale choice: %s, proposal %+v", g.Status, g.Proposal)
	}
}

// An open challenge's Accept in a "seeks" listing carries the challenge's
// moment: pressed again once the taker plays it and a draw is offered,
// it does not accept the draw.
func TestStaleSeekAccept(t *testing.T) {
	h := newHarness(t)
	rs := h.send("alice", "new anyone size=3")
	id := rs[0].Game
	rs = h.send("bob", "seeks")
	accept := pressed(t, rs, "bob", "accept "+id)
	if accept.Moment == "" {
		t.Fatalf("the listing's Accept carries no moment: %+v", accept)
	}
	if out, _ := h.press("bob", accept); out.Refused {
		t.Fatal("the fresh Accept was refused")
	}
	h.send("alice", "game "+id+"; draw")
	out, rs := h.press("bob", accept)
	if !out.Refused || !strings.Contains(allText(rs), "accepted since") {
		t.Fatalf("the listing's Accept pressed again: %+v\n%s", out, allText(rs))
	}
	if g := h.game(id); g.Status != bot.Active || g.Proposal == nil {
		t.Errorf("%s after the old Accept: %s, proposal %+v", id, g.Status, g.Proposal)
	}
}

// The "Withdraw the challenge" offered with a refused challenge carries
// that challenge's moment: pressed once it was accepted and its sender
// proposed a draw, it does not withdraw the draw.
func TestStaleWithdrawChallenge(t *testing.T) {
	h := newHarness(t, withQuotas(bot.Quotas{OpenChallenges: 1}))
	rs := h.send("alice", "new bob size=3")
	id := rs[0].Game
	rs = h.send("alice", "new carol size=3")
	withdraw := pressed(t, rs, "alice", "cancel")
	if withdraw.Game != id || withdraw.Moment == "" {
		t.Fatalf("the refusal's Withdraw: %+v", withdraw)
	}
	h.send("bob", "game "+id+"; accept")
	h.send("alice", "game "+id+"; draw")
	out, rs := h.press("alice", withdraw)
	if !out.Refused || !strings.Contains(allText(rs), "accepted since") {
		t.Fatalf("the old Withdraw: %+v\n%s", out, allText(rs))
	}
	if g := h.game(id); g.Proposal == nil {
		t.Errorf("the old Withdraw withdrew the draw offer")
	}
}

// Every action about a game, in every reply of a game's life (challenge,
// moves, offers, a refusal, a listing, the end), carries a moment that
// ValidMoment accepts.
func TestEveryGameActionHasAMoment(t *testing.T) {
	h := newHarness(t, withButtons())
	var all []bot.Reply
	send := func(from, text string) { all = append(all, h.send(from, text)...) }
	send("alice", "new bob size=3 color=white opening=no-swap")
	send("bob", "accept")
	send("alice", "ps a1")
	send("bob", "ps c3")
	send("alice", "draw")
	send("bob", "decline")
	send("bob", "ps c1")
	send("alice", "undo")
	send("bob", "ps zz")
	send("alice", "new anyone size=4")
	send("bob", "seeks")
	send("alice", "games")
	send("bob", "resign")
	n := 0
	for _, r := range all {
		for _, p := range r.Parts {
			for _, a := range p.Actions {
				if a.Game == "" {
					continue
				}
				n++
				if !bot.ValidMoment(a.Moment) {
					t.Errorf("reply %s to %s: action %+v has no valid moment", r.ID, r.To.Address, a)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d actions about a game in the whole script", n)
	}
}
