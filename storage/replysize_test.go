package storage

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// moveReply is a realistic reply to a move, with the parts the referee
// writes: the move, the picture, the sync board, the status, the actions.
func moveReply() *record.Reply {
	at := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	return &record.Reply{
		ID: "email:<CAF5x7Hq2nW3b9kT@mail.gmail.com>/2", To: record.Identity{Transport: "discord", Address: "412345678901234567"},
		ToName: "bob", Game: "g7", Subject: "Tak game g7: alice vs bob",
		Parts: []record.Part{
			{Kind: record.Prose, Text: "g7 turn 23: alice (white) played ms b2 p3 2 1 (PTN 3b4-21)."},
			{Kind: record.Image, Caption: "After turn 23", Picture: &record.Picture{
				Name: "g7-t23-9f2c1a-mail.png", Config: tak.DefaultConfig(6),
				TPS:       "x2,2,x3/x,1,2,x3/2,1,1,2S,x2/x,121,x4/x,1,x,2,x2/x6 2 12",
				BeforeTPS: "x2,2,x3/x,1,2,x3/2,1,1,2S,x2/x,1,x4/x,1,x,2,x2/x,121,x4 1 12",
				Last:      "3b4-21", Players: [2]string{"alice", "bob"}, Orientation: notation.Mail}},
			{Kind: record.Block, Caption: "Sync board (north row first, stacks top first)",
				Text: "0 0 S 0 0 0\n0 s S 0 0 0\nS s s W 0 0\n0 sSs 0 0 0 0\n0 s 0 S 0 0\n0 0 0 0 0 0"},
			{Kind: record.Prose, Text: "In hand: white 24 stones 1 caps, black 24 stones 1 caps. Flats on top: white 6, black 5 (komi 0).\n" +
				"Turn 24 (PTN move 12, black): bob (black) to move, by 2026-11-24 09:00 UTC."},
			{Kind: record.Actions, Actions: []record.Action{
				{Label: "Offer a draw", Command: "draw", Game: "g7"},
				{Label: "Resign", Command: "resign", Game: "g7", Confirm: "Resign game g7?"},
				{Label: "Show the board", Command: "board", Game: "g7"}}},
		},
		Attention: true, Cause: "email:<CAF5x7Hq2nW3b9kT@mail.gmail.com>", Created: at,
	}
}

// BenchmarkReplyEncoding encodes the realistic move reply and reports its
// stored size, its size as JSON, and the average stored size of the
// replies of simulated 6x6 games.
func BenchmarkReplyEncoding(b *testing.B) {
	r := moveReply()
	raw, err := encodeReply(r)
	if err != nil {
		b.Fatal(err)
	}
	js, _ := json.Marshal(r)
	rng := rand.New(rand.NewPCG(1, 2))
	total, n := 0, 0
	for g := range 20 {
		for _, sr := range simulatedGame(rng, g+1, 30) {
			sraw, err := encodeReply(sr)
			if err != nil {
				b.Fatal(err)
			}
			total, n = total+len(sraw), n+1
		}
	}
	for b.Loop() {
		if _, err := encodeReply(r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(raw)), "bytes/reply")
	b.ReportMetric(float64(len(js)), "json-bytes/reply")
	b.ReportMetric(float64(total)/float64(n), "bytes/sim-reply")
}

// BenchmarkReplyDecoding decodes the realistic move reply.
func BenchmarkReplyDecoding(b *testing.B) {
	raw, err := encodeReply(moveReply())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := decodeReply(1, raw); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMoveReplyIsCompact holds the realistic move reply's stored size
// well under its JSON's.
func TestMoveReplyIsCompact(t *testing.T) {
	r := moveReply()
	raw, err := encodeReply(r)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(r)
	if len(raw)*3 > len(js) {
		t.Errorf("the move reply takes %d bytes, more than a third of its JSON's %d", len(raw), len(js))
	}
	if raw[0] != formatDeflate4V2 || strings.Contains(string(raw), "Sync board") {
		t.Error("the move reply's body is not deflated")
	}
}
