package main

import (
	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
	"github.com/takbymail/takbot/discord"
	"github.com/takbymail/takbot/mailplay"
	"github.com/takbymail/takbot/opponent"
	"github.com/takbymail/takbot/web"
)

// Each adapter declares the little of the referee it uses; the binary
// wires the real one into all of them. These lines fail the build when the
// referee no longer offers what an adapter declares.
var (
	_ mailplay.Referee = (*bot.Referee)(nil)
	_ discord.Referee  = (*bot.Referee)(nil)
	_ console.Referee  = (*bot.Referee)(nil)
	_ opponent.Referee = (*bot.Referee)(nil)
	_ web.Source       = (*bot.Referee)(nil)
)
