package bot

import (
	"context"
	"errors"

	"github.com/takbymail/takbot/bot/gameinfo"
)

// MoveChoices lists the legal moves a player could send now, for
// transports that complete what a player types (Discord's autocomplete):
// in the game named (or, without one, the player's only game where it is
// their turn), written in the player's notation, those starting with
// prefix (without case), at most limit. It reads only and changes nothing;
// without a game where it is the player's turn it returns none.
func (r *Referee) MoveChoices(ctx context.Context, who Identity, game, prefix string, limit int) ([]string, error) {
	key := who.Key()
	var g *GameRecord
	var p *PlayerRecord
	err := r.store.View(ctx, func(tx Tx) error {
		var err error
		if p, err = tx.Player(key); errors.Is(err, ErrNotFound) {
			p = &PlayerRecord{Notation: r.defaultNotation(who)}
		} else if err != nil {
			return err
		}
		g, err = gameinfo.YourTurn(tx, key, game)
		return err
	})
	if err != nil || g == nil {
		return nil, err
	}
	return gameinfo.MoveChoices(g, p.Notation, prefix, limit)
}
