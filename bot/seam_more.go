package bot

import (
	"encoding/json"
	"strings"

	"github.com/takbymail/takbot/bot/analysis"
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// The seam of bot/gameinfo, bot/syncboard and bot/analysis (their Turn
// interfaces): each method forwards to the session (the analysis' two
// read and write the session's drafts).

// History is a loaded game's history.
func (s *session) History(id string) *tak.Game { return s.games[id].tg }

// Status adds what the player to sees of loaded game g (status).
func (s *session) Status(g *record.Game, to string, withPicture bool) {
	s.status(s.games[g.ID], to, withPicture)
}

// StatusMarked is Status with squares of the picture marked, and why.
func (s *session) StatusMarked(g *record.Game, to string, withPicture bool, marks []tak.Square, caption string) {
	s.statusMarked(s.games[g.ID], to, withPicture, marks, caption)
}

// TargetAnalyse is the game "analyse" is about (target).
func (s *session) TargetAnalyse(c *command.Command) (*record.Game, error) {
	return recOf(s.target(c, pick.Analyse))
}

// Analysing reports whether the referee has an engine to analyse with.
func (s *session) Analysing() bool { return s.r.analysing() }

// AnalysedHere reports whether this message already asked for the
// analysis of game's position after turn: it is analysed once.
func (s *session) AnalysedHere(game string, turn int) bool {
	for _, d := range s.drafts {
		if d.to != s.sender.Key {
			continue
		}
		for _, p := range d.parts {
			var req AnalysisRequest
			if p.Kind == Analysis && json.Unmarshal([]byte(p.Text), &req) == nil && req.Kind == AnalyseLine && req.Game == game && req.Turn == turn {
				return true
			}
		}
	}
	return false
}

// RequestAnalysis asks, in the reply to the sender, for the analysis of
// game g (as PTN) after turn, in the sender's look.
func (s *session) RequestAnalysis(g *record.Game, ptn string, turn int) {
	req := AnalysisRequest{Kind: AnalyseLine, Game: g.ID, PTN: ptn, Turn: turn, Base: strings.TrimSuffix(present.FileName(g), ".ptn"),
		Orientation: s.orient(s.sender.Key)}
	if p, err := s.player(s.sender.Key); err == nil {
		req.Theme, req.Width = s.r.themeOf(p), p.Width
	}
	d := s.tell(s.sender.Key, g.ID)
	d.parts = append(d.parts, analysis.Part(req))
}

// Reader describes the player key as a reader of game g, nil for none.
func (s *session) Reader(g *record.Game, key string) words.Reader { return s.reader(g, key) }
