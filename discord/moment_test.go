package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// move plays a move with /tak move in the thread and waits until the game
// has n moves.
func (w *world) move(user, thread, move string, n int) {
	w.t.Helper()
	w.slash(user, thread, "move", discordfake.Opt("move", move))
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == n })
}

// lastPostWith waits for the newest post of a thread with a button whose
// label starts with label.
func (w *world) lastPostWith(thread, label string, after map[string]bool) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		ps := w.posts(thread)
		for i := len(ps) - 1; i >= 0; i-- {
			if _, ok := button(ps[i], label); ok && !after[ps[i].ID] {
				found = ps[i]
				return true
			}
		}
		return false
	}); err != nil {
		w.t.Fatalf("no post with %q in %s: %v\n%s", label, thread, err, contents(w.posts(thread)))
	}
	return found
}

// seen lists the ids of a thread's posts so far.
func (w *world) seen(thread string) map[string]bool {
	out := map[string]bool{}
	for _, m := range w.posts(thread) {
		out[m.ID] = true
	}
	return out
}

// The attack: after a move had been taken back, the old post's
// "take back your last move" took back another move. With the buttons
// left on the old post (as when the edit that takes them off fails or
// comes too late), the press reaches the referee, which refuses it
// privately, and the game does not change; the press of a current
// button still runs.
func TestStaleButtonRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{KeepButtons: true})
	th := w.startGame()
	// Alice plays c2; her answer (only she sees it) offers to take it back.
	old := w.reply(w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "c2")))
	b, ok := button(old, "Ask to take back your last move")
	if !ok || !old.Ephemeral || !strings.Contains(b.CustomID, "g1@1a-") {
		t.Fatalf("Alice's answer to her move: %s", show(old))
	}
	// She takes c2 back with /tak undo, Bob agrees; both play on to the
	// same turn, with other moves.
	w.slash(w.alice.ID, th.ID, "undo")
	w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil })
	w.slash(w.bob.ID, th.ID, "accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Proposal == nil && len(g.Moves) == 0 })
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "bob accepted") })
	w.move(w.alice.ID, th.ID, "b2", 1)
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played b2") })
	g := w.game("g1")
	posts := len(w.posts(th.ID))

	// The old answer's undo: same turn, another move.
	ix := w.click(w.alice.ID, old, "Ask to take back your last move")
	refusal := w.reply(ix)
	if !strings.Contains(refusal.Content, "earlier moment") {
		refusal = w.waitEphemeral("earlier moment") // the click's answer is its message's update; the refusal follows
	}
	if !refusal.Ephemeral || !strings.Contains(refusal.Content, "Nothing was done") {
		t.Errorf("the stale press's answer: %s", show(refusal))
	}
	after := w.game("g1")
	if after.Version != g.Version || after.Proposal != nil || len(after.Moves) != 1 {
		t.Errorf("the stale press changed the game: proposal %+v, moves %v", after.Proposal, after.Moves)
	}
	if n := len(w.posts(th.ID)); n != posts {
		for _, m := range w.posts(th.ID)[posts:] {
			t.Errorf("a public post after the stale press: %s", show(m))
		}
	}
	// A current button still works: Bob's post of b2 offers him a draw.
	w.click(w.bob.ID, w.lastPostWith(th.ID, "Offer a draw", nil), "Offer a draw")
	w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil && g.Proposal.Kind == record.ProposeDraw })
	w.clean()
}

// waitEphemeral waits for an ephemeral message to a user containing want.
func (w *world) waitEphemeral(want string) discordfake.Message {
	w.t.Helper()
	var found discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		for _, ch := range w.fake.Threads() {
			for _, m := range w.fake.Messages(ch.ID) {
				if m.Ephemeral && strings.Contains(m.Content, want) {
					found = m
					return true
				}
			}
		}
		for _, m := range w.fake.Messages(w.channel) {
			if m.Ephemeral && strings.Contains(m.Content, want) {
				found = m
				return true
			}
		}
		return false
	}); err != nil {
		w.t.Fatalf("no ephemeral message %q: %v", want, err)
	}
	return found
}

// Superseded posts lose their buttons: a challenge accepted by command
// loses Accept/Decline, a move's post loses its buttons at the next
// move, a settled proposal's Withdraw goes, and only the latest post
// keeps buttons.
func TestSupersededPostsLoseButtons(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	if _, ok := button(challenge, "Accept"); !ok {
		t.Fatalf("the challenge has no Accept: %s", show(challenge))
	}
	// Accepted by a command, not by its button.
	w.slash(w.bob.ID, th.ID, "accept")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
	w.awaitNoButtons(challenge, "the accepted challenge")

	before := w.seen(th.ID)
	w.move(w.alice.ID, th.ID, "c2", 1)
	bobs := w.lastPostWith(th.ID, "Offer a draw", before)
	before = w.seen(th.ID)
	w.move(w.bob.ID, th.ID, "a1", 2)
	w.lastPostWith(th.ID, "Offer a draw", before)
	w.awaitNoButtons(bobs, "the post of the move before")

	// Alice offers a draw by command: her answer carries Withdraw; Bob
	// declines by command; the Withdraw goes.
	ix := w.slash(w.alice.ID, th.ID, "draw")
	offer := w.reply(ix)
	if _, ok := button(offer, "Withdraw"); !ok {
		t.Fatalf("Alice's answer has no Withdraw: %s", show(offer))
	}
	w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil })
	w.slash(w.bob.ID, th.ID, "decline")
	w.waitGame("g1", func(g *record.Game) bool { return g.Proposal == nil })
	w.awaitNoButtons(offer, "the settled proposal's Withdraw")

	// Every post of the thread that keeps buttons was drawn for the game
	// as it stands (after a declined offer that may be the post of the
	// move before it, whose buttons are good again).
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "declined") })
	stale := func() []discordfake.Message {
		now := "@" + bot.MomentOf(w.game("g1")) + ":"
		var out []discordfake.Message
		for _, m := range w.posts(th.ID) {
			if b, ok := button(m, ""); ok && !strings.Contains(b.CustomID, now) {
				out = append(out, m)
			}
		}
		return out
	}
	if err := w.fake.Await(w.ctx, func() bool { return len(stale()) == 0 }); err != nil {
		for _, m := range stale() {
			t.Errorf("a post keeps buttons of another moment: %s", show(m))
		}
	}
	w.clean()
}

// awaitNoButtons waits until a message has lost its buttons.
func (w *world) awaitNoButtons(m discordfake.Message, what string) {
	w.t.Helper()
	if err := w.fake.Await(w.ctx, func() bool {
		now, ok := w.fake.Message(m.ID)
		return ok && len(now.Components) == 0
	}); err != nil {
		now, _ := w.fake.Message(m.ID)
		w.t.Fatalf("%s keeps its buttons: %s", what, show(now))
	}
}

// Refusals of messages typed in a game thread are never posted there: a
// spectator's move, a refused "say" and a move out of turn are answered
// by DM; when Discord refuses the bot's DMs to the sender, the thread
// gets a line for them that says nothing of the refusal.
func TestTypedRefusalsArePrivate(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	carol := w.fake.AddUser(discordfake.User{Username: "carol"})
	if err := w.fake.AddMember(w.guild, carol.ID, ""); err != nil {
		t.Fatal(err)
	}
	th := w.startGame()
	say := func(user, text string) discordfake.Message {
		t.Helper()
		m, err := w.fake.Say(user, th.ID, text)
		if err != nil {
			t.Fatalf("Say %q: %v", text, err)
		}
		return m
	}
	public := len(w.posts(th.ID))
	for _, c := range []struct {
		user, text, want string
	}{
		{carol.ID, "a4", "Refused"},                           // a spectator's move
		{w.bob.ID, "say see https://evil.example", "Refused"}, // a refused say
		{w.bob.ID, "ps a1", "not your turn"},                  // a move out of turn
	} {
		say(c.user, c.text)
		got := w.waitDM(c.user, func(m discordfake.Message) bool { return strings.Contains(m.Content, c.want) })
		if len(got.Mentions) != 0 {
			t.Errorf("%q: the DM mentions %v", c.text, got.Mentions)
		}
	}
	if g := w.game("g1"); len(g.Moves) != 0 {
		t.Errorf("moves %v after the refused ones", g.Moves)
	}

	// Bob refuses DMs: his refusal is not shown; the thread says only
	// where to look, to him.
	if err := w.fake.SetRefusesDMs(w.bob.ID, true); err != nil {
		t.Fatal(err)
	}
	typed := say(w.bob.ID, "ps b1")
	pointer := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "only you should see") })
	if pointer.Type != discordfake.MessageReply || !containsAll(pointer.Mentions, w.bob.ID) || len(pointer.Mentions) != 1 ||
		strings.Contains(pointer.Content, "turn") || strings.Contains(pointer.Content, "Refused") {
		t.Errorf("the line for Bob's refusal (a reply to %s): %s", typed.ID, show(pointer))
	}
	for _, m := range w.posts(th.ID)[public:] {
		if m.ID != pointer.ID {
			t.Errorf("a refusal was posted in the thread: %s", show(m))
		}
	}
	w.clean()
}

// Stale presses through the fake Discord, with the buttons left on their
// posts (as when taking them off failed): an accepted challenge's Accept
// pressed once a draw is offered, a settled draw offer's Withdraw pressed
// once the opponent offers one, a proposal's Accept pressed after it was
// accepted and another was made. Each is refused privately; the open
// proposal stays as it was.
func TestStaleButtonAttacks(t *testing.T) {
	t.Parallel()
	o := discordfake.Opt
	for _, c := range []struct {
		name string
		run  func(w *world, th discordfake.Channel) (user string, m discordfake.Message, label string)
	}{{
		name: "accept a challenge again",
		run: func(w *world, th discordfake.Channel) (string, discordfake.Message, string) {
			challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
			w.slash(w.bob.ID, th.ID, "accept")
			w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
			w.slash(w.alice.ID, th.ID, "draw")
			w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil })
			return w.bob.ID, challenge, "Accept"
		},
	}, {
		name: "withdraw a settled offer",
		run: func(w *world, th discordfake.Channel) (string, discordfake.Message, string) {
			w.slash(w.bob.ID, th.ID, "accept")
			w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
			offer := w.reply(w.slash(w.alice.ID, th.ID, "draw"))
			w.slash(w.bob.ID, th.ID, "decline")
			w.waitGame("g1", func(g *record.Game) bool { return g.Proposal == nil })
			w.slash(w.bob.ID, th.ID, "draw")
			w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil })
			return w.alice.ID, offer, "Withdraw"
		},
	}, {
		name: "accept an accepted proposal",
		run: func(w *world, th discordfake.Channel) (string, discordfake.Message, string) {
			w.slash(w.bob.ID, th.ID, "accept")
			w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Active })
			w.move(w.alice.ID, th.ID, "c2", 1)
			before := w.seen(th.ID)
			w.slash(w.alice.ID, th.ID, "undo")
			proposal := w.lastPostWith(th.ID, "Accept:", before)
			w.slash(w.bob.ID, th.ID, "accept")
			w.waitGame("g1", func(g *record.Game) bool { return g.Proposal == nil && len(g.Moves) == 0 })
			w.slash(w.alice.ID, th.ID, "draw")
			w.waitGame("g1", func(g *record.Game) bool { return g.Proposal != nil })
			return w.bob.ID, proposal, "Accept:"
		},
	}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, worldOptions{KeepButtons: true})
			w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
			th := w.thread()
			user, m, label := c.run(w, th)
			before := w.game("g1")
			got := w.reply(w.click(user, m, label))
			if !strings.Contains(got.Content, "earlier moment") {
				got = w.waitEphemeral("earlier moment")
			}
			if !got.Ephemeral || !strings.Contains(got.Content, "Nothing was done") {
				t.Errorf("the stale press's answer: %s", show(got))
			}
			after := w.game("g1")
			if after.Version != before.Version || after.Status != before.Status || after.Proposal == nil || *after.Proposal != *before.Proposal {
				t.Errorf("the stale press changed the game: %s %+v -> %s %+v", before.Status, before.Proposal, after.Status, after.Proposal)
			}
			w.clean()
		})
	}
}

// A game's record of live buttons is kept while fresh and pruned once
// older than liveRetention; a game whose posts all lost their buttons
// leaves no record.
func TestLiveRecordPruned(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{ManualClock: true})
	th := w.startGame()
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	// Once the game's start is delivered, the record holds only posts of
	// the game's moment (the challenge's went with the Accept).
	now := bot.MomentOf(w.game("g1"))
	var rec liveRecord
	if err := w.fake.Await(w.ctx, func() bool {
		rec = liveRecord{}
		found, err := w.tr.getState(w.ctx, keyLive+"g1", &rec)
		if !found || err != nil || len(rec.Posts) == 0 {
			return false
		}
		for _, p := range rec.Posts {
			if p.Moment != now || p.Message == "" {
				return false
			}
		}
		return true
	}); err != nil {
		t.Fatalf("the live record of g1 is not the game's moment %s: %+v, %v", now, rec, err)
	}
	if err := w.tr.prune(w.ctx); err != nil {
		t.Fatal(err)
	}
	if found, err := w.tr.getState(w.ctx, keyLive+"g1", &rec); !found || err != nil {
		t.Fatalf("a fresh live record was pruned: %v", err)
	}
	w.clock.Advance(liveRetention + time.Hour)
	if err := w.tr.prune(w.ctx); err != nil {
		t.Fatal(err)
	}
	if found, err := w.tr.getState(w.ctx, keyLive+"g1", &rec); found || err != nil {
		t.Errorf("an old live record stays: %+v, %v", rec, err)
	}
	w.clean()
}
