package present

import (
	"reflect"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// TestNote: a reply's gist gathers the facts of the outcomes worded in it,
// from the outcomes themselves (the move line it names is the one
// MovePlayed writes), the first move and ending standing, the last turn.
func TestNote(t *testing.T) {
	g := words.Game{ID: "g1", Names: [2]string{"Alice", "Bob"}}
	bob := words.Reader{You: [2]bool{false, true}, Plays: true, Color: tak.Black, Notation: notation.Mail}
	due := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	moved := words.MovePlayed{Game: g, Turn: 5, By: tak.White, Move: words.MoveNames{Mail: "ps c2", PTN: "c3"}}
	start, err := tak.NewPosition(tak.DefaultConfig(4))
	if err != nil {
		t.Fatal(err)
	}
	var gist *record.Gist
	if gist = Note(gist, words.Refusal{Reason: words.GameOver}, bob); gist != nil {
		t.Fatalf("a refusal's gist = %+v, want none", gist)
	}
	gist = Note(gist, moved, bob)
	gist = Note(gist, words.MovePlayed{Game: g, Turn: 6, By: tak.Black, Move: words.MoveNames{PTN: "d4"}}, bob)
	gist = Note(gist, words.Standing{Game: g, Stage: words.InProgress, Turn: 6, ToMove: tak.White, Deadline: due}, bob)
	last := words.Standing{Game: g, Stage: words.InProgress, Turn: 6, ToMove: tak.Black, Deadline: due}
	gist = Note(gist, last, bob)
	gist = Note(gist, words.Ruling{Game: g, Turn: 5, Move: tak.Move{}, Before: start}, bob)
	gist = Note(gist, words.Standing{Game: g, Stage: words.Finished, Result: words.Result{Winner: tak.White, Reason: "road"}}, bob)
	gist = Note(gist, words.Standing{Game: g, Stage: words.Finished, Result: words.Result{Draw: true, Reason: "agreement"}}, bob)
	file := words.GameFile{Name: "g1.ptn", Link: "https://ptn.ninja/x"}
	gist = Note(gist, file, bob)
	gist = Note(gist, words.NinjaLinked{ID: "g1", Link: "https://ptn.ninja/y"}, bob)
	want := &record.Gist{
		Move: &record.GistMove{Game: "g1", Turn: 5, By: tak.White, Name: "Alice", PTN: "c3", Mail: "ps c2", InMail: true,
			Line: moved.Line(bob)},
		Turn:   &record.GistTurn{Turn: 6, ToMove: tak.Black, Name: "Bob", You: true, Due: "2026-11-28 12:00 UTC", Line: last.Words(bob)},
		Ruling: &record.GistRuling{Legal: true, Verdict: "the move is legal"},
		End:    &record.GistEnd{Reason: record.EndRoad, Winner: tak.White, Name: "Alice", Lost: true},
		Links: []record.GistLink{{Kind: record.LinkReplay, URL: "https://ptn.ninja/x", Line: "Replay it on PTN Ninja: https://ptn.ninja/x"},
			{Kind: record.LinkReplay, URL: "https://ptn.ninja/y", Line: "Game g1 on PTN Ninja: https://ptn.ninja/y"}},
	}
	if !reflect.DeepEqual(gist, want) {
		t.Errorf("gist:\n got %+v %+v %+v %+v %+v\nwant %+v %+v %+v %+v %+v", gist, gist.Move, gist.Turn, gist.Ruling, gist.End,
			want, want.Move, want.Turn, want.Ruling, want.End)
	}
	// A spectator is told the colour that won, never "you".
	seen := Note(nil, words.StandingWatched{Stage: words.Finished, End: words.Result{Winner: tak.Black, Reason: "resignation"}}, words.Reader{})
	if e := seen.End; e == nil || e.Name != "" || e.You || e.Lost || e.Winner != tak.Black || e.Reason != record.EndResignation {
		t.Errorf("a spectator's ending = %+v", e)
	}
}
