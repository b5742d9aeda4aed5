package bot

import (
	"github.com/takbymail/takbot/bot/consent"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Quotas bound what one sender may do, on every transport: see
// consent.Quotas.
type Quotas = consent.Quotas

// The default quotas (package consent).
const (
	DefaultOpenChallenges     = consent.DefaultOpenChallenges
	DefaultChallengesTo       = consent.DefaultChallengesTo
	DefaultCommandsPerMessage = consent.DefaultCommandsPerMessage
	DefaultAnalysesPerHour    = consent.DefaultAnalysesPerHour
)

// overRate answers the first message beyond the hourly limit; later ones
// are not answered.
func (s *session) overRate() {
	s.refused, s.dropped = true, true
	if s.rate.Notice {
		s.tell(s.msg.From.Key(), "").line(words.OverRate{Limit: s.r.opts.Quotas.MessagesPerHour, Until: s.rate.Until}.Words(words.Reader{}))
	}
}

// checkChallengeQuotas refuses a challenge from the sender to op when the
// sender has too many challenges waiting, or op has too many to answer.
// The opponent's games must be counted under their lock, so two
// challengers cannot both pass the last free place.
func (s *session) checkChallengeQuotas(op *PlayerRecord) error {
	if st := stripeOf(op.Key); !s.ls.has(st) {
		return &needLock{st}
	}
	if err := s.checkOwnChallenges(); err != nil {
		return err
	}
	theirs, err := s.openChallenges(op.Key, false)
	if err != nil || len(theirs) < s.r.opts.Quotas.ChallengesTo {
		return err
	}
	return s.Refuse(words.ChallengesToFull{Name: op.Name, N: len(theirs)})
}

// checkOwnChallenges refuses a challenge or an open challenge ("new
// anyone") from a sender who has as many waiting as the referee allows;
// open challenges count among them.
func (s *session) checkOwnChallenges() error {
	mine, err := s.openChallenges(s.sender.Key, true)
	if err != nil || len(mine) < s.r.opts.Quotas.OpenChallenges {
		return err
	}
	var cmds []Action
	for _, id := range mine {
		a := Action{Label: words.WithdrawChallenge(id), Command: "cancel", Game: id}
		if g, err := s.peekGame(id); err == nil {
			a.Moment = MomentOf(g) // once accepted, the button withdraws nothing else
		}
		cmds = append(cmds, a)
	}
	return s.Refuse(words.OwnChallengesFull{IDs: mine, Max: s.r.opts.Quotas.OpenChallenges}, cmds...)
}

// openChallenges lists the challenges of a player that wait for an answer
// (consent.Waiting): those the player sent (sent) or those sent to them,
// including the ones this session created.
func (s *session) openChallenges(key string, sent bool) ([]string, error) {
	ids, err := s.gamesOf(key)
	if err != nil {
		return nil, err
	}
	gs := make([]*record.Game, 0, len(ids))
	for _, id := range ids {
		g, err := s.peekGame(id)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return consent.Waiting(gs, key, sent, s.now, s.r.challengeExpiry), nil
}

// gameLess orders game ids by number: g2 before g10.
func gameLess(a, b string) bool { return consent.GameLess(a, b) }
