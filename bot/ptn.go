package bot

// PTN returns a stored game as a PTN file, for export (record.Game.PTNFile).
func PTN(g *GameRecord) (string, error) {
	tg, err := g.History()
	if err != nil {
		return "", err
	}
	return g.PTNFile(tg)
}
