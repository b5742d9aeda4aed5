package pick

import (
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Moves says which takebacks the player can ask for in a game in progress
// (asked only when no proposal is open): undo (their last move, once the
// opponent is to move) and takeback (a move disputed with "im").
type Moves interface {
	CanUndo() bool
	CanTakeback() bool
}

// Offers lists the commands player me can send now in game g (a
// rematch aside: package challenge offers it), and reports whether one
// answers the opponent (the reply then asks for attention). short words
// the opponent's proposal, asked only when there is one to answer.
func Offers(g *record.Game, me tak.Color, mv Moves, short func() string) (offers []record.Action, attention bool) {
	offer := func(o words.Offered, command string) {
		a := record.Action{Label: o.Label(""), Command: command, Game: g.ID}
		switch o {
		case words.OfferAcceptProposal:
			a.Label = o.Label(short())
		case words.OfferResign:
			a.Confirm = words.ConfirmResign(g.ID, g.Names[me.Opponent()])
		}
		offers = append(offers, a)
	}
	if pr := g.Proposal; pr != nil && Answerable(g) {
		if pr.By != me {
			offer(words.OfferAcceptProposal, "accept")
			offer(words.OfferDeclineProposal, "decline")
			attention = true
		} else {
			offer(words.OfferWithdrawProposal, "cancel")
		}
	}
	switch g.Status {
	case record.Challenged:
		if me != g.Challenger {
			offer(words.OfferAcceptChallenge, "accept")
			offer(words.OfferDeclineChallenge, "decline")
			attention = true
		} else {
			offer(words.OfferWithdrawChallenge, "cancel")
		}
	case record.Active:
		if g.Proposal != nil {
			break
		}
		if mv.CanUndo() {
			offer(words.OfferUndo, "undo")
		}
		if mv.CanTakeback() {
			offer(words.OfferTakeback, "takeback")
		}
		offer(words.OfferDraw, "draw")
		offer(words.OfferResign, "resign")
	}
	return offers, attention
}
