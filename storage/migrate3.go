package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
)

// The records of schema 2, as its JSON had them.
type (
	v2Game struct {
		ID         string
		Version    int
		Status     record.Status
		Players    [2]string
		Names      [2]string
		Challenger int
		Config     tak.Config
		Scoring    string
		Style      string
		Days       int
		Start      string
		Moves      []record.Move
		Result     *v2Result
		Proposal   *v2Proposal
		Disputes   []v2Dispute
		Sync       [2]*v2Sync
		Events     []string
		TurnStart  time.Time
		Deadline   time.Time
		Reminded   bool
		Vacation   [2]time.Time
		Created    time.Time
		Updated    time.Time
	}
	v2Result struct {
		Reason string
		Winner int // -1 for a draw
		Draw   bool
		PTN    string
		Text   string
		Score  int
	}
	v2Proposal struct {
		Kind  string
		By    int
		Ply   int // moves since the start that the proposal keeps
		Board string
		At    time.Time
	}
	v2Dispute struct {
		By     int
		Ply    int // the disputed move's number since the start, from 1
		Move   string
		Reason string
		Legal  bool
		Ruling string
		At     time.Time
	}
	v2Sync struct {
		Board string
		Match int // moves since the start after which the board matched, -1 if none
		At    time.Time
	}
	v2Player struct {
		Key           string
		Identity      record.Identity
		Name          string
		Notation      notation.Orientation
		NotationFixed bool
		Current       string
		CurrentFixed  bool
		Vacation      time.Time
		Created       time.Time
	}
	v2Reply struct {
		ID        string
		To        record.Identity
		ToName    string
		Thread    string
		Subject   string
		Text      string
		Pictures  []v2Picture
		Cause     string
		Created   time.Time
		Delivered time.Time
	}
	v2Picture struct {
		Name        string
		Config      tak.Config
		TPS         string
		BeforeTPS   string
		Last        string
		Players     [2]string
		Orientation notation.Orientation
		Result      v2Result
		Score       int
	}
)

// migrate2to3 converts every record to schema 3 and builds its indexes.
// Games and players are rewritten in place; processed records and replies
// move to new buckets in their binary forms; the v2 indexes are dropped.
func migrate2to3(tx *bolt.Tx) error {
	for _, name := range []string{"playergames", "active"} {
		if err := tx.DeleteBucket([]byte(name)); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return err
		}
	}
	if err := createBuckets(tx); err != nil {
		return err
	}
	t := &txn{tx: tx}
	steps := []struct {
		what string
		run  func(*txn) error
	}{
		{"games", migrateGames}, {"players", migratePlayers}, {"processed messages", migrateProcessed}, {"replies", migrateReplies},
	}
	for _, s := range steps {
		if err := s.run(t); err != nil {
			return fmt.Errorf("%s: %w", s.what, err)
		}
	}
	for _, name := range []string{"msgs", "replies", "pending"} {
		if err := tx.DeleteBucket([]byte(name)); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return err
		}
	}
	return nil
}

// rewriteEach decodes each value of b as a T and hands it to put, which
// writes its schema 3 form. It lists the keys first, so that put may
// write to b without a cursor open on it.
func rewriteEach[T any](b *bolt.Bucket, what string, put func(*T) error) error {
	var keys [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v != nil {
			keys = append(keys, append([]byte(nil), k...))
		}
		return nil
	})
	for _, k := range keys {
		if err != nil {
			break
		}
		var old T
		if err = json.Unmarshal(b.Get(k), &old); err == nil {
			err = put(&old)
		}
		if err != nil {
			err = fmt.Errorf("%s %s: %w", what, k, err)
		}
	}
	return err
}

func migrateGames(t *txn) error {
	return rewriteEach(t.tx.Bucket(bGames), "game", func(old *v2Game) error {
		g, err := convertGame(old)
		if err != nil {
			return err
		}
		return t.PutGame(g)
	})
}

// convertGame converts a schema 2 game. Numbers of moves since the start
// become turns, which count on from the start position's ply, and the
// game gets a Wake at the first time its clocks could act, so that the
// first tick looks at it and sets its true wake.
func convertGame(old *v2Game) (*record.Game, error) {
	ply, err := startPly(old.Start)
	if err != nil {
		return nil, err
	}
	g := &record.Game{ID: old.ID, Version: old.Version, Status: old.Status, Players: old.Players, Names: old.Names,
		Config: old.Config, Style: record.Style(old.Style), Days: old.Days, Start: old.Start, Moves: old.Moves,
		Events: old.Events, TurnStart: old.TurnStart, Deadline: old.Deadline, Reminded: old.Reminded,
		Vacation: old.Vacation, Created: old.Created, Updated: old.Updated}
	if g.Challenger, err = color(old.Challenger); err != nil {
		return nil, fmt.Errorf("challenger: %w", err)
	}
	if err := g.Scoring.UnmarshalText([]byte(old.Scoring)); err != nil {
		return nil, fmt.Errorf("scoring: %w", err)
	}
	if old.Result != nil {
		if g.Result, err = convertResult(*old.Result, 0); err != nil {
			return nil, err
		}
	}
	if p := old.Proposal; p != nil {
		g.Proposal = &record.Proposal{Kind: record.ProposalKind(p.Kind), Turn: p.Ply, Board: p.Board, At: p.At}
		switch g.Proposal.Kind {
		case record.ProposeUndo, record.ProposeTakeback, record.ProposeRevert:
			g.Proposal.Turn = ply + p.Ply
		}
		if g.Proposal.By, err = color(p.By); err != nil {
			return nil, fmt.Errorf("proposal: %w", err)
		}
	}
	for _, d := range old.Disputes {
		by, err := color(d.By)
		if err != nil {
			return nil, fmt.Errorf("dispute: %w", err)
		}
		g.Disputes = append(g.Disputes, record.Dispute{By: by, Turn: ply + d.Ply, Move: d.Move, Reason: d.Reason,
			Legal: d.Legal, Ruling: d.Ruling, At: d.At})
	}
	for i, s := range old.Sync {
		if s != nil {
			g.Sync[i] = &record.SyncBoard{Board: s.Board, Match: s.Match, At: s.At}
			if s.Match >= 0 {
				g.Sync[i].Match = ply + s.Match
			}
		}
	}
	g.Wake = firstWake(old)
	return g, nil
}

// firstWake is the first time the clocks of a schema 2 game could act:
// the earliest reminder of a running clock (its turn's start) or its
// deadline once reminded, and at once for a challenge (schema 3 lets
// challenges expire).
func firstWake(g *v2Game) time.Time {
	switch {
	case g.Status == record.Active && !g.Deadline.IsZero():
		if g.Reminded || g.TurnStart.IsZero() {
			return g.Deadline
		}
		return g.TurnStart
	case g.Status == record.Challenged:
		for _, t := range []time.Time{g.Created, g.Updated} {
			if !t.IsZero() {
				return t
			}
		}
		return time.Unix(0, 0).UTC()
	}
	return time.Time{}
}

// startPly returns the ply of a TPS start position ("" is the empty
// board, ply 0) from its side to move and move number.
func startPly(tps string) (int, error) {
	if tps == "" {
		return 0, nil
	}
	f := strings.Fields(tps)
	if len(f) != 3 {
		return 0, fmt.Errorf("start position %q is not TPS", tps)
	}
	player, err1 := strconv.Atoi(f[1])
	move, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || player < 1 || player > 2 || move < 1 {
		return 0, fmt.Errorf("start position %q has no side to move and move number", tps)
	}
	return 2*(move-1) + player - 1, nil
}

// color converts a schema 2 colour number.
func color(c int) (tak.Color, error) {
	if c != int(tak.White) && c != int(tak.Black) {
		return 0, fmt.Errorf("colour %d is neither white nor black", c)
	}
	return tak.Color(c), nil
}

// convertResult converts a schema 2 result; a draw had Winner -1. score
// is used when the result has none.
func convertResult(r v2Result, score int) (*record.Result, error) {
	out := &record.Result{Reason: record.EndReason(r.Reason), Draw: r.Draw, PTN: r.PTN, Text: r.Text, Score: r.Score}
	if out.Score == 0 {
		out.Score = score
	}
	if r.Winner == -1 {
		out.Draw = true
		return out, nil
	}
	var err error
	if out.Winner, err = color(r.Winner); err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	return out, nil
}

func migratePlayers(t *txn) error {
	return rewriteEach(t.tx.Bucket(bPlayers), "player", func(old *v2Player) error {
		p := &record.Player{Key: old.Key, Identity: old.Identity, Name: old.Name, Notation: old.Notation,
			NotationFixed: old.NotationFixed, Vacation: old.Vacation, Created: old.Created}
		if old.CurrentFixed {
			p.Chosen = old.Current // a game chosen with "game ID"; the last one started is no longer kept
		}
		return t.PutPlayer(p)
	})
}

func migrateProcessed(t *txn) error {
	msgs := t.tx.Bucket([]byte("msgs"))
	if msgs == nil {
		return nil
	}
	return msgs.ForEach(func(k, v []byte) error {
		var r record.Processed
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("message %s: %w", k, err)
		}
		r.ID = string(k)
		// schema 3's layout: keyed by the bare id (migrate3to4 tags it)
		if err := t.tx.Bucket(bProcessed).Put([]byte(r.ID), encodeProcessed(&r)); err != nil {
			return err
		}
		return t.tx.Bucket(bProcTimes).Put(processedTimeKey(r.At, r.ID), nil)
	})
}

func migrateReplies(t *txn) error {
	old := t.tx.Bucket([]byte("replies"))
	if old == nil {
		return nil
	}
	log, err := t.bucket(bLog)
	if err != nil {
		return err
	}
	if err := log.SetSequence(old.Sequence()); err != nil {
		return err
	}
	return old.ForEach(func(k, v []byte) error {
		seq, ok := keySeq(k)
		if !ok {
			return fmt.Errorf("reply key %x is not a sequence number", k)
		}
		var o v2Reply
		if err := json.Unmarshal(v, &o); err != nil {
			return fmt.Errorf("reply %d: %w", seq, err)
		}
		r, err := convertReply(&o)
		if err != nil {
			return fmt.Errorf("reply %d: %w", seq, err)
		}
		raw, err := encodeReply(r)
		if err != nil {
			return fmt.Errorf("reply %d: %w", seq, err)
		}
		if err := log.Put(seqKey(seq), raw); err != nil {
			return err
		}
		h := headerOf(r)
		return t.indexReply(seq, &h, true)
	})
}

// convertReply converts a schema 2 reply: its text becomes a prose part,
// each picture an image part; its thread is its game.
func convertReply(o *v2Reply) (*record.Reply, error) {
	r := &record.Reply{ID: o.ID, To: o.To, ToName: o.ToName, Game: o.Thread, Subject: o.Subject, Cause: o.Cause,
		Created: o.Created, Delivery: record.Delivery{Delivered: o.Delivered}}
	if o.Text != "" {
		r.Parts = append(r.Parts, record.Part{Kind: record.Prose, Text: o.Text})
	}
	for _, p := range o.Pictures {
		pic := &record.Picture{Name: p.Name, Config: p.Config, TPS: p.TPS, BeforeTPS: p.BeforeTPS, Last: p.Last,
			Players: p.Players, Orientation: p.Orientation}
		if p.Result.Reason != "" || p.Result.PTN != "" {
			res, err := convertResult(p.Result, p.Score)
			if err != nil {
				return nil, fmt.Errorf("picture %s: %w", p.Name, err)
			}
			pic.Result = res
		}
		r.Parts = append(r.Parts, record.Part{Kind: record.Image, Picture: pic})
	}
	return r, nil
}
