package bot

import "github.com/takbymail/takbot/bot/privacy"

// Privacy in one filter, package privacy's: every read view of games and
// players decides what it shows through a Viewer.

// Viewer is who reads a view: a player's key, or Public for everyone: see
// privacy.Viewer.
type Viewer = privacy.Viewer

// Public is the viewer of whatever anyone may read.
const Public = privacy.Public

// HiddenName stands for a name that would reveal an address or an id.
const HiddenName = privacy.HiddenName

// ViewerOf is the viewer a player is.
func ViewerOf(key string) Viewer { return privacy.ViewerOf(key) }

// PublicName is a player's display name as a public view may show it:
// see privacy.PublicName.
func PublicName(name string) string { return privacy.PublicName(name) }

// Scrub hides whatever looks like an address or an id in a text shown to
// the public: see privacy.Scrub.
func Scrub(s string) string { return privacy.Scrub(s) }
