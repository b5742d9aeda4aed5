package challenge

import (
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/record"
	"github.com/takbymail/takbot/tak"
	"github.com/takbymail/takbot/words"
)

// Accept answers a challenge or proposal, or takes an open challenge:
// "accept", "accept g12".
func Accept(t Turn, c *command.Command) error {
	id, err := seekArg(t, c)
	if err != nil || id == "" {
		if err != nil {
			return err
		}
		return answer(t, c, true)
	}
	g, err := t.PeekGame(id)
	me := t.Sender().Key
	if err != nil {
		return t.Refusal(nil, words.Refusal{Reason: words.NoSuchGame, Arg: command.Excerpt(id, 12)})
	}
	if openSeek(g) && g.Players[g.Challenger] == me {
		return t.Refusal(nil, words.Refusal{Reason: words.OwnOpenChallenge, Game: words.Game{ID: id}})
	}
	if _, in := g.ColorOf(me); in {
		t.SetCurrent(id) // "accept g3": the challenge or proposal of g3
		return answer(t, c, true)
	}
	if g.Seek == nil {
		return t.Refusal(nil, words.Refusal{Reason: words.NotASeek, Game: words.Game{ID: id}})
	}
	return takeSeek(t, id)
}

// Decline declines a challenge or proposal: "decline".
func Decline(t Turn, c *command.Command) error { return answer(t, c, false) }

func answer(t Turn, c *command.Command, yes bool) error {
	g, err := t.TargetAnswer(c)
	if err != nil {
		return err
	}
	sender := t.Sender()
	me, _ := g.ColorOf(sender.Key)
	if g.Status == record.Challenged && me != g.Challenger {
		if yes {
			return t.StartGame(g)
		}
		g.Status = record.Declined
		t.MarkGame(g)
		announceBoth(t, g, words.ChallengeDeclined{Game: wordsGame(g), By: sender.Name})
		return nil
	}
	if err := canAnswer(t, g, me); err != nil {
		return err
	}
	pr := g.Proposal
	g.Proposal = nil
	t.MarkGame(g)
	if !yes {
		announceBoth(t, g, words.ProposalDeclined{Game: wordsGame(g), By: sender.Name, Proposal: t.WordsProposal(g, pr), Over: g.Status == record.Over})
		return nil
	}
	return t.ApplyProposal(g, pr)
}

// canAnswer refuses an answer by colour me in game g unless it has a
// proposal of the opponent's open.
func canAnswer(t Turn, g *record.Game, me tak.Color) error {
	var r words.Refusal
	switch {
	case g.Status == record.Challenged && g.Seek != nil:
		r = words.Refusal{Reason: words.OwnOpenChallenge}
	case g.Status == record.Challenged:
		r = words.Refusal{Reason: words.OwnChallenge, Other: g.Challenger.Opponent()}
	case !answerable(g):
		r = words.Refusal{Reason: words.NothingToAnswer, Status: string(g.Status)}
	case g.Proposal == nil:
		r = words.Refusal{Reason: words.NoProposal, Chosen: chosen(t, g)}
	case g.Proposal.By == me:
		r = words.Refusal{Reason: words.OwnProposal, Other: me.Opponent()}
	default:
		return nil
	}
	return t.Refusal(g, r)
}

// Cancel withdraws the sender's challenge, open challenge or proposal:
// "cancel".
func Cancel(t Turn, c *command.Command) error {
	g, err := t.TargetCancel(c)
	if err != nil {
		return err
	}
	sender := t.Sender()
	me, _ := g.ColorOf(sender.Key)
	switch {
	case g.Status == record.Challenged && me == g.Challenger:
		g.Status = record.Cancelled
		t.MarkGame(g)
		if g.Seek != nil {
			seekWithdrawn(t, g)
			break
		}
		if unsent, err := t.VoidNotice(g); err != nil {
			return err
		} else if unsent {
			t.Announce(g, sender.Key, words.ChallengeUnsent{ID: g.ID, To: g.Names[g.Challenger.Opponent()]})
			t.OfferActions(g, sender.Key) // nothing left to withdraw
			break
		}
		announceBoth(t, g, words.ChallengeWithdrawn{Game: wordsGame(g), By: sender.Name})
	case answerable(g) && g.Proposal != nil && g.Proposal.By == me:
		pr := g.Proposal
		g.Proposal = nil
		t.MarkGame(g)
		announceBoth(t, g, words.ProposalWithdrawn{Game: wordsGame(g), By: sender.Name, Proposal: t.WordsProposal(g, pr)})
	default:
		return t.Refusal(g, words.Refusal{Reason: words.NothingToWithdraw, Chosen: chosen(t, g)})
	}
	return nil
}

// answerable reports whether a game can have a proposal answered.
func answerable(g *record.Game) bool {
	return g.Status == record.Active || g.Status == record.Over
}

// chosen reports whether g is the game the sender chose with "game ID" in
// an earlier message, and not the one this message addressed.
func chosen(t Turn, g *record.Game) bool {
	return t.Sender().Chosen == g.ID && t.Current() != g.ID && t.MessageGame() != g.ID
}

// announceBoth tells an outcome of game g to both its players.
func announceBoth(t Turn, g *record.Game, o words.Outcome) {
	for _, c := range []tak.Color{tak.White, tak.Black} {
		if k := g.Players[c]; k != "" && (c == tak.White || k != g.Players[tak.White]) {
			t.Announce(g, k, o)
		}
	}
}
