package discordfake

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestThreadLifecycle(t *testing.T) {
	w := newWorld(t, Options{})
	threads := newEvents[*discordgo.ThreadCreate]()
	s := w.connect(allIntentsWithContent, false, func(_ *discordgo.Session, c *discordgo.ThreadCreate) { threads.put(c) })
	start, err := s.ChannelMessageSend(w.channel, "Game 1: Alice vs Bob")
	if err != nil {
		t.Fatal(err)
	}
	thread, err := s.MessageThreadStartComplex(w.channel, start.ID, &discordgo.ThreadStart{Name: "Game 1", AutoArchiveDuration: 1440})
	if err != nil {
		t.Fatalf("thread from message: %v", err)
	}
	if thread.ID != start.ID || thread.Type != discordgo.ChannelTypeGuildPublicThread || thread.ParentID != w.channel ||
		thread.ThreadMetadata == nil || thread.ThreadMetadata.AutoArchiveDuration != 1440 {
		t.Errorf("thread %+v", thread)
	}
	if c := threads.next(t, w.ctx); c.ID != thread.ID {
		t.Errorf("THREAD_CREATE for %s", c.ID)
	}
	if err := s.ThreadMemberAdd(thread.ID, w.alice.ID); err != nil {
		t.Errorf("add Alice: %v", err)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "Alice to move."); err != nil {
		t.Fatalf("post in the thread: %v", err)
	}
	if err := w.fake.ArchiveThread(thread.ID); err != nil {
		t.Fatal(err)
	}
	var restErr *discordgo.RESTError
	if _, err := s.ChannelMessageSend(thread.ID, "Bob to move."); !errors.As(err, &restErr) || restErr.Message.Code != CodeThreadArchived {
		t.Fatalf("post in the archived thread: %v, want code %d", err, CodeThreadArchived)
	}
	archived := false
	if _, err := s.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatalf("unarchive: %v", err)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "Bob to move."); err != nil {
		t.Fatalf("post after unarchiving: %v", err)
	}
	got, _ := w.fake.Channel(thread.ID)
	if got.Archived || len(got.Members) != 2 || got.Members[1] != w.alice.ID {
		t.Errorf("thread state %+v", got)
	}
	if msgs := w.fake.Messages(thread.ID); len(msgs) != 2 || msgs[1].Content != "Bob to move." {
		t.Errorf("thread messages %+v", msgs)
	}
	if kinds := w.violationKinds(); len(kinds) != 1 || kinds[0] != ArchivedThread {
		t.Errorf("violations %v, want one %s", kinds, ArchivedThread)
	}
}

func TestThreadWithoutMessageAndItsRules(t *testing.T) {
	w := newWorld(t, Options{})
	s := w.connect(allIntentsWithContent, false)
	private, err := s.ThreadStartComplex(w.channel, &discordgo.ThreadStart{Name: "Secret game", AutoArchiveDuration: 60})
	if err != nil {
		t.Fatalf("thread without message: %v", err)
	}
	if private.Type != discordgo.ChannelTypeGuildPrivateThread {
		t.Errorf("API v9 defaults to a private thread, got type %d", private.Type)
	}
	var restErr *discordgo.RESTError
	if _, err := s.ThreadStartComplex(w.channel, &discordgo.ThreadStart{Name: "x", AutoArchiveDuration: 100}); !errors.As(err, &restErr) || restErr.Message.Code != CodeInvalidFormBody {
		t.Errorf("auto_archive_duration 100: %v", err)
	}
	if err := w.fake.Deny(w.channel, PermCreatePublicThreads); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ThreadStart(w.channel, "public", discordgo.ChannelTypeGuildPublicThread, 60); !errors.As(err, &restErr) || restErr.Message.Code != CodeMissingPermissions {
		t.Errorf("public thread without permission: %v", err)
	}
	if threads := w.fake.Threads(); len(threads) != 1 || threads[0].Name != "Secret game" {
		t.Errorf("threads %+v", threads)
	}
}

func TestAutoUnarchiveOption(t *testing.T) {
	w := newWorld(t, Options{AutoUnarchiveOnSend: true})
	s := w.connect(allIntentsWithContent, false)
	thread, err := s.ThreadStart(w.channel, "Game 2", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.fake.ArchiveThread(thread.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "still here"); err != nil {
		t.Errorf("post with AutoUnarchiveOnSend: %v", err)
	}
	if c, _ := w.fake.Channel(thread.ID); c.Archived {
		t.Error("the thread stayed archived")
	}
	w.noViolations()
}
