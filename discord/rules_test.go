package discord

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/internal/discordfake"
	"github.com/takbymail/takbot/record"
)

// Within Discord's rules: these tests make the bot meet the limits the
// fake enforces (each ends with AssertClean).

// A 429 is waited out (discordgo retries after retry_after) and the move
// is posted once.
func TestRateLimitHonoured(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	path := "/channels/" + th.ID + "/messages"
	w.fake.Fail429("POST "+path, 1, 50*time.Millisecond)
	w.slash(w.alice.ID, th.ID, "move", discordfake.Opt("move", "a3"))
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })
	var statuses []int
	for _, r := range w.fake.Requests() {
		if r.Method == http.MethodPost && r.Path == path {
			statuses = append(statuses, r.Status)
		}
	}
	limited := false
	for i, s := range statuses {
		if s == http.StatusTooManyRequests {
			limited = true
			if i+1 >= len(statuses) || statuses[i+1] != http.StatusOK {
				t.Errorf("no success after the 429: %v", statuses)
			}
		}
	}
	if !limited {
		t.Errorf("the 429 was not met: %v", statuses)
	}
	if n := w.countPosts(th.ID, "played a3"); n != 1 {
		t.Errorf("the move was posted %d times", n)
	}
	w.clean()
}

// A reply longer than 2,000 characters is split between parts into
// several messages, none over the limit: the referee's help (mail
// syntax), which a "help" typed in a thread gets by direct message.
func TestLongReplySplit(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{MessageContent: true})
	th := w.startGame()
	if _, err := w.fake.Say(w.alice.ID, th.ID, "help"); err != nil {
		t.Fatal(err)
	}
	var all []discordfake.Message
	if err := w.fake.Await(w.ctx, func() bool {
		dm, ok := w.fake.DMChannelOf(w.alice.ID)
		if !ok {
			return false
		}
		all = w.posts(dm)
		return len(all) > 1 && strings.Contains(all[len(all)-1].Content, "help")
	}); err != nil {
		t.Fatalf("help by DM in several messages: %v\n%s", err, contents(all))
	}
	total := 0
	for _, m := range all {
		n := utf8.RuneCountInString(m.Content)
		total += n
		if n > MaxMessage {
			t.Errorf("help message of %d characters", n)
		}
		if strings.Count(m.Content, "```")%2 != 0 {
			t.Errorf("a code block is cut across messages: %q", m.Content)
		}
	}
	if total <= MaxMessage {
		t.Errorf("help is only %d characters: the split is not exercised", total)
	}
	w.clean()
}

// /tak help is one private message that names /tak's commands and the
// group /tak more with its commands (say, pair…), as registered.
func TestHelpOneMessage(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	ix := w.slash(w.alice.ID, th.ID, "help")
	m := w.reply(ix)
	if !m.Ephemeral || utf8.RuneCountInString(m.Content) > MaxMessage {
		t.Errorf("help: ephemeral %v, %d characters", m.Ephemeral, utf8.RuneCountInString(m.Content))
	}
	for _, want := range []string{"/tak challenge, accept", "notify", "Under /tak more: ", "say", "pair", "Board"} {
		if !strings.Contains(m.Content, want) {
			t.Errorf("help lacks %q:\n%s", want, m.Content)
		}
	}
	if strings.Contains(m.Content, "OPPONENT") {
		t.Errorf("help in mail syntax:\n%s", m.Content)
	}
	if st := ix.State(); len(st.Followups) != 0 {
		t.Errorf("help sent %d more messages", len(st.Followups))
	}
	w.clean()
}

// An archived thread is unarchived before the bot posts in it.
func TestArchivedThreadUnarchived(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	th := w.startGame()
	if err := w.fake.ArchiveThread(th.ID); err != nil {
		t.Fatal(err)
	}
	w.waitEvent("THREAD_UPDATE " + th.ID)
	// Commands cannot be used in an archived thread: Alice moves from the
	// channel, naming the game.
	w.slash(w.alice.ID, w.channel, "move", discordfake.Opt("move", "a3"), discordfake.Opt(gameOption, "g1"))
	w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "played a3") })
	if ch, _ := w.fake.Channel(th.ID); ch.Archived {
		t.Errorf("the thread is still archived")
	}
	w.clean()
}

// Missing permissions are named: a challenge in a channel where the bot
// cannot open threads is refused with the permission; without Attach
// Files the game goes on with text boards, and the log says why.
func TestMissingPermissions(t *testing.T) {
	t.Parallel()
	var noThreads, noFiles string
	w := newWorld(t, worldOptions{Setup: func(w *world) {
		noThreads, _ = w.fake.AddTextChannel(w.guild, "no-threads")
		noFiles, _ = w.fake.AddTextChannel(w.guild, "no-files")
		w.fake.Deny(noThreads, discordfake.PermCreatePublicThreads)
		w.fake.Deny(noFiles, discordfake.PermAttachFiles)
	}})
	o := discordfake.Opt
	got := w.reply(w.slash(w.alice.ID, noThreads, challengeName, o(opponentOption, mention(w.bob.ID))))
	if !got.Ephemeral || !strings.Contains(got.Content, "lacks the Create Public Threads permission") {
		t.Errorf("challenge where threads cannot open: %s", show(got))
	}
	if len(w.fake.Threads()) != 0 {
		t.Errorf("threads %+v", w.fake.Threads())
	}
	w.reply(w.slash(w.alice.ID, noFiles, challengeName, o(opponentOption, mention(w.bob.ID)), o("size", 3), o("color", "white"), o("opening", "no-swap")))
	th := w.thread()
	challenge := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "challenges you") })
	w.click(w.bob.ID, challenge, "Accept")
	start := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "your move") })
	if len(start.Attachments) != 0 || !strings.Contains(start.Content, "The board in") || !strings.Contains(start.Content, "lacks the Attach Files permission") {
		t.Errorf("without Attach Files: %s", show(start))
	}
	if logs := w.logs.String(); !strings.Contains(logs, "missing permission") || !strings.Contains(logs, "Attach Files") || !strings.Contains(logs, "Create Public Threads") {
		t.Errorf("the log does not name the permissions:\n%s", logs)
	}

	// The bot loses Send Messages in Threads mid-game: the reply fails
	// for good, with the permission named, and is not tried again (the
	// referee then tells Alice, whose reply goes to the same thread and
	// fails once too).
	w.fake.Deny(noFiles, discordfake.PermSendMessagesInThreads)
	w.slash(w.alice.ID, th.ID, "move", o("move", "a3"))
	w.fake.Await(w.ctx, func() bool { return strings.Contains(w.logs.String(), "Send Messages in Threads") })
	failed := 0
	for _, r := range w.fake.Requests() {
		if r.Path == "/channels/"+th.ID+"/messages" && r.Code == discordfake.CodeMissingPermissions {
			failed++
		}
	}
	if failed < 1 || failed > 2 {
		t.Errorf("%d refused posts, want 1 or 2 (one per reply, none repeated)", failed)
	}
	w.clean()
}

// A Discord player who refuses DMs and has no thread cannot be reached:
// the failure is permanent, and the email opponent is told.
func TestUnreachableByDM(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{})
	w.fake.SetRefusesDMs(w.bob.ID, true)
	ann := record.Identity{Transport: "email", Address: "ann@example.org"}
	if _, err := w.ref.Handle(w.ctx, bot.Message{ID: "<c1@example.org>", From: ann, Name: "Ann", Text: "new discord:" + w.bob.ID}); err != nil {
		t.Fatal(err)
	}
	told := w.mail.wait(w.ctx, t, func(r record.Reply) bool {
		return r.To == ann && strings.Contains(r.Text(), "cannot be reached by Discord")
	})
	if !strings.Contains(told.Text(), "refuses direct messages") {
		t.Errorf("Ann is told: %s", told.Text())
	}
	w.clean()
}

// Reminders and losses on time mention the players in the thread.
func TestClockPings(t *testing.T) {
	t.Parallel()
	w := newWorld(t, worldOptions{ManualClock: true})
	th := w.startGame()
	w.clock.Advance(55 * time.Hour) // past 3/4 of the 3 days
	if _, err := w.ref.Tick(w.ctx); err != nil {
		t.Fatal(err)
	}
	reminder := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "Reminder") })
	if !containsAll(reminder.Mentions, w.alice.ID) || containsAll(reminder.Mentions, w.bob.ID) {
		t.Errorf("reminder mentions %v: %s", reminder.Mentions, show(reminder))
	}
	w.clock.Advance(20 * time.Hour)
	if _, err := w.ref.Tick(w.ctx); err != nil {
		t.Fatal(err)
	}
	w.waitGame("g1", func(g *record.Game) bool { return g.Status == record.Over })
	lost := w.waitPost(th.ID, func(m discordfake.Message) bool { return strings.Contains(m.Content, "0-1") })
	if !containsAll(lost.Mentions, w.alice.ID, w.bob.ID) {
		t.Errorf("the loss on time mentions %v: %s", lost.Mentions, show(lost))
	}
	w.clean()
}
