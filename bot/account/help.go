package account

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Helper is what "help" needs of the message being evaluated.
type Helper interface {
	InGame
	// IsRefusal reports whether err refuses the command, or asks which
	// game it is about, rather than failing it.
	IsRefusal(err error) bool
	// ListGames tells the sender their games (live: those not ended),
	// the title ending with hint.
	ListGames(live bool, hint string) error
	// Position is where a game loaded for change stands; Orient is the
	// notation the player key reads.
	Position(id string) *tak.Position
	Orient(key string) notation.Orientation
	// WordsProposal describes a proposal of game g for words.
	WordsProposal(g *record.Game, p *record.Proposal) words.Proposal
	// OpenDispute is the dispute of colour c that awaits a takeback in
	// game g, nil for none.
	OpenDispute(g *record.Game, c tak.Color) *record.Dispute
	// OfferActions offers the player key what they can do in game g now.
	OfferActions(g *record.Game, key string)
	// TellBlock adds a monospace block with its caption to the reply to the
	// player key about game.
	TellBlock(to, game, caption, text string)
	// CommandLimits are the configured limits the commands' help states
	// (events per organiser, days per move).
	CommandLimits() command.Limits
}

// Help is "help": what the player can do now in their game (or games),
// then every command, from the command table, stating the limits
// configured (Helper.CommandLimits).
func Help(t Helper, c *command.Command) error {
	key := t.Sender().Key
	g, err := t.TargetShown(c)
	game := ""
	switch {
	case err == nil:
		gameHelp(t, g)
		game = g.ID
	case t.IsRefusal(err):
		// no single game: say what waits for the player in each
		if err := t.ListGames(true, words.GamesHelpHint); err != nil {
			return err
		}
	default:
		return err // storage, or a lock to take first
	}
	specs := command.CommandsWith(t.CommandLimits())
	var b strings.Builder
	for grp := command.GroupStart; grp <= command.GroupAlways; grp++ {
		fmt.Fprintf(&b, "%s:\n", grp.Title())
		for _, spec := range specs {
			if spec.Group == grp {
				fmt.Fprintf(&b, "  %s: %s\n", spec.Syntax, spec.Summary)
			}
		}
	}
	t.TellBlock(key, game, words.CommandsCaption, strings.TrimRight(b.String(), "\n"))
	t.Tell(key, game, words.HelpEnd{})
	return nil
}

// gameHelp says what the player can do now in one game.
func gameHelp(t Helper, g *record.Game) {
	key := t.Sender().Key
	me, _ := g.ColorOf(key)
	o := words.GameHelp{Game: words.Game{ID: g.ID, Names: g.Names}, Me: me, Status: string(g.Status), Challenger: me == g.Challenger}
	if g.Proposal != nil && g.Proposal.By != me {
		p := t.WordsProposal(g, g.Proposal)
		o.Proposal = &p
	}
	if g.Status == record.Active {
		pos := t.Position(g.ID)
		o.Turn, o.ToMove, o.Opening = pos.Ply()+1, pos.ToMove(), pos.InOpening()
		if o.ToMove == me {
			o.Examples = exampleMoves(pos, t.Orient(key))
		}
		if d := t.OpenDispute(g, me); d != nil && g.Proposal == nil {
			o.Disputed = d.Turn
		}
	}
	if g.Result != nil {
		res := words.Result{Text: g.Result.Text, PTN: g.Result.PTN, Winner: g.Result.Winner, Draw: g.Result.Draw, Score: g.Result.Score}
		o.Result = &res
	}
	t.Reply(g, key, o)
	t.OfferActions(g, key)
}

// exampleMoves gives two legal moves of a position in notation o.
func exampleMoves(pos *tak.Position, o notation.Orientation) []string {
	var ex []string
	for _, m := range pos.LegalMoves(nil) {
		if len(ex) == 2 {
			break
		}
		if len(ex) > 0 && m.Type == tak.Place && m.Piece == tak.Wall {
			continue
		}
		w := notation.FormatMail(m, pos.Size())
		if o == notation.PTN {
			w = notation.FormatPTN(m, pos)
		}
		if len(ex) == 0 || ex[0] != w {
			ex = append(ex, w)
		}
	}
	return ex
}
