package main

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/takbymail/takbot/bot"
	"github.com/takbymail/takbot/console"
)

// transportSpec is a transport that takbot serve runs when its
// configuration section is present.
type transportSpec struct {
	section string // the configuration section, also the transport's name
	enabled func(cfg *config) bool
	// build makes the running transport from the configuration; nil when
	// this binary is built without the transport.
	build func(cfg *config, ref *bot.Referee, log *slog.Logger) (bot.Transport, error)
	// info describes the transport, announced to the referee (Know) when
	// it is built in but not enabled; nil when not built in.
	info func() bot.TransportInfo
}

// transportSpecs lists the transports serve knows. Wiring an adapter in
// is setting its build and info here.
func transportSpecs() []transportSpec {
	return []transportSpec{
		{section: "email", enabled: func(c *config) bool { return c.Email != nil }},
		{section: "discord", enabled: func(c *config) bool { return c.Discord != nil }},
	}
}

// errNotBuiltIn refuses a configuration section whose transport this
// binary lacks.
var errNotBuiltIn = errors.New("this takbot is built without the transport of this section: remove the section to run without it")

// checkBuiltIn records a problem for each enabled section whose transport
// is not built in.
func checkBuiltIn(cfg *config, c *checker) {
	for _, s := range transportSpecs() {
		if s.enabled(cfg) && s.build == nil {
			c.add(&configProblem{Line: c.line(s.section), Key: s.section, Kind: problemNotBuiltIn, Err: errNotBuiltIn})
		}
	}
}

// buildTransports builds and registers the transports the configuration
// enables, and announces to the referee those compiled in but off (the
// console among them), so that challenging their players is refused with
// the reason. It returns the running transports.
func buildTransports(cfg *config, ref *bot.Referee, log *slog.Logger) ([]bot.Transport, error) {
	ref.Know(console.Info())
	var out []bot.Transport
	var absent []string
	for _, s := range transportSpecs() {
		switch {
		case !s.enabled(cfg):
			if s.info != nil {
				ref.Know(s.info())
			} else {
				absent = append(absent, s.section)
			}
			continue
		case s.build == nil:
			return nil, fmt.Errorf("%s: %w", s.section, errNotBuiltIn)
		}
		t, err := s.build(cfg, ref, log.With("transport", s.section))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.section, err)
		}
		ref.Register(t)
		out = append(out, t)
	}
	if len(absent) > 0 {
		log.Info("transports not built into this takbot yet", "transports", strings.Join(absent, ","))
	}
	return out, nil
}
