package bot

import (
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/gameinfo"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/words"
)

// The seam of bot/ranking, bot/watching, bot/digest and bot/vacation (their
// Turn interfaces): each method forwards to the session.

// Logger logs what no reply says.
func (s *session) Logger() *slog.Logger { return s.r.logger() }

// Board is the referee's leaderboards.
func (s *session) Board() *ranking.Board { return s.r.board }

// Ask asks the sender which of o's choices they meant.
func (s *session) Ask(o words.Question) error {
	return &question{msg: o.Words(s.reader(nil, s.senderKey())), actions: actionsOf(o.Choices(), "")}
}

// AnnounceAfterResult is Announce, right after the line of the reply that
// tells the game's end (before the finished game's file), or at its end
// when it has none.
func (s *session) AnnounceAfterResult(g *record.Game, key string, o words.Outcome) {
	d, line := s.event(key, g.ID), o.Words(s.reader(g, key))
	for i := range d.parts {
		if lines := strings.Split(d.parts[i].Text, "\n"); d.ended != "" && d.parts[i].Kind == Prose {
			if j := slices.Index(lines, d.ended); j >= 0 {
				d.parts[i].Text = strings.Join(slices.Insert(lines, j+1, line), "\n")
				return
			}
		}
	}
	d.line(line)
}

// IdentityKeys are the player keys word names as an address: an explicit
// "transport:address", or an address a transport reads (the sender's own
// transport first).
func (s *session) IdentityKeys(word string) (keys []string, explicit bool) {
	if t, a, ok := strings.Cut(word, ":"); ok && isTransportName(t) && a != "" {
		return []string{Identity{Transport: t, Address: a}.Key()}, true
	}
	for _, e := range s.r.transportsByPreference(s.msg.From.Transport) {
		if e.info.ParseAddress != nil {
			if addr, ok := e.info.ParseAddress(word); ok {
				keys = append(keys, Identity{Transport: e.info.Name, Address: addr}.Key())
			}
		}
	}
	return keys, false
}

// LoadGame loads a game under its lock, to change it.
func (s *session) LoadGame(id string) (*record.Game, error) {
	gs, err := s.game(id)
	if err != nil {
		return nil, err
	}
	return gs.rec, nil
}

// ShowBoard adds a loaded game's picture, in the reader's look, and its
// text board when they read one, to the reply to to about it.
func (s *session) ShowBoard(to, game string) {
	gs, d := s.games[game], s.tell(to, game)
	d.image(s.markedPicture(gs, to, nil, ""))
	if s.textBoard(to) {
		d.fallback(present.BoardCaption(s.orient(to)), render.Grid(gs.pos(), s.orient(to), render.Figure))
	}
}

// SetAside reports (and logs once) a damaged record err names.
func (s *session) SetAside(err error) bool { return s.r.SetAside(err) }

// GameLine describes a game for player key as "games" lists it, and
// whether it waits for them.
func (s *session) GameLine(g *record.Game, key string) (string, bool) {
	o, waiting := gameinfo.Line(s, g, key)
	return o.Words(s.reader(g, key)), waiting
}

// Zone is a player's time zone (UTC when they chose none).
func (s *session) Zone(p *record.Player) *time.Location { return zoneOf(p) }

// SetZone sets a player's zone from its name, or returns the refusal.
func (s *session) SetZone(p *record.Player, name string) error {
	_, err := setZoneOf(p, name)
	return err
}

// AtCommit adds a write to the commit's transaction.
func (s *session) AtCommit(fn func(record.Tx) error) { s.extra = append(s.extra, fn) }

// Offer adds the choices to the reply to player to about game.
func (s *session) Offer(to, game string, cs ...words.Choice) {
	s.tell(to, game).act(actionsOf(cs, "")...)
}

// Chosen reports whether the sender chose g with "game ID" earlier.
func (s *session) Chosen(g *record.Game) bool { return s.chosen(g) }

// TellWatchersEnd tells a loaded game's spectators how it ended.
func (s *session) TellWatchersEnd(id string) { s.tellWatchersEnd(s.games[id]) }

// Locked returns nil when the session holds the players' locks, else the
// error that has it start again with them.
func (s *session) Locked(keys ...string) error {
	for _, k := range keys {
		if st := stripeOf(k); !s.ls.has(st) {
			return &needLock{st}
		}
	}
	return nil
}
