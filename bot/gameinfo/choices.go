package gameinfo

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/takbymail/takbot/bot/pick"
	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/record"
)

// MoveChoices lists the legal moves of game g's position, written in
// notation o, those starting with prefix (without case), shortest first,
// at most limit (none for 0): what a transport that completes what a
// player types (Discord's autocomplete) offers.
func MoveChoices(g *record.Game, o notation.Orientation, prefix string, limit int) ([]string, error) {
	tg, err := g.History()
	if err != nil {
		return nil, fmt.Errorf("bot: move choices: %w", err)
	}
	pos := tg.Position()
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	var out []string
	for _, m := range pos.LegalMoves(nil) {
		text := notation.FormatMail(m, pos.Size())
		if o == notation.PTN {
			text = notation.FormatPTN(m, pos)
		}
		if strings.HasPrefix(strings.ToLower(text), prefix) {
			out = append(out, text)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) < len(out[j])
		}
		return out[i] < out[j]
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// YourTurn reads, in tx, the game where it is the player key's turn: game,
// or without one the only such game of theirs; nil when there is none or
// several (rather than guess).
func YourTurn(tx record.Tx, key, game string) (*record.Game, error) {
	ids := []string{game}
	if game == "" {
		var err error
		if ids, err = tx.GamesOf(key); err != nil {
			return nil, err
		}
	}
	var g *record.Game
	for _, id := range ids {
		rec, err := tx.Game(id)
		if errors.Is(err, record.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		if me, ok := rec.ColorOf(key); !ok || rec.Status != record.Active || pick.ToMove(rec) != me {
			continue
		}
		if g != nil {
			return nil, nil // several games: say nothing rather than guess
		}
		g = rec
	}
	return g, nil
}
