package command

import (
	"strconv"
	"strings"

	"github.com/takbymail/takbot/notation"
	"github.com/takbymail/takbot/tak"
)

// The options of "new" given their meaning: ParseGameOptions reads them
// (ReadNewOptions checks each against its row) into GameOptions, whose
// Config and StartTPS make the game's configuration and start position.
// Set-up options as takBot (the Discord bot) has them: a start position
// (tps=), each player's reserve (stones1= stones2= caps1= caps2=, the PTN
// tags Flats1/Flats2/Caps1/Caps2), and a komi in whole or half flats from
// -10 to 10 (a negative komi counts for the first player). Every error is
// an *OptionError, worded for the sender.

// The reasons of an OptionError about a value's meaning.
const (
	OptionBadValue OptionReason = iota + 16 // a komi, scoring, range or position that is none
	OptionConflict                          // options that do not go together, or make no game
)

// MaxKomi bounds a komi, in half flats: 10 flats either way.
const MaxKomi = tak.Komi(20)

// MaxTPS bounds the text of a start position (an 8x8 board with every
// piece of both players written out takes well under this).
const MaxTPS = 1000

// MaxRating bounds the numbers of a rating range.
const MaxRating = 4000

// GameOptions are the options of "new", read and checked: how a game
// challenged with them is played.
type GameOptions struct {
	Size    int
	Komi    tak.Komi
	Color   string // white, black or random
	Opening string // swap, no-swap or "" (the rules' default)
	Rules   string // standard, modegan or adem
	Scoring tak.ScoringRules
	Style   string
	Days    int
	// Stones and Caps are both players' reserves (-1: the rules'
	// default); StonesOf and CapsOf each player's (-1: not given).
	Stones, Caps     int
	StonesOf, CapsOf [2]int
	// TPS is the start position as written ("": none).
	TPS string
	// Given are the options written, by name.
	Given map[string]bool
	// Level is takbot's level (0: none given).
	Level int
	// RatingLow and RatingHigh are an open challenge's rating range (both
	// 0: none).
	RatingLow, RatingHigh int
	// Unrated is rated=no (or private=yes); RatedYes is rated=yes, said.
	Unrated, RatedYes bool
	// Private is private=yes.
	Private bool
}

// ParseGameOptions reads "key=value" options as the command table
// describes them; a game is played defaultDays per move unless days= says
// otherwise.
func ParseGameOptions(args []string, defaultDays int) (GameOptions, error) {
	o := GameOptions{Size: 5, Days: defaultDays, Color: "random", Rules: "standard", Style: "street", Stones: -1, Caps: -1,
		StonesOf: [2]int{-1, -1}, CapsOf: [2]int{-1, -1}, Given: map[string]bool{}}
	if err := ReadNewOptions(args, func(opt Option) error {
		o.Given[opt.Param.Name] = true
		return o.set(opt)
	}); err != nil {
		return o, err
	}
	if o.Private && o.RatedYes {
		return o, optionError(OptionConflict, "private", "a private game is never rated: its rating would tell its result to everyone. Leave out rated=yes, or private=yes")
	}
	o.Unrated = o.Unrated || o.Private
	return o, o.checkSetup()
}

// set stores one option, read and checked against its row, and reads
// what the row cannot check: a komi, a scoring, a rating range.
func (o *GameOptions) set(opt Option) error {
	p, v, n := opt.Param, opt.Value, opt.N
	switch p.Kind {
	case ParamInteger:
		switch p.Name {
		case "size":
			o.Size = n
		case "days":
			o.Days = n
		case "stones":
			o.Stones = n
		case "caps":
			o.Caps = n
		case "stones1", "stones2":
			o.StonesOf[p.Name[len(p.Name)-1]-'1'] = n
		case "caps1", "caps2":
			o.CapsOf[p.Name[len(p.Name)-1]-'1'] = n
		case "level":
			o.Level = n
		}
	case ParamChoice:
		switch p.Name {
		case "color":
			o.Color = v
		case "opening":
			o.Opening = v
		case "rules":
			o.Rules = v
		case "style":
			o.Style = v
		case "rated":
			o.Unrated, o.RatedYes = v == "no", v == "yes"
		case "private":
			o.Private = v == "yes"
		}
	case ParamNumber: // komi
		k, err := ParseKomi(v)
		if err != nil {
			return err
		}
		o.Komi = k
	case ParamText: // scoring, tps, rating
		switch p.Name {
		case "tps":
			o.TPS = v
			return nil
		case "rating":
			lo, hi, err := ParseRatingRange(v)
			if err != nil {
				return err
			}
			o.RatingLow, o.RatingHigh = lo, hi
			return nil
		}
		sr, err := tak.ParseScoringRules(v)
		if err != nil {
			return optionError(OptionBadValue, p.Name, "%v", err)
		}
		o.Scoring = sr
	}
	return nil
}

// ParseKomi reads a komi: "2", "2.5", "-1", "+0.5", "2,5", "2½".
func ParseKomi(v string) (tak.Komi, error) {
	w := strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(v), ",", "."), "½", ".5")
	if strings.HasPrefix(w, ".5") || strings.HasPrefix(w, "-.5") {
		w = strings.Replace(w, ".5", "0.5", 1)
	}
	k, err := tak.ParseKomi(w)
	if err != nil || k < -MaxKomi || k > MaxKomi || v == "" {
		return 0, optionError(OptionBadValue, "komi", "komi must be a whole or half number of flats from %s to %s, such as 2, 2.5 or -0.5, not %q", -MaxKomi, MaxKomi, Excerpt(v, 20))
	}
	return k, nil
}

// ParseRatingRange reads a rating range, "1400-1700": low and high from 0
// to MaxRating, lowest first, high above 0.
func ParseRatingRange(v string) (low, high int, err error) {
	a, b, ok := strings.Cut(v, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || lo < 0 || hi > MaxRating || lo > hi || hi == 0 {
		return 0, 0, optionError(OptionBadValue, "rating", "rating must be a range of ratings LOW-HIGH from 0 to %d, lowest first, e.g. rating=1400-1700, not %q", MaxRating, v)
	}
	return lo, hi, nil
}

// checkSetup checks the set-up options together once all are read: the
// board size comes from a start position, which has no swap opening.
func (o *GameOptions) checkSetup() error {
	bad := func(format string, args ...any) error { return optionError(OptionConflict, "tps", format, args...) }
	if o.TPS == "" {
		if o.Given["tps"] {
			return bad("tps= needs a position, e.g. \"tps=x5/x5/x2,1,x2/x5/x5 2 1\"")
		}
		return nil
	}
	if len(o.TPS) > MaxTPS {
		return bad("that position is too long to be a TPS (at most %d characters)", MaxTPS)
	}
	board := strings.Fields(o.TPS)[0]
	size := strings.Count(board, "/") + 1
	switch {
	case size < tak.MinSize || size > tak.MaxSize:
		return bad("the TPS board has %d rows, but boards are %dx%d to %dx%d", size, tak.MinSize, tak.MinSize, tak.MaxSize, tak.MaxSize)
	case o.Given["size"] && o.Size != size:
		return bad("the TPS board is %dx%d but you asked for size=%d; leave size out, the position gives it", size, size, o.Size)
	case o.Given["opening"] && o.Opening == "swap":
		return bad("a game from a position (tps=) has no swap opening; leave opening out or write opening=no-swap")
	}
	o.Size = size
	return nil
}

// Config builds and checks the game's configuration.
func (o GameOptions) Config() (tak.Config, error) {
	bad := func(format string, args ...any) error { return optionError(OptionConflict, "rules", format, args...) }
	var cfg tak.Config
	var err error
	switch o.Rules {
	case "modegan":
		cfg, err = tak.ModeganConfig(o.Size)
	case "adem":
		if o.Size != 5 {
			return cfg, bad("the adem game is played on 5x5 only")
		}
		if o.Caps > 0 {
			return cfg, bad("the adem game is played without capstones")
		}
		flats := 22
		if o.Stones >= 0 {
			flats = o.Stones
		}
		cfg, err = tak.AdemConfig(flats)
	default:
		cfg = tak.DefaultConfig(o.Size)
	}
	if err != nil {
		return cfg, bad("%s", configReason(err))
	}
	if o.Rules == "modegan" && o.Caps >= 0 && o.Caps != 1 {
		return cfg, bad("modegan tak is played with one capstone each")
	}
	if o.Stones >= 0 {
		cfg.Stones = [2]int{o.Stones, o.Stones}
	}
	if o.Caps >= 0 {
		cfg.Caps = [2]int{o.Caps, o.Caps}
	}
	if err := o.setReserves(&cfg); err != nil {
		return cfg, err
	}
	cfg.Komi = o.Komi
	switch o.Opening {
	case "swap":
		cfg.Opening = tak.SwapOpening
	case "no-swap":
		cfg.Opening = tak.NoSwapOpening
	}
	if o.TPS != "" { // a game from a position has no swap opening
		cfg.Opening = tak.NoSwapOpening
	}
	if err := cfg.Validate(); err != nil {
		return cfg, bad("%s", configReason(err))
	}
	return cfg, nil
}

// configReason words a configuration error for a player: the engine's
// reason without the generic ": invalid game configuration" it wraps.
func configReason(err error) string {
	return strings.TrimSuffix(err.Error(), ": "+tak.ErrBadConfig.Error())
}

// setReserves applies the per-player reserves to cfg.
func (o GameOptions) setReserves(cfg *tak.Config) error {
	for c := range 2 {
		if o.StonesOf[c] >= 0 {
			cfg.Stones[c] = o.StonesOf[c]
		}
		if o.CapsOf[c] >= 0 {
			if o.Rules == "modegan" && o.CapsOf[c] != 1 {
				return optionError(OptionConflict, "caps", "modegan tak is played with one capstone each")
			}
			cfg.Caps[c] = o.CapsOf[c]
		}
	}
	return nil
}

// StartTPS checks the start position of a game with configuration cfg
// and returns it as canonical TPS ("" without tps=): a legal position of
// the game's size, with no more pieces on the board than the reserves
// give, and not already decided.
func (o GameOptions) StartTPS(cfg tak.Config) (string, error) {
	if o.TPS == "" {
		return "", nil
	}
	pos, err := notation.ParseTPS(o.TPS, cfg)
	if err != nil {
		return "", optionError(OptionBadValue, "tps", "the game cannot start from tps=%s: %v", Excerpt(o.TPS, QuoteRunes), tpsReason(err))
	}
	if pos.Over() {
		return "", optionError(OptionBadValue, "tps", "the game cannot start from tps=%s: that position is already decided (%s); give one where the game goes on", Excerpt(o.TPS, QuoteRunes), pos.Result())
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
