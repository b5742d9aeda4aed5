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
	"unicode/utf8"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/standing"
)

// listLimit is the most games a list shows.
const listLimit = 100

// homePage is the data of the front page.
type homePage struct {
	Title              string
	Size               int
	Player             string
	Sizes              []int
	Active, Finished   []summary
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
	p.Active, p.Finished, p.NActive, p.NFinished = s.idx.lists(f, listLimit)
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
	Rating, Deviation          int
	Pool                       string // the pool of board sizes of Rating, "5x5" or "3x3 and 4x4"
	Wins, Losses, Draws, Games int
	Active, Finished           []summary
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
		if errors.Is(err, bot.ErrNotFound) {
			continue // no public game: no page, as for a name nobody has
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		b := playerBlock{Name: st.Name}
		b.Rated, b.Rating, b.Deviation = st.Rated, int(math.Round(st.Rating)), int(math.Round(st.Deviation))
		if st.Rated {
			b.Pool = standing.PoolTitle(st.Pool)
		}
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
					b.Active = append(b.Active, sm)
				} else {
					b.Finished = append(b.Finished, sm)
				}
			}
		}
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
			Deviation: int(math.Round(x.Deviation)), Games: x.Games})
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "leaderboard", p)
}
