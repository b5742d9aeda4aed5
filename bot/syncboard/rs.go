package syncboard

import (
	"strings"
	"time"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Turn is what [RS] needs of the message being evaluated; package bot's
// session implements it.
type Turn interface {
	// Now is when the referee evaluates; Sender is the sender's record.
	Now() time.Time
	Sender() *record.Player
	// TargetShown loads the game c is about, in progress or waiting;
	// PlayingGame the game in progress it is about.
	TargetShown(c *command.Command) (*record.Game, error)
	PlayingGame(c *command.Command) (*record.Game, error)
	// Position is where a loaded game stands; History loads a game and
	// returns its history.
	Position(id string) *tak.Position
	History(id string) (*tak.Game, error)
	// MarkGame has a loaded game written at commit.
	MarkGame(g *record.Game)
	// Chosen reports whether the sender chose g with "game ID" earlier.
	Chosen(g *record.Game) bool
	// Refusal refuses the command with o, about game g.
	Refusal(g *record.Game, o words.Refusal) error
	// Reply tells the player key an outcome of game g, as an answer;
	// Announce as news both players see.
	Reply(g *record.Game, key string, o words.Outcome)
	Announce(g *record.Game, key string, o words.Outcome)
	// TellActions offers commands in the reply to player to about game.
	TellActions(to, game string, acts ...record.Action)
	// Status adds what the player to sees of loaded game g; StatusMarked
	// marks squares of its picture, with a caption saying why.
	Status(g *record.Game, to string, withPicture bool)
	StatusMarked(g *record.Game, to string, withPicture bool, marks []tak.Square, caption string)
}

// RS runs "rs", alone or with the sender's board.
func RS(t Turn, c *command.Command) error {
	board := c.Board
	if board == "" && len(c.Args) > 0 {
		board = strings.Join(c.Args, " ")
	}
	target := t.TargetShown
	if board != "" {
		target = t.PlayingGame
	}
	g, err := target(c)
	if err != nil {
		return err
	}
	key := t.Sender().Key
	if board == "" {
		t.Reply(g, key, words.SyncShown{Game: present.Game(g)})
		t.Status(g, key, false)
		return nil
	}
	if g.Status != record.Active {
		return t.Refusal(g, words.Refusal{Reason: words.NotInProgress, Chosen: t.Chosen(g)})
	}
	stacks, err := notation.ParseSyncBoardSize(board, g.Config.Size)
	if err != nil {
		return t.Refusal(g, words.Refusal{Reason: words.BoardUnreadable, Err: err})
	}
	me, _ := g.ColorOf(key)
	pos := t.Position(g.ID)
	diff := pos.DiffStacks(stacks)
	if len(diff) == 0 {
		if g.Sync[me] != nil { // an earlier differing board is no longer the player's
			g.Sync[me] = nil
			t.MarkGame(g)
		}
		t.Reply(g, key, words.BoardMatches{Game: present.Game(g), Turn: pos.Ply() + 1})
		t.Status(g, key, false)
		return nil
	}
	tg, err := t.History(g.ID)
	if err != nil {
		return err
	}
	o := Differs(g, tg, me, board, stacks, diff)
	g.Sync[me] = &record.SyncBoard{Board: strings.TrimSpace(board), Match: o.Match, At: t.Now()}
	t.MarkGame(g)
	t.Reply(g, key, o)
	t.TellActions(key, g.ID, present.Actions(o.Ways(), g.ID)...)
	t.StatusMarked(g, key, true, diff, words.TrueBoardCaption)
	t.Announce(g, g.Players[me.Opponent()], words.BoardDiffersTold{Game: present.Game(g), By: me, Squares: diff, Size: g.Config.Size})
	return nil
}

// Differs compares colour me's board (stacks, differing on the squares
// diff) with game g's history tg: where it last matched, and the ways out.
func Differs(g *record.Game, tg *tak.Game, me tak.Color, board string, stacks map[tak.Square]tak.Stack, diff []tak.Square) words.BoardDiffers {
	o := words.BoardDiffers{Game: present.Game(g), By: me, Squares: diff, Size: g.Config.Size, Yours: stacks, Referees: tg.Position().Stacks(),
		Match: -1, AdoptedAt: AdoptedAt(g, tg), Setup: SetupName(g)}
	first := tg.Start().Ply()
	for n := tg.Len() - 1; n >= 0; n-- {
		if len(tg.PositionAfter(n).DiffStacks(stacks)) == 0 {
			o.Match = first + n
			break
		}
	}
	if o.Match >= 0 {
		i := o.Match - first
		o.Diverged = tg.PositionAfter(i).ToMove()
		o.DivergedMove = words.NamesOf(tg.Moves()[i], tg.PositionAfter(i))
	}
	if pos, err := Position(g, tg.Position(), board); err != nil {
		o.AdoptErr = err
	} else {
		o.Adopt = Consequence(g, pos)
	}
	return o
}

// Proposed is what reader key is shown of the board pos that an adopt
// proposal by colour by would make game g's position (now).
func Proposed(g *record.Game, now, pos *tak.Position, by tak.Color, key string) words.BoardProposed {
	return words.BoardProposed{Game: present.Game(g), By: by, Squares: now.DiffStacks(pos.Stacks()), Size: g.Config.Size,
		Board: pos.Stacks(), Now: now.Stacks(), Yours: g.Players[by] == key}
}

// AdoptedAt is the turn the board of game g (history tg) was adopted at,
// 0 when its history starts from the empty board or its set-up position.
func AdoptedAt(g *record.Game, tg *tak.Game) int {
	if g.Start == "" || g.Start == g.Setup {
		return 0
	}
	return tg.Start().Ply() + 1
}

// Consequence says what accepting an adopt of board pos will do.
func Consequence(g *record.Game, pos *tak.Position) words.AdoptConsequence {
	o := words.AdoptConsequence{Turn: pos.Ply() + 1, ToMove: pos.ToMove(), SwapEnds: g.Config.Opening == tak.SwapOpening && pos.Ply() < 2}
	if res := pos.Result(); res.Over() {
		o.Result, o.PTN = res.String(), res.PTN()
	}
	return o
}

// Position builds the position of a sync board in game g, standing at
// now, keeping the side to move and the turn. An adopted board is played
// on without the swap opening.
func Position(g *record.Game, now *tak.Position, board string) (*tak.Position, error) {
	stacks, err := notation.ParseSyncBoardSize(board, g.Config.Size)
	if err != nil {
		return nil, err
	}
	return tak.Setup(AdoptedConfig(g.Config), stacks, now.ToMove(), now.MoveNumber())
}

// AdoptedConfig is a game's configuration from an adopted board on.
func AdoptedConfig(cfg tak.Config) tak.Config {
	cfg.Opening = tak.NoSwapOpening
	return cfg
}

// StartName names where a game's history starts: the empty board, the
// position it was set up from, or a board adopted later.
func StartName(g *record.Game) string {
	switch g.Start {
	case "":
		return "the empty board"
	case g.Setup:
		return "the set-up position"
	}
	return "the adopted board"
}

// SetupName names where a restart goes back to.
func SetupName(g *record.Game) string {
	if g.Setup == "" {
		return "the empty board"
	}
	return "the set-up position"
}
