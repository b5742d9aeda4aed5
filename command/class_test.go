package command_test

import (
	"testing"

	"github.com/takbymail/takbot/command"
)

// commandClasses is the class each command of the table must have, decided
// command by command: a command added to the table without a class, or not
// listed here, fails TestEveryCommandHasAClass until someone decides.
var commandClasses = map[string]struct{ class, bare command.Class }{
	"new":     {class: command.ClassThirdParty}, // a challenge mails another player
	"analyse": {class: command.ClassReadOnly},   // the engine's view, to the sender only
	"accept":  {class: command.ClassGame},
	"decline": {class: command.ClassGame},
	"cancel":  {class: command.ClassGame},
	"seeks":   {class: command.ClassReadOnly}, // lists the open challenges
	// pair joins the sender's identities: never from a mail the transport
	// cannot vouch for (it would hand the account to a forger).
	"pair":     {class: command.ClassSettings},
	"move":     {class: command.ClassGame},
	"rs":       {class: command.ClassGame, bare: command.ClassReadOnly}, // with a board: recorded in the game, the opponent told
	"revert":   {class: command.ClassGame},
	"adopt":    {class: command.ClassGame},
	"restart":  {class: command.ClassGame},
	"im":       {class: command.ClassGame},
	"takeback": {class: command.ClassGame},
	"undo":     {class: command.ClassGame},
	"draw":     {class: command.ClassGame},
	"resign":   {class: command.ClassGame},
	"board":    {class: command.ClassReadOnly},
	"history":  {class: command.ClassReadOnly},
	"tps":      {class: command.ClassReadOnly},
	"link":     {class: command.ClassReadOnly},
	"games":    {class: command.ClassReadOnly},
	"game":     {class: command.ClassSettings}, // the chosen game is kept in the player's record
	"notation": {class: command.ClassSettings},
	"vacation": {class: command.ClassSettings},                              // and moves the sender's deadlines
	"settings": {class: command.ClassSettings, bare: command.ClassReadOnly}, // "set theme light" changes the player's look; "settings" alone shows it
	"watch":    {class: command.ClassSettings},                              // what comes to the sender: spectators never act in the game
	"unwatch":  {class: command.ClassSettings},
	"help":     {class: command.ClassReadOnly},
	"rematch":  {class: command.ClassThirdParty},                        // a new challenge to the opponent
	"say":      {class: command.ClassThirdParty},                        // words passed on to another player
	"plan":     {class: command.ClassGame, bare: command.ClassReadOnly}, // stored in the game; "plan" alone shows them
	// ratings (issue 17)
	"abort":       {class: command.ClassGame},     // ends the game, both players told
	"stats":       {class: command.ClassReadOnly}, // shows a record, also another player's
	"leaderboard": {class: command.ClassReadOnly},
	"held":        {class: command.ClassReadOnly}, // lists the sender's own held answers, to the sender only
	"stop":        {class: command.ClassSettings}, // the address's consent to the bot's mail
	"start":       {class: command.ClassSettings},
	// events (issue 29)
	"event":     {class: command.ClassThirdParty}, // starting an event creates games with its players
	"join":      {class: command.ClassSettings},   // the sender's own entry
	"leave":     {class: command.ClassSettings},
	"events":    {class: command.ClassReadOnly},
	"standings": {class: command.ClassReadOnly},
}

// TestEveryCommandHasAClass walks the whole command table: every command
// has a valid class, the one decided for it above.
func TestEveryCommandHasAClass(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range command.Commands() {
		seen[c.Name] = true
		if !c.Class.Valid() {
			t.Errorf("command %q has no valid class (%v): say what it changes", c.Name, c.Class)
		}
		if c.BareClass != 0 && !c.BareClass.Valid() {
			t.Errorf("command %q has an invalid bare class %v", c.Name, c.BareClass)
		}
		want, ok := commandClasses[c.Name]
		if !ok {
			t.Errorf("command %q is not in commandClasses: decide its class (%v now) and add it", c.Name, c.Class)
			continue
		}
		if c.Class != want.class || c.BareClass != want.bare {
			t.Errorf("command %q: class %v (bare %v), want %v (bare %v)", c.Name, c.Class, c.BareClass, want.class, want.bare)
		}
	}
	for name := range commandClasses {
		if !seen[name] {
			t.Errorf("commandClasses lists %q, which is not in the table", name)
		}
	}
	var zero command.Class
	if zero.Valid() {
		t.Error("the zero Class is valid; it must not be")
	}
}
