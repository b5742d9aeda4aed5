package mailplay_test

import (
	"strings"
	"testing"

	"github.com/takbymail/takbot/mailplay"
)

// TestSeeksByMail: an open challenge by mail ("new anyone") is listed to
// another mail player by "seeks" with the seeker's name and never their
// address; "accept ID" takes it, and a second "accept" is told it was
// taken.
func TestSeeksByMail(t *testing.T) {
	h, sys := startLocal(t, harnessOptions{})
	if err := sys.AddUser(carolAddr, passwordOf(carolAddr)); err != nil {
		t.Fatal(err)
	}
	alice, bob, carol := h.player(aliceAddr, "Alice"), h.player(bobAddr, "Bob"), h.player(carolAddr, "Carol")
	h.write(alice, "Tak?", "new anyone size=6 color=white")
	h.confirm(alice)
	posted := h.next(alice, "Open challenge")
	game, ok := mailplay.SubjectGameTag(posted.In.Subject)
	if !ok {
		t.Fatalf("the seek's mail subject %q has no game tag", posted.In.Subject)
	}

	h.write(bob, "seeks?", "seeks")
	h.event(mailplay.MailHandled)
	list := h.next(bob, "Open challenges")
	if !strings.Contains(list.Text(), game+": Alice (unrated), 6x6") || strings.Contains(list.Text(), aliceAddr) {
		t.Errorf("bob's list of open challenges:\n%s", list.Text())
	}
	h.reply(bob, list, "accept "+game)
	h.next(bob, "Game "+game+" begins")
	h.next(alice, "Game "+game+" begins")

	h.write(carol, "me too", "seeks")
	h.event(mailplay.MailHandled)
	late := h.next(carol, "There are no open challenges now")
	h.reply(carol, late, "accept "+game)
	h.next(carol, "someone else accepted the open challenge "+game+" first")
	if g := h.game(game); g.Players[1] != "email:"+bobAddr {
		t.Errorf("players %v", g.Players)
	}
}
