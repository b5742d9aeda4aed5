package bot

import (
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/syncboard"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/render"
	"github.com/takbymail/takbot/tak"
)

// "rs" is package bot/syncboard's (syncboard.RS). Here, what the referee
// draws of an adopt proposal's board.

// proposedBoard shows reader k the board that an adopt proposal by colour
// by would make the position: its picture, its sync board, and the
// squares where it differs from the position now (syncboard.Proposed).
func (s *session) proposedBoard(gs *gameState, k string, by tak.Color, pos *tak.Position) {
	g := gs.rec
	o, d := s.orient(k), s.event(k, g.ID)
	bp := syncboard.Proposed(g, gs.pos(), pos, by, k)
	d.line(bp.Title() + ":")
	p := Picture{Config: g.Config, TPS: notation.FormatTPS(pos), Players: g.Names, Orientation: o, Caption: bp.Caption()}
	if len(bp.Squares) > 0 {
		p.Marks = bp.Squares
	}
	s.dress(&p, k)
	d.image(present.Named(p, g.ID, pos.Ply()))
	if s.textBoard(k) {
		d.fallback(present.BoardCaption(o), render.Grid(pos, o, render.Figure))
	}
	d.block(present.SyncCaption, notation.FormatSyncBoard(pos))
	d.line(bp.Words(s.reader(g, k)))
}
