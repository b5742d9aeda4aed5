package bot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Moments: an action offered about a game (Action.Game) was offered for
// the game as it stood then; the referee stamps it with that state
// (Action.Moment), and a transport that sends the action back as it was
// drawn (a Discord button) hands the stamp back with the message
// (Message.Moment). The referee then runs the message only while the game
// is still at that moment, checked under the game's lock with the
// commands themselves, so that a button of an old post never acts on a
// newer position: an "undo" drawn before a takeback does not take back
// another move, an "accept" drawn for a proposal does not accept the next
// one, an "accept the challenge" does not accept a draw offer once the
// game runs.

// MomentOf is the state of a game that actions offered about it depend
// on, as a short string: the ply, the stage, the open proposal's kind, and
// a hash of the moves (with their times), the start, the result, the
// proposal and the disputes. "7a-1k2j3h4g5f6d" is a game in progress at
// ply 7 without a proposal; "7au-…" one with an open undo. What actions
// do not depend on (chat, sync boards, clocks, watchers) is left out, so
// that a "say" does not make the buttons of the last post stale.
func MomentOf(g *GameRecord) string {
	h := fnv.New64a()
	var buf [8]byte
	word := func(s string) { h.Write([]byte(s)); h.Write([]byte{0}) }
	num := func(n int64) { binary.BigEndian.PutUint64(buf[:], uint64(n)); h.Write(buf[:]) }
	word(string(g.Status))
	word(g.Start)
	for _, m := range g.Moves {
		word(m.PTN)
		num(m.At.Unix())
	}
	if r := g.Result; r != nil {
		word(r.PTN)
		word(string(r.Reason))
	}
	if p := g.Proposal; p != nil {
		word(string(p.Kind))
		num(int64(p.By))
		num(int64(p.Turn))
		word(p.Board)
		num(p.At.UnixNano())
	}
	num(int64(len(g.Disputes)))
	var b strings.Builder
	b.WriteString(strconv.Itoa(startPly(g) + len(g.Moves)))
	b.WriteByte(statusLetter(g.Status))
	if p := g.Proposal; p != nil {
		b.WriteByte(proposalLetter(p.Kind))
	}
	b.WriteByte('-')
	b.WriteString(strconv.FormatUint(h.Sum64(), 36))
	return b.String()
}

// statusLetter and proposalLetter write a stage and a proposal's kind in
// a moment.
func statusLetter(s Status) byte {
	switch s {
	case Challenged:
		return 'c'
	case Active:
		return 'a'
	case Over:
		return 'o'
	case Declined:
		return 'd'
	case Cancelled:
		return 'x'
	case Expired:
		return 'e'
	case Aborted:
		return 'b'
	}
	return 'z'
}

func proposalLetter(k ProposalKind) byte {
	switch k {
	case ProposeDraw:
		return 'd'
	case ProposeUndo:
		return 'u'
	case ProposeTakeback:
		return 't'
	case ProposeRevert:
		return 'r'
	case ProposeAdopt:
		return 'a'
	case ProposeRestart:
		return 's'
	}
	return 'z'
}

// maxMomentLen bounds a moment a message carries (MomentOf writes at
// most 6 digits, 2 letters, '-' and 13 base-36 digits).
const maxMomentLen = 24

// ValidMoment reports whether s is shaped as MomentOf writes moments, so
// that a transport can refuse a forged or damaged one without asking the
// referee: digits, one or two lowercase letters, '-', base-36 digits.
func ValidMoment(s string) bool {
	if s == "" || len(s) > maxMomentLen {
		return false
	}
	head, hash, ok := strings.Cut(s, "-")
	if !ok || hash == "" {
		return false
	}
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	if i == 0 || len(head)-i < 1 || len(head)-i > 2 {
		return false
	}
	for _, r := range head[i:] + hash {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	for _, r := range head[i:] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// parseMoment reads the ply, stage and proposal letter of a moment.
func parseMoment(s string) (ply int, stage, proposal byte, ok bool) {
	if !ValidMoment(s) {
		return 0, 0, 0, false
	}
	head, _, _ := strings.Cut(s, "-")
	i := strings.IndexFunc(head, func(r rune) bool { return r < '0' || r > '9' })
	n, err := strconv.Atoi(head[:i])
	if err != nil {
		return 0, 0, 0, false
	}
	letters := head[i:]
	if len(letters) == 2 {
		proposal = letters[1]
	}
	return n, letters[0], proposal, true
}

// stampMoments sets the moment of each action about a game that has
// none yet: as the game stands at the end of the session (the state the
// reply describes) when the session holds it, else as read now (an
// action about a game the session only looked at: a listing, a
// question).
func (s *session) stampMoments(as []Action) {
	for i := range as {
		a := &as[i]
		if a.Game == "" || a.Moment != "" {
			continue
		}
		if m, ok := s.moments[a.Game]; ok {
			a.Moment = m
			continue
		}
		var g *GameRecord
		if gs, ok := s.games[a.Game]; ok {
			g = gs.rec
		} else if rec, err := s.peekGame(a.Game); err == nil {
			g = rec
		} else {
			continue // a game that cannot be read: the action goes unchecked
		}
		a.Moment = MomentOf(g)
		if s.moments == nil {
			s.moments = map[string]string{}
		}
		s.moments[a.Game] = a.Moment // the games do not change while the replies are written
	}
}

// staleMoment checks a message that carries a moment (a button pressed)
// against its game, under the game's lock: when the game has moved on,
// the sender is told privately and true is returned; nothing of the
// message runs.
func (s *session) staleMoment(key string) (bool, error) {
	if s.msg.Moment == "" {
		return false, nil
	}
	game := s.msg.Game
	refuseStale := func(text string) (bool, error) {
		s.refused = true
		d := s.tell(key, game)
		d.say("%s Nothing was done. The buttons of the game's latest post (or \"games\") show what you can do now.", text)
		return true, nil
	}
	if game == "" || !ValidMoment(s.msg.Moment) {
		return refuseStale("This button is not one the referee drew; it was not run.")
	}
	gs, err := s.game(game)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			game = ""
			return refuseStale("This button is for a game the referee does not know.")
		}
		return false, err
	}
	g := gs.rec
	now := MomentOf(g)
	if now == s.msg.Moment {
		return false, nil
	}
	return refuseStale(staleText(g, s.msg.Moment))
}

// staleText says how game g moved on since a moment.
func staleText(g *GameRecord, then string) string {
	ply, stage, proposal, _ := parseMoment(then)
	nowPly := startPly(g) + len(g.Moves)
	intro := fmt.Sprintf("This button was drawn for an earlier moment of game %s", g.ID)
	switch {
	case stage == 'c' && g.Status != Challenged:
		return fmt.Sprintf("%s: the challenge it answered has been %s since.", intro, challengeFate(g.Status))
	case g.Status != Active && g.Status != Challenged:
		return fmt.Sprintf("%s: the game is %s now.", intro, stageWords(g))
	case proposal != 0 && (g.Proposal == nil || proposalLetter(g.Proposal.Kind) != proposal):
		return fmt.Sprintf("%s: the proposal it answered is no longer open (it was accepted, declined or withdrawn).", intro)
	case proposal != 0:
		return fmt.Sprintf("%s: the proposal it answered was replaced by a new one.", intro)
	case g.Proposal != nil:
		return fmt.Sprintf("%s: a proposal is open now, which it did not know of.", intro)
	case ply != nowPly:
		return fmt.Sprintf("%s, %s; the game is at %s now.", intro, turnName(ply+1), turnName(nowPly+1))
	}
	return fmt.Sprintf("%s: moves were taken back and played again since.", intro)
}

// challengeFate says what became of a challenge: "accepted", "declined".
func challengeFate(s Status) string {
	switch s {
	case Active, Over, Aborted:
		return "accepted"
	case Declined:
		return "declined"
	case Cancelled:
		return "withdrawn"
	case Expired:
		return "left to expire"
	}
	return string(s)
}

// stageWords names the stage of a game that is not running.
func stageWords(g *GameRecord) string {
	if g.Status == Over && g.Result != nil {
		return "over (" + g.Result.PTN + ")"
	}
	return string(g.Status)
}
