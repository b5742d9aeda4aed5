package words

// Answers to challenges and proposals: declined, withdrawn.

// ChallengeDeclined is a challenge declined by the challenged player.
type ChallengeDeclined struct {
	Game Game
	By   string // who declined, for the reader who did not
}

// Words tells a player: "You declined the challenge g3."
func (o ChallengeDeclined) Words(r Reader) string {
	return accepter(o.By, r) + " declined the challenge " + o.Game.ID + "."
}

// ChallengeWithdrawn is a challenge withdrawn by its challenger.
type ChallengeWithdrawn struct {
	Game Game
	By   string // who withdrew it, for the reader who did not
}

// Words tells a player: "alice withdrew the challenge g3."
func (o ChallengeWithdrawn) Words(r Reader) string {
	return accepter(o.By, r) + " withdrew the challenge " + o.Game.ID + "."
}

// ProposalDeclined is a proposal declined by the player it asked.
type ProposalDeclined struct {
	Game     Game
	By       string // who declined, for the reader who did not
	Proposal Proposal
	// Over is set when the game is over (a proposal after a ruling):
	// its result stands.
	Over bool
}

// Words tells a player: "bob declined the proposal to agree a draw. The
// game goes on."
func (o ProposalDeclined) Words(r Reader) string {
	after := "The game goes on."
	if o.Over {
		after = "The result stands."
	}
	return accepter(o.By, r) + " declined the proposal to " + o.Proposal.Text(o.Game, r) + ". " + after
}

// ProposalWithdrawn is a proposal withdrawn by its maker.
type ProposalWithdrawn struct {
	Game     Game
	By       string // who withdrew it, for the reader who did not
	Proposal Proposal
}

// Words tells a player: "You withdrew the proposal to agree a draw."
func (o ProposalWithdrawn) Words(r Reader) string {
	return accepter(o.By, r) + " withdrew the proposal to " + o.Proposal.Text(o.Game, r) + "."
}
