package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/takbymail/takbot/bot/names"
	"github.com/takbymail/takbot/bot/pairing"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/words"
)

// refusal is a command the referee refuses: the player is told why, with
// the commands that would work, and nothing changes.
type refusal struct {
	msg     string
	actions []Action
	cause   error // a typed reason, when there is one (*PolicyError)
}

func (e *refusal) Error() string { return e.msg }

func (e *refusal) Unwrap() error { return e.cause }

func refuse(format string, args ...any) error { return &refusal{msg: fmt.Sprintf(format, args...)} }

// question is a command the referee will not guess: it asks the player to
// say what they meant, offering the exact commands, and changes nothing.
type question struct {
	msg     string
	actions []Action
}

func (e *question) Error() string { return e.msg }

// run evaluates the commands of the message in order, stopping at the
// first refusal or question (the commands before it stand). Only internal
// errors (storage, a lock to take) are returned.
func (s *session) run(p Parsed, perr error) error {
	key := s.msg.From.Key()
	own, err := s.player(key)
	if err != nil {
		return err
	}
	sender, err := pairing.Resolve(s, own)
	if err != nil {
		return err
	}
	s.sender = sender
	if own != sender { // a paired identity: the primary speaks; its name stays
		own, key = nil, sender.Key
	}
	if s.rate.Over {
		s.overRate()
		return nil
	}
	// A sender the transport cannot vouch for is not recorded as a player
	// and does not name one: a forger could rename the real owner of the
	// address, or make up players.
	if sender.Created.Equal(s.now) && !s.msg.Unverified {
		s.markPlayer(sender)
	}
	if n := names.Clean(s.msg.Name); n != "" && n != sender.Name && !s.msg.Unverified && own != nil {
		sender.Name = n
		s.markPlayer(sender)
	}
	var pe *ParseError
	if errors.As(perr, &pe) {
		s.refused = true
		s.tell(key, s.msg.Game).say("%s", pe.Msg)
		return nil
	} else if perr != nil {
		return perr
	}
	if len(p.Commands) == 0 {
		s.noCommand(p)
		return nil
	}
	if most := s.r.opts.Quotas.CommandsPerMessage; len(p.Commands) > most {
		s.refused = true
		s.tell(key, s.msg.Game).say("Your message has %d commands; the referee runs at most %d from one message, so it ran none of them. Send them in several messages.", len(p.Commands), most)
		return nil
	}
	// The policy first: a message less sure of its sender than one of
	// its commands needs runs none of them.
	if pe := s.checkAssurance(p); pe != nil {
		s.refused = true
		s.tell(key, s.msg.Game).say("%s", pe.Error())
		return nil
	}
	if stale, err := s.staleMoment(key); stale || err != nil {
		return err
	}
	for i := range p.Commands {
		if p.Commands[i].Class() == ClassGame {
			s.gameCommand = true
		}
	}
	sec := s.sections(p) // sections.go: several answers, each titled
	for i := range p.Commands {
		c := &p.Commands[i]
		before := len(s.touched)
		sec.before(i)
		err := s.exec(c)
		sec.after(i)
		var rf *refusal
		var q *question
		switch {
		case errors.As(err, &rf):
			s.stop(c, p, i, "Refused "+quote(c)+": "+rf.msg, rf.actions, before)
			return nil
		case errors.As(err, &q):
			s.stop(c, p, i, q.msg, q.actions, before)
			return nil
		case err != nil:
			return err
		}
	}
	s.noteProse(p)
	return nil
}

// quote writes a command as the player wrote it, shortened.
func quote(c *Command) string {
	return "\"" + excerpt(c.Text, excerptRunes) + "\""
}

// exec runs one command.
func (s *session) exec(c *Command) error {
	if c.Err != nil {
		return &refusal{msg: c.Err.Error()}
	}
	run := handlers[c.Name]
	if run == nil {
		return refuse("%q is not a command; send \"help\" for the commands", c.Name)
	}
	pol := c.Policy()
	if err := s.checkWho(c, pol); err != nil {
		return &refusal{msg: err.Error(), cause: err}
	}
	mark := s.markDrafts()
	err := run(s, c)
	var oe *command.OptionError // an option of "new" that cannot be read
	if errors.As(err, &oe) {
		err = &refusal{msg: oe.Error(), cause: oe}
	}
	var nl *needLock
	if errors.As(err, &nl) {
		return err
	}
	if verr := s.checkReach(c, pol, mark); verr != nil {
		s.r.logger().Error("a command's reply breaks its policy: the message is dropped", "id", s.msg.ID, "err", verr)
		return verr
	}
	return err
}

// stop answers a refused command or a question: in the game it concerned
// (or the message's game), followed by what was not run and the prose
// skipped.
func (s *session) stop(c *Command, p Parsed, i int, text string, actions []Action, touchedBefore int) {
	s.refused = true
	game := s.defaultGame()
	if len(s.touched) > touchedBefore {
		game = s.touched[len(s.touched)-1]
	}
	d := s.tell(s.sender.Key, game)
	d.say("%s", text)
	d.act(actions...)
	if c.Class() == ClassGame && game == "" && s.hasLiveGame() {
		d.play = true // "which game is it for?", "not your turn in any game"
	}
	if rest := len(p.Commands) - i - 1; rest > 0 {
		var names []string
		for _, r := range p.Commands[i+1:] {
			names = append(names, quote(&r))
		}
		d.line(words.NotRun{Commands: names}.Words(words.Reader{}))
	}
	s.noteProse(p)
}

// defaultGame is the game a reply goes to when no command named one.
func (s *session) defaultGame() string {
	if s.current != "" {
		return s.current
	}
	return s.msg.Game
}

// gamesHint and gamesAction point a player who writes to a finished game
// at their other games.
const gamesHint = words.GamesHint

var gamesAction = Action{Label: "List your games", Command: "games"}

// noCommand answers a message without a command; in a finished game's
// thread, shortly, with the result and where to go on.
func (s *session) noCommand(p Parsed) {
	d := s.tell(s.sender.Key, s.defaultGame())
	if g, err := s.peekGame(s.defaultGame()); s.defaultGame() != "" && err == nil && g.Status == Over {
		// mail to a finished game's thread: "good game!"
		d.say("Game %s is over: %s %s", g.ID, resultText(g), gamesHint)
		d.act(gamesAction)
		return
	}
	sk, move := skippedLines(p.Prose)
	d.line(words.NoCommand{Skipped: sk, Move: move}.Words(words.Reader{}))
}

// noteProse tells the sender which lines were skipped as prose, when some
// were, so a move buried in a sentence is not lost in silence.
func (s *session) noteProse(p Parsed) {
	if len(p.Prose) == 0 {
		return
	}
	var read []string
	for i := range p.Commands {
		read = append(read, quote(&p.Commands[i]))
	}
	sk, move := skippedLines(p.Prose)
	s.firstDraftTo(s.sender.Key).line(words.ProseNoted{Read: read, Skipped: sk, Move: move}.Words(words.Reader{}))
}

// firstDraftTo returns the first draft to a player, or a new one.
func (s *session) firstDraftTo(key string) *draft {
	for _, d := range s.drafts {
		if d.to == key {
			return d
		}
	}
	return s.tell(key, s.defaultGame())
}

// skippedLines are the lines skipped as prose, for words, and the first
// move found in one of them.
func skippedLines(ps []ProseLine) (sk []words.SkippedLine, move string) {
	for _, pl := range ps {
		sk = append(sk, words.SkippedLine{Line: pl.Line, Text: excerpt(pl.Text, excerptRunes)})
		if move == "" {
			move = pl.Move
		}
	}
	return sk, move
}

// joinAnd joins "a", "a and b", "a, b and c".
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
