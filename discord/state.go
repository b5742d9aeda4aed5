package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/record"
)

// Adapter state keys (the transport's key-value space in the store).
const (
	keyGame          = "game/"     // game id → placeRecord: where the game is played
	keyThread        = "thread/"   // thread id → game id
	keyOrigin        = "origin/"   // interaction or message id → originRecord
	keySent          = "sent/"     // reply id → sentRecord: messages of the reply already posted
	keyNotify        = "notify/"   // user id → "dm" when the player wants turn pings by DM
	keyDMFail        = "dmfail/"   // user id → time: a DM was refused (50007) and the player was told
	keyHome          = "home/"     // user id → the server channel the player last used the bot in
	keyUser          = "user/"     // user id → userRecord: the player's names
	keyCursor        = "cursor/"   // thread id → the last message id read there
	keyGuildCommands = "commands/" // guild id → "": /tak was registered in that guild
)

// Retention of short-lived state.
const (
	originRetention = 24 * time.Hour      // interaction tokens die after 15 minutes
	sentRetention   = 14 * 24 * time.Hour // the pipeline gives up after 7 days
)

// placeRecord is where a game is played on Discord: a thread of a server
// channel with its Discord players as members, or (Thread "") direct
// messages.
type placeRecord struct {
	Thread  string   `json:",omitempty"`
	Parent  string   `json:",omitempty"` // the channel the thread belongs to
	Guild   string   `json:",omitempty"`
	Members []string `json:",omitempty"` // Discord players added to the thread
	// A finished game's thread (ending.go): the name it was given with the
	// result, when it is to be archived, and whether it was.
	Ended     string    `json:",omitempty"`
	ArchiveAt time.Time `json:",omitzero"`
	Archived  bool      `json:",omitempty"`
}

func (p placeRecord) member(user string) bool {
	for _, m := range p.Members {
		if m == user {
			return true
		}
	}
	return false
}

// originKind is what caused replies.
type originKind string

const (
	originCommand originKind = "slash"  // a slash command or a modal: a deferred ephemeral answer
	originButton  originKind = "button" // a button: the clicked message was updated
	originMessage originKind = "text"   // a plain-text message
)

// originRecord is what the adapter needs to answer where a message came
// from: the interaction's token (valid 15 minutes) or the message's
// channel.
type originRecord struct {
	Kind    originKind
	User    string
	Channel string // where it was sent
	Parent  string `json:",omitempty"` // the server channel under a thread, or the channel itself; "" in DMs
	Guild   string `json:",omitempty"`
	Message string `json:",omitempty"` // a plain-text message's id
	// ShowOwn marks a plain-text message whose sender's own reply says
	// more than the event the thread shows (several commands, an rs
	// comparison, a board): it is posted as a reply to the message.
	ShowOwn bool   `json:",omitempty"`
	Token   string `json:",omitempty"`
	App     string `json:",omitempty"`
	At      time.Time
}

// sentRecord counts the messages of a reply already posted, so that a
// reply sent again continues where it stopped.
type sentRecord struct {
	Posted int
	Target string // where they went: a channel id, or "interaction"
	Done   bool   `json:",omitempty"` // all of them: a reply sent again is not posted twice
	At     time.Time
}

// userRecord is what the adapter knows of a user's names.
type userRecord struct {
	Name     string // the display name
	Username string `json:",omitempty"`
}

func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discord: state of type %T does not encode: %v", v, err))
	}
	return b
}

func write(key string, v any) bot.StateWrite { return bot.StateWrite{Key: key, Value: encode(v)} }

// getState reads one key into v; false when absent.
func (t *Transport) getState(ctx context.Context, key string, v any) (bool, error) {
	var raw []byte
	err := t.ref.ViewState(ctx, Name, func(tx record.StateTx) error {
		var err error
		raw, err = tx.Get(key)
		return err
	})
	if errors.Is(err, record.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if s, ok := v.(*string); ok {
		*s = string(raw)
		return true, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, fmt.Errorf("discord: state %s: %w", key, err)
	}
	return true, nil
}

// putState writes keys on their own.
func (t *Transport) putState(ctx context.Context, writes ...bot.StateWrite) error {
	return t.ref.UpdateState(ctx, Name, func(tx record.StateTx) error {
		for _, w := range writes {
			var err error
			if w.Delete {
				err = tx.Delete(w.Key)
			} else {
				err = tx.Put(w.Key, w.Value)
			}
			if err != nil && !(w.Delete && errors.Is(err, record.ErrNotFound)) {
				return err
			}
		}
		return nil
	})
}

// loadState reads what the adapter keeps in memory: places, threads,
// names, preferences and home channels.
func (t *Transport) loadState(ctx context.Context) error {
	return t.ref.ViewState(ctx, Name, func(tx record.StateTx) error {
		if err := tx.Scan(keyGame, func(k string, v []byte) error {
			var p placeRecord
			if json.Unmarshal(v, &p) == nil {
				t.mem.setPlace(strings.TrimPrefix(k, keyGame), p)
			}
			return nil
		}); err != nil {
			return err
		}
		if err := tx.Scan(keyUser, func(k string, v []byte) error {
			var u userRecord
			if json.Unmarshal(v, &u) == nil {
				t.dir.learn(strings.TrimPrefix(k, keyUser), u)
			}
			return nil
		}); err != nil {
			return err
		}
		for _, prefix := range []string{keyNotify, keyDMFail, keyHome, keyCursor} {
			if err := tx.Scan(prefix, func(k string, v []byte) error {
				t.mem.setPref(k, string(v))
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
}

// prune removes origins, sent records, live button records and lobby
// posts older than their retention.
func (t *Transport) prune(ctx context.Context) error {
	now := t.clock.Now()
	var stale []string
	err := t.ref.ViewState(ctx, Name, func(tx record.StateTx) error {
		if err := tx.Scan(keyOrigin, func(k string, v []byte) error {
			var o originRecord
			if json.Unmarshal(v, &o) != nil || now.Sub(o.At) > originRetention {
				stale = append(stale, k)
			}
			return nil
		}); err != nil {
			return err
		}
		if err := tx.Scan(keySent, func(k string, v []byte) error {
			var s sentRecord
			if json.Unmarshal(v, &s) != nil || now.Sub(s.At) > sentRetention {
				stale = append(stale, k)
			}
			return nil
		}); err != nil {
			return err
		}
		if err := tx.Scan(keyLive, func(k string, v []byte) error {
			var l liveRecord
			if json.Unmarshal(v, &l) != nil || now.Sub(l.At) > liveRetention {
				stale = append(stale, k)
			}
			return nil
		}); err != nil {
			return err
		}
		return tx.Scan(keyLobby, func(k string, v []byte) error {
			var l lobbyRecord
			if json.Unmarshal(v, &l) != nil || now.Sub(snowflakeTime(l.Message)) > lobbyRetention {
				stale = append(stale, k)
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	for len(stale) > 0 {
		n := min(len(stale), 500)
		var ws []bot.StateWrite
		for _, k := range stale[:n] {
			ws = append(ws, bot.StateWrite{Key: k, Delete: true})
		}
		if err := t.putState(ctx, ws...); err != nil {
			return err
		}
		stale = stale[n:]
	}
	return nil
}

// snowflakeTime is when Discord created an id (a message, an interaction).
func snowflakeTime(id string) time.Time {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(int64(n>>22) + 1420070400000)
}
