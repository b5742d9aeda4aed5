package discordfake

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestConnectReadyAndGuildState(t *testing.T) {
	w := newWorld(t, Options{})
	ready := newEvents[*discordgo.Ready]()
	guilds := newEvents[*discordgo.GuildCreate]()
	s := w.connect(allIntentsWithContent, false,
		func(_ *discordgo.Session, r *discordgo.Ready) { ready.put(r) },
		func(_ *discordgo.Session, g *discordgo.GuildCreate) { guilds.put(g) })
	r := ready.next(t, w.ctx)
	if r.User.ID != w.fake.Bot().ID || !r.User.Bot || r.Application.ID != w.fake.ApplicationID() {
		t.Errorf("READY user %+v application %+v", r.User, r.Application)
	}
	if r.SessionID == "" || len(r.Guilds) != 1 {
		t.Errorf("READY session %q guilds %d", r.SessionID, len(r.Guilds))
	}
	created := guilds.next(t, w.ctx)
	if created.ID != w.guildID || len(created.Channels) != 1 || len(created.Members) != 3 {
		t.Fatalf("GUILD_CREATE %s with %d channels, %d members", created.ID, len(created.Channels), len(created.Members))
	}
	// discordgo updates its state before it calls handlers.
	if g, err := s.State.Guild(w.guildID); err != nil || g.Name != "Tak Club" {
		t.Errorf("state guild %+v, %v", g, err)
	}
	member, err := s.State.Member(w.guildID, w.alice.ID)
	if err != nil || member.User.GlobalName != "Alice" {
		t.Errorf("state member %+v, %v", member, err)
	}
	ids := w.fake.Identifies()
	if len(ids) != 1 || !ids[0].MessageContent {
		t.Errorf("identifies %+v, want one asking for message content", ids)
	}
	w.noViolations()
}
