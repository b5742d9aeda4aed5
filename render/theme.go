package render

import (
	"fmt"
	"image/color"
)

// Theme names a colour scheme for pictures.
type Theme string

// The themes. The zero Theme ("") is Dark.
const (
	// Dark sits well in Discord's dark theme.
	Dark Theme = "dark"
	// Light suits email clients and other white pages.
	Light Theme = "light"
	// Contrast is a high-contrast scheme safe for colour-blind readers:
	// pure white pieces with a thick black outline, pure black pieces with
	// a thin white one (so that they read as filled, not as frames), grey
	// cards behind them, yellow highlights and a blue winning road.
	Contrast Theme = "contrast"
)

// Themes returns every theme, the default first.
func Themes() []Theme { return []Theme{Dark, Light, Contrast} }

// ParseTheme returns the theme named s ("" gives the default), or an error
// listing the valid names.
func ParseTheme(s string) (Theme, error) {
	if s == "" {
		return Dark, nil
	}
	for _, t := range Themes() {
		if string(t) == s {
			return t, nil
		}
	}
	return "", fmt.Errorf("unknown theme %q: use one of dark, light, contrast", s)
}

// palette holds the colours of a theme.
type palette struct {
	bg        color.RGBA // picture background
	plate     color.RGBA // board plate behind the squares
	square    [2]color.RGBA
	text      color.RGBA    // main text
	muted     color.RGBA    // secondary text
	card      color.RGBA    // player card background
	piece     [2]color.RGBA // body colour, indexed by tak.Color
	border    [2]color.RGBA // outline colour, indexed by tak.Color
	mark      [2]color.RGBA // inner mark on a capstone, indexed by tak.Color
	highlight color.RGBA    // last move
	hlText    color.RGBA    // text on a highlight badge
	road      color.RGBA    // winning road
	flag      color.RGBA    // squares marked by Frame.Marks
	badge     color.RGBA    // height badge background
	badgeText color.RGBA
	// outline is the width of a piece's outline as a fraction of its
	// size, by tak.Color.
	outline [2]float32
}

// colours returns every colour of the palette, so that a picture can give
// each its own palette entry before anything is drawn: a colour first used
// late in a picture (a marked square) would otherwise get the nearest
// entry left, not its own.
func (p *palette) colours() []color.RGBA {
	return []color.RGBA{p.bg, p.plate, p.square[0], p.square[1], p.text, p.muted, p.card,
		p.piece[0], p.piece[1], p.border[0], p.border[1], p.mark[0], p.mark[1],
		p.highlight, p.hlText, p.road, p.flag, p.badge, p.badgeText}
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

var palettes = map[Theme]*palette{
	Dark: {
		bg:        rgb(0x2b2d31),
		plate:     rgb(0x1b1c1f),
		square:    [2]color.RGBA{rgb(0x6b707b), rgb(0x62666f)},
		text:      rgb(0xeceef1),
		muted:     rgb(0xa9adb5),
		card:      rgb(0x36383e),
		piece:     [2]color.RGBA{rgb(0xf4efe4), rgb(0x17181b)},
		border:    [2]color.RGBA{rgb(0x6f685c), rgb(0xc9ccd2)},
		mark:      [2]color.RGBA{rgb(0xb9ae9a), rgb(0x8a8e96)},
		highlight: rgb(0xf0b232),
		hlText:    rgb(0x1b1c1f),
		road:      rgb(0x3ddc84),
		flag:      rgb(0xff5fd2),
		badge:     rgb(0x1b1c1f),
		badgeText: rgb(0xeceef1),
		outline:   [2]float32{0.06, 0.06},
	},
	Light: {
		bg:        rgb(0xfbfaf7),
		plate:     rgb(0x7a5c3e),
		square:    [2]color.RGBA{rgb(0xdcc6a0), rgb(0xd2ba92)},
		text:      rgb(0x1f2328),
		muted:     rgb(0x5f6670),
		card:      rgb(0xefebe3),
		piece:     [2]color.RGBA{rgb(0xfffdf8), rgb(0x26272b)},
		border:    [2]color.RGBA{rgb(0x5e4d3a), rgb(0x000000)},
		mark:      [2]color.RGBA{rgb(0xc4b59c), rgb(0x6c6f76)},
		highlight: rgb(0xe07b00),
		hlText:    rgb(0x231400),
		road:      rgb(0x138a4b),
		flag:      rgb(0xc2187a),
		badge:     rgb(0x2b2118),
		badgeText: rgb(0xffffff),
		outline:   [2]float32{0.06, 0.06},
	},
	Contrast: {
		bg:        rgb(0x000000),
		plate:     rgb(0x000000),
		square:    [2]color.RGBA{rgb(0x7d7d7d), rgb(0x767676)},
		text:      rgb(0xffffff),
		muted:     rgb(0xd8d8d8),
		card:      rgb(0x4a4a4a),
		piece:     [2]color.RGBA{rgb(0xffffff), rgb(0x000000)},
		border:    [2]color.RGBA{rgb(0x000000), rgb(0xe0e0e0)},
		mark:      [2]color.RGBA{rgb(0x000000), rgb(0xffffff)},
		highlight: rgb(0xffd400),
		hlText:    rgb(0x000000),
		road:      rgb(0x1e90ff),
		flag:      rgb(0xff3df5),
		badge:     rgb(0xffffff),
		badgeText: rgb(0x000000),
		outline:   [2]float32{0.1, 0.045},
	},
}

// luminance returns the relative luminance of col, 0 (black) to 1 (white).
func luminance(col color.RGBA) float64 {
	return (0.2126*float64(col.R) + 0.7152*float64(col.G) + 0.0722*float64(col.B)) / 255
}
