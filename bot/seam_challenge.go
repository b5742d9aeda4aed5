package bot

import (
	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/versus"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// The seam of bot/challenge and bot/pairing: *session implements their
// Turn with these forwarders (and Now, Sender, Player, ... shared with
// the other feature packages).

// MessageGame is the game of the message's thread.
func (s *session) MessageGame() string { return s.msg.Game }

// Current is the game chosen earlier in the message.
func (s *session) Current() string { return s.current }

// SetCurrent chooses game id for the rest of the message.
func (s *session) SetCurrent(id string) { s.current = id }

// Person reads the player a key stands for (person).
func (s *session) Person(key string) (*record.Player, error) { return s.person(key) }

// Touch notes that the message addressed game id (touch).
func (s *session) Touch(id string) { s.touch(id) }

// NamedGame is the game of player key the message names (namedGame).
func (s *session) NamedGame(key string) string { return s.namedGame(key) }

// TargetAnswer chooses the game c answers (target).
func (s *session) TargetAnswer(c *command.Command) (*record.Game, error) {
	return recOf(s.target(c, pick.Answer))
}

// TargetCancel chooses the game c withdraws from (target).
func (s *session) TargetCancel(c *command.Command) (*record.Game, error) {
	return recOf(s.target(c, pick.Cancel))
}

// AskShow asks which of games fit command c meant (ask).
func (s *session) AskShow(c *command.Command, fit []*record.Game) error {
	return s.ask(c, pick.Show, fit)
}

// AddGame gives game g its id and writes it, as the current game (addGame).
func (s *session) AddGame(g *record.Game) error { _, err := s.addGame(g); return err }

// StartGame starts challenged game g, loaded (startGame).
func (s *session) StartGame(g *record.Game) error { return s.startGame(s.games[g.ID]) }

// ApplyProposal carries out accepted proposal pr of loaded game g.
func (s *session) ApplyProposal(g *record.Game, pr *record.Proposal) error {
	return s.applyProposal(s.games[g.ID], pr)
}

// Refusal words a refusal about game g (refusal).
func (s *session) Refusal(g *record.Game, o words.Refusal) error { return s.refusal(g, o) }

// Question asks the sender what they meant, offering actions.
func (s *session) Question(o words.Outcome, as ...record.Action) error {
	return &question{o.Words(s.reader(nil, s.senderKey())), as}
}

// TellActions offers commands in an answer.
func (s *session) TellActions(to, game string, acts ...record.Action) { s.tell(to, game).act(acts...) }

// TellDirect tells one identity, never routed to another of its player's.
func (s *session) TellDirect(key string, o words.Outcome) {
	d := &draft{to: key, direct: true, public: true}
	s.drafts = append(s.drafts, d)
	d.line(o.Words(s.reader(nil, key)))
}

// Lobby tells lobby to of open challenge game, read as words.Reader{}.
func (s *session) Lobby(to, game string, o words.Outcome, acts ...record.Action) {
	d := s.event(to, game)
	d.line(o.Words(words.Reader{}))
	d.act(acts...)
}

// News sends player to an outcome as news of its own, offering actions.
func (s *session) News(to string, o words.Outcome, acts ...record.Action) {
	d := s.event(to, "")
	d.line(o.Words(s.reader(nil, to)))
	d.act(acts...)
}

// CheckChallengeQuotas refuses a challenge to op over the limits.
func (s *session) CheckChallengeQuotas(op *record.Player) error { return s.checkChallengeQuotas(op) }

// CheckOwnChallenges refuses a challenge over the sender's limit.
func (s *session) CheckOwnChallenges() error { return s.checkOwnChallenges() }

// Stranger reports whether p never wrote to the referee (stranger).
func (s *session) Stranger(p *record.Player) (bool, error) { return s.stranger(p) }

// HoldNotice holds game g's challenge notice to key (holdNotice).
func (s *session) HoldNotice(g *record.Game, key string) { s.holdNotice(g, s.event(key, g.ID)) }

// VoidNotice withdraws game g's held challenge notice (voidNotice).
func (s *session) VoidNotice(g *record.Game) (bool, error) { return s.voidNotice(g) }

// EngineOpponent reports whether word names takbot (versus.Named).
func (s *session) EngineOpponent(word string) (bool, error) { return versus.Named(s, word) }

// EngineKey is takbot's player key.
func (s *session) EngineKey() string { return EngineIdentity().Key() }

// CheckEngineGames refuses one more game against takbot over the limit.
func (s *session) CheckEngineGames(g *record.Game) error {
	n, err := versus.ActiveGames(s)
	if err != nil || n < MaxEngineGames {
		return err
	}
	return s.refusal(g, words.Refusal{Reason: words.EngineGamesFull, Count: n})
}

// DefaultLevel is takbot's level unless told.
func (s *session) DefaultLevel() int { return DefaultLevel }

// MaxLevel is takbot's strongest level.
func (s *session) MaxLevel() int { return MaxLevel }

// PublicName is a name as a public view shows it (PublicName).
func (s *session) PublicName(name string) string { return PublicName(name) }

// Transports lists the transports, first's first (transportsByPreference).
func (s *session) Transports(first string) []community.Transport {
	var out []community.Transport
	for _, e := range s.r.transportsByPreference(first) {
		t := community.Transport{Name: e.info.Name, Title: e.info.Title, Running: e.t != nil, Named: e.info.DisplayName != nil, ParseAddress: e.info.ParseAddress}
		if e.info.Lobby != "" {
			t.Lobby = record.Identity{Transport: e.info.Name, Address: e.info.Lobby}.Key()
		}
		out = append(out, t)
	}
	return out
}

// RandInt is a random number in [0, n).
func (s *session) RandInt(n int) int { return s.r.randInt(n) }

// DefaultDays is a game's days per move unless told.
func (s *session) DefaultDays() int { return s.r.opts.DefaultDays }

// ChallengeDays is how long a challenge waits.
func (s *session) ChallengeDays() int { return s.r.opts.ChallengeDays }

// Unverified reports whether the transport cannot vouch for the sender.
func (s *session) Unverified() bool { return s.msg.Unverified }

// maxAddress bounds a player's address.
const maxAddress = challenge.MaxAddress

// isTransportName reports whether t may name a transport.
var isTransportName = challenge.IsTransportName
