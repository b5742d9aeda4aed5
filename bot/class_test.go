package bot_test

import (
	"testing"

	"github.com/takbymail/takbot/bot"
)

// commandClasses is the class each command of the table must have, decided
// command by command: a command added to the table without a class, or not
// listed here, fails TestEveryCommandHasAClass until someone decides.
var commandClasses = map[string]struct{ class, bare bot.Class }{
	"new":     {class: bot.ClassThirdParty}, // a challenge mails another player
	"analyse": {class: bot.ClassReadOnly},   // the engine's view, to the sender only
	"accept":  {class: bot.ClassGame},
	"decline": {class: bot.ClassGame},
	"cancel":  {class: bot.ClassGame},
	"seeks":   {class: bot.ClassReadOnly}, // lists the open challenges
	// pair joins the sender's identities: never from a mail the transport
	// cannot vouch for (it would hand the account to a forger).
	"pair":     {class: bot.ClassSettings},
	"move":     {class: bot.ClassGame},
	"rs":       {class: bot.ClassGame, bare: bot.ClassReadOnly}, // with a board: recorded in the game, the opponent told
	"revert":   {class: bot.ClassGame},
	"adopt":    {class: bot.ClassGame},
	"restart":  {class: bot.ClassGame},
	"im":       {class: bot.ClassGame},
	"takeback": {class: bot.ClassGame},
	"undo":     {class: bot.ClassGame},
	"draw":     {class: bot.ClassGame},
	"resign":   {class: bot.ClassGame},
	"board":    {class: bot.ClassReadOnly},
	"history":  {class: bot.ClassReadOnly},
	"tps":      {class: bot.ClassReadOnly},
	"link":     {class: bot.ClassReadOnly},
	"games":    {class: bot.ClassReadOnly},
	"game":     {class: bot.ClassSettings}, // the chosen game is kept in the player's record
	"notation": {class: bot.ClassSettings},
	"vacation": {class: bot.ClassSettings},                          // and moves the sender's deadlines
	"settings": {class: bot.ClassSettings, bare: bot.ClassReadOnly}, // "set theme light" changes the player's look; "settings" alone shows it
	"watch":    {class: bot.ClassSettings},                          // what comes to the sender: spectators never act in the game
	"unwatch":  {class: bot.ClassSettings},
	"stop":     {class: bot.ClassSettings},
	"start":    {class: bot.ClassSettings},
	"help":     {class: bot.ClassReadOnly},
	"rematch":  {class: bot.ClassThirdParty},                    // a new challenge to the opponent
	"say":      {class: bot.ClassThirdParty},                    // words passed on to another player
	"plan":     {class: bot.ClassGame, bare: bot.ClassReadOnly}, // stored in the game; "plan" alone shows them
	// ratings (issue 17)
	"abort":       {class: bot.ClassGame},     // ends the game, both players told
	"stats":       {class: bot.ClassReadOnly}, // shows a record, also another player's
	"leaderboard": {class: bot.ClassReadOnly},
	"held":        {class: bot.ClassReadOnly}, // lists the sender's own held answers, to the sender only
}

// TestEveryCommandHasAClass walks the whole command table: every command
// has a valid class, the one decided for it above.
func TestEveryCommandHasAClass(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range bot.Commands() {
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
	var zero bot.Class
	if zero.Valid() {
		t.Error("the zero Class is valid; it must not be")
	}
}
