package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/event"
	"github.com/takbymail/takbot/record"
)

// EventSource is what the event pages need of a Source beyond Source
// itself; the referee has it. A Source without it has no event pages.
type EventSource interface {
	// Tourney returns an event by its key, or an error wrapping
	// bot.ErrNotFound.
	Tourney(ctx context.Context, key string) (*record.Tourney, error)
}

// eventPage is the data of an event's page: its standings, crosstable
// and rounds (issue 29).
type eventPage struct {
	Title          string
	Name           string
	Format, Status string
	Round, Rounds  int
	Players        int
	Settings       string
	// Start is when an open event starts by itself, in UTC ("" for none).
	Start      string
	TieBreaks  []string
	Rows       []eventRow
	Crosstable string
	// Played are the rounds begun, with the entrants' public names.
	Played []record.TourneyRound
}

type eventRow struct {
	Rank      int
	Name      string
	Points    string
	TieBreaks []string
	Withdrawn bool
}

// event serves /e/NAME: a public event's standings, crosstable and
// rounds, live as its games end. A private event is not found.
func (s *Server) event(w http.ResponseWriter, r *http.Request) {
	src, ok := s.src.(EventSource)
	if !ok {
		s.notFound(w, r)
		return
	}
	tr, err := src.Tourney(r.Context(), record.TourneyKey(r.PathValue("name")))
	if errors.Is(err, bot.ErrNotFound) || err == nil && tr.Private {
		s.notFound(w, r)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := event.StandingsOf(tr, publicName)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := eventPage{Title: "Event " + tr.Name, Name: tr.Name, Format: st.Format, Status: st.Status, Round: st.Round, Rounds: st.Rounds,
		Players: len(tr.Entrants), TieBreaks: st.TieBreaks, Crosstable: st.Crosstable}
	if !tr.Start.IsZero() && tr.Status == record.TourneyOpen {
		p.Start = tr.Start.UTC().Format("2006-01-02 15:04 UTC")
	}
	for _, o := range tr.Options {
		if p.Settings != "" {
			p.Settings += " "
		}
		p.Settings += o
	}
	for _, row := range st.Rows {
		er := eventRow{Rank: row.Rank, Name: row.Name, Points: num(row.Points), Withdrawn: row.Withdrawn}
		for _, t := range row.TieBreaks {
			er.TieBreaks = append(er.TieBreaks, num(t))
		}
		p.Rows = append(p.Rows, er)
	}
	names := map[string]string{}
	for _, e := range tr.Entrants {
		names[e.Key] = publicName(e.Name)
	}
	for _, rd := range tr.Schedule[:min(tr.Round, len(tr.Schedule))] {
		shown := record.TourneyRound{Number: rd.Number}
		for _, b := range rd.Boards {
			shown.Boards = append(shown.Boards, record.Board{White: names[b.White], Black: names[b.Black], Game: b.Game, Result: b.Result})
		}
		p.Played = append(p.Played, shown)
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "event", p)
}

// num writes a score: "2", "1.5".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
