package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/bot/account"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/privacy"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// gameID is the form of a game id in a URL.
var gameID = regexp.MustCompile(`^g[0-9]{1,12}$`)

// view is a public game as read for a request.
type view struct {
	g  *record.Game
	tg *tak.Game
}

// first and last are the turn numbers of the first and last positions:
// the start (after an adopted board's turns) and after the last move.
func (v view) first() int { return v.tg.Start().Ply() }
func (v view) last() int  { return v.first() + v.tg.Len() }

// position returns the position after turn t.
func (v view) position(t int) *tak.Position { return v.tg.PositionAfter(t - v.first()) }

// loadGame reads a public game, or answers 404 and returns false.
func (s *Server) loadGame(w http.ResponseWriter, r *http.Request) (view, bool) {
	id := r.PathValue("id")
	if !gameID.MatchString(id) {
		s.notFound(w, r)
		return view{}, false
	}
	g, tg, err := s.src.GameView(r.Context(), id)
	switch {
	case errors.Is(err, record.ErrNotFound):
		s.notFound(w, r)
		return view{}, false
	case err != nil:
		s.fail(w, r, err)
		return view{}, false
	case !viewer.Counts(g):
		s.notFound(w, r)
		return view{}, false
	}
	return view{g: g, tg: tg}, true
}

// loadTurn is loadGame and turnOf together: the game and the turn a
// request asks for, false when it was answered already.
func (s *Server) loadTurn(w http.ResponseWriter, r *http.Request) (view, int, bool) {
	v, ok := s.loadGame(w, r)
	if !ok {
		return v, 0, false
	}
	t, ok := s.turnOf(w, r, v)
	return v, t, ok
}

// turnOf reads ?turn=N: the position after turn N, by default the last.
func (s *Server) turnOf(w http.ResponseWriter, r *http.Request, v view) (int, bool) {
	q := r.URL.Query()["turn"]
	if len(q) == 0 || q[0] == "" {
		return v.last(), true
	}
	t, err := strconv.Atoi(q[0])
	if err != nil || len(q) > 1 {
		s.badRequest(w, r, "The turn must be one whole number, such as ?turn=12.")
		return 0, false
	}
	if t < v.first() || t > v.last() {
		s.notFound(w, r)
		return 0, false
	}
	return t, true
}

// gamePage is the data of a game page.
type gamePage struct {
	Title, ID, Canonical, Permalink string
	White, Black                    string
	Setup                           string // "5x5, komi 2.5"
	State                           string // "Turn 12 (PTN move 6, black): Bob to move, by ..." or the result
	Result                          string
	Turn, First, Last               int
	Position                        string // "After turn 11 (PTN move 6, white)" or "Start"
	Picture, Alt                    string
	DarkPicture                     string // the picture in the dark theme
	Caption                         string // the move that led to the position, "" at the start
	Image, Description              string // og:image (absolute) and og:description
	LastMove                        string // the game's last move, for the live announcement
	Board                           boardTable
	Moves                           []moveRow
	FirstURL, PrevURL, NextURL      string
	LastURL, PTNURL, TPSURL         string
	NinjaURL, TPS                   string
	Live                            bool // in progress: the page follows its moves
	AtLast                          bool
	Events                          string
	Chat                            []chatRow // what the players said, when both consented
}

// chatRow is one thing a player said, as the page shows it.
type chatRow struct {
	At, Name, Text string
}

// moveRow is one line of the move list: a PTN move number and its two plies.
type moveRow struct {
	Number       int
	White, Black *plyCell
}

// plyCell is one move in both notations, linked to the position after it.
type plyCell struct {
	Turn      int
	PTN, Mail string
	URL       string
	Current   bool
}

// boardTable is the text board: rows north first, squares named in PTN.
type boardTable struct {
	Files []string
	Rows  []boardRow
}

type boardRow struct {
	Rank  string
	Cells []string
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	v, t, ok := s.loadTurn(w, r)
	if !ok {
		return
	}
	// A page depends on the game's version, the turn and the address it
	// is served at, and on nothing else: made once for all its readers
	// (a move brings every live page here at once).
	// The chat shown depends on the players' consent too, which the
	// game's version does not follow: the key counts its lines.
	chat, err := account.PageChat(v.g, func(key string) (*record.Player, error) {
		id, _ := record.ParseIdentity(key)
		return s.src.Player(r.Context(), id)
	}, publicName)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	key := fmt.Sprintf("%s\x00%d\x00%d\x00%d\x00%s\x00%d", v.g.ID, v.g.Version, v.g.Updated.UnixNano(), t, s.absolute(r, "/"), len(chat.Lines))
	body, err := s.html.do(key, func() ([]byte, error) {
		page, err := s.gamePage(r, v, t)
		if err != nil {
			return nil, err
		}
		for _, l := range chat.Lines {
			page.Chat = append(page.Chat, chatRow{At: words.UTC(l.At), Name: l.Name, Text: privacy.Scrub(l.Text)})
		}
		var b bytes.Buffer
		if err := s.pages["game"].Execute(&b, page); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Vary", "Accept-Encoding")
	if acceptsGzip(r) {
		// compressed once too: a third of the bytes, for every reader
		if gz, err := s.html.do(key+"\x00gzip", func() ([]byte, error) { return gzipped(body) }); err == nil {
			body = gz
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body))) // one write, not chunks
	_, _ = w.Write(body)
}

// acceptsGzip reports whether a request's Accept-Encoding takes gzip.
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
				continue
			}
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// gzipped is b compressed with gzip.
func gzipped(b []byte) ([]byte, error) {
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// turnURL is the page of a game at a turn ("" for the last: the live page).
func turnURL(id string, t, last int) string {
	if t == last {
		return "/g/" + id
	}
	return "/g/" + id + "?turn=" + strconv.Itoa(t)
}

func (s *Server) gamePage(r *http.Request, v view, t int) (*gamePage, error) {
	g := v.g
	id := g.ID
	first, last := v.first(), v.last()
	white, black := publicName(g.Names[0]), publicName(g.Names[1])
	pos := v.position(t)
	p := &gamePage{Title: fmt.Sprintf("%s vs %s, game %s", white, black, id), ID: id, White: white, Black: black,
		Setup: setupText(g), Turn: t, First: first, Last: last, AtLast: t == last, Live: g.Status == record.Active,
		Canonical: s.absolute(r, "/g/"+id), Permalink: s.absolute(r, "/g/"+id+"?turn="+strconv.Itoa(t)),
		Picture: fmt.Sprintf("/g/%s/board.png?turn=%d", id, t), PTNURL: "/g/" + id + "/game.ptn",
		TPSURL: fmt.Sprintf("/g/%s/position.tps?turn=%d", id, t), TPS: notation.FormatTPS(pos),
		FirstURL: turnURL(id, first, last), LastURL: turnURL(id, last, last), Events: "/g/" + id + "/events"}
	if t > first {
		p.PrevURL = turnURL(id, t-1, last)
	}
	if t < last {
		p.NextURL = turnURL(id, t+1, last)
	}
	p.Position = positionName(v, t)
	p.State = stateText(g, v, white, black)
	pic := pictureOf(v, t)
	p.Alt = scrub(present.Describe(pic))
	p.Caption = moveText(v, t, white, black)
	p.LastMove = moveText(v, last, white, black)
	p.Image = s.absolute(r, p.Picture)
	p.DarkPicture = p.Picture + "&theme=dark"
	p.Description = p.Setup + ". " + p.State
	p.Board = boardOf(pos)
	p.Moves = movesOf(v, t)
	text, err := publicPTN(g)
	if err != nil {
		return nil, err
	}
	p.NinjaURL = notation.NinjaLink(text)
	return p, nil
}

// positionName heads the position after turn t, on the page and on its
// picture alike: "After turn 11 (PTN move 6, white)".
func positionName(v view, t int) string {
	switch {
	case t == 0:
		return "The start, before the first move"
	case t == v.first():
		return "The adopted board, after " + turnName(t)
	}
	return "After " + turnName(t)
}

// moveText says which move led to the position after turn t: "Ann
// (white) played c3 (mail: c3)", "" for the first position.
func moveText(v view, t int, white, black string) string {
	i := t - v.first()
	if i <= 0 {
		return ""
	}
	before := v.tg.PositionAfter(i - 1)
	m := v.tg.Moves()[i-1]
	name, c := white, "white"
	if (t-1)%2 == 1 {
		name, c = black, "black"
	}
	ptn, mail := notation.FormatPTN(m, before), notation.FormatMail(m, before.Size())
	if ptn == mail {
		return fmt.Sprintf("%s (%s) played %s on %s.", name, c, ptn, turnName(t))
	}
	return fmt.Sprintf("%s (%s) played %s (mail: %s) on %s.", name, c, ptn, mail, turnName(t))
}

// turnName names a turn as the referee's mails do: "turn 7 (PTN move 4, white)".
func turnName(turn int) string {
	c := "white"
	if (turn-1)%2 == 1 {
		c = "black"
	}
	return fmt.Sprintf("turn %d (PTN move %d, %s)", turn, (turn-1)/2+1, c)
}

// setupText describes a game's set-up: "5x5, komi 2.5, 3 days a move".
func setupText(g *record.Game) string {
	parts := []string{fmt.Sprintf("%dx%d", g.Config.Size, g.Config.Size)}
	if g.Config.Komi != 0 {
		parts = append(parts, "komi "+g.Config.Komi.String())
	}
	if g.Config.Rules != tak.Standard {
		parts = append(parts, g.Config.Rules.String()+" rules")
	}
	if g.Days > 0 {
		parts = append(parts, fmt.Sprintf("%d days a move", g.Days))
	}
	return strings.Join(parts, ", ")
}

// stateText says how the game stands: who is to move and by when, or the result.
func stateText(g *record.Game, v view, white, black string) string {
	if g.Status == record.Over && g.Result != nil {
		return fmt.Sprintf("Game over: %s (%s).", strings.TrimSuffix(g.Result.Text, "."), g.Result.PTN)
	}
	pos := v.tg.Position()
	name := white
	if pos.ToMove() == tak.Black {
		name = black
	}
	by := ""
	if !g.Deadline.IsZero() {
		by = ", by " + g.Deadline.UTC().Format("2006-01-02 15:04 UTC")
	}
	return fmt.Sprintf("%s: %s (%s) to move%s.", capitalize(turnName(pos.Ply()+1)), name, pos.ToMove(), by)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// boardOf draws the position as a table, north row first, each stack top
// first as the sync board writes it.
func boardOf(pos *tak.Position) boardTable {
	n := pos.Size()
	var b boardTable
	for f := 0; f < n; f++ {
		b.Files = append(b.Files, string(rune('a'+f)))
	}
	for rank := n - 1; rank >= 0; rank-- {
		row := boardRow{Rank: strconv.Itoa(rank + 1)}
		for f := 0; f < n; f++ {
			st := pos.Stack(tak.SquareAt(f, rank))
			cell := "empty"
			if len(st) > 0 {
				cell = notation.FormatSyncStack(st)
			}
			row.Cells = append(row.Cells, cell)
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// movesOf lists the moves, PTN move by PTN move, marking the one that led
// to turn t.
func movesOf(v view, t int) []moveRow {
	first, last := v.first(), v.last()
	moves := v.tg.Moves()
	var rows []moveRow
	for i, m := range moves {
		turn := first + i + 1
		before := v.tg.PositionAfter(i)
		c := &plyCell{Turn: turn, PTN: notation.FormatPTN(m, before), Mail: notation.FormatMail(m, before.Size()),
			URL: turnURL(v.g.ID, turn, last), Current: turn == t}
		num := (turn-1)/2 + 1
		if len(rows) == 0 || rows[len(rows)-1].Number != num {
			rows = append(rows, moveRow{Number: num})
		}
		if (turn-1)%2 == 0 {
			rows[len(rows)-1].White = c
		} else {
			rows[len(rows)-1].Black = c
		}
	}
	return rows
}

// publicPTN is a game's PTN file as the pages hand it out: public names,
// no dispute reasons (players' own words), nothing that looks like an
// address.
func publicPTN(g *record.Game) (string, error) {
	c := *g
	c.Names = [2]string{publicName(g.Names[0]), publicName(g.Names[1])}
	c.Disputes = nil
	text, err := bot.PTN(&c)
	if err != nil {
		return "", err
	}
	return scrub(text), nil
}

func (s *Server) ptn(w http.ResponseWriter, r *http.Request) {
	v, ok := s.loadGame(w, r)
	if !ok {
		return
	}
	text, err := publicPTN(v.g)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	download(w, v.g.ID+".ptn", "application/x-ptn", text+"\n")
}

func (s *Server) tps(w http.ResponseWriter, r *http.Request) {
	v, t, ok := s.loadTurn(w, r)
	if !ok {
		return
	}
	download(w, fmt.Sprintf("%s-turn-%d.tps", v.g.ID, t), "text/plain", notation.FormatTPS(v.position(t))+"\n")
}

// download hands out a text file.
func download(w http.ResponseWriter, name, mime, text string) {
	w.Header().Set("Content-Type", mime+"; charset=utf-8")
	w.Header().Set("Content-Disposition", "attachment; filename="+url.PathEscape(name))
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(text))
}
