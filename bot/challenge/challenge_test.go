package challenge

import (
	"errors"
	"strings"
	"testing"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

func reasonOf(err error) words.Reason {
	var r *refused
	if errors.As(err, &r) {
		return r.Reason
	}
	return 0
}

func mustTell(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s: want %q in:\n%s", what, w, text)
		}
	}
}

func TestNewMakesOneChallengedGame(t *testing.T) {
	f := newFake().as("console:alice")
	if err := f.run("new bob size=6 komi=2 color=black private=yes"); err != nil {
		t.Fatal(err)
	}
	g := f.games["g1"]
	if g == nil || len(f.games) != 1 {
		t.Fatalf("games %v", f.games)
	}
	if g.Status != record.Challenged || g.Challenger != tak.Black || g.Players != [2]string{"console:bob", "console:alice"} ||
		g.Config.Size != 6 || g.Config.Komi != 4 || !g.Private || !g.Unrated || g.Days != 3 || !g.Created.Equal(t0) {
		t.Errorf("game %+v", g)
	}
	mustTell(t, "challenger", f.toldTo("console:alice"), "g1")
	mustTell(t, "challenged", f.toldTo("console:bob"), "g1")
}

func TestNewRefusals(t *testing.T) {
	for _, c := range []struct {
		text   string
		reason words.Reason
		says   string
	}{
		{"new", words.NoOpponent, ""},
		{"new alice", words.SelfChallenge, ""},
		{"new bob level=3", words.LevelForTakbot, ""},
		{"new bob rating=1400-1700", words.RatingForOpen, ""},
		{"new email:bob", 0, "there is no transport \"email\""},
		{"new bob komi=30", 0, "komi must be"},
		{"new anyone rules=adem size=6", 0, "5x5 only"},
	} {
		f := newFake().as("console:alice")
		err := f.run(c.text)
		if err == nil || reasonOf(err) != c.reason || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v (reason %d), want reason %d saying %q", c.text, err, reasonOf(err), c.reason, c.says)
		}
		if len(f.games) != 0 {
			t.Errorf("%q made a game", c.text)
		}
	}
	f := newFake().as("console:alice")
	var oe *command.OptionError
	if err := f.run("new bob size=12"); !errors.As(err, &oe) || oe.Reason != command.OptionOutOfRange {
		t.Errorf("an option out of range: %v", err)
	}
}

func TestEngineGameStartsAtOnce(t *testing.T) {
	f := newFake().as("console:alice")
	if err := f.run("new takbot level=3 color=white"); err != nil {
		t.Fatal(err)
	}
	g := f.games["g1"]
	if g.Status != record.Active || g.Level != 3 || g.Players != [2]string{"console:alice", "takbot:takbot"} || len(f.started) != 1 {
		t.Errorf("game %+v, started %v", g, f.started)
	}
	mustTell(t, "told", f.toldTo("console:alice"), "takbot plays you at level 3 of 10")
}

func TestSeekTakenWithinItsRange(t *testing.T) {
	f := newFake().as("console:alice")
	if err := f.run("new anyone rating=1400-1600"); err != nil {
		t.Fatal(err)
	}
	g := f.games["g1"]
	if !openSeek(g) || g.Names[tak.Black] != anyoneWord || g.Seek.Low != 1400 || g.Seek.High != 1600 {
		t.Fatalf("seek %+v", g)
	}
	mustTell(t, "lobby", f.toldTo("console:lobby"), "alice (unrated) is looking for an opponent")
	if len(f.acts) != 1 || f.acts[0].Command != "accept g1" {
		t.Errorf("lobby actions %v", f.acts)
	}

	bob, _ := f.Player("console:bob")
	bob.Ratings = map[string]standing.Entry{standing.Pool(5): {Rating: 1700, Deviation: 60, Games: 20}}
	err := f.as("console:bob").run("accept g1")
	var r *refused
	if !errors.As(err, &r) || r.Reason != words.OutOfRange || r.Count != 1700 || r.Unrated {
		t.Fatalf("bob rated 1700: %v", err)
	}
	if err := f.as("console:alice").run("accept g1"); reasonOf(err) != words.OwnOpenChallenge {
		t.Errorf("the seeker's own accept: %v", err)
	}
	if err := f.as("console:carol").run("accept 1"); err != nil {
		t.Fatalf("carol, unrated (1500): %v", err)
	}
	if g.Status != record.Active || g.Players[tak.Black] != "console:carol" {
		t.Errorf("after carol's accept %+v", g)
	}
	mustTell(t, "lobby", f.toldTo("console:lobby"), "carol accepted the open challenge g1 of alice")
	if err := f.as("console:dave").run("accept g1"); reasonOf(err) != words.SeekTakenFirst {
		t.Errorf("a second acceptor: %v", err)
	}
}

func TestSeekIndexFollowsTheSeek(t *testing.T) {
	f := newFake().as("console:alice")
	if err := f.run("new anyone"); err != nil {
		t.Fatal(err)
	}
	if err := f.commit(); err != nil {
		t.Fatal(err)
	}
	if err := f.as("console:bob").run("seeks"); err != nil {
		t.Fatal(err)
	}
	mustTell(t, "listed", f.toldTo("console:bob"), "g1: alice (unrated), 5x5")
	if err := f.as("console:alice").run("cancel"); err != nil {
		t.Fatal(err)
	}
	if err := f.commit(); err != nil {
		t.Fatal(err)
	}
	f.told = nil
	if err := f.as("console:bob").run("seeks"); err != nil {
		t.Fatal(err)
	}
	mustTell(t, "withdrawn", f.toldTo("console:bob"), "There are no open challenges now")
}

func TestRematchSwapsTheColours(t *testing.T) {
	f := newFake().as("console:alice")
	old := &record.Game{ID: "g1", Status: record.Over, Config: tak.DefaultConfig(6), Days: 2, Created: t0, Updated: t0,
		Players: [2]string{"console:alice", "console:bob"}, Names: [2]string{"alice", "bob"}}
	f.games["g1"] = old
	if err := f.run("rematch"); err != nil {
		t.Fatal(err)
	}
	g := f.games["g2"]
	if g == nil || g.Status != record.Challenged || g.Players != [2]string{"console:bob", "console:alice"} || g.Challenger != tak.Black ||
		g.RematchOf != "g1" || old.Rematch != "g2" || g.Config.Size != 6 || g.Days != 2 {
		t.Fatalf("rematch %+v", g)
	}
	f.as("console:alice").current = "g1"
	if err := f.run("rematch"); reasonOf(err) != words.RematchWaiting {
		t.Errorf("asked twice: %v", err)
	}
	f.as("console:bob").current = "g1"
	if err := f.run("rematch"); err != nil || g.Status != record.Active {
		t.Errorf("both asked: %v, %s", err, g.Status)
	}
}

func TestDeclineAndCancel(t *testing.T) {
	f := newFake().as("console:alice")
	if err := f.run("new bob"); err != nil {
		t.Fatal(err)
	}
	if err := f.run("decline"); reasonOf(err) != words.OwnChallenge {
		t.Errorf("the challenger declines: %v", err)
	}
	if err := f.as("console:bob").run("decline"); err != nil || f.games["g1"].Status != record.Declined {
		t.Errorf("declined: %v", err)
	}
	if err := f.as("console:alice").run("cancel"); reasonOf(err) != words.NothingToWithdraw {
		t.Errorf("cancel after the decline: %v", err)
	}
}

func TestRematchLinksAndIDs(t *testing.T) {
	for _, c := range []struct {
		g    record.Game
		want string
	}{
		{record.Game{}, ""},
		{record.Game{RematchOf: "g1"}, " (rematch of g1)"},
		{record.Game{RematchOf: "g1", Rematch: "g5"}, " (rematch of g1; rematch: g5)"},
	} {
		if got := RematchLinks(&c.g); got != c.want {
			t.Errorf("RematchLinks(%+v) = %q", c.g, got)
		}
	}
	for in, want := range map[string]string{"g3": "g3", "G3": "g3", "3": "g3", "g12.": "g12"} {
		if got := normalID(in); got != want {
			t.Errorf("normalID(%q) = %q", in, got)
		}
	}
}
