package main

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/takbymail/takbot/internal/discordfake"
)

// TestServeSetupAndRemindersAcrossTransports runs `takbot serve` with a
// mail player (Ann) and a Discord player (Bob) who use this part's
// commands against each other: Bob challenges Ann from a position with
// uneven reserves and a negative komi by slash command; Ann, by mail,
// sets her zone, her reminder and her daily digest and accepts; Bob sets
// his reminder and digest by slash command, which also moves his clock in
// the game they play; deadlines reach each in their own zone; the game's
// PTN carries the position it started from.
func TestServeSetupAndRemindersAcrossTransports(t *testing.T) {
	w := startCrossWorld(t)
	o := discordfake.Opt

	const tps = "x4/x4/x,2,x2/x4 1 3"
	w.reply(w.bobSlash(w.channel, "challenge", o("opponent", e2eAnnAddr), o("color", "white"), o("tps", tps), o("stones2", 12), o("komi", -1.5)))
	th := w.thread()
	challenge := w.annNext("Bob challenges you to a game of Tak (g1): 4x4, komi -1.5, no-swap opening",
		"white 15 stones and 0 capstones, black 12 stones and 0 capstones", "from the position "+tps, "You would play black")

	w.annReply(challenge, "set zone Europe/Berlin\nset remind 6h\nset digest daily 8am Europe/Berlin\naccept")
	start := w.annNext("Times are now shown to you in Europe/Berlin", "You are reminded 6 hours before each deadline",
		"Every day at 08:00 Europe/Berlin you get one message listing the games waiting for you",
		"Game g1 begins", "Turn 5 (PTN move 3, white): Bob (white) to move, by ")
	if !strings.Contains(start.Text(), " CET.") && !strings.Contains(start.Text(), " CEST.") {
		t.Errorf("Ann's deadline is not in her zone:\n%s", start.Text())
	}
	if p := w.nextPost(th.ID, 1); !strings.Contains(p.Content, "Turn 5 (PTN move 3, white): your move, by ") || !strings.Contains(p.Content, " UTC") {
		t.Errorf("Bob's start post (no zone chosen: UTC): %s", p.Content)
	}

	got := w.reply(w.bobSlash(w.channel, "settings", o("setting", "remind"), o("value", "12h")))
	if !strings.Contains(got.Content, "You are reminded 12 hours before each deadline") || !strings.Contains(got.Content, "(now in g1)") || !got.Ephemeral {
		t.Errorf("Bob's /tak settings remind 12h: %+v", got)
	}
	got = w.reply(w.bobSlash(w.channel, "settings", o("setting", "digest"), o("value", "daily 7:30 America/New_York")))
	// Discord's markdown has the _ of New_York escaped
	if !strings.Contains(got.Content, `Every day at 07:30 America/New\_York`) || !got.Ephemeral {
		t.Errorf("Bob's /tak settings digest: %+v", got)
	}
	got = w.reply(w.bobSlash(w.channel, "settings", o("setting", "zone"), o("value", "Mars/Olympus")))
	if !strings.Contains(got.Content, `time zone "Mars/Olympus" is not a zone the time zone database knows`) {
		t.Errorf("Bob's /tak settings zone Mars/Olympus: %+v", got)
	}

	w.bobSay(th.ID, "c3")
	moved := w.annNext("Turn 5 (PTN move 3, white) of game g1: Bob (white) played ", "Turn 6 (PTN move 3, black): your move, by ")
	w.annReply(moved, "history")
	w.annNext(`[TPS "`+tps+`"]`, `[Flats2 "12"]`, `[Komi "-1.5"]`, "3. c3")

	if err := w.proc.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := w.proc.exitCode(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d after SIGTERM", code)
	}
}
