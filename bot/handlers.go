package bot

import (
	"fmt"
	"sort"

	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/challenge"
	"github.com/takbymail/takbot/bot/event"
	"github.com/takbymail/takbot/bot/gameinfo"
	"github.com/takbymail/takbot/bot/pairing"
	"github.com/takbymail/takbot/bot/planner"
	"github.com/takbymail/takbot/bot/ranking"
	"github.com/takbymail/takbot/bot/syncboard"
	"github.com/takbymail/takbot/bot/vacation"
	"github.com/takbymail/takbot/bot/watching"
	"github.com/takbymail/takbot/command"
)

// handler carries out one command in a session: it decides, changes the
// session's games and drafts the replies. The session checks the
// command's policy around it (exec, run.go).
type handler func(s *session, c *Command) error

// handlers maps every command of the table (package command) to its
// handler, by name. A command added to the table needs one line here; the
// program stops at start (init) and TestEveryCommandHasAHandler fails while
// a command has no handler or a handler names no command.
var handlers = map[string]handler{
	"new":         func(s *session, c *Command) error { return challenge.New(s, c) },
	"rematch":     func(s *session, c *Command) error { return challenge.Rematch(s, c) },
	"accept":      func(s *session, c *Command) error { return challenge.Accept(s, c) },
	"decline":     func(s *session, c *Command) error { return challenge.Decline(s, c) },
	"cancel":      func(s *session, c *Command) error { return challenge.Cancel(s, c) },
	command.Move:  (*session).cmdMove,
	command.RS:    func(s *session, c *Command) error { return syncboard.RS(s, c) },
	"revert":      (*session).cmdRevert,
	"adopt":       (*session).cmdAdopt,
	"restart":     (*session).cmdRestart,
	"im":          (*session).cmdIM,
	"takeback":    (*session).cmdTakeback,
	"undo":        (*session).cmdUndo,
	"draw":        (*session).cmdDraw,
	"abort":       func(s *session, c *Command) error { return ranking.Abort(s, c) },
	"resign":      (*session).cmdResign,
	"say":         func(s *session, c *Command) error { return account.Say(s, c) },
	"plan":        func(s *session, c *Command) error { return planner.Plan(s, c) },
	"board":       func(s *session, c *Command) error { return gameinfo.Board(s, c) },
	"history":     func(s *session, c *Command) error { return gameinfo.History(s, c, account.ChatFor) },
	"analyse":     func(s *session, c *Command) error { return analysis.Analyse(s, c) },
	"tps":         func(s *session, c *Command) error { return gameinfo.TPS(s, c) },
	"link":        func(s *session, c *Command) error { return gameinfo.Link(s, c) },
	"games":       func(s *session, c *Command) error { return gameinfo.Games(s, false, "") },
	"seeks":       func(s *session, c *Command) error { return challenge.Seeks(s, c) },
	command.Game:  func(s *session, c *Command) error { return gameinfo.Choose(s, c) },
	"notation":    func(s *session, c *Command) error { return gameinfo.Notation(s, c) },
	"pair":        func(s *session, c *Command) error { return pairing.Pair(s, c) },
	"settings":    func(s *session, c *Command) error { return account.Settings(s, c) },
	"held":        func(s *session, c *Command) error { return account.HeldAnswers(s, c) },
	"stop":        func(s *session, c *Command) error { return account.Stop(s, c) },
	"start":       func(s *session, c *Command) error { return account.Start(s, c) },
	"vacation":    func(s *session, c *Command) error { return vacation.Take(s, c) },
	"stats":       func(s *session, c *Command) error { return ranking.Stats(s, c, ViewerOf(s.senderKey())) },
	"leaderboard": func(s *session, c *Command) error { return ranking.Leaderboard(s, c, s.msg.Community) },
	"watch":       func(s *session, c *Command) error { return watching.Watch(s, c, ViewerOf(s.senderKey()), PublicName) },
	"unwatch":     func(s *session, c *Command) error { return watching.Unwatch(s, c, s.msg.Game) },
	"event":       func(s *session, c *Command) error { return event.Event(s, c) },
	"join":        func(s *session, c *Command) error { return event.Join(s, c) },
	"leave":       func(s *session, c *Command) error { return event.Leave(s, c) },
	"events":      func(s *session, c *Command) error { return event.Events(s, c) },
	"standings":   func(s *session, c *Command) error { return event.Standings(s, c) },
	"help":        (*session).cmdHelp,
}

func init() {
	if err := checkHandlers(command.Commands(), handlers); err != nil {
		panic("bot: " + err.Error())
	}
}

// handlerError is a command table and a handler map that do not match.
type handlerError struct {
	Unhandled []string // commands of the table without a handler
	Unknown   []string // handlers that name no command of the table
}

// Error lists both.
func (e *handlerError) Error() string {
	return fmt.Sprintf("the command table and bot's handlers disagree: commands without a handler %q, handlers of no command %q (bot/handlers.go)", e.Unhandled, e.Unknown)
}

// checkHandlers reports a command of table without a handler in hs, or a
// handler of hs that names no command of table (by name: aliases share
// their command's handler).
func checkHandlers(table []command.CommandSpec, hs map[string]handler) error {
	var e handlerError
	known := map[string]bool{}
	for _, c := range table {
		known[c.Name] = true
		if hs[c.Name] == nil {
			e.Unhandled = append(e.Unhandled, c.Name)
		}
	}
	for name := range hs {
		if !known[name] {
			e.Unknown = append(e.Unknown, name)
		}
	}
	if len(e.Unhandled) == 0 && len(e.Unknown) == 0 {
		return nil
	}
	sort.Strings(e.Unknown)
	return &e
}
