package record

import (
	"strings"

	"github.com/takbymail/takbot/tak"
)

// The engine player. The engine plays as a player of its own, on a
// transport of its own named EngineTransport (package opponent); a game
// against it has a Level and is unrated.
const (
	// EngineTransport is the name of the engine's transport.
	EngineTransport = "engine"
	// EngineAddress is the engine player's address, and the word players
	// challenge it with: "new takbot".
	EngineAddress = "takbot"
)

// EngineIdentity is the engine player.
func EngineIdentity() Identity { return Identity{Transport: EngineTransport, Address: EngineAddress} }

// AgainstEngine reports whether g is a game against takbot (its Level is
// set). Such games are unrated.
func (g *Game) AgainstEngine() bool { return g.Level > 0 }

// EngineColor returns the colour takbot plays in g, and false when g is
// not a game against takbot.
func (g *Game) EngineColor() (tak.Color, bool) {
	if !g.AgainstEngine() {
		return 0, false
	}
	return g.ColorOf(EngineIdentity().Key())
}

// AbortPlies is how many moves a game has when each player has moved
// twice: from then on it can no longer be aborted.
const AbortPlies = 4

// Rated reports whether the game's result counts for the players'
// ratings: every game unless it was started with rated=no, is private (a
// rating would tell its results), was aborted, ended before each player
// had moved twice (AbortPlies: a resignation or an agreed draw then
// counts as an abort, a loss on time stands unrated), or is played
// against the bot itself. Every rule about which games are rated belongs
// here.
func (g *Game) Rated() bool {
	if g.Unrated || g.Private || g.Status == Aborted || g.AgainstEngine() || !g.PlayedEnough() {
		return false
	}
	for _, k := range g.Players {
		// A game against the bot (its engine's identity) rates nobody.
		if strings.HasPrefix(k, EngineTransport+":") {
			return false
		}
	}
	return g.Players[0] != g.Players[1]
}

// PlayedEnough reports whether each player has moved at least twice in
// the game (its own moves: an adopted start position's do not count).
// A game that ends before can be neither rated nor reviewed.
func (g *Game) PlayedEnough() bool { return len(g.Moves) >= AbortPlies }

// FileName is the name a picture is sent under: the game and the turn it
// shows, "g1-turn-11.png" (the board after turn 11; "g1-turn-0.png"
// before the first move). Its Name, which the picture cache needs unique,
// carries a digest a reader has no use for. A Name not made by the
// referee is returned as it is.
func (p Picture) FileName() string {
	base, ok := strings.CutSuffix(p.Name, ".png")
	if !ok {
		return p.Name
	}
	i := strings.LastIndexByte(base, '-') // the orientation
	if i < 0 {
		return p.Name
	}
	j := strings.LastIndexByte(base[:i], '-') // the digest
	if j < 0 {
		return p.Name
	}
	game, ply, ok := strings.Cut(base[:j], "-t")
	for ok && strings.Contains(ply, "-t") { // a game id with "-t" in it
		var rest string
		rest, ply, _ = strings.Cut(ply, "-t")
		game += "-t" + rest
	}
	if !ok || game == "" || ply == "" || strings.Trim(ply, "0123456789") != "" {
		return p.Name
	}
	return game + "-turn-" + ply + ".png"
}

// Clone returns a deep copy of the record.
func (g *Game) Clone() *Game {
	c := g.CloneButMoves()
	c.Moves = append([]Move(nil), g.Moves...)
	return c
}

// CloneButMoves returns a deep copy of the record but for its moves,
// which it shares.
func (g *Game) CloneButMoves() *Game {
	c := *g
	c.Events = append([]string(nil), g.Events...)
	c.Disputes = append([]Dispute(nil), g.Disputes...)
	c.Watchers = append([]string(nil), g.Watchers...)
	if g.Result != nil {
		r := *g.Result
		c.Result = &r
	}
	if g.Rating != nil {
		rc := *g.Rating
		c.Rating = &rc
	}
	if g.Proposal != nil {
		p := *g.Proposal
		c.Proposal = &p
	}
	if g.Review != nil {
		rv := *g.Review // its scores are never changed in place
		c.Review = &rv
	}
	c.ChatLog = append([]ChatLine(nil), g.ChatLog...)
	for i, s := range g.Sync {
		if s != nil {
			cp := *s
			c.Sync[i] = &cp
		}
	}
	return &c
}

// ShareMoves returns the record's moves for a copy that shares their
// array. That is safe because a referee's session only ever appends to its moves,
// which writes past the end that every other holder of the array sees,
// or cuts them with their capacity (CutMoves), so that its next append
// moves them to an array of their own; and because only one session at a
// time holds a game's lock, so no two append to one array at once. The
// spare capacity lets the moves of many sessions go into one array,
// instead of each copying them all.
func (g *Game) ShareMoves() MoveList {
	if len(g.Moves) == 0 {
		return nil // as Clone copies an empty list
	}
	return g.Moves
}

// CutMoves keeps the first n moves (n at most their number), in a slice
// without spare capacity: the array may be shared (ShareMoves), and an
// append must not write over the moves cut.
func (g *Game) CutMoves(n int) {
	g.Moves = g.Moves[:n:n]
}

// adoptedConfig is a game's configuration from an adopted board on.
func adoptedConfig(cfg tak.Config) tak.Config {
	cfg.Opening = tak.NoSwapOpening
	return cfg
}
