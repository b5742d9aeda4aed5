package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// Tests for the defects found when the referee was tried as a new player
// would: each failed before its fix.

// A command that fits several games is never sent to one of them silently:
// the referee asks, offering the exact commands, and changes nothing.
func TestAmbiguousGameAsks(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("alice", "bob", "")
	g2 := h.start("alice", "carol", "")
	rs := h.send("alice", "ps a1")
	if len(rs) != 1 {
		t.Fatalf("replies %q, want one question to alice", allText(rs))
	}
	got := rs[0].Text()
	for _, want := range []string{"It is your turn in several games", g1 + " (against bob, turn 1)", g2 + " (against carol, turn 1)",
		`Send "game g1; ps a1" or "game g2; ps a1"`, "Nothing was changed."} {
		if !strings.Contains(got, want) {
			t.Errorf("question %q lacks %q", got, want)
		}
	}
	var cmds []string
	for _, p := range rs[0].Parts {
		for _, a := range p.Actions {
			cmds = append(cmds, a.Command)
		}
	}
	if strings.Join(cmds, "|") != "game g1; ps a1|game g2; ps a1" {
		t.Errorf("actions %q, want the two exact commands", cmds)
	}
	for _, id := range []string{g1, g2} {
		if g := h.game(id); len(g.Moves) != 0 {
			t.Errorf("game %s got a move", id)
		}
	}
	rs = h.send("alice", "game g2; ps a1")
	if g := h.game(g2); len(g.Moves) != 1 || !strings.Contains(textTo(rs, "carol"), "played ps a1") {
		t.Errorf("the chosen command was not played in %s: %q", g2, allText(rs))
	}
}

// Turn numbers run on across an adopted board, in every command.
func TestTurnsContinueAcrossAdopt(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "ps a1") // turn 1: a black flat on A1
	h.send("bob", "ps e5") // turn 2: a white flat on E5
	h.send("bob", "rs\nS 0 0 0 0\n0 0 0 0 0\n0 0 s 0 0\n0 0 0 0 0\n0 0 0 0 s")
	h.send("bob", "adopt")
	rs := h.send("ann", "accept")
	if got := textTo(rs, "ann"); !strings.Contains(got, "Turn 3 (PTN move 2, white): your move") {
		t.Fatalf("after the adopt: %q", got)
	}
	h.send("ann", "ps b2") // turn 3
	rs = h.send("bob", "ps d4")
	if got := textTo(rs, "bob"); !strings.Contains(got, "Turn 4 (PTN move 2, black) of game "+id) {
		t.Errorf("move after the adopt: %q", got)
	}
	for _, tc := range []struct{ from, text, want string }{
		{"ann", "im the stack was wrong", "You (white) dispute the move of turn 4 (PTN move 2, black), ps d4 (PTN d2) by bob"},
		{"bob", "undo", "You propose to take back your move of turn 4, ps d4 (PTN d2)."},
		{"ann", "decline", "You declined the proposal to take back bob's move of turn 4, ps d4 (PTN d2)."},
		{"ann", "revert 1", `"revert N" goes back to the position after turn N, from 2 (the adopted board) to 3`},
		{"ann", "revert 3", "You propose to go back to the position after turn 3."},
		{"bob", "decline", "declined"},
		{"ann", "rs\nS 0 0 0 0\n0 s 0 0 0\n0 0 s 0 0\n0 0 0 0 0\n0 0 0 0 s", "Your board matches the position after turn 3; the boards diverged at turn 4 (PTN move 2, black), when bob played ps d4"},
		{"ann", "ps e1 #5", "Turn 5 (PTN move 3, white) of game " + id + ": you (white) played ps e1"},
	} {
		if got := textTo(h.send(tc.from, tc.text), tc.from); !strings.Contains(got, tc.want) {
			t.Errorf("%s %q answered %q, want %q", tc.from, tc.text, got, tc.want)
		}
	}
	// The history starts at the adopted board and loads back to the position.
	rs = h.send("ann", "history")
	var ptn string
	for _, p := range rs[0].Parts {
		if p.Kind == bot.Block {
			ptn = p.Text
		}
	}
	if !strings.Contains(ptn, `[TPS "`) || !strings.Contains(ptn, "adopted at turn 3") {
		t.Fatalf("history does not record the adopt as the start:\n%s", ptn)
	}
	games, err := notation.ReadPTN(strings.NewReader(ptn))
	if err != nil || len(games) != 1 {
		t.Fatalf("history does not load: %v", err)
	}
	replayed, err := games[0].Replay()
	if err != nil {
		t.Fatalf("history does not replay: %v", err)
	}
	g := h.game(id)
	tg, _ := g.History()
	if a, b := notation.FormatTPS(replayed.Position()), notation.FormatTPS(tg.Position()); a != b {
		t.Errorf("history replays to %s, the game is at %s", a, b)
	}
	// Picture names carry the turn.
	rs = h.send("bob", "board")
	for _, p := range rs[0].Parts {
		if p.Kind == bot.Image && !strings.Contains(p.Picture.Name, "-t5-") {
			t.Errorf("picture after turn 5 named %s", p.Picture.Name)
		}
	}
}

// After a board adopted at turn 2 the swap opening is over: black may place
// a wall.
func TestAdoptEndsSwapOpening(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "ps a1")
	rs := h.send("bob", "rs\nS 0 0 0 0\n0 0 0 0 0\n0 0 s 0 0\n0 0 0 0 0\n0 0 0 0 0")
	if got := textTo(rs, "bob"); !strings.Contains(got, "The swap opening ends with it") {
		t.Errorf("the ways out do not say the opening ends: %q", got)
	}
	h.send("bob", "adopt")
	h.send("ann", "accept")
	rs = h.send("bob", "pw c4")
	if got := textTo(rs, "bob"); !strings.Contains(got, "Turn 2 (PTN move 1, black) of game "+id+": you (black) played pw c4") {
		t.Errorf("a wall after the adopt answered %q", got)
	}
}

// Prose around commands is skipped and named; a wrong command is still refused.
func TestProseAroundCommands(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	for _, tc := range []struct{ from, text, want string }{
		{"ann", "Thanks for the game!\nps d4", `Read as commands: "ps d4"; skipped as prose: line 1 ("Thanks for the game!").`},
		{"bob", "ps e2 -- sent from my phone", "you (black) played ps e2"},
		{"ann", "Good luck! My move is c3", `If "c3" is your move, send it on a line of its own.`},
		{"ann", "ps d9", `Refused "ps d9"`},
		{"ann", "resing", `"resing" is not a command; did you mean "resign"?`},
		{"ann", "Thanks!", "Your message has no command in it"},
		{"ann", "6x6 is fun; 7x7 next time?\nPS C3.", "you (white) played ps c3"},
		{"bob", "Nice, c3 was clever.\nMy move: ps b2.", `Read as commands: "ps b2"; skipped as prose: line 1 ("Nice, c3 was clever.").`},
		{"ann", "I'll play ps e4.", `If "ps e4" is your move, send it on a line of its own.`},
	} {
		if got := textTo(h.send(tc.from, tc.text), tc.from); !strings.Contains(got, tc.want) {
			t.Errorf("%s %q answered %q, want %q", tc.from, tc.text, got, tc.want)
		} else if strings.Contains(tc.text, "6x6") || strings.Contains(tc.text, "clever") {
			if strings.Contains(got, "If \"") || strings.Contains(got, "Refused") {
				t.Errorf("%s %q answered %q: a hint or a refusal about prose", tc.from, tc.text, got)
			}
		}
	}
	if g := h.game(id); len(g.Moves) != 4 || g.Status != bot.Active {
		t.Errorf("game has %d moves, status %s; want 4 and active", len(g.Moves), g.Status)
	}
}

// A bare square from a player who writes Tak by Mail is asked about when
// its PTN and mail readings differ; "notation ptn" removes the question.
func TestBareSquareAsks(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	rs := h.send("ann", "b4")
	want := `Did you mean "ps b4" (Tak by Mail B4, which is PTN b2) or PTN b4 (Tak by Mail B2: send "ps b2")?`
	if got := textTo(rs, "ann"); len(rs) != 1 || !strings.Contains(got, want) {
		t.Fatalf("b4 answered %q, want %q", got, want)
	}
	if g := h.game(id); len(g.Moves) != 0 {
		t.Fatalf("a move was played")
	}
	rs = h.send("ann", "c3") // the same square in both notations
	if got := textTo(rs, "ann"); !strings.Contains(got, "played ps c3 (PTN c3)") {
		t.Errorf("c3 answered %q", got)
	}
	h.send("bob", "notation ptn")
	rs = h.send("bob", "b4")
	if got := textTo(rs, "bob"); !strings.Contains(got, "played b4 (mail ps b2)") {
		t.Errorf("b4 in PTN notation answered %q", got)
	}
}

// A challenge to a transport that is not running is refused with the reason.
func TestChallengeNeedsRunningTransport(t *testing.T) {
	h := newHarness(t, withoutEmail())
	for _, tc := range []struct{ text, want string }{
		{"new sms:555", `there is no transport "sms" on this takbot; it runs the console`},
		{"new ann@example.org", "email is not enabled on this takbot, so ann@example.org cannot play here; it runs the console"},
		{"new email:ann@example.org", "email is not enabled on this takbot"},
	} {
		rs := h.send("bob", tc.text)
		if got := textTo(rs, "bob"); !strings.Contains(got, tc.want) || strings.Contains(got, "Challenge") {
			t.Errorf("%q answered %q, want %q", tc.text, got, tc.want)
		}
	}
	if got := textTo(h.send("bob", "games"), "bob"); !strings.Contains(got, "You have no games") {
		t.Errorf("a refused challenge left a game: %q", got)
	}
}

// "board" after a resignation says the game is over, how, and the result.
func TestBoardAfterResignation(t *testing.T) {
	h := newHarness(t)
	h.opening(h.start("ann", "bob", ""))
	h.send("bob", "resign")
	got := textTo(h.send("ann", "board"), "ann")
	if !strings.Contains(got, "Game over: you (white) win by resignation (1-0).") || strings.Contains(got, "to move") {
		t.Errorf("board after a resignation: %q", got)
	}
}

// Every board in one reply writes stacks top first in the same code, and
// the reply says so.
func TestBoardReplyStacksTopFirst(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	h.send("ann", "ps a2") // a black flat on A2
	h.send("bob", "ps a1") // a white flat on A1
	h.send("ann", "ms a1") // the white flat moves south onto the black one
	rs := h.send("ann", "board")
	var text, sync string
	for _, p := range rs[0].Parts {
		if p.Kind == bot.Block && strings.HasPrefix(p.Caption, "Sync board") {
			sync = p.Text
		} else if p.Kind == bot.Block {
			text = p.Text
		}
	}
	if !strings.HasPrefix(strings.Split(sync, "\n")[1], "sS ") {
		t.Errorf("sync board row 2 %q, want the white flat on top: sS", strings.Split(sync, "\n")[1])
	}
	if !strings.Contains(text, " sS ") || !strings.Contains(textTo(rs, "ann"), "top first") {
		t.Errorf("text board does not write the stack top first as the sync board does (sS) or say so:\n%s", text)
	}
}

// A short row of an rs board is named, with what was expected.
func TestShortRSRow(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	got := textTo(h.send("ann", "rs\n0 0 0 0 0\n0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0"), "ann")
	if want := "row 2 has 2 squares; a 5x5 board needs 5 squares in every row"; !strings.Contains(got, want) {
		t.Errorf("short row answered %q, want %q", got, want)
	}
}

// Long garbage is quoted as a short excerpt, once.
func TestLongGarbageQuotedShort(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	for _, text := range []string{
		"c3" + strings.Repeat("x", 5000), "ps " + strings.Repeat("b", 5000), "new " + strings.Repeat("z", 5000),
		"game " + strings.Repeat("g1", 2500), "rs\n" + strings.Repeat("S", 5000) + " 0", "ps b4 #" + strings.Repeat("9", 5000),
		"vacation " + strings.Repeat("7", 5000), "notation " + strings.Repeat("q", 5000), "im " + strings.Repeat("w", 999) + "\n" + strings.Repeat("y", 5000),
	} {
		rs := h.send("ann", text)
		if got := allText(rs); len(got) > 1500 {
			t.Errorf("%.20q…: a reply of %d bytes", text, len(got))
		}
	}
}

// A dispute reply reads in order: the dispute, the ruling, the position
// before the move (its picture captioned as such), then the position after
// it, then the actions, which offer takeback only while the game goes on.
func TestDisputeReplyOrder(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	h.send("ann", "ps a1")
	h.send("bob", "ps e5")
	rs := h.send("ann", "im the flat was mine")
	var ann *bot.Reply
	for i := range rs {
		if rs[i].To.Address == "ann" {
			ann = &rs[i]
		}
	}
	var kinds []string
	for _, p := range ann.Parts {
		switch p.Kind {
		case bot.Prose:
			kinds = append(kinds, "prose:"+strings.SplitN(p.Text, " ", 2)[0])
		case bot.Image:
			kinds = append(kinds, "image:"+p.Caption)
		case bot.Block:
			kinds = append(kinds, "block:"+strings.SplitN(p.Caption, " ", 2)[0])
		case bot.Actions:
			kinds = append(kinds, "actions:"+p.Actions[0].Command)
		}
	}
	want := []string{"prose:You", "image:Before turn 2: the position the disputed move was played from", "block:Before",
		"prose:Stacks", // the legend, once, in a paragraph of its own
		"prose:After", "image:", "block:The", "block:Sync", "prose:In", "actions:takeback"}
	if strings.Join(kinds, "|") != strings.Join(want, "|") {
		t.Errorf("dispute reply parts\n%q\nwant\n%q", kinds, want)
	}
}

// Proposing to adopt a board that holds a road says that accepting ends
// the game.
func TestAdoptProposalSaysConsequence(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=3")
	h.send("ann", "ps a1")
	h.send("bob", "ps c3")
	h.send("ann", "rs\nS s 0\ns s 0\ns 0 s")
	rs := h.send("ann", "adopt")
	want := "Accepting ends the game at once: on this board white wins by road (R-0)."
	for _, who := range []string{"ann", "bob"} {
		if got := textTo(rs, who); !strings.Contains(got, want) {
			t.Errorf("%s told %q, want %q", who, got, want)
		}
	}
	if g := h.game(id); g.Status != bot.Active {
		t.Errorf("proposing ended the game: %s", g.Status)
	}
}

// A picture's name is never reused for another picture: after an undo the
// same turn shows another position under another name.
func TestPictureNamesNeverReused(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	seen := map[string]string{} // name → TPS
	collect := func(rs []bot.Reply) {
		for _, r := range rs {
			for _, p := range r.Parts {
				if p.Kind != bot.Image {
					continue
				}
				key := p.Picture.TPS + "|" + p.Picture.Last + "|" + p.Picture.Caption + "|" + fmt.Sprint(p.Picture.Result)
				if old, ok := seen[p.Picture.Name]; ok && old != key {
					t.Errorf("picture name %s reused: %s, then %s", p.Picture.Name, old, key)
				}
				seen[p.Picture.Name] = key
			}
		}
	}
	collect(h.send("ann", "ps a1"))
	collect(h.send("bob", "ps e5"))
	collect(h.send("bob", "undo"))
	collect(h.send("ann", "accept"))
	collect(h.send("bob", "ps e1"))
	collect(h.send("ann", "ps b1"))
	collect(h.send("bob", "ps e2"))
	collect(h.send("ann", "resign"))
	if len(seen) < 4 {
		t.Errorf("only %d pictures seen", len(seen))
	}
}

// help keeps its game section for a player with more games than the
// referee locks up front.
func TestHelpWithManyGames(t *testing.T) {
	h := newHarness(t)
	// 70 withdrawn challenges, written directly: more games than Handle
	// locks up front.
	err := h.store.Update(context.Background(), func(tx bot.Tx) error {
		for i := 0; i < 70; i++ {
			id, err := tx.NewGameID()
			if err != nil {
				return err
			}
			g := &bot.GameRecord{ID: id, Status: bot.Cancelled, Players: [2]string{"console:ann", fmt.Sprintf("console:p%d", i)},
				Names: [2]string{"ann", fmt.Sprintf("p%d", i)}, Config: tak.DefaultConfig(5), Days: 3, Created: h.clock.Now()}
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	id := h.start("ann", "bob", "")
	got := textTo(h.send("ann", "help"), "ann")
	if want := "Game " + id + ", turn 1 (PTN move 1, white): your move."; !strings.Contains(got, want) {
		t.Errorf("help with 71 games lacks %q:\n%s", want, got)
	}
}

// Clocks judge a move by the transport's receive time.
func TestReceivedTimeCounts(t *testing.T) {
	t.Run("handled late", func(t *testing.T) {
		h := newHarness(t)
		id := h.start("ann", "bob", "days=1")
		start := h.clock.Now()
		h.clock.Advance(30 * time.Hour)
		h.handle(bot.Message{ID: "late", From: player("ann"), Text: "ps a1", Received: start.Add(23 * time.Hour)})
		if g := h.game(id); g.Status != bot.Active || len(g.Moves) != 1 {
			t.Errorf("a move received before the deadline: status %s, %d moves", g.Status, len(g.Moves))
		}
	})
	t.Run("after a loss on time", func(t *testing.T) {
		h := newHarness(t)
		id := h.start("ann", "bob", "days=1")
		start := h.clock.Now()
		h.clock.Advance(30 * time.Hour)
		if _, err := h.ref.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if g := h.game(id); g.Status != bot.Over {
			t.Fatalf("no loss on time: %s", g.Status)
		}
		rs := h.handle(bot.Message{ID: "late", From: player("ann"), Text: "ps a1", Received: start.Add(23 * time.Hour)})
		if got := textTo(rs, "bob"); !strings.Contains(got, "The loss on time in game "+id+" is withdrawn") || !strings.Contains(got, "played ps a1") {
			t.Errorf("bob told %q", got)
		}
		if g := h.game(id); g.Status != bot.Active || len(g.Moves) != 1 || g.Deadline.Before(h.clock.Now()) {
			t.Errorf("game after the withdrawn loss: %s, %d moves, deadline %v", g.Status, len(g.Moves), g.Deadline)
		}
	})
	t.Run("received after the deadline", func(t *testing.T) {
		h := newHarness(t)
		id := h.start("ann", "bob", "days=1")
		h.clock.Advance(25 * time.Hour)
		rs := h.handle(bot.Message{ID: "late", From: player("ann"), Text: "ps a1 -- I wrote this yesterday at 08:00"})
		if g := h.game(id); g.Status != bot.Over || len(g.Moves) != 0 || g.Result.Reason != bot.EndTime {
			t.Errorf("a move received after the deadline: %s, %d moves", g.Status, len(g.Moves))
		}
		if got := textTo(rs, "ann"); !strings.Contains(got, "after the deadline") {
			t.Errorf("ann told %q", got)
		}
	})
	t.Run("received in the future", func(t *testing.T) {
		h := newHarness(t)
		id := h.start("ann", "bob", "days=1")
		h.clock.Advance(25 * time.Hour)
		h.handle(bot.Message{ID: "future", From: player("ann"), Text: "ps a1", Received: h.clock.Now().Add(-26 * time.Hour).Add(72 * time.Hour)})
		if g := h.game(id); g.Status != bot.Over {
			t.Errorf("a receive time after now counted: %s", g.Status)
		}
	})
}

// One mail says what the board letters mean once, however many boards it
// holds: "ps a1; board" shows the board twice, and the legend once.
func TestBoardLegendOncePerMail(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	got := textTo(h.send("ann", "ps a1; board"), "ann")
	if n := strings.Count(got, "Sync board"); n < 2 {
		t.Fatalf("%d sync boards in the reply, want 2:\n%s", n, got)
	}
	if n := strings.Count(got, render.TextLegend); n != 1 {
		t.Errorf("the legend appears %d times, want once:\n%s", n, got)
	}
}
