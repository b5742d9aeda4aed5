package storage_test

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/storage"
	"github.com/takbymail/takbot/tak"
)

// The records of a schema 2 file, in the JSON that version wrote.
const (
	v2GameActive = `{"ID":"g1","Version":4,"Status":"active","Players":["email:ann@example.org","console:bob"],` +
		`"Names":["Ann","bob"],"Challenger":1,"Config":{"Size":5,"Stones":[21,21],"Caps":[1,1],"Komi":0,"Opening":0,"Rules":0},` +
		`"Scoring":"downings+tenboard","Style":"courtly","Days":3,"Moves":["a1@1795248000","e5'@1795251600","c3@1795255200"],` +
		`"Proposal":{"Kind":"undo","By":1,"Ply":2,"At":"2026-11-21T10:00:00Z"},` +
		`"Disputes":[{"By":0,"Ply":3,"Move":"c3","Reason":"typo","Legal":true,"Ruling":"the move is legal","At":"2026-11-21T10:00:00Z"}],` +
		`"Sync":[{"Board":"0 0\n0 0","Match":2,"At":"2026-11-21T10:00:00Z"},null],` +
		`"TurnStart":"2026-11-21T09:00:00Z","Deadline":"2026-11-24T09:00:00Z","Reminded":false,` +
		`"Vacation":["0001-01-01T00:00:00Z","0001-01-01T00:00:00Z"],"Created":"2026-11-20T09:00:00Z","Updated":"2026-11-21T09:00:00Z"}`
	v2GameAdopted = `{"ID":"g2","Version":9,"Status":"over","Players":["console:bob","email:ann@example.org"],` +
		`"Names":["bob","Ann"],"Challenger":0,"Config":{"Size":5,"Stones":[21,21],"Caps":[1,1],"Komi":4,"Opening":0,"Rules":0},` +
		`"Scoring":"","Style":"street","Days":7,"Start":"x5/x5/x2,1,x2/x5/x5 2 7","Moves":["b2@1795248000"],` +
		`"Result":{"Reason":"agreement","Winner":-1,"Draw":true,"PTN":"1/2-1/2","Text":"draw by agreement"},` +
		`"Proposal":{"Kind":"revert","By":0,"Ply":1,"At":"2026-11-21T10:00:00Z"},` +
		`"Disputes":[{"By":1,"Ply":2,"Move":"a1","Reason":"","Legal":false,"Ruling":"illegal","At":"2026-11-21T10:00:00Z"}],` +
		`"Sync":[{"Board":"0","Match":0,"At":"2026-11-21T10:00:00Z"},{"Board":"S","Match":-1,"At":"2026-11-21T10:00:00Z"}],` +
		`"Events":["adopted"],"TurnStart":"0001-01-01T00:00:00Z","Deadline":"0001-01-01T00:00:00Z","Reminded":false,` +
		`"Vacation":["0001-01-01T00:00:00Z","0001-01-01T00:00:00Z"],"Created":"2026-11-20T09:00:00Z","Updated":"2026-11-21T09:00:00Z"}`
	v2GameChallenge = `{"ID":"g3","Status":"challenge","Players":["email:ann@example.org","email:cy@example.org"],"Challenger":0,` +
		`"Config":{"Size":6,"Stones":[30,30],"Caps":[1,1]},"Scoring":"standard","Style":"street","Days":3,"Moves":null,` +
		`"Created":"2026-11-19T09:00:00Z","Updated":"2026-11-19T09:00:00Z"}`
	v2GameReminded = `{"ID":"g10","Status":"active","Players":["console:bob","email:cy@example.org"],"Challenger":1,` +
		`"Config":{"Size":6,"Stones":[30,30],"Caps":[1,1]},"Scoring":"standard","Style":"street","Days":3,"Moves":[],` +
		`"TurnStart":"2026-11-20T09:00:00Z","Deadline":"2026-11-23T09:00:00Z","Reminded":true,"Created":"2026-11-19T09:00:00Z"}`
	v2GameWon = `{"ID":"g4","Status":"over","Players":["email:cy@example.org","console:bob"],"Challenger":0,` +
		`"Config":{"Size":6,"Stones":[30,30],"Caps":[1,1]},"Scoring":"standard","Style":"street","Days":3,"Moves":[],` +
		`"Result":{"Reason":"resignation","Winner":1,"PTN":"0-1","Text":"black wins by resignation","Score":0}}`

	v2PlayerAnn = `{"Key":"email:ann@example.org","Identity":{"Transport":"email","Address":"ann@example.org"},"Name":"Ann",` +
		`"Notation":1,"NotationFixed":true,"Current":"g1","CurrentFixed":true,"Vacation":"0001-01-01T00:00:00Z","Created":"2026-11-20T09:00:00Z"}`
	v2PlayerBob = `{"Key":"console:bob","Identity":{"Transport":"console","Address":"bob"},"Name":"bob",` +
		`"Notation":0,"NotationFixed":false,"Current":"g2","Vacation":"0001-01-01T00:00:00Z","Created":"2026-11-20T09:00:00Z"}`

	v2Processed = `{"ID":"email:<m1@x>","At":"2026-11-21T09:00:00Z","Replies":["email:<m1@x>/1","email:<m1@x>/2"]}`

	v2ReplyDelivered = `{"ID":"email:<m1@x>/1","Seq":1,"To":{"Transport":"email","Address":"ann@example.org"},"ToName":"Ann",` +
		`"Thread":"g1","Subject":"Tak game g1: Ann vs bob","Text":"g1 turn 3: Ann (white) played c3.\nTurn 4: bob to move.",` +
		`"Pictures":[{"Name":"g1-move3-mail.png","Config":{"Size":5,"Stones":[21,21],"Caps":[1,1],"Komi":0,"Opening":0,"Rules":0},` +
		`"TPS":"2,x4/x5/x2,1,x2/x5/x4,1 2 2","BeforeTPS":"2,x4/x5/x5/x5/x4,1 1 2","Last":"c3","Players":["Ann","bob"],"Orientation":1,` +
		`"Result":{"Reason":"","Winner":0,"PTN":"","Text":""},"Score":0}],"Images":null,"Cause":"email:<m1@x>",` +
		`"Created":"2026-11-21T09:00:00Z","Delivered":"2026-11-21T09:00:05Z"}`
	v2ReplyOver = `{"ID":"email:<m1@x>/2","Seq":2,"To":{"Transport":"console","Address":"bob"},"ToName":"bob",` +
		`"Thread":"g2","Subject":"","Text":"Game over: draw.","Pictures":[{"Name":"g2-move14-ptn.png",` +
		`"Config":{"Size":5,"Stones":[21,21],"Caps":[1,1],"Komi":4,"Opening":0,"Rules":0},"TPS":"x5/x5/x2,1,x2/x5/x5 1 8",` +
		`"BeforeTPS":"","Last":"","Players":["bob","Ann"],"Orientation":0,` +
		`"Result":{"Reason":"agreement","Winner":-1,"Draw":true,"PTN":"1/2-1/2","Text":"draw by agreement"},"Score":0}],` +
		`"Images":null,"Cause":"email:<m1@x>","Created":"2026-11-21T09:00:00Z","Delivered":"0001-01-01T00:00:00Z"}`
	v2ReplyBob = `{"ID":"clock:g1:remind:1795510800/1","Seq":3,"To":{"Transport":"console","Address":"bob"},"ToName":"bob",` +
		`"Thread":"g1","Subject":"","Text":"Reminder.","Pictures":null,"Images":null,"Cause":"clock:g1:remind:1795510800",` +
		`"Created":"2026-11-22T09:00:00Z","Delivered":"0001-01-01T00:00:00Z"}`
	v2ReplyAnn = `{"ID":"console:7/1","Seq":4,"To":{"Transport":"email","Address":"ann@example.org"},"ToName":"Ann",` +
		`"Thread":"","Subject":"","Text":"","Pictures":null,"Images":null,"Cause":"console:7",` +
		`"Created":"2026-11-20T09:00:00Z","Delivered":"0001-01-01T00:00:00Z"}`
)

// writeV2 writes a file as schema 2 left it: records, their indexes and
// the outbox.
func writeV2(t *testing.T, path string) {
	seq := func(n uint64) string { return string(binary.BigEndian.AppendUint64(nil, n)) }
	writeRaw(t, path, func(tx *bolt.Tx) error {
		err := errors.Join(
			putAll(tx, "meta", "version", "2"),
			putAll(tx, "games", "g1", v2GameActive, "g2", v2GameAdopted, "g3", v2GameChallenge, "g10", v2GameReminded, "g4", v2GameWon),
			putAll(tx, "playergames", "email:ann@example.org\x00g1", "", "console:bob\x00g1", ""),
			putAll(tx, "active", "g1", "", "g10", ""),
			putAll(tx, "players", "email:ann@example.org", v2PlayerAnn, "console:bob", v2PlayerBob),
			putAll(tx, "msgs", "email:<m1@x>", v2Processed),
			putAll(tx, "replies", seq(1), v2ReplyDelivered, seq(2), v2ReplyOver, seq(3), v2ReplyBob, seq(4), v2ReplyAnn),
			putAll(tx, "replyids", "email:<m1@x>/1", seq(1), "email:<m1@x>/2", seq(2),
				"clock:g1:remind:1795510800/1", seq(3), "console:7/1", seq(4)),
			tx.Bucket([]byte("games")).SetSequence(10),
			tx.Bucket([]byte("replies")).SetSequence(4),
		)
		if err != nil {
			return err
		}
		pending, err := tx.CreateBucket([]byte("pending"))
		if err != nil {
			return err
		}
		return errors.Join(putAll2(pending, "console", seq(2), "", seq(3), ""), putAll2(pending, "email", seq(4), ""))
	})
}

// putAll2 is putAll for a nested bucket.
func putAll2(parent *bolt.Bucket, name string, kv ...string) error {
	b, err := parent.CreateBucket([]byte(name))
	for i := 0; err == nil && i+1 < len(kv); i += 2 {
		err = b.Put([]byte(kv[i]), []byte(kv[i+1]))
	}
	return err
}

func TestMigrateFromVersion2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	writeV2(t, path)
	db := open(t, path)
	if v, err := db.SchemaVersion(); v != storage.Version || err != nil {
		t.Fatalf("version after migration %d, %v; want %d", v, err, storage.Version)
	}
	at := func(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }
	cfg5 := tak.DefaultConfig(5)
	wantG1 := &record.Game{ID: "g1", Version: 4, Status: record.Active, Players: [2]string{"email:ann@example.org", "console:bob"},
		Names: [2]string{"Ann", "bob"}, Challenger: tak.Black, Config: cfg5,
		Scoring: record.Scoring{Rules: tak.Downings | tak.TenForBoard}, Style: record.Courtly, Days: 3,
		Moves: []record.Move{{PTN: "a1", At: time.Unix(1795248000, 0).UTC()}, {PTN: "e5", Tak: true, At: time.Unix(1795251600, 0).UTC()},
			{PTN: "c3", At: time.Unix(1795255200, 0).UTC()}},
		Proposal:  &record.Proposal{Kind: record.ProposeUndo, By: tak.Black, Turn: 2, At: at(21, 10)},
		Disputes:  []record.Dispute{{By: tak.White, Turn: 3, Move: "c3", Reason: "typo", Legal: true, Ruling: "the move is legal", At: at(21, 10)}},
		Sync:      [2]*record.SyncBoard{{Board: "0 0\n0 0", Match: 2, At: at(21, 10)}, nil},
		TurnStart: at(21, 9), Deadline: at(24, 9), Wake: at(21, 9), Created: at(20, 9), Updated: at(21, 9)}
	cfg5.Komi = 4
	// the start position has black to move at move 7: ply 13, so the
	// numbers of moves since the start become turns 13 further on
	wantG2 := &record.Game{ID: "g2", Version: 9, Status: record.Over, Players: [2]string{"console:bob", "email:ann@example.org"},
		Names: [2]string{"bob", "Ann"}, Challenger: tak.White, Config: cfg5, Style: record.Street, Days: 7,
		Start: "x5/x5/x2,1,x2/x5/x5 2 7", Moves: []record.Move{{PTN: "b2", At: time.Unix(1795248000, 0).UTC()}},
		Result:   &record.Result{Reason: record.EndAgreement, Draw: true, PTN: "1/2-1/2", Text: "draw by agreement"},
		Proposal: &record.Proposal{Kind: record.ProposeRevert, By: tak.White, Turn: 14, At: at(21, 10)},
		Disputes: []record.Dispute{{By: tak.Black, Turn: 15, Move: "a1", Ruling: "illegal", At: at(21, 10)}},
		Sync:     [2]*record.SyncBoard{{Board: "0", Match: 13, At: at(21, 10)}, {Board: "S", Match: -1, At: at(21, 10)}},
		Events:   []string{"adopted"}, Created: at(20, 9), Updated: at(21, 9)}
	picture := &record.Picture{Name: "g1-move3-mail.png", Config: tak.DefaultConfig(5), TPS: "2,x4/x5/x2,1,x2/x5/x4,1 2 2",
		BeforeTPS: "2,x4/x5/x5/x5/x4,1 1 2", Last: "c3", Players: [2]string{"Ann", "bob"}, Orientation: notation.Mail}
	wantR1 := &record.Reply{ID: "email:<m1@x>/1", Seq: 1, To: record.Identity{Transport: "email", Address: "ann@example.org"}, ToName: "Ann",
		Game: "g1", Subject: "Tak game g1: Ann vs bob",
		Parts: []record.Part{{Kind: record.Prose, Text: "g1 turn 3: Ann (white) played c3.\nTurn 4: bob to move."}, {Kind: record.Image, Picture: picture}},
		Cause: "email:<m1@x>", Created: at(21, 9), Delivery: record.Delivery{Delivered: time.Date(2026, 11, 21, 9, 0, 5, 0, time.UTC)}}
	view := func(fn func(tx record.Tx) error) {
		t.Helper()
		if err := db.View(t.Context(), fn); err != nil {
			t.Fatal(err)
		}
	}
	view(func(tx record.Tx) error {
		for _, want := range []*record.Game{wantG1, wantG2} {
			if got, err := tx.Game(want.ID); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("Game(%s) =\n%+v, %v; want\n%+v", want.ID, got, err, want)
			}
		}
		if g, err := tx.Game("g4"); err != nil || g.Result.Winner != tak.Black || g.Result.Draw {
			t.Errorf("g4's result: %+v, %v; want black's win", g, err)
		}
		if got, err := tx.Reply(wantR1.ID); err != nil || !reflect.DeepEqual(got, wantR1) {
			t.Errorf("Reply =\n%+v, %v; want\n%+v", got, err, wantR1)
		}
		r2, err := tx.Reply("email:<m1@x>/2")
		if err != nil || len(r2.Parts) != 2 || r2.Parts[1].Picture.Result == nil || !r2.Parts[1].Picture.Result.Draw || r2.Game != "g2" {
			t.Errorf("the reply with a drawn picture = %+v, %v", r2, err)
		}
		if r4, err := tx.Reply("console:7/1"); err != nil || r4.Parts != nil {
			t.Errorf("the reply without text = %+v, %v; want no parts", r4, err)
		}
		return nil
	})
	checkV3Indexes(t, db)
	// the counters go on
	var seq uint64
	var id string
	err := db.Update(t.Context(), func(tx record.Tx) error {
		r := &record.Reply{ID: "new", To: record.Identity{Transport: "console", Address: "bob"}}
		err := tx.Enqueue(r)
		seq = r.Seq
		if err == nil {
			id, err = tx.NewGameID()
		}
		return err
	})
	if err != nil || seq != 5 || id != "g11" {
		t.Errorf("after migration Enqueue set Seq %d and NewGameID gave %s (%v); want 5 and g11", seq, id, err)
	}
	err = db.Bolt().View(func(tx *bolt.Tx) error {
		for _, name := range []string{"active", "pending", "msgs", "replies", "outbox", "heads", "replyids"} {
			if tx.Bucket([]byte(name)) != nil {
				t.Errorf("the schema 2 or 3 bucket %s is left", name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkV3Indexes checks the indexes the migration built from writeV2's file.
func checkV3Indexes(t *testing.T, db *storage.DB) {
	t.Helper()
	at := func(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }
	err := db.View(t.Context(), func(tx record.Tx) error {
		if ids, err := tx.GamesOf("console:bob"); err != nil || !slices.Equal(ids, []string{"g1", "g2", "g4", "g10"}) {
			t.Errorf("GamesOf(bob) = %v, %v", ids, err)
		}
		// the challenge at once, the running clock at its turn's start, the
		// reminded one at its deadline
		if ids, err := tx.DueGames(at(30, 0), 0); err != nil || !slices.Equal(ids, []string{"g3", "g1", "g10"}) {
			t.Errorf("DueGames = %v, %v; want [g3 g1 g10]", ids, err)
		}
		if ids, err := tx.DueGames(at(21, 8), 0); err != nil || !slices.Equal(ids, []string{"g3"}) {
			t.Errorf("DueGames before the turn's start = %v, %v; want [g3]", ids, err)
		}
		want := map[record.Status]int{record.Active: 2, record.Over: 2, record.Challenged: 1}
		if n, err := tx.CountGames(); err != nil || !reflect.DeepEqual(n, want) {
			t.Errorf("CountGames = %v, %v; want %v", n, err, want)
		}
		if keys, err := tx.PlayersNamed("ANN"); err != nil || !slices.Equal(keys, []string{"email:ann@example.org"}) {
			t.Errorf("PlayersNamed(ANN) = %v, %v", keys, err)
		}
		if p, err := tx.Player("email:ann@example.org"); err != nil || p.Chosen != "g1" || p.Notation != notation.Mail {
			t.Errorf("ann = %+v, %v; want g1 chosen, mail notation", p, err)
		}
		if p, err := tx.Player("console:bob"); err != nil || p.Chosen != "" {
			t.Errorf("bob = %+v, %v; want no game chosen (his was the last started)", p, err)
		}
		if r, err := tx.Processed("email:<m1@x>"); err != nil || !r.At.Equal(at(21, 9)) || len(r.Replies) != 2 {
			t.Errorf("Processed = %+v, %v", r, err)
		}
		heads := func(transport string) (ids []string) {
			rs, err := tx.PendingHeads(transport, 0)
			for _, r := range rs {
				ids = append(ids, r.ID)
			}
			if err != nil {
				t.Error(err)
			}
			return ids
		}
		if got := heads("console"); !slices.Equal(got, []string{"email:<m1@x>/2"}) {
			t.Errorf("PendingHeads(console) = %v", got)
		}
		if got := heads("email"); !slices.Equal(got, []string{"console:7/1"}) {
			t.Errorf("PendingHeads(email) = %v", got)
		}
		if n, oldest, err := tx.OutboxStats(); err != nil || n != 3 || !oldest.Equal(at(20, 9)) {
			t.Errorf("OutboxStats = %d, %v, %v; want 3, %v", n, oldest, err, at(20, 9))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Prune finds the processed record and the delivered reply by time
	var removed int
	err = db.Update(t.Context(), func(tx record.Tx) error {
		var err error
		removed, err = tx.Prune(at(30, 0), 0)
		return err
	})
	if err != nil || removed != 2 {
		t.Errorf("Prune = %d, %v; want 2 (the processed record and the delivered reply)", removed, err)
	}
}
