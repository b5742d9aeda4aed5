package web

import (
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/takbymail/takbot/bot/standing"
	"github.com/takbymail/takbot/record"
)

// listLimit is the most games a list shows.
const listLimit = 100

// homePage is the data of the front page.
type homePage struct {
	Title              string
	Size               int
	Player             string
	Sizes              []int
	Active, Finished   []listRow
	NActive, NFinished int
	Loading            bool
}

// listFilter reads ?size=N&player=NAME, or answers 400.
func (s *Server) listFilter(w http.ResponseWriter, r *http.Request) (filter, bool) {
	q := r.URL.Query()
	var f filter
	if v := q.Get("size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 3 || n > 8 {
			s.badRequest(w, r, "The size must be a board size from 3 to 8, such as ?size=6.")
			return f, false
		}
		f.Size = n
	}
	p := strings.TrimSpace(q.Get("player"))
	if utf8.RuneCountInString(p) > 40 || !utf8.ValidString(p) {
		s.badRequest(w, r, "A player's name has at most 40 characters.")
		return f, false
	}
	f.Player = strings.ToLower(p)
	return f, true
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	f, ok := s.listFilter(w, r)
	if !ok {
		return
	}
	p := homePage{Title: "Tak games", Size: f.Size, Player: strings.TrimSpace(r.URL.Query().Get("player")),
		Sizes: []int{3, 4, 5, 6, 7, 8}, Loading: !s.ready()}
	active, finished, nActive, nFinished := s.idx.lists(f, listLimit)
	now := s.opts.Now()
	p.Active, p.Finished, p.NActive, p.NFinished = rows(active, now), rows(finished, now), nActive, nFinished
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "home", p)
}

// playerURL is a player's page.
func playerURL(name string) string { return "/p/" + url.PathEscape(name) }

// playerLink is a player's name linked to their page; a name hidden for
// privacy has no page, so it is not linked.
func playerLink(name string) template.HTML {
	if name == hiddenName {
		return template.HTML(template.HTMLEscapeString(name))
	}
	return template.HTML(`<a href="` + template.HTMLEscapeString(playerURL(name)) + `">` + template.HTMLEscapeString(name) + `</a>`)
}

// playerPage is the data of a player's page.
type playerPage struct {
	Title   string
	Players []playerBlock
}

// playerBlock is one player of the name (two transports may hold the same name).
type playerBlock struct {
	Name                       string
	Rated                      bool
	Pools                      []poolRow // every pool the player is rated in
	Wins, Losses, Draws, Games int
	Active, Finished           []listRow
	Graph                      *ratingGraph // nil before two rated games
}

// poolRow is a player's rating in one pool.
type poolRow struct {
	Pool              string // "5x5", "3x3 and 4x4"
	Rating, Deviation int
	Games             int
	Provisional       bool
}

// maxPlayerGames bounds the games a player's page reads.
const maxPlayerGames = 200

func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSpace(r.PathValue("name"))
	if name == "" || utf8.RuneCountInString(name) > 40 || !utf8.ValidString(name) || publicName(name) != name {
		s.notFound(w, r)
		return
	}
	players, games, err := s.src.PlayersNamed(r.Context(), name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := playerPage{Title: name}
	for i, pl := range players {
		st, err := s.src.PlayerStats(r.Context(), pl.Key)
		if errors.Is(err, record.ErrNotFound) {
			continue // no public game: no page, as for a name nobody has
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		b := playerBlock{Name: st.Name, Rated: st.Rated}
		for _, pool := range standing.Pools() {
			if e, ok := st.Ratings[pool]; ok {
				b.Pools = append(b.Pools, poolRow{Pool: standing.PoolTitle(pool), Rating: int(math.Round(e.Rating)),
					Deviation: int(math.Round(e.Deviation)), Games: e.Games, Provisional: e.Provisional()})
			}
		}
		var history []ratingPoint
		var active, finished []summary
		b.Wins, b.Losses, b.Draws, b.Games = st.Wins, st.Losses, st.Draws, st.Games
		ids := games[i]
		if len(ids) > maxPlayerGames {
			ids = ids[len(ids)-maxPlayerGames:]
		}
		for _, id := range slices.Backward(ids) {
			g, _, err := s.src.GameView(r.Context(), id)
			if err != nil {
				continue // a damaged game is set aside by the referee
			}
			if sm, ok := summarize(g); ok {
				if sm.Active {
					active = append(active, sm)
				} else {
					finished = append(finished, sm)
				}
				if c, ok := g.ColorOf(pl.Key); ok && g.Rating != nil {
					if _, shown := st.Ratings[g.Rating.Pool]; shown {
						history = append(history, ratingPoint{Pool: g.Rating.Pool, At: g.Updated, Rating: g.Rating.After[c].Rating})
					}
				}
			}
		}
		now := s.opts.Now()
		b.Active, b.Finished = rows(active, now), rows(finished, now)
		b.Graph = graphOf(history)
		page.Players = append(page.Players, b)
	}
	if len(page.Players) == 0 {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "player", page)
}

// leaderboardPage is the data of the leaderboard.
type leaderboardPage struct {
	Title string
	Size  int
	Sizes []int
	Rows  []standingRow
}

type standingRow struct {
	Rank              int
	Name              string
	Rating, Deviation int
	Games             int
	Provisional       bool // too uncertain to rank for sure (standing.Entry.Provisional)
}

func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) {
	size := 5
	if v := r.URL.Query().Get("size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 3 || n > 8 {
			s.badRequest(w, r, "The size must be a board size from 3 to 8, such as ?size=6.")
			return
		}
		size = n
	}
	st, err := s.src.Leaderboard(r.Context(), size, listLimit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := leaderboardPage{Title: fmt.Sprintf("Leaderboard, %dx%d", size, size), Size: size, Sizes: []int{3, 4, 5, 6, 7, 8}}
	for i, x := range st {
		p.Rows = append(p.Rows, standingRow{Rank: i + 1, Name: publicName(x.Name), Rating: int(math.Round(x.Rating)),
			Deviation: int(math.Round(x.Deviation)), Games: x.Games, Provisional: standing.Entry{Deviation: x.Deviation}.Provisional()})
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "leaderboard", p)
}

// listRow is a game as a list shows it: its summary with the time left
// and the last move's date written out.
type listRow struct {
	summary
	Left     string // "2 days 4 h left", "" without a clock
	LastDate string // "2026-11-21", "" before the first move
	LastISO  string // the last move's time, for <time datetime>
}

// rows writes out the summaries of a list as of now.
func rows(l []summary, now time.Time) []listRow {
	out := make([]listRow, 0, len(l))
	for _, sm := range l {
		r := listRow{summary: sm}
		if !sm.Deadline.IsZero() {
			r.Left = timeLeft(sm.Deadline.Sub(now))
		}
		if !sm.LastMove.IsZero() {
			r.LastDate = sm.LastMove.UTC().Format("2006-01-02")
			r.LastISO = sm.LastMove.UTC().Format(time.RFC3339)
		}
		out = append(out, r)
	}
	return out
}

// timeLeft writes a duration left on a clock: "2 days 4 h", "5 h 12 min",
// "12 min", "out of time".
func timeLeft(d time.Duration) string {
	if d <= 0 {
		return "out of time"
	}
	mins := int(d / time.Minute)
	days, hours, m := mins/(24*60), mins/60%24, mins%60
	switch {
	case days > 0:
		if days == 1 {
			return fmt.Sprintf("1 day %d h", hours)
		}
		return fmt.Sprintf("%d days %d h", days, hours)
	case hours > 0:
		return fmt.Sprintf("%d h %d min", hours, m)
	case m > 0:
		return fmt.Sprintf("%d min", m)
	}
	return "under a minute"
}
