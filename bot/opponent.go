package bot

import (
	"context"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// The bot as an opponent. The engine plays as a player of its own, on a
// transport of its own named EngineTransport (package opponent): the
// referee delivers the replies addressed to it through the outbox like
// any other, and the engine answers through Handle as that player. "new
// takbot" starts a game against it at once, with a GameRecord.Level; such
// games are unrated (a rating system skips every game whose Level is not
// zero, see GameRecord.AgainstEngine).

// The engine player.
const (
	// DefaultLevel is the engine's level when "new takbot" names none.
	DefaultLevel = 5
	// MaxLevel is the strongest level.
	MaxLevel = 10
	// MaxEngineGames is how many games against takbot one player may
	// have in progress at once.
	MaxEngineGames = 10
)

// EngineInfo describes the engine's transport: its player is named
// "takbot", reads and writes PTN, and its replies carry nothing but text.
func EngineInfo() TransportInfo {
	return TransportInfo{Name: EngineTransport, Title: "takbot",
		ParseAddress: func(s string) (string, bool) {
			if strings.EqualFold(strings.TrimSpace(s), EngineAddress) {
				return EngineAddress, true
			}
			return "", false
		},
		DisplayName: func(string) string { return EngineAddress },
		PTNFirst:    true}
}

// engineOpponent reports whether the word after "new" names takbot, and
// refuses when the engine is not enabled here.
func (s *session) engineOpponent(word string) (bool, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w != EngineAddress && w != EngineIdentity().Key() {
		return false, nil
	}
	if e := s.r.transport(EngineTransport); e == nil || e.t == nil {
		if w == EngineAddress {
			return false, nil // perhaps a player called takbot
		}
		return true, refuse("this takbot does not play games itself: its engine is not enabled here")
	}
	return true, nil
}

// newEngineGame is "new takbot [options]": the game starts at once.
func (s *session) newEngineGame(args []string) error {
	opts, err := parseNewOptions(args, s.r.opts.DefaultDays)
	if err != nil {
		return err
	}
	if opts.ratingHigh > 0 {
		return refuse("rating= is for open challenges, which anyone in the range may accept: write \"new anyone rating=%d-%d\"", opts.ratingLow, opts.ratingHigh)
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	level := opts.level
	if level == 0 {
		level = DefaultLevel
	}
	if n, err := s.activeEngineGames(); err != nil {
		return err
	} else if n >= MaxEngineGames {
		return refuse("you already play %d games against takbot, the most at once; finish or resign one first (\"games\" lists them)", n)
	}
	mine := tak.White
	switch opts.color {
	case "black":
		mine = tak.Black
	case "random":
		if s.r.randInt(2) == 1 {
			mine = tak.Black
		}
	}
	op, err := s.player(EngineIdentity().Key())
	if err != nil {
		return err
	}
	if op.Created.Equal(s.now) {
		s.markPlayer(op)
	}
	g, err := s.challengeFrom(opts, cfg, mine)
	if err != nil {
		return err
	}
	g.Level = level
	g.Players[mine.Opponent()], g.Names[mine.Opponent()] = op.Key, op.Name
	gs, err := s.addGame(g)
	if err != nil {
		return err
	}
	s.event(s.sender.Key, g.ID).say("takbot plays you at level %d of %d; the game is unrated.", level, MaxLevel)
	return s.startGame(gs)
}

// activeEngineGames counts the sender's games in progress against takbot.
func (s *session) activeEngineGames() (int, error) {
	n := 0
	err := s.view(func(tx Tx) error {
		ids, err := tx.GamesOf(s.sender.Key)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			if g.Status == Active && g.AgainstEngine() {
				n++
			}
		}
		return nil
	})
	return n, err
}

// rateLimit is the hourly limit of messages of msg's sender: none for the
// engine, which answers in every game against it.
func (r *Referee) rateLimit(msg Message) int {
	if msg.From.Transport == EngineTransport {
		return 0
	}
	return r.opts.Quotas.MessagesPerHour
}

// GamesOf returns the ids of a player's games, for adapters (the engine
// resumes the games where it is to move after a restart).
func (r *Referee) GamesOf(ctx context.Context, id Identity) ([]string, error) {
	var ids []string
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		ids, err = tx.GamesOf(id.Key())
		return err
	})
	return ids, err
}
