package bot

import (
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// The seam of the account and trust features (packages bot/consent,
// bot/account, bot/planner): the session's methods they call, each a
// forwarder.

// Refuse refuses the command being run with an outcome's words for the
// sender, offering actions.
func (s *session) Refuse(o words.Outcome, actions ...record.Action) error {
	return &refusal{msg: o.Words(s.reader(nil, s.senderKey())), actions: actions}
}
