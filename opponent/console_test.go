package opponent_test

import (
	"io"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// TestConsoleGame plays takbot on the console: "new takbot" starts the
// game at once, takbot answers every move, "analyse" works in the game
// against takbot, is refused in a game between people in progress, and the
// game's last reply carries the review; "set review off" stops it.
func TestConsoleGame(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	w.script(t, `ann: new takbot size=3 color=white level=10
ann: notation ptn
ann: c3
ann: b2
ann: analyse
bob: new ann size=5
ann: accept
ann: game g2; analyse
ann: new bob level=3
ann: game g1; resign
ann: analyse 2
ann: set review off
ann: new takbot size=3 level=1 color=black
ann: game g3; resign
`)
	out := w.out.String()
	for _, want := range []string{
		"takbot plays you at level 10 of 10; the game is unrated.",
		"Game g1 begins: you (white) against takbot (black)",
		"takbot (black) played",
		"takbot's analysis of game g1 after turn 4, white to move:",
		"Best line: 3.",
		`Refused "analyse": analysis is for games against takbot and finished games: game g2 between you and bob is still in progress`,
		`Refused "new bob level=3": level sets takbot's strength, so it is for games against takbot only`,
		"takbot's review of game g1:",
		"File g1-ann-vs-takbot-review.ptn:",
		"{takbot's review: after each move",
		"takbot's analysis of game g1 after turn 2",
		"You will no longer get takbot's review",
		"Game g3 begins: takbot (white) against you (black)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if strings.Contains(out, "takbot's review of game g3") {
		t.Error("a review after \"set review off\"")
	}
	g, err := w.ref.Game(t.Context(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !g.AgainstEngine() || g.Level != 10 || len(g.Moves) != 4 {
		t.Errorf("g1: level %d, %d moves; want a game against takbot at level 10 with 4 moves", g.Level, len(g.Moves))
	}
	golden(t, "console.golden", out)
}

// TestEngineGameLimits: a player may have MaxEngineGames games against
// takbot in progress; level is refused out of range; "new engine:takbot"
// names takbot too.
func TestEngineGameLimits(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	var script strings.Builder
	script.WriteString("ann: new takbot level=11\nann: new engine:takbot size=4 color=black\n")
	for range bot.MaxEngineGames {
		script.WriteString("ann: new takbot size=4\n")
	}
	w.script(t, script.String())
	out := w.out.String()
	for _, want := range []string{
		`Refused "new takbot level=11": level must be a whole number from 1 to 10, not "11"`,
		"Game g1 begins: takbot (white) against you (black)",
		`you already play 10 games against takbot, the most at once; finish or resign one first ("games" lists them)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if _, err := w.ref.Game(t.Context(), "g11"); err == nil {
		t.Error("an eleventh game against takbot was started")
	}
}

// TestWithoutEngine: on a takbot without the engine, "new engine:takbot"
// and "analyse" are refused with the reason, and games end without a
// review.
func TestWithoutEngine(t *testing.T) {
	db := openDB(t, t.TempDir())
	defer db.Close()
	var out strings.Builder
	ref := bot.New(db, newClock(), bot.Options{Rand: func(int) int { return 0 }, Logger: quiet()})
	ref.Register(console.NewTransport(&out, ""))
	err := console.Run(t.Context(), ref, strings.NewReader(`ann: new engine:takbot
bob: new ann size=3
ann: accept
bob: ps a1
ann: ps c3
bob: ps b1
ann: ps c2
ann: resign
ann: analyse
`), console.Options{Replayable: true, Notes: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Refused "new engine:takbot": this takbot does not play games itself: its engine is not enabled here`,
		`Refused "analyse": this takbot has no engine to analyse with`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the transcript lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "review") {
		t.Errorf("a review without an engine:\n%s", out.String())
	}
}

// TestReviewOnceAtTheEnd: a game between two people ends with a review
// for each, in the replies to the winning move; a dispute afterwards does
// not bring another.
func TestReviewOnceAtTheEnd(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	w.script(t, `ann: new bob size=3 color=white
bob: accept
ann: notation ptn
bob: notation ptn
ann: c3
bob: a3
ann: a1
bob: b3
ann: b1
bob: b2
ann: c1
bob: im the road was not finished
`)
	out := w.out.String()
	if n := strings.Count(out, "] takbot's review of game g1:"); n != 2 {
		t.Errorf("%d reviews, want one for each player at the end:\n%s", n, out)
	}
	if !strings.Contains(out, "Game over: you (white) win by road") || !strings.Contains(out, "You (black) dispute the move of turn 7") {
		t.Errorf("the game did not end by road with a ruling after it:\n%s", out)
	}
}

// TestConsoleRematch: a rematch of a game against takbot starts at once,
// with the same level and options and the colours swapped.
func TestConsoleRematch(t *testing.T) {
	w := newWorld(t, t.TempDir(), opponent.Greedy{}, opponent.Config{Sync: true}, nil)
	defer w.db.Close()
	w.script(t, "ann: new takbot size=4 color=white level=3\nann: resign\nann: rematch\n")
	g, err := w.ref.Game(t.Context(), "g2")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != record.Active || g.Level != 3 || g.RematchOf != "g1" || g.Config.Size != 4 || g.Players[tak.Black] != "console:ann" {
		t.Errorf("the rematch: %s, level %d, rematch of %q, %dx%d, black %s; want active, level 3, of g1, 4x4, ann black",
			g.Status, g.Level, g.RematchOf, g.Config.Size, g.Config.Size, g.Players[tak.Black])
	}
}
