package storage

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// simStart is the start of every simulated game.
var simStart = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

var simNames = []string{"alice", "Bob", "carol", "dmitri", "Eve", "fatima", "Gunnar", "hiroko"}

// simulatedGame plays a random legal game of moves moves on a 6x6 board
// and returns the replies the referee writes for it, as the referee
// writes them for a move: to each player, the move in their notation, the
// picture, the sync board, the status and the actions.
func simulatedGame(rng *rand.Rand, n, moves int) []*record.Reply {
	_, rs := simulatedRecords(rng, n, moves)
	return rs
}

// simulatedRecords is simulatedGame with the game's record.
func simulatedRecords(rng *rand.Rand, n, moves int) (*record.Game, []*record.Reply) {
	id := fmt.Sprintf("g%d", n)
	names := [2]string{simNames[rng.IntN(len(simNames))], simNames[rng.IntN(len(simNames))]}
	to := [2]record.Identity{
		{Transport: "email", Address: strings.ToLower(names[0]) + fmt.Sprintf("%d@example.org", n)},
		{Transport: "discord", Address: fmt.Sprintf("%d", 100000000000000000+rng.Int64N(1e17))},
	}
	orient := [2]notation.Orientation{notation.Mail, notation.PTN}
	cfg := tak.DefaultConfig(6)
	g, _ := tak.NewGame(cfg)
	// game n starts after game n-1 ends, so that times grow as games are
	// stored one after the other, as they grow in a running referee
	start := simStart.Add(time.Duration(n-1) * time.Duration(moves) * 7 * time.Hour)
	rec := &record.Game{ID: id, Status: record.Active, Players: [2]string{to[0].Key(), to[1].Key()}, Names: names,
		Config: cfg, Scoring: record.Scoring{}, Style: record.Street, Days: 3, Created: start}
	var out []*record.Reply
	var buf []tak.Move
	for turn := 1; turn <= moves && !g.Position().Over(); turn++ {
		before := g.Position()
		buf = before.LegalMoves(buf[:0])
		m := buf[rng.IntN(len(buf))]
		if err := g.Play(m); err != nil {
			panic(err)
		}
		after := g.Position()
		at := start.Add(time.Duration(turn) * 7 * time.Hour)
		cause := fmt.Sprintf("email:<CAF%016x@mail.gmail.com>", rng.Uint64())
		rec.Moves = append(rec.Moves, record.Move{PTN: notation.FormatPTN(m, before), At: at})
		rec.TurnStart, rec.Deadline, rec.Updated = at, at.Add(72*time.Hour), at
		rec.Wake = at.Add(48 * time.Hour) // the reminder
		mover := before.ToMove()
		for reader := range 2 {
			r := simulatedMoveReply(id, turn, names, to[reader], orient[reader], mover, m, before, after, cause, reader, at)
			r.Parts[1].Picture.Name = fmt.Sprintf("%s-t%d-%06x-%s.png", id, turn, rng.Uint32()&0xffffff, []string{"ptn", "mail"}[orient[reader]])
			out = append(out, r)
		}
	}
	if g.Position().Over() {
		rec.Status, rec.Wake, rec.Deadline = record.Over, time.Time{}, time.Time{}
	}
	return rec, out
}

// simulatedMoveReply is one player's reply to a move.
func simulatedMoveReply(id string, turn int, names [2]string, to record.Identity, o notation.Orientation,
	mover tak.Color, m tak.Move, before, after *tak.Position, cause string, reader int, at time.Time) *record.Reply {
	mail, ptn := notation.FormatMail(m, before.Size()), notation.FormatPTN(m, before)
	played := fmt.Sprintf("%s (mail %s)", ptn, mail)
	if o == notation.Mail {
		played = fmt.Sprintf("%s (PTN %s)", mail, ptn)
	}
	who := func(c tak.Color) string { return fmt.Sprintf("%s (%s)", names[c], c) }
	ws, wc := after.Reserves(tak.White)
	bs, bc := after.Reserves(tak.Black)
	flats := after.FlatCounts()
	next := after.ToMove()
	status := fmt.Sprintf("In hand: white %d stones %d caps, black %d stones %d caps. Flats on top: white %d, black %d (komi 0).\n"+
		"Turn %d (PTN move %d, %s): %s to move, by %s.", ws, wc, bs, bc, flats[0], flats[1],
		after.Ply()+1, after.MoveNumber(), next, who(next), at.Add(72*time.Hour).Format("2006-01-02 15:04 UTC"))
	actions := []record.Action{{Label: "Undo your move", Command: "undo", Game: id}, {Label: "Offer a draw", Command: "draw", Game: id}}
	if tak.Color(reader) == next {
		actions = []record.Action{{Label: "Offer a draw", Command: "draw", Game: id},
			{Label: "Resign", Command: "resign", Game: id, Confirm: "Resign game " + id + "?"},
			{Label: "Show the board", Command: "board", Game: id}}
	}
	return &record.Reply{
		ID: fmt.Sprintf("%s/%d", cause, reader+1), To: to, ToName: names[reader], Game: id,
		Subject: fmt.Sprintf("Tak game %s: %s vs %s", id, names[0], names[1]),
		Parts: []record.Part{
			{Kind: record.Prose, Text: fmt.Sprintf("%s turn %d: %s played %s.", id, turn, who(mover), played)},
			{Kind: record.Image, Caption: fmt.Sprintf("After turn %d", turn), Picture: &record.Picture{
				Config: after.Config(), TPS: notation.FormatTPS(after), BeforeTPS: notation.FormatTPS(before),
				Last: ptn, Players: names, Orientation: o}},
			{Kind: record.Block, Caption: "Sync board (north row first, stacks top first)",
				Text: strings.TrimRight(notation.FormatSyncBoard(after), "\n")},
			{Kind: record.Prose, Text: status},
			{Kind: record.Actions, Actions: actions},
		},
		Attention: tak.Color(reader) == next, Cause: cause, Created: at,
		Delivery: record.Delivery{Delivered: at.Add(3 * time.Second)},
	}
}
