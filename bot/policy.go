package bot

import (
	"fmt"
	"slices"
	"strings"
)

// One policy, not one check per handler. Each command of the table
// declares, in commandPolicies below, what it needs: who may run it, how
// sure of the sender the referee must be, whether it may reach someone who
// never wrote to the bot, and what it may show to whom. The session
// enforces it around every handler (policyCheck before it runs,
// reachCheck after it drafted its replies), so a new command cannot open a
// hole its handler forgot to close: it has no policy until someone
// declares one, and the table refuses to load without it.

// Who says who may run a command.
type Who uint8

// The kinds of sender a command accepts.
const (
	// WhoAnyone: any sender (a challenge, a question about the bot).
	WhoAnyone Who = iota + 1
	// WhoPlayer: a player of the game the command addresses. When the
	// message names a game (its thread, an earlier "game ID") the sender
	// does not play, the command is refused before its handler runs.
	WhoPlayer
	// WhoOwner: the owner of the account the command acts on, which is
	// always the sender's own (settings, pairing, the game list).
	WhoOwner
)

// String names the kind of sender, as the README's policy table does.
func (w Who) String() string {
	switch w {
	case WhoAnyone:
		return "anyone"
	case WhoPlayer:
		return "a player of the game"
	case WhoOwner:
		return "the account's owner"
	}
	return fmt.Sprintf("Who(%d)", uint8(w))
}

// Assurance is how sure the referee is that a message comes from its
// sender, from the least to the most: a command needs at least its
// policy's, a message has one (Message.Assurance).
type Assurance uint8

// The assurance ladder.
const (
	// AssuranceUnverified: nothing vouches for the sender (a mail to the
	// bot's bare address, whose From anyone can write). As a command's
	// need: any message may run it; its answer goes to the sender's
	// address, never to whoever wrote the mail.
	AssuranceUnverified Assurance = iota + 1
	// AssuranceConfirmed: the owner of the address answered a
	// confirmation request for the message (Message.Confirmed). It proves
	// that they receive mail there and want the message carried out, no
	// more: an empty reply is easy to get from someone who was not told
	// what it does.
	AssuranceConfirmed
	// AssuranceStrong: the transport vouches for the sender (a mail to
	// the player's personal reply address, a trusted DMARC or aligned DKIM
	// pass, Discord, the console, the web).
	AssuranceStrong
)

// Valid reports whether a is one of the levels.
func (a Assurance) Valid() bool { return a >= AssuranceUnverified && a <= AssuranceStrong }

// String names the level, as the README's policy table does.
func (a Assurance) String() string {
	switch a {
	case AssuranceUnverified:
		return "any"
	case AssuranceConfirmed:
		return "confirmed"
	case AssuranceStrong:
		return "strong"
	}
	return fmt.Sprintf("Assurance(%d)", uint8(a))
}

// Shows says to whom what a command does may be shown.
type Shows uint8

// The audiences of a command's replies.
const (
	// ShowsSender: only the sender (and the sender's own paired
	// identities) hear of it.
	ShowsSender Shows = iota + 1
	// ShowsPlayers: the players of the games the command addresses too.
	ShowsPlayers
	// ShowsPublic: anyone who follows the game (spectators, a lobby) too;
	// a private game still shows nothing to anyone but its players.
	ShowsPublic
)

// String names the audience, as the README's policy table does.
func (s Shows) String() string {
	switch s {
	case ShowsSender:
		return "the sender"
	case ShowsPlayers:
		return "the game's players"
	case ShowsPublic:
		return "public"
	}
	return fmt.Sprintf("Shows(%d)", uint8(s))
}

// Policy is what a command needs and may do. The zero value is no policy
// and is invalid: every command of the table declares its own.
type Policy struct {
	Who       Who
	Assurance Assurance
	// Strangers allows the command to reach someone who never wrote to
	// the bot (a challenge to a new address); other commands only reach
	// the sender and people the bot knows.
	Strangers bool
	Shows     Shows
}

// Valid reports whether every field of p is set.
func (p Policy) Valid() bool {
	return p.Who >= WhoAnyone && p.Who <= WhoOwner && p.Assurance.Valid() && p.Shows >= ShowsSender && p.Shows <= ShowsPublic
}

// String writes the policy on one line.
func (p Policy) String() string {
	reach := "known people only"
	if p.Strangers {
		reach = "may reach strangers"
	}
	return fmt.Sprintf("who: %s; assurance: %s; %s; shows: %s", p.Who, p.Assurance, reach, p.Shows)
}

// Policies of the kinds of command, named for the table below.
var (
	// polShowMine shows the sender something of their own games.
	polShowMine = Policy{Who: WhoPlayer, Assurance: AssuranceUnverified, Shows: ShowsSender}
	// polShowOwn shows the sender something of their own account.
	polShowOwn = Policy{Who: WhoOwner, Assurance: AssuranceUnverified, Shows: ShowsSender}
	// polShowAll shows the sender something anyone may know.
	polShowAll = Policy{Who: WhoAnyone, Assurance: AssuranceUnverified, Shows: ShowsSender}
	// polPlay changes a game of the sender; its players hear of it.
	polPlay = Policy{Who: WhoPlayer, Assurance: AssuranceConfirmed, Shows: ShowsPlayers}
	// polPlayPublic changes a game of the sender, which its spectators
	// follow too.
	polPlayPublic = Policy{Who: WhoPlayer, Assurance: AssuranceConfirmed, Shows: ShowsPublic}
	// polOwn changes the sender's own account, which only the sender
	// sees.
	polOwn = Policy{Who: WhoOwner, Assurance: AssuranceConfirmed, Shows: ShowsSender}
	// polAccount hands control of the account's games to another
	// identity: only on the strongest proof.
	polAccount = Policy{Who: WhoOwner, Assurance: AssuranceStrong, Shows: ShowsSender}
)

// policyDecl is a command's declared policy, and the policy of the command
// written without arguments when that differs (the zero Policy when not).
type policyDecl struct {
	Policy Policy
	Bare   Policy
}

// commandPolicies is the policy of every command of the table, by name,
// decided command by command. A command of the table missing here stops
// the program at start (init) and fails TestEveryCommandHasAPolicy.
var commandPolicies = map[string]policyDecl{
	// A challenge mails its opponent, who may never have written to the
	// bot; "new anyone" is posted to the lobbies.
	"new": {Policy: Policy{Who: WhoAnyone, Assurance: AssuranceConfirmed, Strangers: true, Shows: ShowsPublic}},
	// A new challenge to the last opponent.
	"rematch": {Policy: Policy{Who: WhoPlayer, Assurance: AssuranceConfirmed, Strangers: true, Shows: ShowsPlayers}},
	// "accept ID" takes an open challenge of someone else: anyone may; the
	// handler accepts only a challenge to the sender or an open one. The
	// game begins in public (lobbies are told).
	"accept":  {Policy: Policy{Who: WhoAnyone, Assurance: AssuranceConfirmed, Shows: ShowsPublic}},
	"decline": {Policy: polPlay},
	// Withdrawing a challenge tells the challenged (who may never have
	// written) and the lobbies of a seek.
	"cancel":   {Policy: Policy{Who: WhoPlayer, Assurance: AssuranceConfirmed, Strangers: true, Shows: ShowsPublic}},
	"move":     {Policy: polPlayPublic},
	"rs":       {Policy: polPlay, Bare: polShowMine},
	"revert":   {Policy: polPlay},
	"adopt":    {Policy: polPlay},
	"restart":  {Policy: polPlayPublic},
	"im":       {Policy: polPlayPublic}, // a ruling may end the game
	"takeback": {Policy: polPlay},
	"undo":     {Policy: polPlayPublic},
	"draw":     {Policy: polPlayPublic},
	"abort":    {Policy: polPlayPublic},
	"resign":   {Policy: polPlayPublic},
	"say":      {Policy: polPlay}, // to the opponent only
	// Plans are the sender's alone: the opponent never sees them.
	"plan":    {Policy: Policy{Who: WhoPlayer, Assurance: AssuranceConfirmed, Shows: ShowsSender}, Bare: polShowMine},
	"board":   {Policy: polShowMine},
	"history": {Policy: polShowMine},
	"analyse": {Policy: polShowMine},
	"tps":     {Policy: polShowMine},
	"link":    {Policy: polShowMine},
	"games":   {Policy: polShowOwn},
	// What an hourly limit holds back for the sender: their own mail only.
	"held": {Policy: polShowOwn},
	// The address's own consent to mail from the bot ("stop", "start").
	"stop":     {Policy: polOwn},
	"start":    {Policy: polOwn},
	"seeks":    {Policy: polShowAll},
	"game":     {Policy: polOwn},
	"notation": {Policy: polOwn},
	// A vacation moves the sender's clocks, which their opponents see.
	"vacation": {Policy: Policy{Who: WhoOwner, Assurance: AssuranceConfirmed, Shows: ShowsPlayers}},
	"settings": {Policy: polOwn, Bare: polShowOwn},
	// "pair", "pair CODE" and "unpair" hand control of the account's
	// games to another identity (or take it back): never on a
	// confirmation, which a forger can get from an unsuspecting owner.
	"pair":        {Policy: polAccount},
	"stats":       {Policy: polShowAll},
	"leaderboard": {Policy: polShowAll},
	// What comes to the sender: a spectator never acts in the game.
	"watch":   {Policy: polOwn},
	"unwatch": {Policy: polOwn},
	"help":    {Policy: polShowAll},
}

// applyPolicies fills the table's policies from commandPolicies; it
// panics on a command without a valid one (a programming error, caught by
// every test).
func applyPolicies(table []*CommandSpec) {
	for _, c := range table {
		d, ok := commandPolicies[c.Name]
		if !ok || !d.Policy.Valid() {
			panic("bot: command " + c.Name + " declares no policy in commandPolicies")
		}
		if d.Bare != (Policy{}) && !d.Bare.Valid() {
			panic("bot: command " + c.Name + " has an invalid bare policy")
		}
		c.Policy, c.BarePolicy = d.Policy, d.Bare
	}
}

// Policy is the command's policy: its spec's, or its bare policy when
// written without arguments ("rs" alone only shows). A command that cannot
// be read as any command is refused and changes nothing: it needs nothing.
// A move that cannot be read needs what a move needs, as the move it was
// meant to be.
func (c Command) Policy() Policy {
	switch {
	case c.spec == nil && c.Name == cmdMove:
		return commandPolicies[cmdMove].Policy
	case c.spec == nil:
		return polShowAll
	case c.spec.BarePolicy.Valid() && len(c.Args) == 0 && c.Board == "":
		return c.spec.BarePolicy
	case !c.spec.Policy.Valid():
		return polAccount // a mistake in the table holds the command back
	}
	return c.spec.Policy
}

// Needs is the assurance the message's commands need: the highest of
// their policies'. A transport that cannot vouch for a sender holds a
// message that needs AssuranceConfirmed until its sender confirms it, and
// hands one that needs AssuranceStrong to the referee at once (which
// refuses it, saying how to send it): no confirmation can carry it out.
func (p Parsed) Needs() Assurance {
	need := AssuranceUnverified
	for i := range p.Commands {
		if a := p.Commands[i].Policy().Assurance; a > need {
			need = a
		}
	}
	return need
}

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

// PolicyReference writes the policy of every command as the README's
// Markdown table, in the command table's order.
func PolicyReference() string {
	var b strings.Builder
	b.WriteString("| command | who may run it | assurance needed | may reach someone who never wrote | shows to |\n|---|---|---|---|---|\n")
	row := func(label string, p Policy) {
		reach := "no"
		if p.Strangers {
			reach = "yes"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", label, p.Who, p.Assurance, reach, p.Shows)
	}
	for _, c := range commandTable {
		names := "`" + c.Name + "`"
		for _, a := range c.Aliases {
			names += ", `" + a + "`"
		}
		if c.BarePolicy.Valid() {
			row(names+" alone", c.BarePolicy)
			row(names+" with arguments", c.Policy)
			continue
		}
		row(names, c.Policy)
	}
	return b.String()
}
