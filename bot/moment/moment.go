package moment

import (
	"encoding/binary"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// Of is the state of a game that actions offered about it depend
// on, as a short string: the ply, the stage, the open proposal's kind, and
// a hash of the moves (with their times), the start, the result, the
// proposal and the disputes. "7a-1k2j3h4g5f6d" is a game in progress at
// ply 7 without a proposal; "7au-…" one with an open undo. What actions
// do not depend on (chat, sync boards, clocks, watchers) is left out, so
// that a "say" does not make the buttons of the last post stale.
//
// ply is the game's ply now (its start's ply and its moves).
func Of(g *record.Game, ply int) string {
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
	b.WriteString(strconv.Itoa(ply))
	b.WriteByte(statusLetter(g.Status))
	if p := g.Proposal; p != nil {
		b.WriteByte(ProposalLetter(p.Kind))
	}
	b.WriteByte('-')
	b.WriteString(strconv.FormatUint(h.Sum64(), 36))
	return b.String()
}

// statusLetter writes a stage in a moment.
func statusLetter(s record.Status) byte {
	switch s {
	case record.Challenged:
		return 'c'
	case record.Active:
		return 'a'
	case record.Over:
		return 'o'
	case record.Declined:
		return 'd'
	case record.Cancelled:
		return 'x'
	case record.Expired:
		return 'e'
	case record.Aborted:
		return 'b'
	}
	return 'z'
}

// ProposalLetter writes a proposal's kind in a moment, as Parse reads it
// back.
func ProposalLetter(k record.ProposalKind) byte {
	switch k {
	case record.ProposeDraw:
		return 'd'
	case record.ProposeUndo:
		return 'u'
	case record.ProposeTakeback:
		return 't'
	case record.ProposeRevert:
		return 'r'
	case record.ProposeAdopt:
		return 'a'
	case record.ProposeRestart:
		return 's'
	}
	return 'z'
}

// maxLen bounds a moment a message carries (Of writes at
// most 6 digits, 2 letters, '-' and 13 base-36 digits).
const maxLen = 24

// Valid reports whether s is shaped as Of writes moments, so
// that a transport can refuse a forged or damaged one without asking the
// referee: digits, one or two lowercase letters, '-', base-36 digits.
func Valid(s string) bool {
	if s == "" || len(s) > maxLen {
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

// Parse reads the ply, stage and proposal letter of a moment.
func Parse(s string) (ply int, stage, proposal byte, ok bool) {
	if !Valid(s) {
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

// Stale says how game g, now at ply nowPly, moved on since moment then.
func Stale(g *record.Game, then string, nowPly int) words.StaleButton {
	ply, stage, proposal, _ := Parse(then)
	o := words.StaleButton{ID: g.ID, Then: ply + 1, Now: nowPly + 1}
	switch {
	case stage == 'c' && g.Status != record.Challenged:
		o.Reason, o.Fate = words.ChallengeMet, fate(g.Status)
	case g.Status != record.Active && g.Status != record.Challenged:
		o.Reason, o.Stage = words.GameNotRunning, string(g.Status)
		if g.Status == record.Over && g.Result != nil {
			o.Stage = "over (" + g.Result.PTN + ")"
		}
	case proposal != 0 && (g.Proposal == nil || ProposalLetter(g.Proposal.Kind) != proposal):
		o.Reason = words.ProposalClosed
	case proposal != 0:
		o.Reason = words.ProposalReplaced
	case g.Proposal != nil:
		o.Reason = words.ProposalOpened
	case ply != nowPly:
		o.Reason = words.TurnMoved
	default:
		o.Reason = words.MovesRetaken
	}
	return o
}

// fate says what became of a challenge: "accepted", "declined".
func fate(s record.Status) string {
	switch s {
	case record.Active, record.Over, record.Aborted:
		return "accepted"
	case record.Declined:
		return "declined"
	case record.Cancelled:
		return "withdrawn"
	case record.Expired:
		return "left to expire"
	}
	return string(s)
}
