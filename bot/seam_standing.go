package bot

import (
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The seam of bot/ranking, bot/watching, bot/digest and bot/vacation (their
// Turn interfaces): each method forwards to the session.

// Now is when the referee evaluates.
func (s *session) Now() time.Time { return s.now }

// Sender is the sender's player record.
func (s *session) Sender() *record.Player { return s.sender }

// View runs fn in a read transaction of the store.
func (s *session) View(fn func(record.Tx) error) error { return s.view(fn) }

// Player returns a player record (a fresh one when unknown).
func (s *session) Player(key string) (*record.Player, error) { return s.player(key) }

// MarkPlayer has a player record written at commit.
func (s *session) MarkPlayer(p *record.Player) { s.markPlayer(p) }

// GamesOf are a player's game ids, oldest first.
func (s *session) GamesOf(key string) ([]string, error) { return s.gamesOf(key) }

// PeekGame reads a game without its lock.
func (s *session) PeekGame(id string) (*record.Game, error) { return s.peekGame(id) }

// Logger logs what no reply says.
func (s *session) Logger() *slog.Logger { return s.r.logger() }

// Board is the referee's leaderboards.
func (s *session) Board() *ranking.Board { return s.r.board }

// Refusal refuses the sender's command about game g (nil: none) with o.
func (s *session) Refusal(g *record.Game, o words.Refusal) error { return s.refusal(g, o) }

// Ask asks the sender which of o's choices they meant.
func (s *session) Ask(o words.Question) error {
	return &question{msg: o.Words(s.reader(nil, s.senderKey())), actions: actionsOf(o.Choices(), "")}
}

// Tell adds o's words to the reply to player to about game ("" for none).
func (s *session) Tell(to, game string, o words.Outcome) {
	if text := o.Words(s.reader(nil, to)); text != "" {
		s.tell(to, game).line(text)
	}
}

// TellBlock adds a monospace block to the reply to player to about game.
func (s *session) TellBlock(to, game, caption, text string) { s.tell(to, game).block(caption, text) }

// Announce tells player key an outcome of game g both players see.
func (s *session) Announce(g *record.Game, key string, o words.Outcome) { s.announce(g, key, o) }

// AnnounceAfterResult is Announce, right after the reply's "Game over: ..."
// line (before the finished game's file), or at its end when it has none.
func (s *session) AnnounceAfterResult(g *record.Game, key string, o words.Outcome) {
	d, line := s.event(key, g.ID), o.Words(s.reader(g, key))
	for i := range d.parts {
		if p := &d.parts[i]; p.Kind == Prose {
			lines := strings.Split(p.Text, "\n")
			if j := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Game over: ") }); j >= 0 {
				p.Text = strings.Join(slices.Insert(lines, j+1, line), "\n")
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

// MarkGame has a loaded game written at commit.
func (s *session) MarkGame(id string) { s.games[id].dirty = true }

// ShowBoard adds a loaded game's picture, in the reader's look, and its
// text board when they read one, to the reply to to about it.
func (s *session) ShowBoard(to, game string) {
	gs, d := s.games[game], s.tell(to, game)
	d.image(s.markedPicture(gs, to, nil, ""))
	if s.textBoard(to) {
		d.fallback(boardCaption(s.orient(to)), render.Grid(gs.pos(), s.orient(to), render.Figure))
	}
}

// SetAside reports (and logs once) a damaged record err names.
func (s *session) SetAside(err error) bool { return s.r.setAside(err) }

// GameLine describes a game for player key as "games" lists it, and
// whether it waits for them.
func (s *session) GameLine(g *record.Game, key string) (string, bool) { return s.gameLine(g, key) }

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

// Position is where a loaded game stands.
func (s *session) Position(id string) *tak.Position { return s.games[id].pos() }

// Touch names a game among those the message changed.
func (s *session) Touch(id string) { s.touch(id) }

// PlayingGame loads the game in progress command c is for.
func (s *session) PlayingGame(c *command.Command) (*record.Game, error) {
	gs, err := s.target(c, pickPlaying)
	if err != nil {
		return nil, err
	}
	return gs.rec, nil
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
