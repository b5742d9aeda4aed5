package bot

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
