package tei

import "github.com/takbymail/takbot/engine"

func engineOptionsSmall() engine.Options { return engine.Options{HashMB: 1} }
