package web

import "github.com/takbymail/takbot/bot/privacy"

// The pages pass the referee's one privacy filter (package bot/privacy):
// which games a reader may see (privacy.Public.SeesGame, privacy.Public.Counts),
// which players have a page (Source.PlayerStats answers ErrNotFound for
// a player without a public game), and how names are shown.

// viewer is who reads the pages: anyone.
const viewer = privacy.Public

// hiddenName stands for a name that would reveal an address or an id.
const hiddenName = privacy.HiddenName

// publicName is a player's display name as a page may show it
// (privacy.PublicName).
func publicName(name string) string { return privacy.PublicName(name) }

// scrub hides whatever looks like an address or an id in a text shown or
// handed out (a PTN file's comments).
func scrub(s string) string { return privacy.Scrub(s) }
