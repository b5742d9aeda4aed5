package bot

import (
	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/bot/syncboard"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Decisions apart from words: a handler decides and describes what it
// decided as an outcome of package words (a move played, a proposal made,
// a refusal with its reason); the helpers here are the one place that
// asks words for an outcome's text, for each recipient as a words.Reader.
// To change what a reply says, change package words, not the handler.

// outcome is a decision package words can word for a reader.
type outcome interface {
	Words(words.Reader) string
}

// reader describes the player key as a reader of game g (nil for no
// game): the colours named "you", the notation they read, whether they
// sent the message, their medium and time zone.
func (s *session) reader(g *GameRecord, key string) words.Reader {
	if key == "" { // the game's notes
		return words.Reader{Notation: notation.Mail}
	}
	r := words.Reader{
		Notation: s.orient(key),
		Sender:   s.sender != nil && key == s.sender.Key,
		Buttons:  s.buttons(key),
		Medium:   mediumOf(key),
	}
	if p, err := s.player(key); err == nil && p.Zone != "" {
		r.Zone = zoneOf(p)
	}
	if g != nil {
		for _, c := range []tak.Color{tak.White, tak.Black} {
			r.You[c] = isReader(g, c, key)
		}
		r.Color, r.Plays = g.ColorOf(key)
	}
	return r
}

// mediumOf says what carries replies to a player key (present.Medium).
func mediumOf(key string) words.Medium { return present.Medium(key) }

// announce tells an outcome of game g to the player key, in the draft of
// a change both players see.
func (s *session) announce(g *GameRecord, key string, o outcome) {
	s.event(key, g.ID).word(o, s.reader(g, key))
}

// word adds an outcome's words for reader r, and its facts to the reply's
// gist; the line that first tells the game's end is kept (draft.ended).
func (d *draft) word(o outcome, r words.Reader) {
	line, ended := o.Words(r), d.gist != nil && d.gist.End != nil
	d.line(line)
	if d.gist = present.Note(d.gist, o, r); !ended && d.gist != nil && d.gist.End != nil {
		d.ended = line
	}
}

// announceBoth tells an outcome of game g to both its players.
func (s *session) announceBoth(g *GameRecord, o outcome) {
	both(g, func(k string, _ tak.Color) { s.announce(g, k, o) })
}

// refusal words a refusal of a command of the sender's about game g.
func (s *session) refusal(g *GameRecord, o words.Refusal) error {
	if g != nil {
		o.Game = wordsGame(g)
	}
	return &refusal{msg: o.Words(s.reader(g, s.senderKey())), actions: actionsOf(o.Choices(), "")}
}

// actionsOf turns words' choices into actions about game (present.Actions).
func actionsOf(cs []words.Choice, game string) []Action { return present.Actions(cs, game) }

// wordsGame is what words need of a game (present.Game).
func wordsGame(g *GameRecord) words.Game { return present.Game(g) }

// wordsResult is how a game ended, for words (present.Result).
func wordsResult(r *ResultRecord) words.Result { return present.Result(r) }

// wordsProposal is a proposal of game g, for words: the moves it would
// take back named from the record.
func wordsProposal(g *GameRecord, p *Proposal) words.Proposal {
	first := pick.StartPly(g)
	wp := words.Proposal{Kind: words.ProposalKind(p.Kind), By: p.By, Turn: p.Turn, Last: first + len(g.Moves), Setup: syncboard.SetupName(g)}
	if p.Kind == ProposeUndo || p.Kind == ProposeTakeback {
		for ply := p.Turn; ply < wp.Last; ply++ {
			wp.Moves = append(wp.Moves, recordedMove(g, ply-first))
		}
	}
	return wp
}

// recordedMove names the recorded move at index i of a game's moves
// (present.RecordedMove).
func recordedMove(g *GameRecord, i int) words.MoveNames { return present.RecordedMove(g, i) }

// reply tells an outcome of game g to the player key alone, as an answer
// to their message.
func (s *session) reply(g *GameRecord, key string, o outcome) {
	s.tell(key, g.ID).word(o, s.reader(g, key))
}

// wordsSettings is how game g is played, for words (present.Settings).
func wordsSettings(g *GameRecord) words.Settings { return present.Settings(g) }
