package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/render"
)

// draft is a reply being written: what one recipient is told about one
// game (or about no game) by one message or clock event.
type draft struct {
	to      string // player key
	game    string
	parts   []Part
	actions []Action
	// offers are what the reader can do in the game as it stands
	// (offerActions), replaced at each change: after "ps a1; draw" the
	// reader is offered "cancel", no longer "draw".
	offers []Action
	// public is set once the draft reports a change both players see (a
	// move, a challenge); a draft without it answers only its recipient
	// (a refusal, help) and its reply is Private.
	public    bool
	attention bool
	// stage is the session's stage when the draft was begun: a move a
	// plan answers with is told in replies of their own (plans.go).
	stage int
	// direct sends the draft to its key's own identity, never to the
	// identity a paired player writes from (pair.go, bot/pairing).
	direct bool
	// play marks an answer to the sender's own play that names no game
	// of theirs (which game a move is for, no turn in any game) or that
	// must never wait behind held answers ("held"): a Play answer.
	play bool
	// notBefore, when set, holds the reply back until then (a challenge
	// notice's grace period, consent.go); void drops the draft (a notice
	// withdrawn in the same message); private marks a reply that
	// concerns its recipient only although they did not send the message.
	notBefore time.Time
	void      bool
	private   bool
	gist      *record.Gist // what the reply is about, as facts (draft.word)
	ended     string       // the line that tells the game's end, "" for none
}

// tell returns the draft for a recipient and game, in first-use order.
func (s *session) tell(to, game string) *draft {
	for _, d := range s.drafts {
		if d.to == to && d.game == game && d.stage == s.stage {
			return d
		}
	}
	d := &draft{to: to, game: game, stage: s.stage}
	if game != "" {
		d.parts = make([]Part, 0, 6) // a status: the move, picture, text board, sync board, legend, turn
	}
	s.drafts = append(s.drafts, d)
	return d
}

// event returns the draft for a recipient of a change of game g.
func (s *session) event(to, g string) *draft {
	d := s.tell(to, g)
	d.public = true
	return d
}

// say adds a line of prose.
func (d *draft) say(format string, args ...any) { d.line(fmt.Sprintf(format, args...)) }

// line adds a line of prose written already: say without a format, for
// the lines of every move.
func (d *draft) line(line string) {
	if n := len(d.parts); n > 0 && d.parts[n-1].Kind == Prose && !isLegend(d.parts[n-1].Text) {
		d.parts[n-1].Text += "\n" + line
		return
	}
	d.parts = append(d.parts, Part{Kind: Prose, Text: line})
}

// block adds a monospace block with its caption. The mail's first sync
// board (its caption says present.SyncCaption) is followed by the legend of its
// boards.
func (d *draft) block(caption, text string) {
	d.parts = append(d.parts, Part{Kind: Block, Caption: caption, Text: strings.TrimRight(text, "\n")})
	if strings.Contains(caption, strings.TrimSuffix(present.SyncCaption, ":")) {
		d.legend()
	}
}

// legend adds, once per mail, the paragraph that says how its boards
// write a stack: the text board and the sync board use the same code, so
// one legend serves both, like a map's, under the mail's first sync board.
// (It never sits between a picture and its text board: the outbox draws
// that board again from the picture just before it.)
func (d *draft) legend() {
	for _, p := range d.parts {
		if p.Kind == Prose && isLegend(p.Text) {
			return
		}
	}
	d.parts = append(d.parts, Part{Kind: Prose, Text: render.TextLegend})
}

// isLegend says whether a paragraph is the boards' legend, which stands
// alone.
func isLegend(text string) bool {
	return text == render.TextLegend
}

// fallback adds the text board drawn after a picture, once per board.
func (d *draft) fallback(caption, text string) {
	text = strings.TrimRight(text, "\n")
	for _, p := range d.parts {
		if p.Kind == Block && p.Fallback && p.Text == text {
			return
		}
	}
	d.parts = append(d.parts, Part{Kind: Block, Caption: caption, Text: text, Fallback: true})
}

// image adds a picture. A picture of the same position and move ("ps a1;
// board" shows the board twice; "ps a1; resign" shows it again with the
// result) is attached once, in its latest state.
func (d *draft) image(p Picture) {
	for i := range d.parts {
		if q := d.parts[i].Picture; d.parts[i].Kind == Image && q.TPS == p.TPS && q.Last == p.Last && q.BeforeTPS == p.BeforeTPS && q.Caption == p.Caption {
			d.parts[i].Picture = &p
			d.parts[i].Caption = p.Caption
			return
		}
	}
	d.parts = append(d.parts, Part{Kind: Image, Picture: &p, Caption: p.Caption})
}

// file hands the recipient a text file, once per name.
func (d *draft) file(name, text string) {
	for _, p := range d.parts {
		if p.Kind == File && p.Caption == name {
			return
		}
	}
	d.parts = append(d.parts, Part{Kind: File, Caption: name, Text: text})
}

// act offers actions; each command is offered once.
func (d *draft) act(as ...Action) {
	for _, a := range as {
		dup := false
		for _, b := range d.actions {
			if b.Command == a.Command && b.Game == a.Game {
				dup = true
				break
			}
		}
		if !dup {
			d.actions = append(d.actions, a)
		}
	}
}

// empty reports whether the draft says nothing.
func (d *draft) empty() bool { return d.void || len(d.parts) == 0 && len(d.allActions()) == 0 }

// allActions are the draft's actions followed by the game's current offers,
// each command once.
func (d *draft) allActions() []Action {
	if len(d.actions)+len(d.offers) == 0 {
		return nil
	}
	out := append(make([]Action, 0, len(d.actions)+len(d.offers)), d.actions...)
	for _, a := range d.offers {
		dup := false
		for _, b := range out {
			if b.Command == a.Command && b.Game == a.Game {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, a)
		}
	}
	return out
}

// replies turns the drafts into replies caused by cause. A reply to the
// sender of the message is an Answer; every other reply (to the opponent,
// to a challenged player, any reply of a clock event) is an Event.
func (s *session) replies(cause string) []Reply {
	out := make([]Reply, 0, len(s.drafts))
	for i, d := range s.drafts {
		if d.empty() {
			continue
		}
		id := s.route(d)
		name := id.Address
		if p, err := s.player(d.to); err == nil && p.Name != "" {
			name = p.Name
		}
		parts := append(make([]Part, 0, len(d.parts)+2), d.parts...) // room for the link and the actions
		parts = s.webLink(d, parts)
		if as := d.allActions(); len(as) > 0 {
			s.stampMoments(as)
			parts = append(parts, Part{Kind: Actions, Actions: as})
		}
		class := Event
		if d.stage == 0 && (d.to == s.senderKey() && s.senderKey() != "" || id.Key() == s.msg.From.Key()) {
			class = Answer // the reader's own message caused it
			if s.ownPlay(d) {
				class = Play
			}
		}
		out = append(out, Reply{
			ID: s.replyBase + "/" + strconv.Itoa(i+1), To: id, ToName: name, Game: d.game,
			Subject: s.subject(d.game), Parts: parts, Private: d.private || !d.public && d.to == s.senderKey() && d.stage == 0,
			Attention: d.attention, Class: class, Cause: cause, Created: s.now, Delivery: Delivery{NextTry: d.notBefore}, Gist: d.gist,
		})
	}
	return out
}

// ownPlay reports whether a draft to the sender answers their own play in
// a game they play, so that no transport's hourly limit holds it back
// (Play): the message comes from a sender the transport vouches for, and
// either the draft is marked so (play) or the message has a command that
// changes a game (a move, an answer, an offer, a dispute, run or refused)
// and the draft is about a game the sender is a player of, whatever its
// state (a winning move ends it). Everything else the sender asked for
// (help, games, stats, seeks, settings, a board, a spectator's refused
// move in a thread) stays an Answer, under the limit.
func (s *session) ownPlay(d *draft) bool {
	if s.msg.Unverified || d.to != s.senderKey() || d.to == "" {
		return false
	}
	if d.play {
		return true
	}
	if !s.gameCommand || d.game == "" {
		return false
	}
	g, err := s.peekGame(d.game)
	if err != nil {
		return false
	}
	_, ok := g.ColorOf(d.to)
	return ok
}

// hasLiveGame reports whether the sender plays a game in progress or a
// challenge not answered yet.
func (s *session) hasLiveGame() bool {
	ids, err := s.gamesOf(s.senderKey())
	if err != nil {
		return false
	}
	for _, id := range ids {
		if g, err := s.peekGame(id); err == nil && (g.Status == Active || g.Status == Challenged) {
			return true
		}
	}
	return false
}

func (s *session) senderKey() string {
	if s.sender == nil {
		return ""
	}
	return s.sender.Key
}

// subject titles a reply: "[Tak g7] alice vs bob, 6x6", or "[Tak] ..."
// for a reply about no game.
func (s *session) subject(game string) string {
	if game == "" {
		return "[Tak] your games"
	}
	if gs, ok := s.games[game]; ok {
		return gameSubject(gs.rec)
	}
	if g, err := s.peekGame(game); err == nil {
		return gameSubject(g)
	}
	return "[Tak " + game + "]"
}

// gameSubject titles a reply about game g: "[Tak g7] alice vs bob, 6x6".
func gameSubject(g *GameRecord) string {
	size := strconv.Itoa(g.Config.Size)
	subject := "[Tak " + g.ID + "] " + g.Names[0] + " vs " + g.Names[1] + ", " + size + "x" + size
	if g.Event != nil {
		subject += ", event " + g.Event.Name + " round " + strconv.Itoa(g.Event.Round)
	}
	return subject
}
