package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// t0 is the suite's reference time; its nanoseconds check that stores keep
// them.
var t0 = time.Date(2026, 11, 21, 9, 30, 15, 123456789, time.UTC)

// The recipients and players of the fixtures.
var (
	alice = record.Identity{Transport: "email", Address: "alice@example.org"}
	bob   = record.Identity{Transport: "discord", Address: "1234567890"}
	carol = record.Identity{Transport: "email", Address: "carol@example.org"}
)

// fullGame returns a game with every field set.
func fullGame(id string) *record.Game {
	cfg := tak.DefaultConfig(6)
	cfg.Komi, cfg.Opening, cfg.Rules = 4, 1, 1
	return &record.Game{
		ID: id, Version: 7, Status: record.Active,
		Players:    [2]string{alice.Key(), bob.Key()},
		Names:      [2]string{"alice", "Bob"},
		Challenger: tak.Black,
		Config:     cfg,
		Scoring:    record.Scoring{Rules: tak.Downings | tak.TenForBoard},
		Style:      record.Courtly,
		Days:       3,
		Start:      "x6/x6/x6/x6/x6/x6 2 4",
		Setup:      "x6/x6/x6/x6/x6/x6 1 2",
		Moves: []record.Move{
			{PTN: "a1", At: t0.Add(-time.Hour).Truncate(time.Second)},
			{PTN: "3b4-21", Tak: true, At: t0.Truncate(time.Second)},
		},
		Result: &record.Result{Reason: record.EndTime, Winner: tak.Black, Draw: true, PTN: "0-1",
			Text: "black wins on time", Score: 36, Deadline: t0.Add(-time.Minute)},
		Proposal: &record.Proposal{Kind: record.ProposeRevert, By: tak.Black, Turn: 9, Board: "0 0 0", At: t0},
		Disputes: []record.Dispute{{By: tak.Black, Turn: 8, Move: "a1", Reason: "typo", Legal: true,
			Ruling: "legal", At: t0}},
		Sync:      [2]*record.SyncBoard{{Board: "0 S\n0 0", Match: -1, At: t0}, {Board: "0 0\n0 0", Match: 7, At: t0}},
		Events:    []string{"restarted", "adopted"},
		Private:   true,
		Watchers:  []string{"console:carol"},
		TurnStart: t0.Add(-2 * time.Hour),
		Deadline:  t0.Add(72 * time.Hour),
		Reminded:  true,
		Vacation:  [2]time.Time{t0.Add(24 * time.Hour), t0.Add(48 * time.Hour)},
		Wake:      t0.Add(60 * time.Hour),
		Remind:    [2]time.Duration{12 * time.Hour, -1},
		Created:   t0.Add(-240 * time.Hour),
		Updated:   t0,
		RematchOf: "g1",
		Rematch:   "g9",
		Plans: [2]*record.Plans{nil, {At: "x6/x6/x6/x6/x6/x6 1 5", Tree: plan.Tree{
			{If: "a1", Then: "b1", Next: plan.Tree{{If: "3b4-21", Then: "Cc3"}}}, {If: "Sf6", Then: "f5"}}}},
		Chat:    [2][]time.Time{{t0.Add(-time.Minute), t0}, nil},
		Level:   7,
		Review:  &record.Review{Of: "5e1c0b7a3d2f4e68", Nodes: 100_000, Scores: []int{0, 35, -120}},
		Seek:    &record.Seek{Low: 1400, High: 1700},
		Unrated: true,
		Rating: &record.RatingChange{Pool: "6x6", Result: "0-1 time",
			Before: [2]standing.Entry{{Rating: 1500, Deviation: 350, Volatility: 0.06}, {Rating: 1612.5, Deviation: 80.25, Volatility: 0.0601, Games: 9, Last: t0.Add(-48 * time.Hour)}},
			After:  [2]standing.Entry{{Rating: 1480.125, Deviation: 300.5, Volatility: 0.06, Games: 1, Last: t0}, {Rating: 1615.75, Deviation: 79.5, Volatility: 0.0601, Games: 10, Last: t0}},
			Weight: 0.5},
		Community: "discord:234567890123456789",
		Notice:    "email:mid:challenge@example.org/2",
		Event:     &record.GameEvent{Name: "Spring-Open", Round: 2},
		ChatLog:   []record.ChatLine{{At: t0.Add(-time.Minute), By: tak.Black, Text: "good luck"}, {At: t0, Text: "you too"}},
	}
}

// fullPlayer returns a player with every field set.
func fullPlayer(id record.Identity, name string) *record.Player {
	return &record.Player{
		Key: id.Key(), Identity: id, Name: name,
		Notation: notation.Mail, NotationFixed: true, Chosen: "g3",
		Vacation:    t0.Add(24 * time.Hour),
		Vacations:   []record.VacationSpan{{From: t0.Add(-200 * 24 * time.Hour), Until: t0.Add(-190 * 24 * time.Hour)}, {From: t0, Until: t0.Add(24 * time.Hour)}},
		Unreachable: &record.Unreachable{Since: t0, Reason: "the address does not exist", Told: []string{"g3", "g4"}},
		Created:     t0.Add(-time.Hour),
		Theme:       render.Contrast, Width: 480, NoTextBoard: true, NoReview: true,
		NoChat: true, ChatPublic: true,
		News:       &record.News{Seeks: true, Events: true, Daily: true},
		RemindLead: 90 * time.Minute, Zone: "Europe/Berlin",
		Digest: &record.Digest{At: "08:00", Last: "2026-11-20", Next: t0.Add(20 * time.Hour)},
		Paired: "discord:123456789012345678", Alias: "email:other@example.org", Moved: []string{"g3"},
		Via: "discord:123456789012345678", PairCode: "KX7M2QPA",
		Ratings:     map[string]standing.Entry{"5x5": {Rating: 1623.25, Deviation: 64.5, Volatility: 0.0599, Games: 31, Last: t0}},
		Communities: []string{"discord:234567890123456789", "discord:345678901234567890"},
		Analyses:    []record.AnalysisMark{{At: t0.Add(-time.Minute), Game: "g3", Turn: 7}, {At: t0, Game: "g4", Turn: 12, Plies: 30}},
	}
}

// fullProcessed returns a processed record with every field set.
func fullProcessed(id string, at time.Time) *record.Processed {
	return &record.Processed{ID: id, At: at, Replies: []string{id + "/1", id + "/2"}}
}

// fullReply returns a reply like the referee's answer to a move, with
// every field set (Images too: stores drop them) and a delivery state with
// every field set. Seq is left for Enqueue to set.
func fullReply(id string, to record.Identity) *record.Reply {
	cfg := tak.DefaultConfig(6)
	cfg.Komi, cfg.Opening, cfg.Rules = 2, 1, 1
	r := pendingReply(id, to, t0)
	r.Class = record.Answer
	r.Delivery = record.Delivery{Attempts: 2, NextTry: t0.Add(time.Minute), LastError: "451 try later",
		Delivered: t0.Add(2 * time.Minute), Failed: t0.Add(3 * time.Minute)}
	r.Images = []record.Attachment{{Name: "g7.png", PNG: []byte{0x89, 'P', 'N', 'G'}, Alt: "x6/x6/x6/x6/x6/x6 1 1"}}
	r.Parts = append(r.Parts, record.Part{Kind: record.Image, Caption: "After turn 23", Picture: &record.Picture{
		Name: "g7-t23-9f2c1a-mail.png", Config: cfg,
		TPS: "x6/x6/x2,2,x3/x3,1,x2/x6/x6 1 13", BeforeTPS: "x6/x6/x2,2,x3/x6/x6/x6 2 12", Last: "c3",
		Players: [2]string{"alice", "Bob"}, Orientation: notation.Mail,
		Result:  &record.Result{Reason: record.EndRoad, Winner: tak.Black, Draw: true, PTN: "0-R", Text: "black wins by road", Score: 40, Deadline: t0},
		Caption: "Turn 23",
		Theme:   render.Light, Width: 960, Turn: "Turn 23 (PTN move 12, white)",
		Marks: []tak.Square{tak.SquareAt(2, 2), tak.SquareAt(5, 0)},
	}}, record.Part{Kind: record.Block, Caption: "The board in Tak by Mail coordinates", Fallback: true,
		Text: "   +---+\n 1 | b |\n   +---+"})
	r.Gist = &record.Gist{
		Move: &record.GistMove{Game: "g7", Turn: 23, By: tak.Black, Name: "alice", You: true, PTN: "3b4-21", Mail: "ms b2 p3 2 1",
			InMail: true, Line: "g7 turn 23: alice (white) played ms b2 p3 2 1 (PTN 3b4-21)."},
		Turn: &record.GistTurn{Turn: 24, ToMove: tak.Black, Name: "Bob", You: true, Due: "2026-11-24 09:00 UTC",
			Line: "Turn 24 (PTN move 12, black): Bob (black) to move, by 2026-11-24 09:00 UTC."},
		Ruling: &record.GistRuling{Legal: true, Verdict: "the move is legal"},
		End:    &record.GistEnd{Reason: record.EndRoad, Draw: true, Winner: tak.Black, Name: "Bob", You: true, Lost: true},
		Links: []record.GistLink{{Kind: record.LinkReplay, URL: "https://ptn.ninja/NobwRAdghg",
			Line: "Replay it on PTN Ninja: https://ptn.ninja/NobwRAdghg"}},
	}
	r.Parts[0].Title = `"ps c3"` // as if it answered one of several commands
	return r
}

// pendingReply returns a plain pending reply like the referee writes: a
// move line, a sync board, a status line and the actions.
func pendingReply(id string, to record.Identity, created time.Time) *record.Reply {
	return &record.Reply{
		ID: id, To: to, ToName: to.Address, Game: "g7", Subject: "Tak game g7: alice vs Bob",
		Parts: []record.Part{
			{Kind: record.Prose, Text: "g7 turn 23: alice (white) played ms b2 p3 2 1 (PTN 3b4-21)."},
			{Kind: record.Block, Caption: "Sync board (north row first, stacks top first)",
				Text: "0 0 0 0 0 0\n0 0 S 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0"},
			{Kind: record.Prose, Text: "Turn 24 (PTN move 12, black): Bob (black) to move, by 2026-11-24 09:00 UTC."},
			{Kind: record.Actions, Actions: []record.Action{
				{Label: "Offer a draw", Command: "draw", Game: "g7", Moment: "23a-1k2j3h4g5f6d"},
				{Label: "Resign", Command: "resign", Game: "g7", Confirm: "Resign game g7?", Moment: "23a-1k2j3h4g5f6d"},
			}},
		},
		Private: true, Attention: true, Cause: "email:<" + id + "@mail.example.org>", Created: created,
	}
}

// stored returns what a store gives back for r: its Seq set, no Images.
func stored(r *record.Reply, seq uint64) record.Reply {
	out := *r
	out.Seq, out.Images = seq, nil
	return out
}

// exempt are the fields a fixture may leave zero: Images are never stored
// and Seq is set by the store.
var exempt = map[string]bool{"record.Reply.Images": true, "record.Reply.Seq": true}

// missingFields lists the exported fields, by "package.Type.Field", that
// are zero everywhere in the values vs, looking into structs, pointers,
// slices and arrays (a time.Time counts as one value).
func missingFields(vs ...any) []string {
	set := map[string]bool{}  // fields seen set somewhere
	seen := map[string]bool{} // all fields met
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Struct:
			if v.Type() == reflect.TypeFor[time.Time]() {
				return
			}
			tp := v.Type()
			for i := range tp.NumField() {
				f := tp.Field(i)
				if !f.IsExported() {
					continue
				}
				name := fmt.Sprintf("%s.%s", tp.String(), f.Name)
				seen[name] = true
				if !v.Field(i).IsZero() {
					set[name] = true
				}
				walk(v.Field(i))
			}
		}
	}
	for _, v := range vs {
		walk(reflect.ValueOf(v))
	}
	var out []string
	for name := range seen {
		if !set[name] && !exempt[name] {
			out = append(out, name)
		}
	}
	return out
}

var fixtureCases = []suiteCase{
	{"FixturesSetEveryField", func(t *testing.T, _ Opener) {
		if miss := missingFields(fullGame("g1"), fullPlayer(alice, "alice"), fullProcessed("m1", t0), fullReply("r1", alice)); len(miss) > 0 {
			t.Fatalf("the fixtures leave these fields zero, so no round trip checks them; set them in storetest's fixtures: %v", miss)
		}
	}},
}
