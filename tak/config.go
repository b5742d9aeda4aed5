package tak

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Opening selects how the game starts.
type Opening uint8

// The openings.
const (
	// SwapOpening: each player's first placement is a flat of the opponent's
	// colour, and no wall, capstone or stack move is allowed then.
	SwapOpening Opening = 0
	// NoSwapOpening: players place their own pieces from the first turn.
	NoSwapOpening Opening = 1
)

// String returns "swap" or "no-swap".
func (o Opening) String() string {
	if o == NoSwapOpening {
		return "no-swap"
	}
	return "swap"
}

// Ruleset names a rule preset.
type Ruleset uint8

// The rule presets.
const (
	Standard Ruleset = 0
	// Modegan Tak: sizes 4 to 6, one capstone on every size, no-swap
	// opening, and a drawn game goes to the second player.
	Modegan Ruleset = 1
	// Adem: 5x5, no capstone, 22 or 24 flats.
	Adem Ruleset = 2
)

// String returns "standard", "modegan" or "adem".
func (r Ruleset) String() string {
	switch r {
	case Modegan:
		return "modegan"
	case Adem:
		return "adem"
	}
	return "standard"
}

// Komi is a komi in half flats: Komi(5) is 2.5 flats. It is added to the
// second player's (Black's) flat count.
type Komi int

// KomiFlats returns the komi for a whole number of flats.
func KomiFlats(n int) Komi { return Komi(2 * n) }

// String writes the komi as "0", "2" or "2.5".
func (k Komi) String() string {
	s := strconv.Itoa(int(k) / 2)
	if k%2 != 0 {
		if k < 0 && k > -2 {
			s = "-0"
		}
		s += ".5"
	}
	return s
}

// ParseKomi reads a komi such as "2", "2.5" or "-0.5". Only whole and half
// flats are allowed.
func ParseKomi(s string) (Komi, error) {
	s = strings.TrimSpace(s)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 1000 || f < -1000 {
		return 0, fmt.Errorf("komi %q is not a number", s)
	}
	if f*2 != float64(int(f*2)) {
		return 0, fmt.Errorf("komi %q must be a whole or half number of flats", s)
	}
	return Komi(int(f * 2)), nil
}

// Config is a game's configuration. Build one with DefaultConfig, ModeganConfig
// or AdemConfig and adjust it; Validate reports what is wrong with it.
type Config struct {
	Size    int
	Stones  [2]int // stones (flats and walls) per player, indexed by Color
	Caps    [2]int // capstones per player, indexed by Color
	Komi    Komi
	Opening Opening
	Rules   Ruleset
}

// DefaultReserves returns the standard stones and capstones per player for a board size.
func DefaultReserves(size int) (stones, caps int) {
	switch size {
	case 3:
		return 10, 0
	case 4:
		return 15, 0
	case 5:
		return 21, 1
	case 6:
		return 30, 1
	case 7:
		return 40, 2
	case 8:
		return 50, 2
	}
	return 0, 0
}

// DefaultConfig returns the standard rules for a board size: standard
// reserves, swap opening and no komi.
func DefaultConfig(size int) Config {
	st, cp := DefaultReserves(size)
	return Config{Size: size, Stones: [2]int{st, st}, Caps: [2]int{cp, cp}}
}

// ModeganConfig returns Modegan Tak on a 4x4, 5x5 or 6x6 board.
func ModeganConfig(size int) (Config, error) {
	if size < 4 || size > 6 {
		return Config{}, fmt.Errorf("modegan tak is played on 4x4 to 6x6 only, not %dx%d: %w", size, size, ErrBadConfig)
	}
	c := DefaultConfig(size)
	c.Caps = [2]int{1, 1}
	c.Opening = NoSwapOpening
	c.Rules = Modegan
	return c, nil
}

// AdemConfig returns the Adem game: 5x5, no capstone, 22 or 24 flats.
func AdemConfig(flats int) (Config, error) {
	if flats != 22 && flats != 24 {
		return Config{}, fmt.Errorf("the adem game uses 22 or 24 flats, not %d: %w", flats, ErrBadConfig)
	}
	return Config{Size: 5, Stones: [2]int{flats, flats}, Rules: Adem}, nil
}

// ErrBadConfig is wrapped by every configuration error.
var ErrBadConfig = errors.New("invalid game configuration")

// MaxPieces bounds the total number of pieces of both players together, which
// is also the tallest stack the engine can hold.
const MaxPieces = 128

// Validate checks the configuration, including the constraints of its rule preset.
func (c Config) Validate() error {
	if c.Size < MinSize || c.Size > MaxSize {
		return fmt.Errorf("board size %d is not between %d and %d: %w", c.Size, MinSize, MaxSize, ErrBadConfig)
	}
	total := 0
	for p := 0; p < 2; p++ {
		if c.Stones[p] < 0 || c.Caps[p] < 0 {
			return fmt.Errorf("piece counts cannot be negative: %w", ErrBadConfig)
		}
		if c.Stones[p]+c.Caps[p] == 0 {
			return fmt.Errorf("%s has no pieces: %w", Color(p), ErrBadConfig)
		}
		total += c.Stones[p] + c.Caps[p]
	}
	if total > MaxPieces {
		return fmt.Errorf("%d pieces in all is more than the %d the engine supports: %w", total, MaxPieces, ErrBadConfig)
	}
	switch c.Rules {
	case Standard:
	case Modegan:
		if c.Size < 4 || c.Size > 6 {
			return fmt.Errorf("modegan tak is played on 4x4 to 6x6 only: %w", ErrBadConfig)
		}
		if c.Opening != NoSwapOpening {
			return fmt.Errorf("modegan tak has no swap opening: %w", ErrBadConfig)
		}
	case Adem:
		if c.Size != 5 || c.Caps != [2]int{} {
			return fmt.Errorf("the adem game is 5x5 without capstones: %w", ErrBadConfig)
		}
	default:
		return fmt.Errorf("unknown rules %d: %w", c.Rules, ErrBadConfig)
	}
	if c.Opening > NoSwapOpening {
		return fmt.Errorf("unknown opening %d: %w", c.Opening, ErrBadConfig)
	}
	return nil
}
