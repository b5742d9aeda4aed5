package web

import "github.com/takbymail/takbot/bot"

// The pages pass the referee's one privacy filter (bot/visibility.go):
// which games a reader may see (bot.Public.SeesGame, bot.Public.Counts),
// which players have a page (Source.PlayerStats answers ErrNotFound for
// a player without a public game), and how names are shown.

// viewer is who reads the pages: anyone.
const viewer = bot.Public

// hiddenName stands for a name that would reveal an address or an id.
const hiddenName = bot.HiddenName

// publicName is a player's display name as a page may show it
// (bot.PublicName).
func publicName(name string) string { return bot.PublicName(name) }

// scrub hides whatever looks like an address or an id in a text shown or
// handed out (a PTN file's comments).
func scrub(s string) string { return bot.Scrub(s) }
