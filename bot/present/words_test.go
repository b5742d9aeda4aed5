package present

import (
	"testing"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

func TestMedium(t *testing.T) {
	for key, want := range map[string]words.Medium{"discord:123": words.Discord, "console:ann": words.Console,
		"web:x": words.Web, "email:ann@example.org": words.Mail, "nonsense": words.Mail} {
		if got := Medium(key); got != want {
			t.Errorf("Medium(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestRecordedMove(t *testing.T) {
	g := &record.Game{Config: tak.DefaultConfig(5), Moves: record.MoveList{{PTN: "a1"}, {PTN: "zz9"}}}
	if got := RecordedMove(g, 0); got.PTN != "a1" || got.Mail == "" {
		t.Errorf("RecordedMove 0 = %+v, want both notations", got)
	}
	if got := RecordedMove(g, 1); got != (words.MoveNames{PTN: "zz9"}) {
		t.Errorf("an unreadable move = %+v, want its PTN alone", got)
	}
	if got := RecordedMove(g, 2); got != (words.MoveNames{}) {
		t.Errorf("past the end = %+v, want none", got)
	}
	if as := Actions([]words.Choice{{Label: "Accept", Command: "accept"}}, "g3"); len(as) != 1 || as[0].Game != "g3" || as[0].Command != "accept" {
		t.Errorf("Actions = %+v", as)
	}
}
