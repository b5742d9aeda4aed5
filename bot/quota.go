package bot

import (
	"github.com/takbymail/takbot/bot/consent"
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

// checkChallengeQuotas refuses a challenge from the sender to op beyond
// the quotas (consent.CheckChallenges). The opponent's games must be
// counted under their lock, so two challengers cannot both pass the last
// free place.
func (s *session) checkChallengeQuotas(op *PlayerRecord) error {
	if st := stripeOf(op.Key); !s.ls.has(st) {
		return &needLock{st}
	}
	return consent.CheckChallenges(s, op)
}

// checkOwnChallenges refuses a challenge from a sender who has as many
// waiting as the referee allows (consent.CheckOwnChallenges).
func (s *session) checkOwnChallenges() error { return consent.CheckOwnChallenges(s) }
