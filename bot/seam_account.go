package bot

import (
	"cmp"
	"errors"
	"time"

	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/bot/digest"
	"github.com/takbymail/takbot/bot/gameinfo"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The seam of the account and trust features (packages bot/account,
// bot/consent, bot/planner): the session's methods their interfaces ask
// for, each a forwarder to the session or its referee.

// Now is when the referee evaluates the message.
func (s *session) Now() time.Time { return s.now }

// Sender is the player who sent the message.
func (s *session) Sender() *record.Player { return s.sender }

// From is the identity the message came from.
func (s *session) From() record.Identity { return s.msg.From }

// Player reads a player under the session's locks.
func (s *session) Player(key string) (*record.Player, error) { return s.player(key) }

// MarkPlayer records that a player changed.
func (s *session) MarkPlayer(p *record.Player) { s.markPlayer(p) }

// DefaultGame is the game the message is about, "" for none.
func (s *session) DefaultGame() string { return s.defaultGame() }

// GamesOf lists a player's games.
func (s *session) GamesOf(key string) ([]string, error) { return s.gamesOf(key) }

// PeekGame reads a game under its lock without loading it.
func (s *session) PeekGame(id string) (*record.Game, error) { return s.peekGame(id) }

// Game loads a game for change (MarkGame has it written).
func (s *session) Game(id string) (*record.Game, error) { return recOf(s.game(id)) }

// recOf is the record of a game loaded, or the error loading it.
func recOf(gs *gameState, err error) (*record.Game, error) {
	if err != nil {
		return nil, err
	}
	return gs.rec, nil
}

// MarkGame records that a game loaded for change changed.
func (s *session) MarkGame(g *record.Game) { s.games[g.ID].dirty = true }

// TargetShown is the game a command is about, in progress or waiting.
func (s *session) TargetShown(c *command.Command) (*record.Game, error) {
	return recOf(s.target(c, pick.Show))
}

// PlayingGame is the game in progress a command is about.
func (s *session) PlayingGame(c *command.Command) (*record.Game, error) {
	return recOf(s.target(c, pick.Playing))
}

// Position is where a loaded game stands.
func (s *session) Position(id string) *tak.Position { return s.games[id].pos() }

// Orient is the notation the player key reads.
func (s *session) Orient(key string) notation.Orientation { return s.orient(key) }

// ChosenHint explains why a command went to g, chosen with "game ID".
func (s *session) ChosenHint(g *record.Game) string { return s.chosenHint(g) }

// Tell tells an outcome to the player key in the reply about game.
func (s *session) Tell(to, game string, o words.Outcome) {
	s.tell(to, game).word(o, s.reader(nil, to))
}

// TellBlock adds a monospace block with its caption to a reply.
func (s *session) TellBlock(to, game, caption, text string) { s.tell(to, game).block(caption, text) }

// Reply tells an outcome of game g to the player key, as an answer.
func (s *session) Reply(g *record.Game, key string, o words.Outcome) { s.reply(g, key, o) }

// Announce tells an outcome of game g to the player key, as news.
func (s *session) Announce(g *record.Game, key string, o words.Outcome) { s.announce(g, key, o) }

// MarkPlay makes the reply to key about game a Play answer, never held.
func (s *session) MarkPlay(to, game string) { s.tell(to, game).play = true }

// Refused refuses the command being run with an outcome's words.
func (s *session) Refused(o words.Outcome) error {
	return &refusal{msg: o.Words(s.reader(nil, s.senderKey()))}
}

// RefusedWith refuses the command being run, offering actions.
func (s *session) RefusedWith(o words.Outcome, actions ...record.Action) error {
	return &refusal{msg: o.Words(s.reader(nil, s.senderKey())), actions: actions}
}

// IsRefusal reports whether err refuses a command or asks which game.
func (s *session) IsRefusal(err error) bool {
	var rf *refusal
	var q *question
	return errors.As(err, &q) || errors.As(err, &rf)
}

// ListGames tells the sender their games, the title ending with hint.
func (s *session) ListGames(live bool, hint string) error { return gameinfo.Games(s, live, hint) }

// WordsProposal describes a proposal of game g for words.
func (s *session) WordsProposal(g *record.Game, p *record.Proposal) words.Proposal {
	return wordsProposal(g, p)
}

// OpenDispute is the dispute of colour c awaiting a takeback in game g.
func (s *session) OpenDispute(g *record.Game, c tak.Color) *record.Dispute {
	return openDispute(s.games[g.ID], c)
}

// OfferActions offers the player key what they can do in game g now.
func (s *session) OfferActions(g *record.Game, key string) { s.offerActions(s.games[g.ID], key) }

// TransportTitle names a player's transport in a sentence ("email").
func (s *session) TransportTitle(id record.Identity) string { return s.r.transportTitle(id) }

// ShowsPictures reports whether the transport of id shows pictures.
func (s *session) ShowsPictures(id record.Identity) bool { return s.r.showsPictures(id) }

// ThemeOf is the theme a player's pictures are drawn in.
func (s *session) ThemeOf(p *record.Player) render.Theme { return s.r.themeOf(p) }

// CmdNotation runs "notation".
func (s *session) CmdNotation(c *command.Command) error { return gameinfo.Notation(s, c) }

// SetReview runs "set review on|off".
func (s *session) SetReview(value string) error { return analysis.SetReview(s, value) }

// ShowReview adds the review setting to the reply to key about game.
func (s *session) ShowReview(to, game string) { analysis.ShowReview(s, to, game) }

// SetDigest runs "set digest ...".
func (s *session) SetDigest(args []string) error { return digest.Set(s, args, s.defaultGame()) }

// ScheduleDigest schedules a player's next digest.
func (s *session) ScheduleDigest(p *record.Player) { digest.Schedule(s, p) }

// ReminderFraction is Options.ReminderFraction.
func (s *session) ReminderFraction() float64 { return s.r.opts.ReminderFraction }

// ChatPerHour is Options.ChatPerHour, or its default.
func (s *session) ChatPerHour() int {
	return cmp.Or(max(s.r.opts.ChatPerHour, 0), account.DefaultChatPerHour)
}

// CommandLimits are the configured limits help states: the referee's
// events per organiser and days per move.
func (s *session) CommandLimits() command.Limits {
	return command.Limits{EventsPerOrganiser: s.EventsPerOrganiser(), DaysPerMove: s.DefaultDays()}
}

// ConsentOf is the consent a transport keeps, nil for none.
func (s *session) ConsentOf(transport string) consent.Consent { return s.r.consentOf(transport) }

// View reads the store.
func (s *session) View(fn func(record.Tx) error) error { return s.view(fn) }

// Extra adds a write to the transaction of the message's effects.
func (s *session) Extra(fn func(record.Tx) error) { s.extra = append(s.extra, fn) }

// ChallengeExpiry is when a challenge expires unanswered.
func (s *session) ChallengeExpiry(g *record.Game) time.Time { return s.r.challengeExpiry(g) }

// Quotas are the referee's quotas, with their defaults.
func (s *session) Quotas() consent.Quotas { return s.r.opts.Quotas }

// MomentOf stamps an action on game g with where the game stands.
func (s *session) MomentOf(g *record.Game) string { return MomentOf(g) }

// PendingAnswers counts the answers waiting for id (Referee.PendingAnswers).
func (s *session) PendingAnswers(id record.Identity, limit int) (int, []record.Reply, error) {
	return s.r.PendingAnswers(s.ctx, id, limit)
}

// AnswerTimes is when the next n answers to id go out by its transport's
// schedule (AnswerScheduler), nil when it has none or fails (logged).
func (s *session) AnswerTimes(id record.Identity, n int) []time.Time {
	if e := s.r.transport(id.Transport); e != nil {
		if sch, ok := e.t.(AnswerScheduler); ok {
			ts, err := sch.AnswerTimes(s.ctx, id, n)
			if err != nil {
				s.r.logger().Warn("held: the transport's schedule", "transport", id.Transport, "err", err)
				return nil
			}
			return ts
		}
	}
	return nil
}
