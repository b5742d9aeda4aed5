package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// benchTransport is a transport that takes every reply.
type benchTransport struct{ name string }

func (t benchTransport) Info() TransportInfo              { return TransportInfo{Name: t.name} }
func (benchTransport) Send(context.Context, *Reply) error { return nil }

// benchMidgame returns an active 6x6 game of plies random moves between
// two players of one transport who read notation o, its history, and a
// move to play next that does not end it.
func benchMidgame(tb testing.TB, plies int, o notation.Orientation) (*GameRecord, *tak.Game, [2]*PlayerRecord, tak.Move) {
	tb.Helper()
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	g := &GameRecord{ID: "g42", Status: Active, Players: [2]string{"post:white", "post:black"}, Names: [2]string{"Wanda", "Bert"},
		Config: tak.DefaultConfig(6), Days: 3, Created: now, TurnStart: now, Deadline: now.Add(72 * time.Hour)}
	var ps [2]*PlayerRecord
	for c := range ps {
		id, _ := ParseIdentity(g.Players[c])
		ps[c] = &PlayerRecord{Key: g.Players[c], Identity: id, Name: g.Names[c], Notation: o, Created: now}
	}
	p, err := tak.NewPosition(g.Config)
	if err != nil {
		tb.Fatal(err)
	}
	var buf []tak.Move
	for i := 0; ; i++ {
		buf = p.LegalMoves(buf[:0])
		var next *tak.Position
		var m tak.Move
		for k := range buf {
			c := buf[(i*7919+k*31+13)%len(buf)]
			if q, err := p.Play(c); err == nil && !q.Over() {
				next, m = q, c
				break
			}
		}
		if next == nil {
			tb.Fatal("the game cannot go on")
		}
		if i == plies {
			tg, err := g.History()
			if err != nil {
				tb.Fatal(err)
			}
			return g, tg, ps, m
		}
		g.Moves = append(g.Moves, MoveRecord{PTN: m.String(), At: now})
		p = next
	}
}

// BenchmarkMoveReplies plays one move of a 6x6 midgame (turn 31) in a
// session and builds both players' replies as commit stores them: the
// move, both status replies (picture, text board, sync board, reserves,
// turn, actions) and the replies made of the drafts, from a private copy
// of the game as the cache hands it out.
func BenchmarkMoveReplies(b *testing.B) {
	for _, o := range []notation.Orientation{notation.Mail, notation.PTN} {
		b.Run(orientName(o), func(b *testing.B) {
			r := New(nil, nil, Options{})
			r.Register(benchTransport{name: "post"})
			rec, tg, ps, m := benchMidgame(b, 30, o)
			// As a committed session leaves it: its moves with the spare
			// capacity of their last append (shareMoves).
			rec.Moves = append(make(MoveList, 0, 48), rec.Moves...)
			r.cache.PutGame(rec, tg)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				msg := Message{ID: fmt.Sprint(i), From: ps[0].Identity}
				s := r.newSession(context.Background(), nil, msg, "r")
				s.sender = ps[0]
				s.players[ps[0].Key], s.players[ps[1].Key] = ps[0], ps[1]
				grec, gtg, _ := r.cache.SessionGame(rec.ID)
				gs := &gameState{rec: grec, tg: gtg}
				s.games[rec.ID] = gs
				before := gs.pos()
				if err := s.landMove(gs, tak.White, notation.ParsedMove{Move: m, Notation: o}, before.Ply()+1, before); err != nil {
					b.Fatal(err)
				}
				replies := s.replies("cause")
				if len(replies) != 2 {
					b.Fatalf("%d replies", len(replies))
				}
				for _, rp := range replies {
					_ = stored(rp)
				}
			}
		})
	}
}
