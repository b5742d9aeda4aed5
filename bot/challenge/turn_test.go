package challenge

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/bot/memstore"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/words"
)

// fake is a Turn without the referee: games and players in maps, the
// store in memory, what is told kept as "to: text" lines.
type fake struct {
	now        time.Time
	sender     *record.Player
	current    string
	players    map[string]*record.Player
	games      map[string]*record.Game
	store      *memstore.Store
	told       []string
	acts       []record.Action
	transports []community.Transport
	started    []string
}

// refused is a refusal of the fake: its reason kept for the test.
type refused struct{ words.Refusal }

func (r *refused) Error() string { return r.Words(words.Reader{}) }

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

func newFake() *fake {
	f := &fake{now: t0, players: map[string]*record.Player{}, games: map[string]*record.Game{}, store: memstore.New(),
		transports: []community.Transport{{Name: "console", Title: "console", Running: true, Lobby: "console:lobby",
			ParseAddress: func(s string) (string, bool) { return s, !strings.ContainsAny(s, ":= ") }}}}
	return f
}

// as makes key the sender.
func (f *fake) as(key string) *fake {
	f.sender, _ = f.Player(key)
	f.current = ""
	return f
}

// run runs one command of the sender's.
func (f *fake) run(text string) error {
	p, err := command.ParseMessage(text)
	if err != nil || len(p.Commands) != 1 {
		return fmt.Errorf("%q: %v", text, err)
	}
	c := &p.Commands[0]
	switch c.Name {
	case "new":
		return New(f, c)
	case "accept":
		return Accept(f, c)
	case "decline":
		return Decline(f, c)
	case "cancel":
		return Cancel(f, c)
	case "rematch":
		return Rematch(f, c)
	case "seeks":
		return Seeks(f, c)
	}
	return fmt.Errorf("%q: not a command of this package", text)
}

// commit writes the games to the store with their seek index.
func (f *fake) commit() error {
	return f.store.Update(context.Background(), func(tx record.Tx) error {
		var gs []*record.Game
		for _, g := range f.games {
			if err := tx.PutGame(g); err != nil {
				return err
			}
			gs = append(gs, g)
		}
		return SeekIndex(gs)(tx)
	})
}

func (f *fake) Now() time.Time         { return f.now }
func (f *fake) Sender() *record.Player { return f.sender }
func (f *fake) From() record.Identity  { return f.sender.Identity }
func (f *fake) MessageGame() string    { return "" }
func (f *fake) Current() string        { return f.current }
func (f *fake) SetCurrent(id string)   { f.current = id }
func (f *fake) Player(key string) (*record.Player, error) {
	if p, ok := f.players[key]; ok {
		return p, nil
	}
	id, _ := record.ParseIdentity(key)
	p := &record.Player{Key: key, Identity: id, Name: id.Address, Created: f.now}
	f.players[key] = p
	return p, nil
}
func (f *fake) Person(key string) (*record.Player, error) { return f.Player(key) }
func (f *fake) MarkPlayer(*record.Player)                 {}
func (f *fake) PeekGame(id string) (*record.Game, error) {
	if g, ok := f.games[id]; ok {
		return g, nil
	}
	return nil, record.ErrNotFound
}
func (f *fake) Game(id string) (*record.Game, error) { return f.PeekGame(id) }
func (f *fake) MarkGame(*record.Game)                {}
func (f *fake) Touch(string)                         {}
func (f *fake) GamesOf(key string) ([]string, error) {
	var ids []string
	for id, g := range f.games {
		if _, ok := g.ColorOf(key); ok {
			ids = append(ids, id)
		}
	}
	return ids, nil
}
func (f *fake) NamedGame(key string) string {
	if g, ok := f.games[f.current]; ok {
		if _, in := g.ColorOf(key); in {
			return f.current
		}
	}
	return ""
}

// target is the sender's only game, or the current one.
func (f *fake) target() (*record.Game, error) {
	if id := f.NamedGame(f.sender.Key); id != "" {
		return f.games[id], nil
	}
	ids, _ := f.GamesOf(f.sender.Key)
	if len(ids) != 1 {
		return nil, fmt.Errorf("%d games", len(ids))
	}
	return f.games[ids[0]], nil
}
func (f *fake) TargetAnswer(*command.Command) (*record.Game, error) { return f.target() }
func (f *fake) TargetCancel(*command.Command) (*record.Game, error) { return f.target() }
func (f *fake) AskShow(*command.Command, []*record.Game) error      { return errors.New("which game?") }
func (f *fake) AddGame(g *record.Game) error {
	g.ID = fmt.Sprintf("g%d", len(f.games)+1)
	f.games[g.ID] = g
	f.current = g.ID
	return nil
}
func (f *fake) StartGame(g *record.Game) error {
	g.Status = record.Active
	f.started = append(f.started, g.ID)
	return nil
}
func (f *fake) ApplyProposal(*record.Game, *record.Proposal) error { return nil }
func (f *fake) WordsProposal(*record.Game, *record.Proposal) words.Proposal {
	return words.Proposal{}
}
func (f *fake) View(fn func(record.Tx) error) error { return f.store.View(context.Background(), fn) }
func (f *fake) Refusal(g *record.Game, o words.Refusal) error {
	if g != nil {
		o.Game = wordsGame(g)
	}
	return &refused{o}
}
func (f *fake) Refused(o words.Outcome) error { return errors.New(o.Words(words.Reader{})) }
func (f *fake) Question(o words.Outcome, _ ...record.Action) error {
	return errors.New(o.Words(words.Reader{}))
}
func (f *fake) Announce(g *record.Game, key string, o words.Outcome) {
	c, plays := g.ColorOf(key)
	r := words.Reader{Color: c, Plays: plays}
	r.You[c] = plays
	f.told = append(f.told, key+": "+o.Words(r))
}
func (f *fake) Reply(g *record.Game, key string, o words.Outcome) { f.Announce(g, key, o) }
func (f *fake) OfferActions(*record.Game, string)                 {}
func (f *fake) Tell(to, _ string, o words.Outcome) {
	f.told = append(f.told, to+": "+o.Words(words.Reader{}))
}
func (f *fake) TellBlock(to, _, caption, text string) {
	f.told = append(f.told, to+": "+caption+"\n"+text)
}
func (f *fake) TellActions(_, _ string, acts ...record.Action) { f.acts = append(f.acts, acts...) }
func (f *fake) Lobby(to, game string, o words.Outcome, acts ...record.Action) {
	f.Tell(to, game, o)
	f.TellActions(to, game, acts...)
}
func (f *fake) CheckChallengeQuotas(*record.Player) error { return nil }
func (f *fake) CheckOwnChallenges() error                 { return nil }
func (f *fake) Stranger(*record.Player) (bool, error)     { return false, nil }
func (f *fake) HoldNotice(*record.Game, string)           {}
func (f *fake) VoidNotice(*record.Game) (bool, error)     { return false, nil }
func (f *fake) EngineOpponent(w string) (bool, error)     { return w == "takbot", nil }
func (f *fake) EngineKey() string                         { return "takbot:takbot" }
func (f *fake) CheckEngineGames(*record.Game) error       { return nil }
func (f *fake) DefaultLevel() int                         { return 5 }
func (f *fake) MaxLevel() int                             { return 10 }
func (f *fake) PublicName(name string) string             { return name }
func (f *fake) Transports(string) []community.Transport   { return f.transports }
func (f *fake) RandInt(int) int                           { return 0 }
func (f *fake) DefaultDays() int                          { return 3 }
func (f *fake) ChallengeDays() int                        { return 14 }
func (f *fake) ChallengeExpiry(g *record.Game) time.Time  { return g.Created.AddDate(0, 0, 14) }

// toldTo is what key was told, one line each.
func (f *fake) toldTo(key string) string {
	var out []string
	for _, l := range f.told {
		if rest, ok := strings.CutPrefix(l, key+": "); ok {
			out = append(out, rest)
		}
	}
	return strings.Join(out, "\n")
}

var _ Turn = (*fake)(nil)

func (f *fake) AtCommit(fn func(record.Tx) error) {
	if err := f.store.Update(context.Background(), fn); err != nil {
		panic(err)
	}
}

func (f *fake) News(to string, o words.Outcome, acts ...record.Action) {
	f.Lobby(to, "", o, acts...)
}
