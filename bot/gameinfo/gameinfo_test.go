package gameinfo

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// lister is a Lister over a few games, recording what it is told.
type lister struct {
	sender *record.Player
	games  map[string]*record.Game
	ids    []string
	told   []string
	now    time.Time // zero: the lines say no time left
}

func (l *lister) Now() time.Time                           { return l.now }
func (l *lister) Sender() *record.Player                   { return l.sender }
func (l *lister) GamesOf(string) ([]string, error)         { return l.ids, nil }
func (l *lister) PeekGame(id string) (*record.Game, error) { return l.games[id], nil }
func (l *lister) Reader(g *record.Game, key string) words.Reader {
	r := words.Reader{Zone: time.FixedZone("CET", 3600)}
	if g != nil {
		r.Color, r.Plays = g.ColorOf(key)
		r.You[r.Color] = r.Plays
	}
	return r
}
func (l *lister) WordsProposal(g *record.Game, p *record.Proposal) words.Proposal {
	return words.Proposal{Kind: words.ProposalKind(p.Kind), By: p.By}
}
func (l *lister) Tell(to, game string, o words.Outcome) {
	l.told = append(l.told, o.Words(l.Reader(nil, to)))
}
func (l *lister) TellBlock(to, game, caption, text string) {
	l.told = append(l.told, caption+"\n"+text)
}

func TestGamesListsWaitingFirst(t *testing.T) {
	due := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	theirs := &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"a", "b"}, Names: [2]string{"ann", "bob"}, Moves: make(record.MoveList, 1), Deadline: due}
	mine := &record.Game{ID: "g2", Status: record.Active, Players: [2]string{"b", "a"}, Names: [2]string{"bob", "ann"}, Moves: make(record.MoveList, 1), Deadline: due}
	declined := &record.Game{ID: "g3", Status: record.Declined, Players: [2]string{"a", "c"}, Names: [2]string{"ann", "cy"}}
	l := &lister{sender: &record.Player{Key: "a", Chosen: "g1"}, games: map[string]*record.Game{"g1": theirs, "g2": mine, "g3": declined}, ids: []string{"g1", "g2", "g3"}}
	if err := Games(l, true, " (live)"); err != nil {
		t.Fatal(err)
	}
	want := "Your games, those waiting for you first (live):\n" +
		"g2 against bob, you play black: your turn (turn 2), due 2026-11-26 10:00 CET\n" +
		"g1 against bob, you play white: bob's turn (turn 2), due 2026-11-26 10:00 CET (chosen: your commands go here)"
	if len(l.told) != 1 || l.told[0] != want {
		t.Errorf("games told %q, want %q", l.told, want)
	}
}

func TestLineWaitsForAProposalOrAChallenge(t *testing.T) {
	l := &lister{}
	over := &record.Game{ID: "g4", Status: record.Over, Players: [2]string{"a", "b"}, Names: [2]string{"ann", "bob"},
		Result: &record.Result{PTN: "R-0"}, Proposal: &record.Proposal{Kind: record.ProposeDraw, By: tak.Black}}
	o, waiting := Line(l, over, "a")
	if got := o.Words(l.Reader(over, "a")); !waiting || !strings.HasPrefix(got, "g4 against bob, you play white: over, R-0; bob proposes to ") || !strings.HasSuffix(got, "send \"game g4; accept\" or \"game g4; decline\"") {
		t.Errorf("Line = %q, %v", got, waiting)
	}
	ch := &record.Game{ID: "g5", Status: record.Challenged, Challenger: tak.White, Players: [2]string{"a", "b"}, Names: [2]string{"ann", "bob"}}
	if o, waiting := Line(l, ch, "b"); !waiting || o.Listing != words.ListedChallengeToMeet {
		t.Errorf("a challenge to b waits for b: %+v %v", o, waiting)
	}
	if o, waiting := Line(l, ch, "a"); waiting || o.Listing != words.ListedChallengeSent {
		t.Errorf("a's own challenge waits for nobody: %+v %v", o, waiting)
	}
}

func TestMoveChoices(t *testing.T) {
	g := &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"a", "b"}}
	g.Config = tak.DefaultConfig(5)
	got, err := MoveChoices(g, notation.PTN, " A", 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a1", "a2", "a3"}; !slices.Equal(got, want) {
		t.Errorf("MoveChoices = %q, want %q", got, want)
	}
	if all, _ := MoveChoices(g, notation.PTN, "", 0); len(all) != 25 {
		t.Errorf("the first move of a 5x5 game has %d choices, want 25 (a flat of the opponent's on each square)", len(all))
	}
}

// tx is a record.Tx over a few games; only GamesOf and Game are used.
type tx struct {
	record.Tx
	games map[string]*record.Game
}

func (t tx) GamesOf(string) ([]string, error) { return []string{"g1", "g2", "g3"}, nil }
func (t tx) Game(id string) (*record.Game, error) {
	if g, ok := t.games[id]; ok {
		return g, nil
	}
	return nil, record.ErrNotFound
}

func TestYourTurn(t *testing.T) {
	mine := &record.Game{ID: "g1", Status: record.Active, Players: [2]string{"a", "b"}}
	theirs := &record.Game{ID: "g2", Status: record.Active, Players: [2]string{"b", "a"}}
	s := tx{games: map[string]*record.Game{"g1": mine, "g2": theirs}}
	if g, err := YourTurn(s, "a", ""); err != nil || g != mine {
		t.Errorf("the only game where it is a's turn: %v, %v", g, err)
	}
	if g, err := YourTurn(s, "a", "g2"); err != nil || g != nil {
		t.Errorf("a game where it is not a's turn: %v, %v", g, err)
	}
	s.games["g3"] = &record.Game{ID: "g3", Status: record.Active, Players: [2]string{"a", "c"}}
	if g, err := YourTurn(s, "a", ""); err != nil || g != nil {
		t.Errorf("two games where it is a's turn: none rather than a guess, got %v, %v", g, err)
	}
}
