package words

import (
	"fmt"
	"strings"

	"github.com/takbymail/takbot/tak"
)

// ProposalKind is what a proposal asks; its values are the commands that
// make them.
type ProposalKind string

// The kinds of proposals.
const (
	ProposeDraw     ProposalKind = "draw"
	ProposeUndo     ProposalKind = "undo"
	ProposeTakeback ProposalKind = "takeback"
	ProposeRevert   ProposalKind = "revert"
	ProposeAdopt    ProposalKind = "adopt"
	ProposeRestart  ProposalKind = "restart"
)

// Proposal is a proposal as the players read it.
type Proposal struct {
	Kind ProposalKind
	By   tak.Color
	// Turn is the ply the proposal goes back to (undo, takeback, revert):
	// the first move taken back is that of turn Turn+1.
	Turn int
	// Last is the number of plies played in the game now.
	Last int
	// Moves are the recorded moves from ply Turn on, the first of them
	// Moves[0]; a move not recorded (the game has changed) is the zero
	// MoveNames.
	Moves []MoveNames
	// Setup names where a restart goes back to: "the empty board".
	Setup string
}

// Text says what the proposal asks, to a reader: "take back your move of
// turn 7, ps c3 (PTN c3)".
func (p Proposal) Text(g Game, r Reader) string { return p.words(g, r, true) }

// Short says what the proposal asks without naming the moves, for a list
// in brackets: "take back your move of turn 7".
func (p Proposal) Short(g Game, r Reader) string { return p.words(g, r, false) }

func (p Proposal) move(i int, r Reader) string {
	if i < 0 || i >= len(p.Moves) {
		return ""
	}
	return p.Moves[i].Names(r.Notation)
}

func (p Proposal) words(g Game, r Reader, moves bool) string {
	switch p.Kind {
	case ProposeDraw:
		return "agree a draw"
	case ProposeUndo:
		if !moves {
			if p.Last-p.Turn <= 1 {
				return fmt.Sprintf("take back %s move of turn %d", g.possessive(tak.Color(p.Turn%2), r), p.Turn+1)
			}
			return fmt.Sprintf("take back the moves of turns %d to %d", p.Turn+1, p.Last)
		}
		var named []string
		for ply := p.Turn; ply < p.Last; ply++ {
			named = append(named, g.possessive(tak.Color(ply%2), r)+" "+p.move(ply-p.Turn, r))
		}
		if len(named) <= 1 {
			return fmt.Sprintf("take back %s move of turn %d, %s", g.possessive(tak.Color(p.Turn%2), r), p.Turn+1, p.move(0, r))
		}
		return fmt.Sprintf("take back the moves of turns %d to %d: %s", p.Turn+1, p.Last, strings.Join(named, ", then "))
	case ProposeTakeback:
		if !moves {
			return fmt.Sprintf("take back the disputed move of turn %d", p.Turn+1)
		}
		return fmt.Sprintf("take back the disputed move of turn %d, %s %s", p.Turn+1, g.possessive(tak.Color(p.Turn%2), r), p.move(0, r))
	case ProposeRevert:
		if p.Turn == 0 {
			return "go back to the empty board, the position after turn 0"
		}
		return fmt.Sprintf("go back to the position after turn %d", p.Turn)
	case ProposeAdopt:
		return fmt.Sprintf("make %s rs board the position", g.possessive(p.By, r))
	case ProposeRestart:
		return "restart the game from " + p.Setup
	}
	return string(p.Kind)
}

// ProposalMade is a proposal a player made, told to both players.
type ProposalMade struct {
	Game     Game
	Proposal Proposal
}

// Words tells a player: the proposer what they asked, the opponent what
// they are asked and how to answer.
func (o ProposalMade) Words(r Reader) string {
	g, by := o.Game, o.Proposal.By
	if r.Sender {
		return fmt.Sprintf("You propose to %s. %s is asked to answer \"accept\" or \"decline\".", o.Proposal.Text(g, r), g.Names[by.Opponent()])
	}
	what := o.Proposal.Text(g, r)
	if o.Proposal.Kind == ProposeUndo { // "bob proposes to take back their move", not "bob's move"
		what = strings.Replace(what, "take back "+g.possessive(by, r)+" move", "take back their move", 1)
	}
	if r.Buttons {
		return g.who(by) + " proposes to " + what + "." // the buttons below answer
	}
	return g.who(by) + " proposes to " + what + ". Answer \"accept\" or \"decline\"."
}

// AdoptConsequence says what accepting a proposal to adopt a board will
// do, told to both players under the board.
type AdoptConsequence struct {
	Turn   int // the turn to be played on the board, from 1
	ToMove tak.Color
	// Result is how the game ends on the board, and PTN its code; "" when
	// it goes on.
	Result, PTN string
	// SwapEnds is set when the adopted board ends the swap opening.
	SwapEnds bool
}

// Words says it.
func (o AdoptConsequence) Words(Reader) string {
	if o.Result != "" {
		return fmt.Sprintf("Accepting ends the game at once: on this board %s (%s).", o.Result, o.PTN)
	}
	text := fmt.Sprintf("Accepting makes this board the position, with %s to move at %s; the moves played since the start are kept in the game's notes.", o.ToMove, TurnName(o.Turn))
	if o.SwapEnds {
		text += " The swap opening ends with it: from then on each player places their own colour."
	}
	return text
}

// ProposalAccepted is a proposal accepted that changed the position (undo,
// takeback, revert, adopt, restart), told to both players.
type ProposalAccepted struct {
	Game Game
	// By names who accepted, for the reader who did not.
	By string
	// Proposal is what was accepted, as it stood before the change (the
	// moves it took back still named).
	Proposal Proposal
}

// Words tells a player: "You accepted: take back bob's move of turn 4,
// ps a1 (PTN a5)."
func (o ProposalAccepted) Words(r Reader) string {
	return accepter(o.By, r) + " accepted: " + o.Proposal.Text(o.Game, r) + "."
}

// DrawAgreed is a draw offer accepted: the game is drawn.
type DrawAgreed struct {
	By string // who accepted, for the reader who did not
}

// Words tells a player.
func (o DrawAgreed) Words(r Reader) string { return accepter(o.By, r) + " accepted the draw." }

// accepter starts a sentence about who accepted: "You" to the sender,
// their name to the other.
func accepter(by string, r Reader) string {
	if r.Sender {
		return "You"
	}
	return by
}
