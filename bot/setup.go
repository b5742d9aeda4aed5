package bot

import (
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// Set-up options of "new", as takBot (the Discord bot) has them: a start
// position (tps=), each player's reserve (stones1= stones2= caps1=
// caps2=, the PTN tags Flats1/Flats2/Caps1/Caps2), and a komi in whole or
// half flats from -10 to 10 (takBot takes -4.5 to 4.5; a negative komi
// counts for the first player).

// maxKomi bounds a komi, in half flats: 10 flats either way.
const maxKomi = tak.Komi(20)

// maxTPS bounds the text of a start position (an 8x8 board with every
// piece of both players written out takes well under this).
const maxTPS = 1000

// parseKomi reads a komi: "2", "2.5", "-1", "+0.5", "2,5", "2½".
func parseKomi(v string) (tak.Komi, error) {
	w := strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(v), ",", "."), "½", ".5")
	if strings.HasPrefix(w, ".5") || strings.HasPrefix(w, "-.5") {
		w = strings.Replace(w, ".5", "0.5", 1)
	}
	k, err := tak.ParseKomi(w)
	if err != nil || k < -maxKomi || k > maxKomi || v == "" {
		return 0, refuse("komi must be a whole or half number of flats from %s to %s, such as 2, 2.5 or -0.5, not %q", -maxKomi, maxKomi, excerpt(v, 20))
	}
	return k, nil
}

// checkSetup checks the set-up options together once all are read: the
// board size comes from a start position, which has no swap opening.
func (o *newOptionValues) checkSetup() error {
	if o.tps == "" {
		if o.given["tps"] {
			return refuse("tps= needs a position, e.g. \"tps=x5/x5/x2,1,x2/x5/x5 2 1\"")
		}
		return nil
	}
	if len(o.tps) > maxTPS {
		return refuse("that position is too long to be a TPS (at most %d characters)", maxTPS)
	}
	board := strings.Fields(o.tps)[0]
	size := strings.Count(board, "/") + 1
	switch {
	case size < tak.MinSize || size > tak.MaxSize:
		return refuse("the TPS board has %d rows, but boards are %dx%d to %dx%d", size, tak.MinSize, tak.MinSize, tak.MaxSize, tak.MaxSize)
	case o.given["size"] && o.size != size:
		return refuse("the TPS board is %dx%d but you asked for size=%d; leave size out, the position gives it", size, size, o.size)
	case o.given["opening"] && o.opening == "swap":
		return refuse("a game from a position (tps=) has no swap opening; leave opening out or write opening=no-swap")
	}
	o.size = size
	return nil
}

// setReserves applies the per-player reserves to cfg.
func (o newOptionValues) setReserves(cfg *tak.Config) error {
	for c := range 2 {
		if o.stonesOf[c] >= 0 {
			cfg.Stones[c] = o.stonesOf[c]
		}
		if o.capsOf[c] >= 0 {
			if o.rules == "modegan" && o.capsOf[c] != 1 {
				return refuse("modegan tak is played with one capstone each")
			}
			cfg.Caps[c] = o.capsOf[c]
		}
	}
	return nil
}

// startTPS checks the start position of a game with configuration cfg
// and returns it as canonical TPS ("" without tps=): a legal position of
// the game's size, with no more pieces on the board than the reserves
// give, and not already decided.
func (o newOptionValues) startTPS(cfg tak.Config) (string, error) {
	if o.tps == "" {
		return "", nil
	}
	pos, err := notation.ParseTPS(o.tps, cfg)
	if err != nil {
		return "", refuse("the game cannot start from tps=%s: %v", excerpt(o.tps, excerptRunes), tpsReason(err))
	}
	if pos.Over() {
		return "", refuse("the game cannot start from tps=%s: that position is already decided (%s); give one where the game goes on", excerpt(o.tps, excerptRunes), pos.Result())
	}
	return notation.FormatTPS(pos), nil
}

// tpsReason words why a TPS was refused, without repeating the TPS.
func tpsReason(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, "\": "); i >= 0 && strings.HasPrefix(s, "TPS \"") {
		return s[i+3:]
	}
	return s
}

// startName names where a game's history starts: the empty board, the
// position it was set up from, or a board adopted later.
func startName(g *GameRecord) string {
	switch g.Start {
	case "":
		return "the empty board"
	case g.Setup:
		return "the set-up position"
	}
	return "the adopted board"
}

// setupName names where a restart goes back to.
func setupName(g *GameRecord) string {
	if g.Setup == "" {
		return "the empty board"
	}
	return "the set-up position"
}
