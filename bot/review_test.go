package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/tak"
)

// TestSpecificRefusals checks that mistyped commands and bad options get a
// reason of their own instead of a move-syntax error or "not your turn",
// and leave the game as it was.
func TestSpecificRefusals(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	before := h.game(id)
	for _, tc := range []struct{ from, text, want string }{
		{"ann", "acept", `"acept" is not a command; did you mean "accept"?`},
		{"bob", "resing", `did you mean "resign"?`}, // out of turn: still a typo, not "not your turn"
		{"bob", "hlep", `did you mean "help"?`},
		{"bob", "ps f1", "f1 is not on a 5x5 board"}, // out of turn: a move that can never be played says why
		{"ann", "acept!", `"acept" is not a command; did you mean "accept"?`},
		{"ann", "new carol size=4 size=6", "option size is given twice"},
		{"ann", "new carol color=white colour=black", "option color is given twice"},
		{"ann", "game G1 board", `"game" takes one game id; to send a command to that game, separate them with ';', e.g. "game g1; board"`},
		{"ann", "vacation two", `vacation takes a whole number of days from 1 to 60, not "two"`},
		{"ann", "new size=6", `say whom to challenge before the options, e.g. "new bob size=6"`},
		{"ann", "new carol, size=4", `"carol," is not a player this takbot knows`},
		{"ann", "new carol rules=modegan size=7", `Refused "new carol rules=modegan size=7": modegan tak is played on 4x4 to 6x6 only, not 7x7`},
		{"ann", "new carol rules=modegan opening=swap", "modegan tak has no swap opening"},
		{"ann", "new carol style=formal", "style must be street or courtly, not \"formal\" (street: the referee announces the Tak calls players make; courtly: it also announces every road-in-one threat)"},
	} {
		rs := h.send(tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), tc.want) || strings.Contains(rs[0].Text(), "invalid game configuration") {
			t.Errorf("%s %q: replies %q, want one containing %q (and no generic suffix)", tc.from, tc.text, allText(rs), tc.want)
		}
	}
	if after := h.game(id); len(after.Moves) != len(before.Moves) || after.Status != before.Status || after.Proposal != nil {
		t.Errorf("game changed by refused commands: %+v", after)
	}
}

// TestExplicitGameBindsMoves: after "game g1", a move goes to g1 even when
// it is the player's turn only in another game; it is refused, not played
// elsewhere.
func TestExplicitGameBindsMoves(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("ann", "bob", "")
	g2 := h.start("ann", "carol", "")
	h.ptn("ann")
	h.send("ann", "game "+g1)
	h.send("ann", "a1")
	rs := h.send("ann", "b2")
	if got := textTo(rs, "ann"); !strings.Contains(got, "not your turn in game "+g1) {
		t.Errorf("move after \"game %s\" answered %q", g1, got)
	}
	for id, want := range map[string]int{g1: 1, g2: 0} {
		if g := h.game(id); len(g.Moves) != want {
			t.Errorf("game %s has %d moves, want %d", id, len(g.Moves), want)
		}
	}
	// a chosen game that was declined keeps the moves, and says why
	h.send("ann", "new eve")
	h.send("eve", "decline")
	h.send("ann", "game g3")
	rs = h.send("ann", "c3")
	if got, want := textTo(rs, "ann"), `game g3 was declined (your commands go to g3 since you sent "game g3"`; !strings.Contains(got, want) {
		t.Errorf("move to a declined chosen game answered %q, want %q", got, want)
	}
	// "game ID" in the message itself sends the move there
	h.send("ann", "new dan color=white")
	h.send("ann", "game "+g2+"\na1")
	if g := h.game(g2); len(g.Moves) != 1 {
		t.Errorf("game %s has %d moves, want 1", g2, len(g.Moves))
	}
}

// TestCrossingOffersAgree: a draw offered by both players (the offers
// crossed in the mail) is a draw, as is a restart asked by both.
func TestCrossingOffersAgree(t *testing.T) {
	for _, tc := range []struct{ verb, want string }{
		{"draw", "1/2-1/2"},
		{"restart", ""},
	} {
		t.Run(tc.verb, func(t *testing.T) {
			h := newHarness(t)
			id := h.start("ann", "bob", "")
			h.opening(id)
			h.send("ann", "ps a5")
			h.send("bob", tc.verb)
			rs := h.send("ann", tc.verb)
			if got := textTo(rs, "bob"); !strings.Contains(got, "ann accepted") {
				t.Errorf("crossing %s: bob told %q", tc.verb, got)
			}
			g := h.game(id)
			if g.Proposal != nil {
				t.Errorf("proposal left pending: %+v", g.Proposal)
			}
			switch tc.want {
			case "":
				if g.Status != bot.Active || len(g.Moves) != 0 {
					t.Errorf("after crossing restarts: status %s, %d moves", g.Status, len(g.Moves))
				}
			default:
				if g.Result == nil || g.Result.PTN != tc.want {
					t.Errorf("after crossing draws: result %+v", g.Result)
				}
			}
		})
	}
}

// TestRSBoardRefusals: a board with a foreign letter is reported as an
// unreadable board (not read as moves); a board that no position of the
// game can be explains why it cannot be adopted.
func TestRSBoardRefusals(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=3")
	h.send("ann", "ps a1")
	for _, tc := range []struct{ text, want string }{
		{"rs\nSx 0 0\n0 0 0\n0 0 0", `your board cannot be read: A1 (row 1, square 1): unexpected "x"`},
		{"rs\nSSSS SSSS SSS\n0 0 0\n0 0 0", `"adopt" is not possible: your board cannot be a position of this game: black has`},
	} {
		rs := h.send("ann", tc.text)
		got := textTo(rs, "ann")
		if !strings.Contains(got, tc.want) || strings.Contains(got, "is not a move") {
			t.Errorf("%q answered %q, want %q", tc.text, got, tc.want)
		}
	}
	if g := h.game(id); len(g.Moves) != 1 {
		t.Errorf("game has %d moves, want 1", len(g.Moves))
	}
}

// TestChallengeAwaitsAnswer: a move from a player whose only game is a
// challenge to them says so.
func TestChallengeAwaitsAnswer(t *testing.T) {
	h := newHarness(t)
	id := h.send("ann", "new bob")[0].Game
	rs := h.send("bob", "ps a1")
	if want := "game " + id + " has not started"; len(rs) != 1 || !strings.Contains(rs[0].Text(), want) {
		t.Errorf("move before accepting answered %q, want %q", allText(rs), want)
	}
	h.send("cat", "new bob")
	rs = h.send("bob", "ps a1")
	if want := "a challenge waits for your answer (g1 from ann and g2 from cat)"; len(rs) != 1 || !strings.Contains(rs[0].Text(), want) {
		t.Errorf("move before accepting answered %q, want %q", allText(rs), want)
	}
}

// TestTakebackOnlyInProgress: after a dispute of the move that ended the
// game on the board, the ruling says the result stands, no takeback is
// offered, and "takeback" is refused like "undo".
func TestTakebackOnlyInProgress(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=3")
	h.ptn("ann", "bob")
	for _, m := range []struct{ from, text string }{{"ann", "c3"}, {"bob", "a1"}, {"ann", "a2"}, {"bob", "c2"}, {"ann", "a3"}} {
		h.send(m.from, m.text)
	}
	rs := h.send("bob", "im the road is wrong")
	got := textTo(rs, "bob")
	if !strings.Contains(got, "The game is over, so the result stands") || strings.Contains(got, "takeback") {
		t.Errorf("ruling on a finished game told bob %q", got)
	}
	for _, text := range []string{"takeback", "undo"} {
		rs = h.send("bob", text)
		if got := textTo(rs, "bob"); !strings.Contains(got, "is over (R-0) and its result stands: moves can be taken back only while a game is in progress") {
			t.Errorf("%q after the end answered %q", text, got)
		}
	}
	if g := h.game(id); g.Status != bot.Over || g.Proposal != nil {
		t.Errorf("game after refused takebacks: %s, proposal %+v", g.Status, g.Proposal)
	}
	if got := textTo(h.send("bob", "help"), "bob"); !strings.Contains(got, "once a game is over its result stands") {
		t.Errorf("help does not state the takeback rule: %q", got)
	}
}

// TestOwnProposalWithdrawnByMove: a player who offered a draw and then
// moves withdraws the offer; the opponent's offer is declined by a move.
func TestOwnProposalWithdrawnByMove(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "")
	h.send("ann", "draw")
	rs := h.send("ann", "ps a1")
	if got := textTo(rs, "bob"); !strings.Contains(got, "ann's move withdraws the proposal to agree a draw.") {
		t.Errorf("bob told %q", got)
	}
	h.send("ann", "draw")
	rs = h.send("bob", "ps e1")
	if got := textTo(rs, "ann"); !strings.Contains(got, "bob's move declines your proposal to agree a draw.") {
		t.Errorf("ann told %q", got)
	}
}

// TestRSDiffInReadingOrder: the squares where a mail player's board
// differs are listed row by row from A1, in mail names, with both stacks.
func TestRSDiffInReadingOrder(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "size=3")
	h.send("ann", "ps a1") // the true board has a black flat on mail A1
	rs := h.send("ann", "rs\n0 s s\n0 0 0\ns s 0")
	want := "on 5 squares (stacks top first, as on the sync board):\n" +
		"  a1: yours 0 (empty), the referee's S (a black flat);\n" +
		"  b1: yours s (a white flat), the referee's 0 (empty);\n" +
		"  c1: yours s (a white flat), the referee's 0 (empty);\n" +
		"  a3: yours s (a white flat), the referee's 0 (empty);\n" +
		"  b3: yours s (a white flat), the referee's 0 (empty).\n"
	if got := textTo(rs, "ann"); !strings.Contains(got, want) {
		t.Errorf("rs answered %q, want %q", got, want)
	}
}

// TestSeveralChallenges: "accept" with two challenges pending asks which,
// naming them as challenges and offering the exact commands.
func TestSeveralChallenges(t *testing.T) {
	h := newHarness(t)
	h.send("ann", "new bob")
	h.send("cat", "new bob")
	rs := h.send("bob", "accept")
	want := `Several challenges or proposals wait for your answer: g1 (a challenge from ann) and g2 (a challenge from cat). Which one is "accept" for? Send "game g1; accept" or "game g2; accept"`
	if len(rs) != 1 || !strings.Contains(rs[0].Text(), want) {
		t.Errorf("accept answered %q, want %q", allText(rs), want)
	}
	if !rs[0].Private {
		t.Errorf("a question to the sender should be private")
	}
}

// TestOnePicturePerPosition: a message that shows the same position twice
// attaches its picture once, in the latest state.
func TestOnePicturePerPosition(t *testing.T) {
	for _, tc := range []struct {
		text     string
		resigned bool
	}{
		{"ps a5; board; rs", false},
		{"ps a5\nresign", true},
	} {
		h := newHarness(t)
		h.opening(h.start("ann", "bob", ""))
		for _, r := range h.send("ann", tc.text) {
			var pics []*bot.Picture
			for _, p := range r.Parts {
				if p.Kind == bot.Image {
					pics = append(pics, p.Picture)
				}
			}
			if len(pics) != 1 {
				t.Errorf("%q: %s got %d pictures, want 1", tc.text, r.To.Address, len(pics))
				continue
			}
			if got := pics[0].Result != nil && pics[0].Result.Reason == bot.EndResignation; got != tc.resigned {
				t.Errorf("%q: %s's picture shows result %+v", tc.text, r.To.Address, pics[0].Result)
			}
		}
	}
}

// TestExplicitGameBindsResign: after "game g1", a resignation or a draw
// offer sent when g1 has ended is refused, not applied to another game.
func TestExplicitGameBindsResign(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("ann", "bob", "")
	g2 := h.start("ann", "carol", "")
	h.send("ann", "game "+g1)
	h.send("bob", "resign")
	for _, text := range []string{"draw", "resign"} {
		rs := h.send("ann", text)
		want := "game " + g1 + " is not in progress (your commands go to " + g1 + " since you sent \"game " + g1 + "\""
		if got := textTo(rs, "ann"); !strings.Contains(got, want) {
			t.Errorf("%q answered %q", text, got)
		}
	}
	if g := h.game(g2); g.Status != bot.Active || g.Proposal != nil {
		t.Errorf("game %s touched: %s, proposal %+v", g2, g.Status, g.Proposal)
	}
}

// TestRSMatchForgetsOldBoard: once a player's rs board matches, an earlier
// differing board can no longer be adopted.
func TestRSMatchForgetsOldBoard(t *testing.T) {
	h := newHarness(t)
	h.start("ann", "bob", "size=3")
	h.send("ann", "ps a1")
	h.send("ann", "rs\n0 0 0\n0 S 0\n0 0 0")
	h.send("ann", "rs\nS 0 0\n0 0 0\n0 0 0")
	rs := h.send("ann", "adopt")
	if got := textTo(rs, "ann"); !strings.Contains(got, "send your board first") {
		t.Errorf("adopt after a matching rs answered %q", got)
	}
}

// TestBadGuardStopsInTurn: a malformed "#N" guard is refused in its turn:
// the commands before it run, those after it do not.
func TestBadGuardStopsInTurn(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.ptn("ann")
	rs := h.send("ann", "a1; e5 #two; tps")
	got := textTo(rs, "ann")
	for _, want := range []string{"played a1", `Refused "e5 #two": after '#' put the turn number`, `Not run, since the command before stopped: "tps".`} {
		if !strings.Contains(got, want) {
			t.Errorf("answer %q lacks %q", got, want)
		}
	}
	if g := h.game(id); len(g.Moves) != 1 {
		t.Errorf("game has %d moves, want 1", len(g.Moves))
	}
}

// TestTickSkipsUnreadableGame: a game record that cannot be replayed is
// reported by Tick, and the other games' clocks still run.
func TestTickSkipsUnreadableGame(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "days=1")
	now := h.clock.Now()
	bad := &bot.GameRecord{ID: "a0", Status: bot.Active, Players: [2]string{"console:x", "console:y"}, Names: [2]string{"x", "y"},
		Config: tak.DefaultConfig(5), Days: 1, Moves: []bot.MoveRecord{{PTN: "zz9", At: now}},
		TurnStart: now, Deadline: now.Add(time.Hour), Wake: now.Add(time.Hour)}
	if err := h.store.Update(context.Background(), func(tx bot.Tx) error { return tx.PutGame(bad) }); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(48 * time.Hour)
	rs, err := h.ref.Tick(context.Background())
	if err == nil || !strings.Contains(err.Error(), "tick game a0") {
		t.Errorf("Tick error %v, want one naming game a0", err)
	}
	if g := h.game(id); g.Status != bot.Over || len(rs) == 0 {
		t.Errorf("game %s after the deadline: %s, %d replies", id, g.Status, len(rs))
	}
}

// TestLongMessages: a dispute reason beyond the limit is refused, as is a
// message of more commands than the referee runs; the game is untouched.
func TestLongMessages(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "")
	h.send("ann", "ps a1")
	for _, tc := range []struct{ from, text, want string }{
		{"bob", "im " + strings.Repeat("é", 1001), "the reason is 1001 characters long; say it in at most 1000"},
		{"bob", strings.Repeat("board;", 51), "the message has 51 commands; the referee runs at most 50"},
	} {
		rs := h.send(tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text(), tc.want) {
			t.Errorf("reply %.200q, want %q", allText(rs), tc.want)
		}
	}
	if g := h.game(id); len(g.Disputes) != 0 || len(g.Moves) != 1 {
		t.Errorf("game changed: %d disputes, %d moves", len(g.Disputes), len(g.Moves))
	}
}

// TestRevertRefusalsAndOpponentsMatch: revert names the turns it accepts,
// refuses an empty game, and after one player's rs the other may propose
// the revert to the point that board matched.
func TestRevertRefusalsAndOpponentsMatch(t *testing.T) {
	h := newHarness(t)
	id := h.start("ann", "bob", "size=3")
	for _, tc := range []struct{ from, text, want string }{
		{"ann", "revert", "no move has been played in game " + id + " since the empty board"},
		{"ann", "ps a1", "played"},
		{"bob", "ps c3", "played"},
		{"ann", "revert 7", `"7" is not a turn to go back to: "revert N" goes back to the position after turn N, from 0 (the empty board) to 1`},
		{"ann", "revert", `say which turn to go back to, e.g. "revert 1"`},
		{"ann", "rs\nS 0 0\n0 0 0\n0 0 0", "matches the position after turn 1"},
		{"bob", "revert", "You propose to go back to the position after turn 1."},
	} {
		rs := h.send(tc.from, tc.text)
		if got := textTo(rs, tc.from); !strings.Contains(got, tc.want) {
			t.Errorf("%s %q answered %q, want %q", tc.from, tc.text, got, tc.want)
		}
	}
}

// TestVacationCoversNewGames: a game accepted while its first mover is on
// vacation starts that player's clock when the vacation ends.
func TestVacationCoversNewGames(t *testing.T) {
	h := newHarness(t)
	now := h.clock.Now()
	h.send("ann", "vacation 5")
	id := h.send("ann", "new bob color=white days=2")[0].Game
	rs := h.send("bob", "accept")
	if got, want := textTo(rs, "bob"), "ann (white) is on vacation until 2026-11-26 09:00 UTC: their clock stops until then."; !strings.Contains(got, want) {
		t.Errorf("bob told %q, want %q", got, want)
	}
	if g, want := h.game(id), now.Add(7*24*time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("deadline %v, want %v (5 days of vacation, then 2 days)", g.Deadline, want)
	}
}

// TestVacationDaysWord: "vacation 3 days" is read as "vacation 3".
func TestVacationDaysWord(t *testing.T) {
	h := newHarness(t)
	rs := h.send("ann", "vacation 3 days")
	if got, want := textTo(rs, "ann"), "Your clocks stop until 2026-11-24 09:00 UTC."; !strings.Contains(got, want) {
		t.Errorf("answered %q, want %q", got, want)
	}
}
