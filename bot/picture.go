package bot

import (
	"fmt"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// markedPicture describes the board after the game's last move for a
// reader, in the reader's look, labelled with the turn as the text names
// it (the turn to play, or the last one played once the game is over),
// with squares marked (the squares where a player's board differs from
// the true one) and a caption saying why; nil marks mark nothing.
func (s *session) markedPicture(gs *gameState, readerKey string, marks []tak.Square, caption string) Picture {
	g, tg := gs.rec, gs.tg
	t := gs.texts()
	p := Picture{Config: g.Config, TPS: t.TPS, BeforeTPS: t.BeforeTPS, Last: t.LastPTN, Players: g.Names, Orientation: s.orient(readerKey)}
	ply := tg.Position().Ply()
	p.Turn = turnTitle(ply + 1)
	if g.Result != nil {
		r := *g.Result
		p.Result = &r
		if ply > 0 {
			p.Turn = turnTitle(ply)
		}
	}
	if len(marks) > 0 {
		p.Marks, p.Caption = marks, caption
	}
	s.dress(&p, readerKey)
	return present.NamedWith(p, g.ID, ply, &t.Digest)
}

// beforePicture describes the position before the move of turn turn,
// captioned as such.
func (s *session) beforePicture(gs *gameState, readerKey string, before *tak.Position, turn int) Picture {
	g := gs.rec
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(before), Players: g.Names, Orientation: s.orient(readerKey),
		Caption: fmt.Sprintf("Before turn %d: the position the disputed move was played from", turn),
		Turn:    turnTitle(turn)}
	s.dress(&p, readerKey)
	return present.Named(p, g.ID, before.Ply())
}

// PTN returns a stored game as a PTN file (used by export): see
// record.Game.PTNFile.
func PTN(g *GameRecord) (string, error) {
	tg, err := g.History()
	if err != nil {
		return "", err
	}
	return g.PTNFile(tg)
}
