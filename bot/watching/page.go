package watching

import (
	"strings"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// PageURL is the address of game g's web page under base, "" when there
// is no base or the public (public: their eyes) may not see g.
func PageURL(base string, g *record.Game, public Viewer) string {
	if base == "" || !public.SeesGame(g) {
		return ""
	}
	return strings.TrimRight(base, "/") + "/g/" + g.ID
}

// PageLink is the line that links game g's page in a reply about it while
// it is in progress or over; "" when it has none.
func PageLink(base string, g *record.Game, public Viewer) string {
	if g.Status != record.Active && g.Status != record.Over {
		return ""
	}
	if u := PageURL(base, g, public); u != "" {
		return words.WebLink(u)
	}
	return ""
}
