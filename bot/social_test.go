package bot_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
)

// movesOf lists a game's moves in PTN.
func movesOf(h *harness, id string) string {
	var out []string
	for _, m := range h.game(id).Moves {
		out = append(out, m.PTN)
	}
	return strings.Join(out, " ")
}

// TestPlanAnswersAtOnce: a plan in Tak by Mail notation answers the
// opponent's move in the same message's transaction; the opponent gets
// the move as an event of its own, the planner an event naming the plan
// that answered; the opponent never reads a word of the plans.
func TestPlanAnswersAtOnce(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "ps a1") // ann writes Tak by Mail: a5 in PTN; bob to move
	rs := h.send("ann", "plan ps e5 ps c3")
	if got := textTo(rs, "ann"); !strings.Contains(got, "Plan made in game "+id+": if bob plays ps e5 (PTN e1), you answer ps c3 (PTN c3). bob never sees your plans.") {
		t.Errorf("ann is told:\n%s", got)
	}
	if got := textTo(rs, "bob"); got != "" {
		t.Errorf("bob is told of ann's plan:\n%s", got)
	}
	rs = h.send("bob", "ps e5") // PTN e1
	if got := movesOf(h, id); got != "a5 e1 c3" {
		t.Fatalf("moves %q, want the plan's answer c3 after e1", got)
	}
	var bobs []bot.Reply
	for _, r := range rs {
		if r.To.Address == "bob" {
			bobs = append(bobs, r)
		}
	}
	if len(bobs) != 2 || bobs[0].Class != bot.Play || bobs[1].Class != bot.Event {
		t.Fatalf("bob gets %d replies (%v), want the answer to his move (his own play) and ann's move as an event:\n%s", len(bobs), bobs, textTo(rs, "bob"))
	}
	if got := bobs[1].Text(); !strings.Contains(got, "Turn 3 (PTN move 2, white) of game "+id+": ann (white) played ps c3 (PTN c3).") || strings.Contains(strings.ToLower(got), "plan") {
		t.Errorf("bob's event about ann's move:\n%s", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Your plan answered bob's ps e5 (PTN e1) with ps c3 (PTN c3).") ||
		!strings.Contains(got, "Turn 3 (PTN move 2, white) of game "+id+": you (white) played ps c3 (PTN c3).") {
		t.Errorf("ann is told:\n%s", got)
	}
	if got := textTo(h.send("ann", "plan"), "ann"); !strings.Contains(got, "You have no plans in game "+id) {
		t.Errorf("after its answer the plan is used up:\n%s", got)
	}
}

// TestPlanTree: plans sharing a beginning form a tree; "plan" lists them
// in the reader's notation; a move that follows one keeps the rest of its
// branch; a diverging move clears everything and the planner is told.
func TestPlanTree(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "notation ptn; a1")
	h.send("bob", "notation ptn; e5")
	h.send("ann", "c3") // bob to move at turn 4
	for _, line := range []string{"plan b2 c2 d2 d3", "plan b2 c2 b3 b4", "plan Sb1 c1"} {
		h.send("ann", line)
	}
	got := textTo(h.send("ann", "plan"), "ann")
	for _, want := range []string{
		"Your plans in game " + id + " (bob never sees them; \"plan clear\" removes them):",
		"1. If bob plays b2 (mail ps b4), you answer c2 (mail ps c4); then if d2 (mail ps d4), d3 (mail ps d3)",
		"2. If bob plays b2 (mail ps b4), you answer c2 (mail ps c4); then if b3 (mail ps b3), b4 (mail ps b2)",
		"3. If bob plays Sb1 (mail pw b5), you answer c1 (mail ps c5)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("plan lacks %q:\n%s", want, got)
		}
	}
	rs := h.send("bob", "b2")
	if got := movesOf(h, id); got != "a1 e5 c3 b2 c2" {
		t.Fatalf("moves %q", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "You have 2 plans left in this game") {
		t.Errorf("ann is told:\n%s", got)
	}
	rs = h.send("bob", "e1") // neither d2 nor b3
	if got := movesOf(h, id); got != "a1 e5 c3 b2 c2 e1" {
		t.Fatalf("moves %q: a diverging move must not be answered", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Your plans in game "+id+" did not expect e1 (mail ps e5); they are cleared.") {
		t.Errorf("ann is told:\n%s", got)
	}
	if g := h.game(id); g.Plans[0] != nil || g.Plans[1] != nil {
		t.Errorf("plans left: %+v", g.Plans)
	}
}

// TestPlanRefusals: every plan that cannot be made is refused with its
// reason, and nothing is stored.
func TestPlanRefusals(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "notation ptn; a1")
	h.send("ann", "plan e5 c3")
	for _, tc := range []struct{ from, text, want string }{
		{"bob", "plan c3 d3", "it is your turn in game " + id + ": plans answer your opponent's next move"},
		{"ann", "plan c3", "a plan pairs each move of bob with your answer"},
		{"ann", "plan e5 a1", "move 2 of your plan, your answer a1 (mail ps a5), cannot be played then: a1 is occupied"},
		{"ann", "plan a1 c3", "move 1 of your plan, bob's move a1 (mail ps a5), cannot be played then: a1 is occupied"},
		{"ann", "plan e5 zz9", "move 2 of your plan (your answer) cannot be read"},
		{"ann", "plan e5 d4", "you already answer bob's e5 (mail ps e1) with c3 (mail ps c3) there"},
		{"ann", "plan c3 d3 " + strings.Repeat("a2 a3 ", 10), "a plan holds at most 10 moves of bob"},
	} {
		got := textTo(h.send(tc.from, tc.text), tc.from)
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s %q:\n%s\nwant %q", tc.from, tc.text, got, tc.want)
		}
	}
	if got := textTo(h.send("ann", "plan clear"), "ann"); !strings.Contains(got, "Your plans in game "+id+" are cleared (1 line).") {
		t.Errorf("plan clear:\n%s", got)
	}
}

// TestPlanAfterTakeBack: plans made for a position that has since changed
// (an undo) are cleared, not played, and the planner is told.
func TestPlanAfterTakeBack(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "notation ptn; a1")
	h.send("bob", "notation ptn")
	h.send("ann", "plan e5 c3; undo")
	h.send("bob", "accept")
	h.send("ann", "b1") // bob to move again, another position
	rs := h.send("bob", "e5")
	if got := movesOf(h, id); got != "b1 e5" {
		t.Fatalf("moves %q", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Your plans in game "+id+" were made for another position") {
		t.Errorf("ann is told:\n%s", got)
	}
}

// TestSay: words pass to the opponent marked as the player's, cleaned;
// links and addresses are refused; the hourly limit holds; "set chat
// off" stops them; an unverified sender cannot say anything.
func TestSay(t *testing.T) {
	h := newHarness(t, func(o *bot.Options, _ *harness) { o.ChatPerHour = 3 })
	id := h.start("ann", "bob", "")
	rs := h.send("ann", "say good luck,\u202e have fun!\u200b")
	if got := textTo(rs, "bob"); !strings.Contains(got, "ann says: “good luck, have fun!”") {
		t.Errorf("bob is told:\n%s", got)
	}
	for _, r := range rs {
		if r.To.Address == "bob" && (r.Class != bot.Event || r.Game != id) {
			t.Errorf("bob's reply: class %v game %q, want an event of %s", r.Class, r.Game, id)
		}
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Passed on to bob in game "+id+": “good luck, have fun!”") {
		t.Errorf("ann is told:\n%s", got)
	}
	for _, text := range []string{"say see evil.example", "say write to me@example.org", "say https://x.test/a", "say look at <mailto:x@y>", "say www.tak.games"} {
		rs := h.send("ann", text)
		if got := textTo(rs, "bob"); got != "" {
			t.Errorf("%q reached bob:\n%s", text, got)
		}
		if got := textTo(rs, "ann"); !strings.Contains(got, "passes on no addresses or links") {
			t.Errorf("%q: ann is told:\n%s", text, got)
		}
	}
	if got := textTo(h.send("ann", "say 3c3>12 was strong"), "bob"); !strings.Contains(got, "ann says: “3c3>12 was strong”") {
		t.Errorf("a PTN move in chat:\n%s", got)
	}
	if got := textTo(h.send("ann", "say "+strings.Repeat("x", 301)), "ann"); !strings.Contains(got, "at most 300 characters") {
		t.Errorf("a long text:\n%s", got)
	}
	h.send("ann", "say three")
	if got := textTo(h.send("ann", "say four"), "ann"); !strings.Contains(got, "you have said 3 things to bob in the last hour") {
		t.Errorf("beyond the limit:\n%s", got)
	}
	h.clock.Advance(time.Hour)
	if got := textTo(h.send("ann", "say again"), "bob"); !strings.Contains(got, "ann says: “again”") {
		t.Errorf("an hour later:\n%s", got)
	}
	if got := textTo(h.send("bob", "set chat off"), "bob"); !strings.Contains(got, "You no longer receive what your opponents say") {
		t.Errorf("set chat off:\n%s", got)
	}
	if got := textTo(h.send("bob", "settings"), "bob"); !strings.Contains(got, "Chat: off") {
		t.Errorf("settings:\n%s", got)
	}
	rs = h.send("ann", "say hello?")
	if got := textTo(rs, "bob"); got != "" {
		t.Errorf("bob has chat off but is told:\n%s", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "bob has turned chat off") {
		t.Errorf("ann is told:\n%s", got)
	}
	h.send("bob", "set chat on")
	out := h.message(bot.Message{From: player("ann"), Text: "say hi", Game: id, Unverified: true})
	if !out.Refused || textTo(out.Replies, "bob") != "" {
		t.Errorf("an unverified say: refused %v, replies:\n%s", out.Refused, allText(out.Replies))
	}
}

// TestRematch: after a game ends, "rematch" challenges the opponent with
// the same options and the colours swapped; the new game links to the old
// one; "accept" (or the opponent's own "rematch") starts it.
func TestRematch(t *testing.T) {
	h := newHarness(t)
	if got := textTo(h.send("ann", "rematch"), "ann"); !strings.Contains(got, "you have no game that ended") {
		t.Errorf("rematch without a game:\n%s", got)
	}
	id := h.start("ann", "bob", "size=6 komi=2.5 days=5 opening=no-swap style=courtly")
	if got := textTo(h.send("ann", "game "+id+"; rematch"), "ann"); !strings.Contains(got, "is still in progress") {
		t.Errorf("rematch during the game:\n%s", got)
	}
	h.opening(id)
	rs := h.send("bob", "resign")
	if got := actionsTo(rs, "bob"); len(got) != 1 || got[0] != "rematch" {
		t.Errorf("the ending offers bob %v", got)
	}
	rs = h.send("bob", "rematch")
	var nid string
	for _, r := range rs {
		if r.Game != id && r.Game != "" {
			nid = r.Game
		}
	}
	if nid == "" {
		t.Fatalf("no new game:\n%s", allText(rs))
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "bob asks for a rematch of game "+id+": challenge "+nid+", 6x6") || !strings.Contains(got, "You would play black this time.") {
		t.Errorf("ann is told:\n%s", got)
	}
	old, ng := h.game(id), h.game(nid)
	if old.Rematch != nid || ng.RematchOf != id {
		t.Errorf("links: old.Rematch %q, new.RematchOf %q", old.Rematch, ng.RematchOf)
	}
	if ng.Players != [2]string{old.Players[1], old.Players[0]} || ng.Config != old.Config || ng.Style != old.Style || ng.Days != old.Days || ng.Scoring != old.Scoring {
		t.Errorf("the rematch %+v does not swap the colours of %+v with the same options", ng, old)
	}
	if got := textTo(h.send("bob", "game "+id+"; rematch"), "bob"); !strings.Contains(got, "you already asked ann for a rematch of "+id) {
		t.Errorf("a second rematch:\n%s", got)
	}
	rs = h.send("ann", "game "+id+"; rematch") // both asked: it starts
	if got := textTo(rs, "ann"); !strings.Contains(got, "Game "+nid+" begins") || !strings.Contains(got, "It is the rematch of game "+id+".") {
		t.Errorf("ann is told:\n%s", got)
	}
	if g := h.game(nid); g.Status != bot.Active {
		t.Errorf("the rematch is %s", g.Status)
	}
	rs = h.send("ann", "game "+id+"; board")
	if got := actionsTo(rs, "ann"); len(got) != 0 {
		t.Errorf("the old game still offers %v", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Game "+id+": you (white) against bob (black). (rematch: "+nid+")") {
		t.Errorf("the old game's board:\n%s", got)
	}
	if got := textTo(h.send("bob", "games"), "bob"); !strings.Contains(got, nid+" against ann, you play white: your turn (turn 1), due 2026-11-26 09:00 UTC, 5 days left (rematch of "+id+")") ||
		!strings.Contains(got, id+" against ann, you play black: over, 1-0 (rematch: "+nid+")") {
		t.Errorf("bob's games:\n%s", got)
	}
}

// TestPlanAnswerNoLongerLegal: a stored plan whose answer cannot be played
// after the opponent's move (a record written by an older referee, say)
// is dropped, the move stands and the planner is told it is their move.
func TestPlanAnswerNoLongerLegal(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "notation ptn; a1")
	h.send("bob", "notation ptn")
	h.send("ann", "plan e5 c3") // a plan, to learn the position's TPS
	g := h.game(id)
	g.Plans[0].Tree[0].Then = "a1" // occupied once bob has played e5
	if err := h.store.Update(context.Background(), func(tx bot.Tx) error { return tx.PutGame(g) }); err != nil {
		t.Fatal(err)
	}
	h.ref = bot.New(h.store, h.clock, bot.Options{Rand: func(int) int { return 0 }, Render: func(bot.Picture) ([]byte, error) { return []byte("png"), nil },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	h.ref.Register(h.console)
	h.ref.Register(h.email)
	rs := h.send("bob", "e5")
	if got := movesOf(h, id); got != "a1 e5" {
		t.Fatalf("moves %q", got)
	}
	if got := textTo(rs, "ann"); !strings.Contains(got, "Your plan answered e5 (mail ps e1) with a1, but that move cannot be played now: a1 is occupied. The plan is dropped, with your other plans in game "+id+"; it is your move.") {
		t.Errorf("ann is told:\n%s", got)
	}
	if g := h.game(id); g.Plans[0] != nil {
		t.Errorf("the plan is kept: %+v", g.Plans[0])
	}
}

// TestGamesKeepTheirOptions: private=yes, rated=no and a set-up position
// reach a challenge and an open challenge, and a rematch keeps them all.
func TestGamesKeepTheirOptions(t *testing.T) {
	h := newHarness(t)
	const opts = " size=4 private=yes rated=no tps=x4/x4/x4/x3,1 2 1"
	id := h.send("ann", "new bob color=white"+opts)[0].Game
	seek := h.send("ann", "new anyone"+opts)[0].Game
	for _, g := range []string{id, seek} {
		r := h.game(g)
		if !r.Private || !r.Unrated || r.Setup == "" || r.Start != r.Setup {
			t.Errorf("%s: private %v, unrated %v, setup %q, start %q", g, r.Private, r.Unrated, r.Setup, r.Start)
		}
	}
	h.send("bob", "game "+id+"; accept")
	h.opening(id)
	h.send("bob", "game "+id+"; resign")
	h.send("ann", "game "+id+"; rematch")
	re := h.game(id).Rematch
	if r := h.game(re); re == "" || !r.Private || !r.Unrated || r.Setup != h.game(id).Setup || r.Players[0] != "console:bob" {
		t.Errorf("the rematch %q: %+v", re, r)
	}
}
