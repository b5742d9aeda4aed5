package bot

import (
	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/words"
)

// takebackRule is the rule on taking moves back, stated in help and the
// README.
const takebackRule = words.TakebackRule

// cmdHelp is "help" (account.Help).
func (s *session) cmdHelp(c *Command) error { return account.Help(s, c) }
