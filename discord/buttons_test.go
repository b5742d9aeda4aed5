package discord

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
)

// startGame has Alice challenge Bob (size 3, Alice white, no swap) and
// Bob accept; it returns the thread.
func (w *world) startGame() discordfake.Channel {
	w.t.Helper()
	o := discordfake.Opt
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	w.click(w.bob.ID, challenge, "Accept")
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	return th
}

// Buttons: a decline by the challenged player, a click by someone else
// refused without reaching the referee, and a resignation that asks first
// (No keeps the game, Yes resigns).
func TestButtons(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	o := discordfake.Opt

	// Decline.
	w.reply(w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID))))
	th := w.thread()
	challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	if b, _ := button(challenge, "Decline"); b.Style != discordfake.ButtonDanger {
		t.Errorf("Decline button %+v", b)
	}
	w.click(w.bob.ID, challenge, "Decline")
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Declined })
	if m, _ := w.fake.Message(challenge.ID); len(m.Components) != 0 {
		t.Errorf("the challenge keeps its buttons after the answer: %s", show(m))
	}

	// Resign, with its confirmation step.
	w.fake.Await(w.ctx, func() bool { return len(w.fake.Threads()) == 1 })
	o2 := w.slash(w.alice.ID, w.channel, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap"))
	w.reply(o2)
	var th2 discordfake.Channel
	w.fake.Await(w.ctx, func() bool {
		ts := w.fake.Threads()
		if len(ts) == 2 {
			th2 = ts[1]
		}
		return len(ts) == 2
	})
	ch2 := w.waitPost(th2.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	w.click(w.bob.ID, ch2, "Accept")
	start := w.waitPost(th2.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })

	// Bob presses Alice's Resign: refused, privately, and nothing changes.
	refusal := w.reply(w.click(w.bob.ID, start, "Resign"))
	if !refusal.Ephemeral || !strings.Contains(refusal.Content, "only they can use them") {
		t.Errorf("Bob pressing Alice's button: %s", show(refusal))
	}
	ask := w.reply(w.click(w.alice.ID, start, "Resign"))
	if !ask.Ephemeral || !strings.Contains(ask.Content, "Resign in game g2? This cannot be undone.") {
		t.Errorf("the confirmation: %s", show(ask))
	}
	no := w.reply(w.click(w.alice.ID, ask, "No"))
	if !strings.Contains(no.Content, "Nothing was sent") || len(no.Components) != 0 {
		t.Errorf("after No: %s", show(no))
	}
	if g := w.game("g2"); g.Status != record.Active {
		t.Fatalf("after No the game is %s", g.Status)
	}
	ask = w.reply(w.click(w.alice.ID, start, "Resign"))
	yes := w.click(w.alice.ID, ask, "Yes")
	// Resigned before each player moved twice: the game is aborted.
	g := w.waitGame("g2", func(g *record.Game) bool { return g.Status == record.Aborted })
	// The private "Sending "resign"…" is edited to say how it went.
	st, err := yes.WaitUntil(w.ctx, func(st discordfake.InteractionState) bool {
		return st.Original != nil && strings.HasPrefix(st.Original.Content, `Sent "resign" in game g2: `)
	})
	if err != nil {
		t.Errorf("the interim answer was not edited with the outcome: %v %+v", err, st.Original)
	} else if !st.Original.Ephemeral || strings.Contains(st.Original.Content, "Sending") || !strings.Contains(st.Original.Content, "abort") {
		t.Errorf("the interim answer: %s", show(*st.Original))
	}
	if g.Result != nil {
		t.Errorf("result %+v", g.Result)
	}
	over := w.waitPost(th2.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "counts as an abort") })
	if !containsAll(over.Mentions, w.bob.ID) || containsAll(over.Mentions, w.alice.ID) {
		t.Errorf("the resignation post mentions %v, want Bob only: %s", over.Mentions, show(over))
	}
	w.clean()
}

// Autocomplete lists the legal moves in the player's notation, those
// starting with what they typed: PTN for a new Discord player, Tak by Mail
// for one who chose it; both notations are accepted in /tak move.
func TestAutocompleteMoves(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	complete := func(user, typed string) []string {
		t.Helper()
		ix, err := w.fake.Autocomplete(w.ctx, user, th.ID, rootCommand, discordfake.Sub("move", discordfake.Focus("move", typed)))
		if err != nil {
			t.Fatal(err)
		}
		choices, err := ix.Choices(w.ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range choices {
			names = append(names, c.Name)
			if c.Name != c.Value {
				t.Errorf("choice %+v: name and value differ", c)
			}
		}
		return names
	}
	if names := complete(w.alice.ID, "a"); strings.Join(names, ",") != "a1,a2,a3" {
		t.Errorf("Alice's choices %v, want the placements on column a in PTN", names)
	}
	// Bob, whose turn it is not, gets none.
	if names := complete(w.bob.ID, ""); len(names) != 0 {
		t.Errorf("Bob's choices %v, want none", names)
	}
	// A move in PTN is played.
	w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "Sc3"))
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	// Bob chooses Tak by Mail: his choices are in it, and his move in it
	// is accepted.
	w.slash(w.bob.ID, th.ID, "notation", discordfake.Opt("notation", "mail"))
	w.fake.Await(w.ctx, func() bool {
		p, err := w.ref.Player(w.ctx, record.Identity{Transport: Name, Address: w.bob.ID})
		return err == nil && p.NotationFixed && p.Notation == notation.Mail
	})
	if names := complete(w.bob.ID, "ps a"); strings.Join(names, ",") != "ps a1,ps a2,ps a3" {
		t.Errorf("Bob's choices %v, want the placements on column a in Tak by Mail", names)
	}
	w.slash(w.bob.ID, th.ID, "move", discordfake.Opt("move", "ps a1"))
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 2 })
	// Bob's picture theme, set with /tak settings, is kept in his record.
	w.slash(w.bob.ID, th.ID, "settings", discordfake.Opt("setting", "theme"), discordfake.Opt("value", "light"))
	w.fake.Await(w.ctx, func() bool {
		p, err := w.ref.Player(w.ctx, record.Identity{Transport: Name, Address: w.bob.ID})
		return err == nil && p.Theme == "light"
	})
	w.clean()
}

// /tak rs without a board opens a form; the board pasted in it, several
// lines, is compared with the game's.
func TestRSForm(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "ps a1"))
	w.waitGame("g1", func(g *record.Game) bool { return len(g.Moves) == 1 })
	ix := w.slash(w.bob.ID, th.ID, "rs")
	modal, err := ix.Modal(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if modal.Title != modalTitle || len(modal.Inputs) != 1 || modal.Inputs[0].Style != 2 {
		t.Errorf("modal %+v", modal)
	}
	sub, err := w.fake.SubmitModal(w.ctx, w.bob.ID, modal.CustomID, map[string]string{modalInput: "s 0 0\r\n0 0 0\n0 S 0\n"})
	if err != nil {
		t.Fatal(err)
	}
	got := w.reply(sub)
	if !got.Ephemeral || !strings.Contains(got.Content, "differ") {
		t.Errorf("the comparison: %s", show(got))
	}
	// The same board in one line, rows separated by '/'.
	got = w.reply(w.slash(w.bob.ID, th.ID, "rs", discordfake.Opt(boardOption, "s 0 0/0 0 0/0 0 0")))
	if !strings.Contains(got.Content, "matches") {
		t.Errorf("rs board:...: %s", show(got))
	}
	w.clean()
}
