package bot

import (
	"errors"

	"github.com/takbymail/takbot/bot/community"
	"github.com/takbymail/takbot/command"
	"github.com/takbymail/takbot/tak"
)

// The options of "new" (their rows and their reading are package
// command's, options.go): given their meaning and turned into a game's
// configuration.

// newOptionValues are the options of "new", read and checked.
type newOptionValues struct {
	size         int
	komi         tak.Komi
	color        string
	opening      string
	rules        string
	scoring      Scoring
	style        Style
	days         int
	stones, caps int // -1: the rules' default
	// the set-up options (setup.go): per-player reserves (-1: not given),
	// the start position's TPS, and which options were given
	stonesOf, capsOf [2]int
	tps              string
	given            map[string]bool
	level            int // takbot's level; 0: none given
	// ratingLow and ratingHigh are an open challenge's rating range
	// (both 0: none).
	ratingLow, ratingHigh int
	// unrated is rated=no; ratedYes is rated=yes, said
	unrated, ratedYes bool
	// private is private=yes
	private bool
}

// parseNewOptions reads "key=value" options as the command table describes
// them: package command reads and checks each against its row, set gives
// it its meaning for the game.
func parseNewOptions(args []string, defaultDays int) (newOptionValues, error) {
	o := newOptionValues{size: 5, days: defaultDays, color: "random", rules: "standard", style: Street, stones: -1, caps: -1,
		stonesOf: [2]int{-1, -1}, capsOf: [2]int{-1, -1}}
	o.given = map[string]bool{}
	err := command.ReadNewOptions(args, func(opt command.Option) error {
		o.given[opt.Param.Name] = true
		return o.set(opt)
	})
	var oe *command.OptionError
	if errors.As(err, &oe) {
		return o, &refusal{msg: oe.Error(), cause: oe}
	}
	if err != nil {
		return o, err
	}
	if o.private && o.ratedYes {
		return o, refuse("a private game is never rated: its rating would tell its result to everyone. Leave out rated=yes, or private=yes")
	}
	o.unrated = o.unrated || o.private
	return o, o.checkSetup()
}

// set stores one option, read and checked by package command, and checks
// what only the referee knows: a komi, a scoring, a rating range.
func (o *newOptionValues) set(opt command.Option) error {
	p, v, n := opt.Param, opt.Value, opt.N
	switch p.Kind {
	case ParamInteger:
		switch p.Name {
		case "size":
			o.size = n
		case "days":
			o.days = n
		case "stones":
			o.stones = n
		case "caps":
			o.caps = n
		case "stones1", "stones2":
			o.stonesOf[p.Name[len(p.Name)-1]-'1'] = n
		case "caps1", "caps2":
			o.capsOf[p.Name[len(p.Name)-1]-'1'] = n
		case "level":
			o.level = n
		}
	case ParamChoice:
		switch p.Name {
		case "color":
			o.color = v
		case "opening":
			o.opening = v
		case "rules":
			o.rules = v
		case "style":
			o.style = Style(v)
		case "rated":
			o.unrated, o.ratedYes = v == "no", v == "yes"
		case "private":
			o.private = v == "yes"
		}
	case ParamNumber: // komi
		k, err := parseKomi(v)
		if err != nil {
			return err
		}
		o.komi = k
	case ParamText: // scoring, tps, rating
		switch p.Name {
		case "tps":
			o.tps = v
			return nil
		case "rating":
			rg, err := community.ParseRange(v)
			if err != nil {
				return refuse("%v", err)
			}
			o.ratingLow, o.ratingHigh = rg.Low, rg.High
			return nil
		}
		sr, err := tak.ParseScoringRules(v)
		if err != nil {
			return refuse("%v", err)
		}
		o.scoring = Scoring{Rules: sr}
	}
	return nil
}

// config builds and checks the game's configuration.
func (o newOptionValues) config() (tak.Config, error) {
	var cfg tak.Config
	var err error
	switch o.rules {
	case "modegan":
		cfg, err = tak.ModeganConfig(o.size)
	case "adem":
		if o.size != 5 {
			return cfg, refuse("the adem game is played on 5x5 only")
		}
		if o.caps > 0 {
			return cfg, refuse("the adem game is played without capstones")
		}
		flats := 22
		if o.stones >= 0 {
			flats = o.stones
		}
		cfg, err = tak.AdemConfig(flats)
	default:
		cfg = tak.DefaultConfig(o.size)
	}
	if err != nil {
		return cfg, refuse("%s", configReason(err))
	}
	if o.rules == "modegan" && o.caps >= 0 && o.caps != 1 {
		return cfg, refuse("modegan tak is played with one capstone each")
	}
	if o.stones >= 0 {
		cfg.Stones = [2]int{o.stones, o.stones}
	}
	if o.caps >= 0 {
		cfg.Caps = [2]int{o.caps, o.caps}
	}
	if err := o.setReserves(&cfg); err != nil {
		return cfg, err
	}
	cfg.Komi = o.komi
	switch o.opening {
	case "swap":
		cfg.Opening = tak.SwapOpening
	case "no-swap":
		cfg.Opening = tak.NoSwapOpening
	}
	if o.tps != "" { // a game from a position has no swap opening
		cfg.Opening = tak.NoSwapOpening
	}
	if err := cfg.Validate(); err != nil {
		return cfg, refuse("%s", configReason(err))
	}
	return cfg, nil
}
