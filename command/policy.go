package command

import "fmt"

// One policy, not one check per handler. Each command of the table
// declares, in commandPolicies below, what it needs: who may run it, how
// sure of the sender the referee must be, whether it may reach someone who
// never wrote to the bot, and what it may show to whom. The referee (bot's
// policy.go) enforces it around every handler (checkWho before it runs,
// checkReach after it drafted its replies), so a new command cannot open a
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

	// Events (bot/event): "event new|start|cancel|withdraw" may be sent by
	// anyone; the handler lets only an event's organiser start, cancel or
	// withdraw from it. Starting and pairing tell every player of the
	// event (people who wrote to the bot: they joined), never a stranger.
	"event": {Policy: Policy{Who: WhoAnyone, Assurance: AssuranceConfirmed, Shows: ShowsPublic}},
	// Joining or leaving acts on the sender's own entry only.
	"join":  {Policy: polOwn},
	"leave": {Policy: polOwn},
	// Lists and standings: private events only to their players.
	"events":    {Policy: polShowAll},
	"standings": {Policy: polShowAll},
}

// applyPolicies fills the table's policies from commandPolicies; it
// panics on a command without a valid one (a programming error, caught by
// every test).
func applyPolicies(table []*CommandSpec) {
	for _, c := range table {
		d, ok := commandPolicies[c.Name]
		if !ok || !d.Policy.Valid() {
			panic("command: command " + c.Name + " declares no policy in commandPolicies")
		}
		if d.Bare != (Policy{}) && !d.Bare.Valid() {
			panic("command: command " + c.Name + " has an invalid bare policy")
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
