package bot

import (
	"fmt"
	"slices"
)

// The policy of each command (who may run it, how sure of the sender the
// referee must be, whether it may reach a stranger, what it may show to
// whom) is declared with the command table, in package command's
// policy.go. This file enforces it around every handler: checkAssurance
// before a message runs, checkWho before a command runs, checkReach after
// it drafted its replies.

// Assurance is how sure the referee is that the message comes from its
// sender: AssuranceUnverified when the transport cannot vouch for it,
// AssuranceConfirmed when its sender confirmed it by answering a
// confirmation request, else AssuranceStrong (a zero Message is strong).
func (m Message) Assurance() Assurance {
	switch {
	case m.Unverified:
		return AssuranceUnverified
	case m.Confirmed:
		return AssuranceConfirmed
	}
	return AssuranceStrong
}

// PolicyReason says why the policy refused a command.
type PolicyReason uint8

// The reasons of a PolicyError.
const (
	// PolicyUnsure: the message is less sure of its sender than the
	// command needs.
	PolicyUnsure PolicyReason = iota + 1
	// PolicyNotAPlayer: the command acts in a game and the message
	// addresses a game the sender does not play.
	PolicyNotAPlayer
)

// PolicyError is a command the policy refused before its handler ran.
// The sender is told Error's words; nothing of the message changed.
type PolicyError struct {
	Reason   PolicyReason
	Commands []string // the refused commands, quoted as written
	Need     Assurance
	Have     Assurance
	Game     string // PolicyNotAPlayer: the game the message addressed
}

// Error says why, in words for the sender.
func (e *PolicyError) Error() string {
	cmds := joinAnd(e.Commands)
	switch {
	case e.Reason == PolicyNotAPlayer:
		return fmt.Sprintf("you do not play in game %s, and only its players can do this there. Nothing was changed.", e.Game)
	case e.Need == AssuranceStrong && e.Have == AssuranceConfirmed:
		return fmt.Sprintf("The referee did not carry out %s: it hands control of your games to another account (or takes it back), "+
			"so it is done only from a message the referee knows is yours, and a confirmation by an empty reply is not enough. "+
			"To do it, send it again as a reply to one of the referee's mails: a reply goes to your personal reply address, which proves it is you. Nothing was changed.", cmds)
	case e.Need == AssuranceStrong:
		return fmt.Sprintf("The referee cannot tell that this message comes from you, and ran none of its commands: %s hands control of your games to another account (or takes it back), "+
			"so it is done only from a message the referee knows is yours. If you sent it, send it again as a reply to one of the referee's mails: "+
			"a reply goes to your personal reply address, which proves it is you. If you did not, someone else wrote in your name: ignore this mail. Nothing was changed.", cmds)
	}
	return fmt.Sprintf("The referee cannot tell that this message comes from you, so it runs only commands that show something (board, games, help) from it, and ran none of its commands: %s would change something. Nothing was changed.", cmds)
}

// checkAssurance refuses the whole message when one of its commands needs
// more assurance than the message has: nothing of it runs.
func (s *session) checkAssurance(p Parsed) *PolicyError {
	have := s.msg.Assurance()
	need := p.Needs()
	if need <= have {
		return nil
	}
	e := &PolicyError{Reason: PolicyUnsure, Need: need, Have: have}
	for i := range p.Commands {
		c := &p.Commands[i]
		a := c.Policy().Assurance
		if a > have && (need != AssuranceStrong || a == AssuranceStrong) {
			e.Commands = append(e.Commands, quote(c))
		}
	}
	return e
}

// checkWho refuses a command for players when the message addresses a
// game (its thread, an earlier "game ID") the sender does not play: the
// handler would otherwise go to another game of the sender's.
func (s *session) checkWho(c *Command, pol Policy) error {
	if pol.Who != WhoPlayer {
		return nil
	}
	id := s.current
	if id == "" {
		id = s.msg.Game
	}
	if id == "" {
		return nil
	}
	g, err := s.peekGame(id)
	if err != nil {
		return nil // no such game: the handler chooses among the sender's
	}
	if _, ok := g.ColorOf(s.sender.Key); ok {
		return nil
	}
	return &PolicyError{Reason: PolicyNotAPlayer, Commands: []string{quote(c)}, Game: g.ID}
}

// PolicyViolation is a handler that drafted a reply its command's policy
// does not allow (to someone the command may not show anything, or to a
// stranger). It is a programming error: nothing of the message is
// committed, and the message is dropped (the error wraps ErrBadMessage).
type PolicyViolation struct {
	Command string
	To      string // the recipient's key
	Policy  Policy
	Why     string
}

// Error describes the violation, for the log.
func (e *PolicyViolation) Error() string {
	return fmt.Sprintf("command %q drafted a reply to %s, which its policy (%s) does not allow: %s", e.Command, e.To, e.Policy, e.Why)
}

// Unwrap makes the message one that can never be handled.
func (e *PolicyViolation) Unwrap() error { return ErrBadMessage }

// draftMark is how far the drafts of a session had grown before a
// command ran.
type draftMark struct {
	n     int
	sizes []int
	ids   []string // the sender's identities then
}

// markDrafts notes the drafts before a command runs.
func (s *session) markDrafts() draftMark {
	m := draftMark{n: len(s.drafts), sizes: make([]int, len(s.drafts)), ids: s.senderIdentities(nil)}
	for i, d := range s.drafts {
		m.sizes[i] = len(d.parts) + len(d.actions)
	}
	return m
}

// senderIdentities appends the keys that are the sender: the identity the
// message came from, its primary and its paired identity.
func (s *session) senderIdentities(ids []string) []string {
	ids = append(ids, s.msg.From.Key())
	if s.sender != nil {
		ids = append(ids, s.sender.Key, s.sender.Paired, s.sender.Alias)
	}
	if own, ok := s.players[s.msg.From.Key()]; ok {
		ids = append(ids, own.Alias, own.Paired)
	}
	return ids
}

// checkReach checks the drafts the command wrote or added to since m
// against its policy.
func (s *session) checkReach(c *Command, pol Policy, m draftMark) error {
	for i, d := range s.drafts {
		if i < m.n && len(d.parts)+len(d.actions) == m.sizes[i] {
			continue
		}
		if err := s.mayReach(c, pol, d.to, m.ids); err != nil {
			return err
		}
	}
	return nil
}

// mayReach reports whether command c of policy pol may tell key to:
// the sender always; with ShowsPlayers the players of the games the
// session loaded; with ShowsPublic their spectators and the lobbies too,
// and anyone else the bot knows; someone it does not know (no record:
// they never wrote) only when pol.Strangers.
func (s *session) mayReach(c *Command, pol Policy, to string, before []string) error {
	for _, id := range s.senderIdentities(before) {
		if id != "" && id == to {
			return nil
		}
	}
	violation := func(why string) error {
		return &PolicyViolation{Command: c.Name, To: to, Policy: pol, Why: why}
	}
	if pol.Shows == ShowsSender {
		return violation("it shows only its sender")
	}
	player, watcher := false, false
	for _, gs := range s.games {
		if _, ok := gs.rec.ColorOf(to); ok {
			player = true
			break
		}
		watcher = watcher || slices.Contains(gs.rec.Watchers, to)
	}
	switch {
	case player:
		return nil
	case pol.Shows == ShowsPlayers:
		return violation("it shows only the players of its game")
	case watcher || pol.Strangers || s.isLobby(to):
		return nil
	}
	if _, err := s.player(to); err == nil && s.fresh[to] {
		return violation("it may not reach someone who never wrote to the bot")
	}
	return nil
}

// isLobby reports whether key is a transport's lobby.
func (s *session) isLobby(key string) bool {
	for _, e := range s.r.runningTransports() {
		if e.info.Lobby != "" && (Identity{Transport: e.info.Name, Address: e.info.Lobby}).Key() == key {
			return true
		}
	}
	return false
}
