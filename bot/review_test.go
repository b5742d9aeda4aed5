package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// textTo joins the texts of the replies to one player.
func textTo(rs []bot.Reply, name string) string {
	var b strings.Builder
	for _, r := range rs {
		if r.To.Address == name {
			b.WriteString(r.Text + "\n")
		}
	}
	return b.String()
}

// TestSpecificRefusals checks that mistyped commands and bad options get a
// reason of their own instead of a move-syntax error or "not your turn",
// and leave the game as it was.
func TestSpecificRefusals(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	before, _ := ref.Game(context.Background(), id)
	for i, tc := range []struct{ from, text, want string }{
		{"ann", "acept", `"acept" is not a command; did you mean "accept"?`},
		{"bob", "resing", `did you mean "resign"?`}, // out of turn: still a typo, not "not your turn"
		{"bob", "hlep", `did you mean "help"?`},
		{"ann", "hello world", `"hello" is neither a command nor a move`},
		{"ann", "Thanks!", `"Thanks" is neither a command nor a move`},
		{"ann", "acept!", `"acept" is not a command; did you mean "accept"?`},
		{"ann", "new carol size=4 size=6", "option size is given twice"},
		{"ann", "new carol color=white colour=black", "option color is given twice"},
		{"ann", "game G1 board", `"game" takes one game id; to send a command to that game, separate them with ';', e.g. "game g1; board"`},
		{"ann", "vacation two days", `vacation takes a whole number of days from 1 to 60, not "two"`},
		{"ann", "new size=6", `say whom to challenge before the options, e.g. "new bob size=6"`},
		{"ann", "new carol, size=4", `"carol," is not a player's name`},
		{"ann", "new carol rules=modegan size=7", `Refused "new carol rules=modegan size=7": modegan tak is played on 4x4 to 6x6 only, not 7x7`},
		{"ann", "new carol rules=modegan opening=swap", "modegan tak has no swap opening"},
	} {
		rs := send(t, ref, fmt.Sprint("typo", i), tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text, tc.want) || strings.Contains(rs[0].Text, "invalid game configuration") {
			t.Errorf("%s %q: replies %+v, want one containing %q (and no generic suffix)", tc.from, tc.text, rs, tc.want)
		}
	}
	after, _ := ref.Game(context.Background(), id)
	if len(after.Moves) != len(before.Moves) || after.Status != before.Status || after.Proposal != nil {
		t.Errorf("game changed by refused commands: %+v", after)
	}
}

// TestExplicitGameBindsMoves: after "game g1", a move goes to g1 even when
// it is the player's turn only in another game; it is refused, not played
// elsewhere.
func TestExplicitGameBindsMoves(t *testing.T) {
	ref, _ := newReferee(t)
	g1 := startGame(t, ref, "ann", "bob", "")
	g2 := startGame(t, ref, "ann", "carol", "")
	send(t, ref, "choose", "ann", "game "+g1)
	send(t, ref, "m1", "ann", "a1")
	rs := send(t, ref, "m2", "ann", "b2")
	if got := textTo(rs, "ann"); !strings.Contains(got, "not your turn in game "+g1) {
		t.Errorf("move after \"game %s\" answered %q", g1, got)
	}
	for id, want := range map[string]int{g1: 1, g2: 0} {
		g, err := ref.Game(context.Background(), id)
		if err != nil || len(g.Moves) != want {
			t.Errorf("game %s has %d moves (%v), want %d", id, len(g.Moves), err, want)
		}
	}
	// a chosen game that was declined keeps the moves, and says why
	send(t, ref, "new-eve", "ann", "new eve")
	send(t, ref, "eve-declines", "eve", "decline")
	send(t, ref, "choose-eve", "ann", "game g3")
	rs = send(t, ref, "m-eve", "ann", "c3")
	if got, want := textTo(rs, "ann"), `game g3 was declined (your commands go to g3 since you sent "game g3"`; !strings.Contains(got, want) {
		t.Errorf("move to a declined chosen game answered %q, want %q", got, want)
	}
	// without an explicit choice, the only game where it is her turn is used
	send(t, ref, "new-dan", "ann", "new dan color=white")
	send(t, ref, "m3", "ann", "game "+g2+"\na1")
	if g, _ := ref.Game(context.Background(), g2); len(g.Moves) != 1 {
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
			ref, _ := newReferee(t)
			id := startGame(t, ref, "ann", "bob", "")
			send(t, ref, "m1", "ann", "a1")
			send(t, ref, "p1", "bob", tc.verb)
			rs := send(t, ref, "p2", "ann", tc.verb)
			if got := textTo(rs, "bob"); !strings.Contains(got, "ann accepted") {
				t.Errorf("crossing %s: bob told %q", tc.verb, got)
			}
			g, _ := ref.Game(context.Background(), id)
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
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "size=3")
	send(t, ref, "m1", "ann", "a1")
	for i, tc := range []struct{ text, want string }{
		{"rs\nX 0 0\n0 0 0\n0 0 0", `your board cannot be read: A1 (row 1, square 1): unexpected "X"`},
		{"rs\nSSSS SSSS SSS\n0 0 0\n0 0 0", `("adopt" is not possible: your board cannot be a position of this game: black has`},
	} {
		rs := send(t, ref, fmt.Sprint("rs", i), "ann", tc.text)
		got := textTo(rs, "ann")
		if !strings.Contains(got, tc.want) || strings.Contains(got, "is not a move") {
			t.Errorf("%q answered %q, want %q", tc.text, got, tc.want)
		}
	}
	if g, _ := ref.Game(context.Background(), id); len(g.Moves) != 1 {
		t.Errorf("game has %d moves, want 1", len(g.Moves))
	}
}

// TestChallengeAwaitsAnswer: a move from a player whose only game is a
// challenge to them says so.
func TestChallengeAwaitsAnswer(t *testing.T) {
	ref, _ := newReferee(t)
	rs := send(t, ref, "new", "ann", "new bob")
	id := rs[0].Thread
	rs = send(t, ref, "m1", "bob", "a1")
	if want := "a challenge awaits your answer (" + id + " from ann)"; len(rs) != 1 || !strings.Contains(rs[0].Text, want) {
		t.Errorf("move before accepting answered %+v, want %q", rs, want)
	}
}

// TestProposalsAfterTheEnd: a takeback asked after a dispute of the move
// that ended the game shows in "games" and "help" of the player who must
// answer, and its proposer can cancel it.
func TestProposalsAfterTheEnd(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "size=3")
	for i, m := range []struct{ from, text string }{
		{"ann", "c3"}, {"bob", "a1"}, {"ann", "a2"}, {"bob", "c2"}, {"ann", "a3"},
		{"bob", "im the road is wrong"}, {"bob", "takeback"},
	} {
		send(t, ref, fmt.Sprint("e", i), m.from, m.text)
	}
	if g, _ := ref.Game(context.Background(), id); g.Status != bot.Over || g.Proposal == nil {
		t.Fatalf("setup: status %s, proposal %+v", g.Status, g.Proposal)
	}
	for i, tc := range []struct{ from, text, want string }{
		{"ann", "games", id + " against bob, you play white: over, R-0; a proposal awaits your answer"},
		{"ann", "help", "bob proposes to take back the disputed move of turn 5"},
		{"bob", "cancel", "bob withdrew the proposal to take back the disputed move of turn 5."},
	} {
		rs := send(t, ref, fmt.Sprint("q", i), tc.from, tc.text)
		if got := textTo(rs, tc.from); !strings.Contains(got, tc.want) {
			t.Errorf("%s %q answered %q, want %q", tc.from, tc.text, got, tc.want)
		}
	}
	if g, _ := ref.Game(context.Background(), id); g.Proposal != nil || g.Status != bot.Over {
		t.Errorf("after cancel: status %s, proposal %+v", g.Status, g.Proposal)
	}
}

// TestOwnProposalWithdrawnByMove: a player who offered a draw and then
// moves withdraws the offer; the opponent's offer is declined by a move.
func TestOwnProposalWithdrawnByMove(t *testing.T) {
	ref, _ := newReferee(t)
	startGame(t, ref, "ann", "bob", "")
	send(t, ref, "d1", "ann", "draw")
	rs := send(t, ref, "m1", "ann", "a1")
	if got := textTo(rs, "bob"); !strings.Contains(got, "The proposal to agree a draw is withdrawn by the move.") {
		t.Errorf("bob told %q", got)
	}
	send(t, ref, "d2", "ann", "draw")
	rs = send(t, ref, "m2", "bob", "e5")
	if got := textTo(rs, "ann"); !strings.Contains(got, "The proposal to agree a draw is declined by the move.") {
		t.Errorf("ann told %q", got)
	}
}

// TestRSDiffInReadingOrder: the squares where a mail player's board
// differs are listed row by row from A1, in mail names.
func TestRSDiffInReadingOrder(t *testing.T) {
	ref, _ := newReferee(t)
	startGame(t, ref, "ann", "bob", "size=3")
	send(t, ref, "m1", "ann", "ps a1") // the true board has a black flat on mail A1
	rs := send(t, ref, "rs", "ann", "rs\n0 s s\n0 0 0\ns s 0")
	want := "on 5 square(s): a1, b1, c1, a3, b3."
	if got := textTo(rs, "ann"); !strings.Contains(got, want) {
		t.Errorf("rs answered %q, want %q", got, want)
	}
}

// TestSeveralChallenges: "accept" with two challenges pending names them as
// challenges, not as games being played.
func TestSeveralChallenges(t *testing.T) {
	ref, _ := newReferee(t)
	send(t, ref, "c1", "ann", "new bob")
	send(t, ref, "c2", "cat", "new bob")
	rs := send(t, ref, "a", "bob", "accept")
	want := `several games await your answer: g1 (a challenge from ann), g2 (a challenge from cat); say which first, e.g. "game g1"`
	if len(rs) != 1 || !strings.Contains(rs[0].Text, want) {
		t.Errorf("accept answered %+v, want %q", rs, want)
	}
}

// TestOnePicturePerPosition: a message that shows the same position twice
// attaches its picture once, in the latest state.
func TestOnePicturePerPosition(t *testing.T) {
	for _, tc := range []struct {
		text     string
		resigned bool
	}{
		{"a1; board; rs", false},
		{"a1\nresign", true},
	} {
		ref, _ := newReferee(t)
		startGame(t, ref, "ann", "bob", "")
		for _, r := range send(t, ref, "m", "ann", tc.text) {
			if len(r.Pictures) != 1 {
				t.Errorf("%q: %s got %d pictures, want 1", tc.text, r.To.Address, len(r.Pictures))
				continue
			}
			if got := r.Pictures[0].Result.Reason == "resignation"; got != tc.resigned {
				t.Errorf("%q: %s's picture shows result %+v", tc.text, r.To.Address, r.Pictures[0].Result)
			}
		}
	}
}

// TestExplicitGameBindsResign: after "game g1", a resignation or a draw
// offer sent when g1 has ended is refused, not applied to another game.
func TestExplicitGameBindsResign(t *testing.T) {
	ref, _ := newReferee(t)
	g1 := startGame(t, ref, "ann", "bob", "")
	g2 := startGame(t, ref, "ann", "carol", "")
	send(t, ref, "choose", "ann", "game "+g1)
	send(t, ref, "bob-resigns", "bob", "resign")
	for i, text := range []string{"draw", "resign", "undo"} {
		rs := send(t, ref, fmt.Sprint("r", i), "ann", text)
		want := "game " + g1 + " is not in progress (your commands go to " + g1 + " since you sent \"game " + g1 + "\""
		if got := textTo(rs, "ann"); !strings.Contains(got, want) {
			t.Errorf("%q answered %q", text, got)
		}
	}
	if g, _ := ref.Game(context.Background(), g2); g.Status != bot.Active || g.Proposal != nil {
		t.Errorf("game %s touched: %s, proposal %+v", g2, g.Status, g.Proposal)
	}
}

// TestRSMatchForgetsOldBoard: once a player's rs board matches, an earlier
// differing board can no longer be adopted.
func TestRSMatchForgetsOldBoard(t *testing.T) {
	ref, _ := newReferee(t)
	startGame(t, ref, "ann", "bob", "size=3")
	send(t, ref, "m1", "ann", "ps a1")
	send(t, ref, "rs1", "ann", "rs\n0 0 0\n0 S 0\n0 0 0")
	send(t, ref, "rs2", "ann", "rs\nS 0 0\n0 0 0\n0 0 0")
	rs := send(t, ref, "adopt", "ann", "adopt")
	if got := textTo(rs, "ann"); !strings.Contains(got, "send your board first") {
		t.Errorf("adopt after a matching rs answered %q", got)
	}
}

// TestBadGuardStopsInTurn: a malformed "#N" guard is refused in its turn:
// the commands before it run, those after it do not.
func TestBadGuardStopsInTurn(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	rs := send(t, ref, "m", "ann", "a1; e5 #two; tps")
	got := textTo(rs, "ann")
	for _, want := range []string{"played a1", `Refused "e5 #two": after '#' put the turn number`, "The 1 command(s) after it were not run."} {
		if !strings.Contains(got, want) {
			t.Errorf("answer %q lacks %q", got, want)
		}
	}
	if g, _ := ref.Game(context.Background(), id); len(g.Moves) != 1 {
		t.Errorf("game has %d moves, want 1", len(g.Moves))
	}
}

type stepClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *stepClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// TestTickSkipsUnreadableGame: a game record that cannot be replayed is
// reported by Tick, and the other games' clocks still run.
func TestTickSkipsUnreadableGame(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "t.db"), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	clock := &stepClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	ref := bot.New(db, clock, bot.Options{Rand: func(int) int { return 0 }})
	id := startGame(t, ref, "ann", "bob", "days=1")
	bad := &bot.GameRecord{ID: "a0", Status: bot.Active, Players: [2]string{"console:x", "console:y"}, Names: [2]string{"x", "y"},
		Config: tak.DefaultConfig(5), Days: 1, Moves: []bot.MoveRecord{{PTN: "zz9", At: clock.Now()}},
		TurnStart: clock.Now(), Deadline: clock.Now().Add(time.Hour)}
	if err := db.Update(context.Background(), func(tx bot.Tx) error { return tx.PutGame(bad) }); err != nil {
		t.Fatal(err)
	}
	clock.mu.Lock()
	clock.t = clock.t.Add(48 * time.Hour)
	clock.mu.Unlock()
	rs, err := ref.Tick(context.Background())
	if err == nil || !strings.Contains(err.Error(), "tick game a0") {
		t.Errorf("Tick error %v, want one naming game a0", err)
	}
	if g, _ := ref.Game(context.Background(), id); g.Status != bot.Over || len(rs) == 0 {
		t.Errorf("game %s after the deadline: %s, %d replies", id, g.Status, len(rs))
	}
}

// TestLongMessages: a dispute reason beyond the limit is refused, as is a
// message of more commands than the bot runs; the game is untouched.
func TestLongMessages(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "")
	send(t, ref, "m1", "ann", "a1")
	for i, tc := range []struct{ from, text, want string }{
		{"bob", "im " + strings.Repeat("é", 1001), "the reason is 1001 characters long; say it in at most 1000"},
		{"bob", strings.Repeat("board;", 51), "the message has 51 commands; the bot runs at most 50"},
	} {
		rs := send(t, ref, fmt.Sprint("long", i), tc.from, tc.text)
		if len(rs) != 1 || !strings.Contains(rs[0].Text, tc.want) {
			t.Errorf("reply %.200v, want %q", rs, tc.want)
		}
	}
	if g, _ := ref.Game(context.Background(), id); len(g.Disputes) != 0 || len(g.Moves) != 1 {
		t.Errorf("game changed: %d disputes, %d moves", len(g.Disputes), len(g.Moves))
	}
}

// TestRevertRefusalsAndOpponentsMatch: revert names the turns it accepts,
// refuses an empty game, and after one player's rs the other may propose
// the revert to the point that board matched.
func TestRevertRefusalsAndOpponentsMatch(t *testing.T) {
	ref, _ := newReferee(t)
	id := startGame(t, ref, "ann", "bob", "size=3")
	for i, tc := range []struct{ from, text, want string }{
		{"ann", "revert", "no move has been played in game " + id},
		{"ann", "ps a1", "played"},
		{"bob", "ps c3", "played"},
		{"ann", "revert x", `"x" is not a turn to go back to: revert N goes back to the position after turn N, from 0 (the empty board) to 1`},
		{"ann", "revert", `say which turn to go back to, e.g. "revert 1"`},
		{"ann", "rs\nS 0 0\n0 0 0\n0 0 0", "matches the position after turn 1"},
		{"bob", "revert", "You propose to go back to the position after turn 1."},
	} {
		rs := send(t, ref, fmt.Sprint("rv", i), tc.from, tc.text)
		if got := textTo(rs, tc.from); !strings.Contains(got, tc.want) {
			t.Errorf("%s %q answered %q, want %q", tc.from, tc.text, got, tc.want)
		}
	}
}

// TestVacationCoversNewGames: a game accepted while its first mover is on
// vacation starts that player's clock when the vacation ends.
func TestVacationCoversNewGames(t *testing.T) {
	ref, _ := newReferee(t)
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) // newReferee's clock
	send(t, ref, "v", "ann", "vacation 5")
	rs := send(t, ref, "new", "ann", "new bob color=white days=2")
	id := rs[0].Thread
	rs = send(t, ref, "accept", "bob", "accept")
	if got, want := textTo(rs, "bob"), "ann (white) is on vacation until 2026-11-26 09:00 UTC: their clock stops until then."; !strings.Contains(got, want) {
		t.Errorf("bob told %q, want %q", got, want)
	}
	g, _ := ref.Game(context.Background(), id)
	if want := now.Add(7 * 24 * time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("deadline %v, want %v (5 days of vacation, then 2 days)", g.Deadline, want)
	}
}

// TestVacationDaysWord: "vacation 3 days" is read as "vacation 3".
func TestVacationDaysWord(t *testing.T) {
	ref, _ := newReferee(t)
	rs := send(t, ref, "v", "ann", "vacation 3 days")
	if got, want := textTo(rs, "ann"), "Your clocks stop until 2026-11-24 09:00 UTC."; !strings.Contains(got, want) {
		t.Errorf("answered %q, want %q", got, want)
	}
}
