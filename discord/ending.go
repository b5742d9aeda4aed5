package discord

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// Endings: when a game is over, its thread is renamed with the result
// ("g3 · Alice vs Bob · 1-0 road") as soon as a reply about the game has
// gone out, and archived a day later. Both steps are kept in the game's
// placeRecord (Ended, ArchiveAt, Archived), so that a restart goes on
// where it stopped: threads that are due are archived when the transport
// starts and at each hourly sweep.

// archiveAfter is how long a finished game's thread stays open: time to
// read the result and say "good game".
const archiveAfter = 24 * time.Hour

// endedName names a finished game's thread: "g3 · Alice vs Bob · 1-0
// road", "g4 · Alice vs Bob · ½-½ agreement", "g5 · Alice vs Bob ·
// declined".
func endedName(g *record.Game) string {
	outcome := string(g.Status)
	if r := g.Result; g.Status == record.Over && r != nil {
		score := "1-0"
		switch {
		case r.Draw:
			score = "½-½"
		case r.Winner == tak.Black:
			score = "0-1"
		}
		outcome = score + " " + string(r.Reason)
	}
	name := fmt.Sprintf("%s · %s vs %s · %s", g.ID, cleanName(g.Names[0]), cleanName(g.Names[1]), outcome)
	return cutRunes(strings.Join(strings.Fields(name), " "), maxThreadName)
}

// ended reports whether a game has ended, played out or called off.
func ended(g *record.Game) bool {
	switch g.Status {
	case record.Over, record.Declined, record.Cancelled, record.Expired, record.Aborted:
		return true
	}
	return false
}

// noteEnding renames a finished game's thread with its result, once, and
// schedules its archiving. It runs after a reply about the game went out;
// a failure is logged and tried again after the next reply.
func (t *Transport) noteEnding(ctx context.Context, game string) {
	if game == "" {
		return
	}
	if p, ok := t.mem.place(game); !ok || p.Thread == "" || p.Ended != "" {
		return
	}
	g, err := t.ref.Game(ctx, game)
	if err != nil || !ended(g) {
		return
	}
	unlock := t.locks.lock("place:" + game)
	defer unlock()
	p, ok := t.mem.place(game)
	if !ok || p.Thread == "" || p.Ended != "" {
		return
	}
	name := endedName(t.named(g))
	if err := t.editThread(ctx, p.Thread, &discordgo.ChannelEdit{Name: name}); err != nil {
		t.log.Warn("discord: could not rename a finished game's thread", "game", game, "thread", p.Thread, "err", err)
		return
	}
	p.Ended, p.ArchiveAt = name, t.clock.Now().Add(archiveAfter)
	if err := t.putState(ctx, write(keyGame+game, p)); err != nil {
		t.log.Warn("discord: record a finished game's thread", "game", game, "err", err)
		return
	}
	t.mem.setPlace(game, p)
	t.log.Info("discord: game thread renamed with the result", "game", game, "thread", p.Thread, "name", name, "archive_at", p.ArchiveAt)
}

// archiveDue archives the threads of finished games whose day is up.
func (t *Transport) archiveDue(ctx context.Context) {
	now := t.clock.Now()
	t.mem.mu.Lock()
	var due []string
	for game, p := range t.mem.places {
		if p.Thread != "" && p.Ended != "" && !p.Archived && !p.ArchiveAt.IsZero() && !now.Before(p.ArchiveAt) {
			due = append(due, game)
		}
	}
	t.mem.mu.Unlock()
	sort.Strings(due)
	for _, game := range due {
		if ctx.Err() != nil {
			return
		}
		t.archive(ctx, game)
	}
}

func (t *Transport) archive(ctx context.Context, game string) {
	unlock := t.locks.lock("place:" + game)
	defer unlock()
	p, ok := t.mem.place(game)
	if !ok || p.Thread == "" || p.Archived {
		return
	}
	archived := true
	if err := t.editThread(ctx, p.Thread, &discordgo.ChannelEdit{Archived: &archived}); err != nil && !hasCode(err, codeUnknownChannel) {
		t.log.Warn("discord: could not archive a finished game's thread; tried again at the next sweep", "game", game, "thread", p.Thread, "err", err)
		return
	}
	p.Archived = true
	if err := t.putState(ctx, write(keyGame+game, p)); err != nil {
		t.log.Warn("discord: record an archived thread", "game", game, "err", err)
		return
	}
	t.mem.setPlace(game, p)
	t.log.Info("discord: finished game's thread archived", "game", game, "thread", p.Thread)
}

// editThread edits a thread and keeps the gateway state's copy current.
func (t *Transport) editThread(ctx context.Context, thread string, edit *discordgo.ChannelEdit) error {
	got, err := t.s.ChannelEdit(thread, edit, discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	_ = t.s.State.ChannelAdd(got)
	return nil
}
