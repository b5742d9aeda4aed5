package discord

// The event commands (issue 29: event, join, leave, events, standings)
// are under /tak more: /tak has no room for five more subcommands.
func init() {
	for _, name := range []string{"event", "join", "leave", "events", "standings"} {
		moreCommands[name] = true
	}
}
