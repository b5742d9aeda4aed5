package bot

import (
	"strings"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
)

// What bot's tests used of the pictures' code, which moved to package
// present (whose tests keep their own copy of oddStrings).

// oddStrings are strings that trip writers up (quotes, controls, bad
// UTF-8, right-to-left marks, format verbs), for the as-before tests.
var oddStrings = []string{"", "Ann", `"quoted"`, `back\slash`, "<b>&amp;</b>", "tab\tnew\nline\r", "nul\x00bell\a\x7f",
	"héllo wörld", "日本語", "emoji 🎲♟", "\u2007figure", "\u202eright-to-left", "bad \xff\xfe utf-8", "\xc3", "%d %s %q %%",
	strings.Repeat("long ", 400), "x5/x5/x5/x5/x5 1 1", "Turn 31 (PTN move 16, white)", "R-0", "1/2-1/2"}

func orientName(o notation.Orientation) string {
	if o == notation.Mail {
		return "mail"
	}
	return "ptn"
}

func stored(r Reply) Reply { return present.Stored(r) }
