package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/bot/plan"
	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// The stored-bytes golden: fixture records and replies written through
// the codecs (a game's JSON, a player's, a reply's binary and deflated
// forms, a processed record's) and through a whole transaction into a
// fresh file, whose every bucket is then listed key by key. The file
// testdata/stored.golden is what takbot writes today; a change to it is a
// change of the stored format and must say why in its commit ("go test
// ./storage/ -run TestStoredBytes -update" rewrites it, with the fuzz
// seeds). Moving the record types to another package must leave it as it
// is.

// gt0 is the golden fixtures' reference time.
var gt0 = time.Date(2026, 11, 21, 9, 30, 15, 123456789, time.UTC)

var (
	gAlice = record.Identity{Transport: "email", Address: "Alice@Example.org"}
	gBob   = record.Identity{Transport: "discord", Address: "1234567890"}
	gCarol = record.Identity{Transport: "console", Address: "carol"}
)

// goldenGames are games at several stages: one with every field set, one
// being played, one over, an open seek.
func goldenGames() []*record.Game {
	cfg := tak.DefaultConfig(6)
	cfg.Komi, cfg.Opening, cfg.Rules = 4, 1, 1
	full := &record.Game{
		ID: "g1", Version: 7, Status: record.Active,
		Players:    [2]string{gAlice.Key(), gBob.Key()},
		Names:      [2]string{"alice", "Bob <&>"},
		Challenger: tak.Black,
		Config:     cfg,
		Scoring:    record.Scoring{Rules: tak.Downings | tak.TenForBoard},
		Style:      record.Courtly,
		Days:       3,
		Start:      "x6/x6/x6/x6/x6/x6 2 4",
		Setup:      "x6/x6/x6/x6/x6/x6 1 2",
		Moves: []record.Move{
			{PTN: "a1", At: gt0.Add(-time.Hour).Truncate(time.Second)},
			{PTN: "3b4-21", Tak: true, At: gt0.Truncate(time.Second)},
		},
		Result: &record.Result{Reason: record.EndTime, Winner: tak.Black, Draw: true, PTN: "0-1",
			Text: "black wins on time", Score: 36, Deadline: gt0.Add(-time.Minute)},
		Proposal: &record.Proposal{Kind: record.ProposeRevert, By: tak.Black, Turn: 9, Board: "0 0 0", At: gt0},
		Disputes: []record.Dispute{{By: tak.Black, Turn: 8, Move: "a1", Reason: "typo", Legal: true,
			Ruling: "legal", At: gt0}},
		Sync:      [2]*record.SyncBoard{{Board: "0 S\n0 0", Match: -1, At: gt0}, {Board: "0 0\n0 0", Match: 7, At: gt0}},
		Events:    []string{"restarted", "adopted"},
		Private:   true,
		Watchers:  []string{gCarol.Key()},
		TurnStart: gt0.Add(-2 * time.Hour),
		Deadline:  gt0.Add(72 * time.Hour),
		Reminded:  true,
		Vacation:  [2]time.Time{gt0.Add(24 * time.Hour), gt0.Add(48 * time.Hour)},
		Wake:      gt0.Add(60 * time.Hour),
		Remind:    [2]time.Duration{12 * time.Hour, -1},
		Created:   gt0.Add(-240 * time.Hour),
		Updated:   gt0,
		RematchOf: "g0",
		Rematch:   "g9",
		Plans: [2]*record.Plans{nil, {At: "x6/x6/x6/x6/x6/x6 1 5", Tree: plan.Tree{
			{If: "a1", Then: "b1", Next: plan.Tree{{If: "3b4-21", Then: "Cc3"}}}, {If: "Sf6", Then: "f5"}}}},
		Chat:    [2][]time.Time{{gt0.Add(-time.Minute), gt0}, nil},
		Level:   7,
		Seek:    &record.Seek{Low: 1400, High: 1700},
		Unrated: true,
		Rating: &record.RatingChange{Pool: "6x6", Result: "0-1 time",
			Before: [2]standing.Entry{{Rating: 1500, Deviation: 350, Volatility: 0.06}, {Rating: 1612.5, Deviation: 80.25, Volatility: 0.0601, Games: 9, Last: gt0.Add(-48 * time.Hour)}},
			After:  [2]standing.Entry{{Rating: 1480.125, Deviation: 300.5, Volatility: 0.06, Games: 1, Last: gt0}, {Rating: 1615.75, Deviation: 79.5, Volatility: 0.0601, Games: 10, Last: gt0}},
			Weight: 0.5},
		Community: "discord:234567890123456789",
	}
	playing := &record.Game{
		ID: "g2", Version: 12, Status: record.Active,
		Players: [2]string{gBob.Key(), gCarol.Key()}, Names: [2]string{"Bob", "carol"},
		Challenger: tak.White, Config: tak.DefaultConfig(5), Style: record.Street, Days: 2,
		TurnStart: gt0, Deadline: gt0.Add(48 * time.Hour), Wake: gt0.Add(40 * time.Hour),
		Created: gt0.Add(-time.Hour), Updated: gt0,
	}
	for i, m := range []string{"a1", "e5", "c3", "c2", "Sd3", "c2+", "b3", "2c3<11"} {
		playing.Moves = append(playing.Moves, record.Move{PTN: m, Tak: i == 7, At: gt0.Add(time.Duration(i-8) * time.Minute).Truncate(time.Second)})
	}
	over := &record.Game{
		ID: "g3", Version: 3, Status: record.Over,
		Players: [2]string{gCarol.Key(), gAlice.Key()}, Names: [2]string{"carol", "alice"},
		Config: tak.DefaultConfig(3), Days: 1,
		Moves:   []record.Move{{PTN: "a1", At: gt0.Add(-time.Hour).Truncate(time.Second)}, {PTN: "c3", At: gt0.Add(-time.Minute).Truncate(time.Second)}},
		Result:  &record.Result{Reason: record.EndResignation, Winner: tak.White, PTN: "1-0", Text: "white wins by resignation"},
		Created: gt0.Add(-2 * time.Hour), Updated: gt0,
	}
	seek := &record.Game{
		ID: "g4", Version: 1, Status: record.Challenged,
		Players: [2]string{gAlice.Key(), ""}, Names: [2]string{"alice", ""},
		Config: tak.DefaultConfig(6), Style: record.Street, Days: 7,
		Seek: &record.Seek{}, Wake: gt0.Add(7 * 24 * time.Hour),
		Created: gt0, Updated: gt0,
	}
	// reviewed is a game over with its stored review (record.Review), a
	// fixture of its own so that the bytes of the games above, written
	// before reviews were stored, stay as they were.
	reviewed := &record.Game{
		ID: "g5", Version: 4, Status: record.Over,
		Players: [2]string{gBob.Key(), gAlice.Key()}, Names: [2]string{"Bob", "alice"},
		Config: tak.DefaultConfig(3), Days: 1,
		Moves: []record.Move{{PTN: "a1", At: gt0.Add(-time.Hour).Truncate(time.Second)}, {PTN: "c3", At: gt0.Add(-time.Minute).Truncate(time.Second)},
			{PTN: "b3", At: gt0.Add(-time.Minute).Truncate(time.Second)}},
		Result:  &record.Result{Reason: record.EndResignation, Winner: tak.White, PTN: "1-0", Text: "white wins by resignation"},
		Review:  &record.Review{Of: "5e1c0b7a3d2f4e68", Nodes: 100_000, Scores: []int{0, 12, -40, 185}},
		Created: gt0.Add(-2 * time.Hour), Updated: gt0,
	}
	// chatted is a game over with its kept chat (record.ChatLine), a
	// fixture of its own for the same reason.
	chatted := &record.Game{
		ID: "g6", Version: 5, Status: record.Over,
		Players: [2]string{gAlice.Key(), gCarol.Key()}, Names: [2]string{"alice", "carol"},
		Config: tak.DefaultConfig(3), Days: 1,
		Moves:   []record.Move{{PTN: "a1", At: gt0.Add(-time.Hour).Truncate(time.Second)}, {PTN: "c3", At: gt0.Add(-time.Minute).Truncate(time.Second)}},
		Result:  &record.Result{Reason: record.EndResignation, Winner: tak.Black, PTN: "0-1", Text: "black wins by resignation"},
		Chat:    [2][]time.Time{{gt0.Add(-time.Minute)}, {gt0}},
		ChatLog: []record.ChatLine{{At: gt0.Add(-time.Minute), By: tak.White, Text: "good luck «é»"}, {At: gt0, By: tak.Black, Text: "you too <3"}},
		Created: gt0.Add(-2 * time.Hour), Updated: gt0,
	}
	return []*record.Game{full, playing, over, seek, reviewed, chatted}
}

// goldenPlayers are a player with every setting, one with none, one on
// vacation with ratings.
func goldenPlayers() []*record.Player {
	full := &record.Player{
		Key: gAlice.Key(), Identity: gAlice, Name: "alice",
		Notation: notation.Mail, NotationFixed: true, Chosen: "g3",
		Vacation:    gt0.Add(24 * time.Hour),
		Vacations:   []record.VacationSpan{{From: gt0.Add(-200 * 24 * time.Hour), Until: gt0.Add(-190 * 24 * time.Hour)}, {From: gt0, Until: gt0.Add(24 * time.Hour)}},
		Unreachable: &record.Unreachable{Since: gt0, Reason: "the address does not exist", Told: []string{"g3", "g4"}},
		Created:     gt0.Add(-time.Hour),
		Theme:       render.Contrast, Width: 480, NoTextBoard: true, NoReview: true,
		NoChat:     true,
		RemindLead: 90 * time.Minute, Zone: "Europe/Berlin",
		Digest: &record.Digest{At: "08:00", Last: "2026-11-20", Next: gt0.Add(20 * time.Hour)},
		Paired: "discord:123456789012345678", Alias: "email:other@example.org", Moved: []string{"g3"},
		Via: "discord:123456789012345678", PairCode: "KX7M2QPA",
		Ratings:     map[string]standing.Entry{"5x5": {Rating: 1623.25, Deviation: 64.5, Volatility: 0.0599, Games: 31, Last: gt0}, "6x6": {Rating: 1400, Deviation: 200, Volatility: 0.06, Games: 2, Last: gt0.Add(-time.Hour)}},
		Communities: []string{"discord:234567890123456789", "discord:345678901234567890"},
		Analyses:    []record.AnalysisMark{{At: gt0.Add(-time.Minute), Game: "g3", Turn: 7}, {At: gt0, Game: "g4", Turn: 12, Plies: 30}},
	}
	plain := &record.Player{Key: gBob.Key(), Identity: gBob, Name: "Bob", Created: gt0}
	away := &record.Player{Key: gCarol.Key(), Identity: gCarol, Name: "carol", Notation: notation.PTN,
		Vacation: gt0.Add(5 * 24 * time.Hour), Vacations: []record.VacationSpan{{From: gt0, Until: gt0.Add(5 * 24 * time.Hour)}},
		Theme: render.Dark, Created: gt0.Add(-24 * time.Hour),
		Ratings: map[string]standing.Entry{"small": {Rating: 1550.5, Deviation: 120, Volatility: 0.06, Games: 4, Last: gt0}}}
	// subscribed has the settings of issue 29, a fixture of its own so
	// that the bytes of the players above stay as they were.
	subscribed := &record.Player{Key: "email:dan@example.org", Identity: record.Identity{Transport: "email", Address: "dan@example.org"},
		Name: "dan", Created: gt0, ChatPublic: true, News: &record.News{Seeks: true, Events: true, Daily: true}}
	return []*record.Player{full, plain, away, subscribed}
}

// goldenReplies are replies of every class, with every kind of part, in
// every delivery state; and the referee's replies of a simulated game.
func goldenReplies(t *testing.T) []*record.Reply {
	cfg := tak.DefaultConfig(6)
	cfg.Komi, cfg.Opening, cfg.Rules = 2, 1, 1
	moveParts := func() []record.Part {
		return []record.Part{
			{Kind: record.Prose, Text: "g1 turn 23: alice (white) played ms b2 p3 2 1 (PTN 3b4-21)."},
			{Kind: record.Block, Caption: "Sync board (north row first, stacks top first)",
				Text: "0 0 0 0 0 0\n0 0 S 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0"},
			{Kind: record.Image, Caption: "After turn 23", Picture: &record.Picture{
				Name: "g1-t23-9f2c1a-mail.png", Config: cfg,
				TPS: "x6/x6/x2,2,x3/x3,1,x2/x6/x6 1 13", BeforeTPS: "x6/x6/x2,2,x3/x6/x6/x6 2 12", Last: "c3",
				Players: [2]string{"alice", "Bob"}, Orientation: notation.Mail,
				Result:  &record.Result{Reason: record.EndRoad, Winner: tak.Black, Draw: true, PTN: "0-R", Text: "black wins by road", Score: 40, Deadline: gt0},
				Caption: "Turn 23",
				Theme:   render.Light, Width: 960, Turn: "Turn 23 (PTN move 12, white)",
				Marks: []tak.Square{tak.SquareAt(2, 2), tak.SquareAt(5, 0)},
			}},
			{Kind: record.Block, Caption: "The board in Tak by Mail coordinates", Fallback: true,
				Text: "   +---+\n 1 | b |\n   +---+"},
			{Kind: record.Prose, Text: "Turn 24 (PTN move 12, black): Bob (black) to move, by 2026-11-24 09:00 UTC."},
			{Kind: record.Actions, Actions: []record.Action{
				{Label: "Offer a draw", Command: "draw", Game: "g1", Moment: "23a-1k2j3h4g5f6d"},
				{Label: "Resign", Command: "resign", Game: "g1", Confirm: "Resign game g1?", Moment: "23a-1k2j3h4g5f6d"},
				{Label: "Help", Command: "help"},
			}},
		}
	}
	event := &record.Reply{
		ID: "email:<m1@mail.example.org>/1", To: gBob, ToName: "Bob", Game: "g1", Subject: "Tak game g1: alice vs Bob",
		Parts: moveParts(), Attention: true, Class: record.Event, Cause: "email:<m1@mail.example.org>", Created: gt0,
	}
	answer := &record.Reply{
		ID: "email:<m1@mail.example.org>/2", To: gAlice, ToName: "alice", Game: "g1", Subject: "Tak game g1: alice vs Bob",
		Parts: moveParts(), Private: true, Class: record.Answer, Cause: "email:<m1@mail.example.org>", Created: gt0,
		Delivery: record.Delivery{Attempts: 2, NextTry: gt0.Add(time.Minute), LastError: "451 try later"},
	}
	play := &record.Reply{
		ID: "discord:77/1", To: gBob, ToName: "Bob", Game: "g2", Subject: "Tak game g2: Bob vs carol",
		Parts: []record.Part{{Kind: record.Prose, Text: "Which square? b3 or c3?"},
			{Kind: record.Analysis, Text: `{"Kind":1,"Game":"g2","Turn":8}`}},
		Private: true, Class: record.Play, Cause: "discord:77", Created: gt0.Add(time.Second),
	}
	delivered := &record.Reply{
		ID: "console:5/1", To: gCarol, ToName: "carol", Game: "g3", Subject: "Tak game g3: carol vs alice",
		Parts: []record.Part{{Kind: record.Prose, Text: "alice resigned. You win game g3 (1-0).\nWell played."},
			{Kind: record.File, Caption: "g3-carol-vs-alice.ptn", Text: "[Size \"3\"]\n\n1. a1 c3\n1-0"}},
		Class: record.Event, Cause: "console:5", Created: gt0.Add(-time.Minute),
		Delivery: record.Delivery{Delivered: gt0},
	}
	failed := &record.Reply{
		ID: "clock:g1:remind/1", To: gAlice, ToName: "alice", Game: "g1", Subject: "Reminder: g1",
		Parts:     []record.Part{{Kind: record.Prose, Text: "It is your turn in g1; the clock runs out in 12 hours."}},
		Attention: true, Cause: "clock:g1:remind", Created: gt0.Add(-2 * time.Minute),
		Delivery: record.Delivery{Attempts: 9, LastError: "550 no such user", Failed: gt0},
	}
	out := []*record.Reply{event, answer, play, delivered, failed}
	samples := sampleReplies(t)
	names := make([]string, 0, len(samples))
	for name := range samples {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		r := *samples[name]
		r.ID = "sample:" + name
		r.Seq = 0
		r.Images = nil
		if name == "every-field" {
			// Pinned in body layout 4 as before, with the fields of then:
			// the gist's layouts 5 and 6 have fixtures of their own below.
			r = *filledReplyExcept(map[string]bool{"Part.Title": true})
			r.ID, r.Seq, r.Images, r.Gist = "sample:"+name, 0, nil, nil
		}
		out = append(out, &r)
	}
	// A reply with a gist (body layout 5): every fact, every field set.
	gisted := *event
	gisted.ID, gisted.Parts = "email:<m1@mail.example.org>/3", moveParts()
	gisted.Gist = &record.Gist{
		Move: &record.GistMove{Game: "g1", Turn: 23, By: tak.White, Name: "alice", You: true, PTN: "3b4-21", Mail: "ms b2 p3 2 1",
			InMail: true, Line: "g1 turn 23: alice (white) played ms b2 p3 2 1 (PTN 3b4-21)."},
		Turn:   &record.GistTurn{Turn: 24, ToMove: tak.Black, Name: "Bob", You: true, Due: "2026-11-24 09:00 UTC"},
		Ruling: &record.GistRuling{Legal: true, Verdict: "the move is legal"},
		End:    &record.GistEnd{Reason: record.EndRoad, Draw: true, Winner: tak.Black, Name: "Bob", You: true, Lost: true},
	}
	// Body layout 6: the turn's line, the links, the answers' titles.
	linked := gisted
	linked.ID = "email:<m1@mail.example.org>/4"
	g6 := *gisted.Gist
	turn := *g6.Turn
	turn.Line = "Turn 24: Bob (black) to move, by 2026-11-24 09:00 UTC."
	g6.Turn = &turn
	g6.Links = []record.GistLink{
		{Kind: record.LinkReplay, URL: "https://ptn.ninja/NobwRAdghgtgpmAXGA", Line: "Replay it on PTN Ninja: https://ptn.ninja/NobwRAdghgtgpmAXGA"},
		{Kind: record.LinkPage, URL: "https://tak.example.org/g/g1", Line: "This game on the web: https://tak.example.org/g/g1"},
	}
	linked.Gist = &g6
	titled := record.Reply{ID: "email:<m2@mail.example.org>/1", To: gCarol, Created: gt0, Parts: []record.Part{
		{Kind: record.Prose, Text: "Answer to \"seeks\":\nNo open challenges.", Title: `"seeks"`},
		{Kind: record.Prose, Text: "Answer to \"stats\":\nNo games yet.", Title: `"stats"`},
	}}
	return append(out, &gisted, &record.Reply{ID: "console:9/2", To: gCarol, Created: gt0, Gist: &record.Gist{}}, &linked, &titled)
}

// goldenProcessed are handled messages, with and without replies.
func goldenProcessed() []*record.Processed {
	return []*record.Processed{
		{ID: "email:<m1@mail.example.org>", At: gt0, Replies: []string{"email:<m1@mail.example.org>/1", "email:<m1@mail.example.org>/2"}},
		{ID: "email:<m2@mail.example.org>", At: gt0.Add(time.Second)},
		{ID: "discord:77", At: gt0.Add(time.Second), Replies: []string{"discord:77/1"}},
	}
}

// goldenState is adapter state of two transports and the referee's.
var goldenState = [][3]string{
	{"email", "cursor", "INBOX 1234 5678"},
	{"email", "thread/g1", "<t1@mail.example.org>"},
	{"discord", "thread/g1", "987654321"},
	{"~referee", "seek/g4", ""},
}

// goldenTourneys are an event with every field set (issue 29).
func goldenTourneys() []*record.Tourney {
	return []*record.Tourney{{Name: "Spring-Open", Organiser: gAlice.Key(), Format: "swiss", Rounds: 3,
		Options: []string{"size=6", "komi=2", "days=3"}, Start: gt0.Add(24 * time.Hour), Max: 8, MinRating: 1200,
		Private: true, Status: record.TourneyRunning, Created: gt0,
		Entrants: []record.Entrant{{Key: gAlice.Key(), Name: "alice", Rating: 1500}, {Key: gBob.Key(), Name: "bob", Rating: 1400, Provisional: true, WithdrawnFrom: 2}},
		Schedule: []record.TourneyRound{{Number: 1, Boards: []record.Board{{White: gAlice.Key(), Black: gBob.Key(), Game: "g1", Result: "1-0"}}}},
		Round:    1,
		History:  []record.TourneyAction{{At: gt0, By: gAlice.Key(), What: "created"}, {At: gt0, What: "paired", Detail: "round 1"}},
	}}
}

func TestStoredBytes(t *testing.T) {
	games, players, replies, processed := goldenGames(), goldenPlayers(), goldenReplies(t), goldenProcessed()
	var b strings.Builder
	section := func(name string) { fmt.Fprintf(&b, "\n== %s\n", name) }

	// The codecs, record by record.
	section("codecs")
	for _, g := range games {
		raw, err := g.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		std, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(raw, std) {
			t.Errorf("game %s: AppendJSON and json.Marshal differ:\n%s\n%s", g.ID, raw, std)
		}
		fmt.Fprintf(&b, "game %s json %s\n", g.ID, raw)
	}
	for _, p := range players {
		raw, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "player %s json %s\n", p.Key, raw)
	}
	for _, v := range goldenTourneys() {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "event %s json %s\n", v.Key(), raw)
	}
	for _, r := range replies {
		raw, err := EncodeReply(r)
		if err != nil {
			t.Fatalf("reply %s: %v", r.ID, err)
		}
		fmt.Fprintf(&b, "reply %s lane %q format %d len %d\n%s\n", r.ID, r.Lane(), raw[0], len(raw), hexLines(raw))
		back, err := DecodeReply(7, raw)
		if err != nil {
			t.Fatalf("reply %s: decode: %v", r.ID, err)
		}
		want := *r
		want.Seq = 7
		if !reflect.DeepEqual(back, &want) {
			t.Errorf("reply %s: decoded\n%+v\nwant\n%+v", r.ID, back, &want)
		}
		moved, err := ReplyWithDelivery(raw, record.Delivery{Attempts: 1, NextTry: gt0.Add(time.Hour), LastError: "timeout"})
		if err != nil {
			t.Fatalf("reply %s: with delivery: %v", r.ID, err)
		}
		fmt.Fprintf(&b, "reply %s with delivery\n%s\n", r.ID, hexLines(moved))
	}
	for _, p := range processed {
		raw := EncodeProcessed(p)
		fmt.Fprintf(&b, "processed %s\n%s\n", p.ID, hexLines(raw))
		back, err := DecodeProcessed(p.ID, raw)
		if err != nil {
			t.Fatalf("processed %s: %v", p.ID, err)
		}
		if !reflect.DeepEqual(back, p) {
			t.Errorf("processed %s: decoded %+v, want %+v", p.ID, back, p)
		}
	}

	// A fresh file written in one transaction, and in a second one that
	// changes what delivery and play change, listed bucket by bucket.
	path := filepath.Join(t.TempDir(), "golden.db")
	d, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	err = d.Update(ctx, func(tx record.Tx) error {
		for _, g := range games {
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		for _, p := range players {
			if err := tx.PutPlayer(p); err != nil {
				return err
			}
		}
		for _, r := range replies {
			if err := tx.Enqueue(r); err != nil {
				return err
			}
		}
		for _, p := range processed {
			if err := tx.MarkProcessed(p); err != nil {
				return err
			}
		}
		for _, s := range goldenState {
			if err := tx.PutState(s[0], s[1], []byte(s[2])); err != nil {
				return err
			}
		}
		for _, v := range goldenTourneys() {
			if err := tx.PutTourney(v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	section("file after the first transaction")
	dumpBuckets(t, d.Bolt(), &b)
	err = d.Update(ctx, func(tx record.Tx) error {
		if err := tx.SetDelivery(replies[0].ID, record.Delivery{Delivered: gt0.Add(time.Minute)}); err != nil {
			return err
		}
		if err := tx.SetDelivery(replies[1].ID, record.Delivery{Attempts: 3, NextTry: gt0.Add(2 * time.Minute), LastError: "421 busy"}); err != nil {
			return err
		}
		g, err := tx.Game("g2")
		if err != nil {
			return err
		}
		g.Moves = append(g.Moves, record.Move{PTN: "d1", At: gt0.Truncate(time.Second)})
		g.Version++
		g.Status = record.Over
		g.Result = &record.Result{Reason: record.EndFlats, Winner: tak.Black, PTN: "0-F", Text: "black wins by flats", Score: 12}
		g.Wake = time.Time{}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		p, err := tx.Player(gBob.Key())
		if err != nil {
			return err
		}
		p.Name = "Robert"
		return tx.PutPlayer(p)
	})
	if err != nil {
		t.Fatal(err)
	}
	section("file after the second transaction")
	dumpBuckets(t, d.Bolt(), &b)

	// What comes back out equals what went in.
	err = d.View(ctx, func(tx record.Tx) error {
		for _, g := range games[:1] {
			back, err := tx.Game(g.ID)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(back, g) {
				t.Errorf("game %s read back\n%+v\nwant\n%+v", g.ID, back, g)
			}
		}
		for _, p := range players[:1] {
			back, err := tx.Player(p.Key)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(back, p) {
				t.Errorf("player %s read back\n%+v\nwant\n%+v", p.Key, back, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	got := strings.TrimPrefix(b.String(), "\n")
	golden := filepath.Join("testdata", "stored.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("the stored bytes changed, first at line %d of %s:\ngot  %s\nwant %s", i+1, golden, g, w)
			}
		}
	}
}

// dumpBuckets lists every bucket of the file, every key and value in key
// order, the values quoted when printable and in hex otherwise.
func dumpBuckets(t *testing.T, db *bolt.DB, b *strings.Builder) {
	t.Helper()
	err := db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			fmt.Fprintf(b, "bucket %s (%d keys)\n", name, bk.Stats().KeyN)
			return bk.ForEach(func(k, v []byte) error {
				fmt.Fprintf(b, "  %s = %s\n", quoteBytes(k), quoteBytes(v))
				return nil
			})
		})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// quoteBytes quotes b when it is printable UTF-8, and writes it in hex
// otherwise.
func quoteBytes(b []byte) string {
	if b == nil {
		return "nil"
	}
	if s := string(b); strconv.CanBackquote(s) && !strings.ContainsAny(s, "\n\r") {
		return strconv.Quote(s)
	}
	return "x" + fmt.Sprintf("%x", b)
}

// hexLines writes b in hex, 64 bytes to a line.
func hexLines(b []byte) string {
	var lines []string
	for len(b) > 0 {
		n := min(64, len(b))
		lines = append(lines, fmt.Sprintf("  %x", b[:n]))
		b = b[n:]
	}
	return strings.Join(lines, "\n")
}
