package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
)

// pictureWidth is the width of the pages' board pictures, in pixels.
const pictureWidth = 640

// pictureOf describes the board after turn t as the pages draw it: the
// light theme, PTN coordinates, the last move marked, the result on the
// last position of a finished game.
func pictureOf(v view, t int) record.Picture {
	g := v.g
	i := t - v.first()
	pos := v.tg.PositionAfter(i)
	p := record.Picture{Config: g.Config, TPS: notation.FormatTPS(pos), Players: [2]string{publicName(g.Names[0]), publicName(g.Names[1])},
		Orientation: notation.PTN, Theme: render.Light, Width: pictureWidth, Turn: positionName(v, t)}
	if i > 0 {
		before := v.tg.PositionAfter(i - 1)
		p.BeforeTPS = notation.FormatTPS(before)
		p.Last = v.tg.Moves()[i-1].String()
	}
	if t == v.last() && g.Result != nil {
		res := *g.Result
		p.Result = &res
	}
	return p
}

// etagOf is a picture's entity tag: a digest of everything drawn.
func etagOf(p record.Picture) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%q\x00%s\x00%d\x00%s\x00%v", p.TPS, p.BeforeTPS, p.Last, p.Players, p.Theme, p.Width, p.Turn, p.Config)
	if p.Result != nil {
		fmt.Fprintf(h, "\x00%s\x00%d\x00%s", p.Result.PTN, p.Result.Score, p.Result.Reason)
	}
	return `"` + hex.EncodeToString(h.Sum(nil))[:24] + `"`
}

// pictureCache keeps recently made pictures and pages by key, at most
// max, and makes each once however many readers ask for it at the same
// moment (a move seen by a thousand live pages at once).
type pictureCache struct {
	mu    sync.Mutex
	max   int
	pngs  map[string][]byte
	order []string
	wait  map[string]*flight
}

// flight is a value being made.
type flight struct {
	ready chan struct{}
	b     []byte
	err   error
}

func newPictureCache(max int) *pictureCache {
	return &pictureCache{max: max, pngs: map[string][]byte{}, wait: map[string]*flight{}}
}

// do returns the value of key, made by build unless it is kept or being
// made; an error is not kept.
func (c *pictureCache) do(key string, build func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if b, ok := c.pngs[key]; ok {
		c.mu.Unlock()
		return b, nil
	}
	if f, ok := c.wait[key]; ok {
		c.mu.Unlock()
		<-f.ready
		return f.b, f.err
	}
	f := &flight{ready: make(chan struct{})}
	c.wait[key] = f
	c.mu.Unlock()
	defer close(f.ready)
	f.b, f.err = build()
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.wait, key)
	if f.err != nil {
		return nil, f.err
	}
	if len(c.order) >= c.max {
		delete(c.pngs, c.order[0])
		c.order = c.order[1:]
	}
	c.pngs[key] = f.b
	c.order = append(c.order, key)
	return f.b, nil
}

// picture serves the board picture of ?turn=N; a request carrying its
// entity tag in If-None-Match is answered 304.
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	v, t, ok := s.loadTurn(w, r)
	if !ok {
		return
	}
	p := pictureOf(v, t)
	switch r.URL.Query().Get("theme") {
	case "", "light":
	case "dark": // for pages read in dark mode
		p.Theme = render.Dark
	default:
		s.badRequest(w, r, "The theme is light or dark, such as ?theme=dark.")
		return
	}
	tag := etagOf(p)
	h := w.Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", "public, max-age=60, must-revalidate")
	if matches(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	png, err := s.pics.do(tag, func() ([]byte, error) { return present.Render(p) })
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h.Set("Content-Type", "image/png")
	h.Set("Content-Length", strconv.Itoa(len(png))) // one write, not chunks
	_, _ = w.Write(png)
}

// matches reports whether an If-None-Match header names tag.
func matches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}
