package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/takbymail/takbot/tak"
)

// The words of a player's standing: "stats", "leaderboard", a rated
// game's change of both ratings and its withdrawal.

// RatingRule says where ratings come from.
const RatingRule = "Every finished game is rated (Glicko-2) unless it was started with rated=no or private=yes, or ended before each player had moved twice; the k-th rated game between the same two players within 30 days counts 1/k. Ratings are kept apart for 3x3 and 4x4, 5x5, 6x6, and 7x7 and 8x8."

// PoolRating is a player's rating in one pool of board sizes, rounded.
type PoolRating struct {
	Title             string // the pool's title: "5x5", "3x3 and 4x4"
	Rating, Deviation int
	Games             int // rated games in the pool
	Provisional       bool
}

// SizeRecord is a player's record on one board size.
type SizeRecord struct {
	Size   int
	Record string // "2 wins, 1 loss, 0 draws"
}

// RecentGame is one of a player's latest finished games.
type RecentGame struct {
	ID        string
	Ended     time.Time
	Won, Drew bool
	Reason    string // how it ended: "road", "flats", "time", "resignation"
	Opponent  string // as the reader may read them
	White     bool   // the player had white
	Size      int
	PTN       string // the result: "R-0"
	Rated     bool
}

// StatsShown is a player's record as "stats" shows it: their finished
// games counted, their ratings, their latest games.
type StatsShown struct {
	Name string // the player, as the reader may read them
	Self bool   // the reader is the player
	// Games is how many finished games are counted; the tallies' texts
	// (Record, White, Black, BySize) and the endings' (WonBy, LostBy)
	// are package standing's.
	Games         int
	Record        string
	White, Black  string
	BySize        []SizeRecord
	WonBy, LostBy string
	Ratings       []PoolRating
	Recent        []RecentGame
}

// who writes "You..." to the player, "NAME..." about another.
func (o StatsShown) who(you, other string) string {
	if o.Self {
		return you
	}
	return o.Name + other
}

// Words writes the player's stats as sentences, one a line.
func (o StatsShown) Words(Reader) string {
	var out []string
	if o.Games == 0 {
		out = append(out, o.who("You have", " has")+" finished no game yet, so there is nothing to count and no rating.")
		return strings.Join(append(out, RatingRule), "\n")
	}
	out = append(out, fmt.Sprintf("%s: %s finished, %s.", o.who("Your record", "'s record"), Plural(o.Games, "game", "games"), o.Record))
	var rs []string
	for _, e := range o.Ratings {
		r := fmt.Sprintf("%s %d (deviation %d, %s", e.Title, e.Rating, e.Deviation, Plural(e.Games, "rated game", "rated games"))
		if e.Provisional {
			r += ", provisional"
		}
		rs = append(rs, r+")")
	}
	if len(rs) == 0 {
		out = append(out, "No rating yet. "+RatingRule)
	} else {
		out = append(out, "Rating: "+strings.Join(rs, "; ")+".")
	}
	out = append(out, fmt.Sprintf("As white: %s. As black: %s.", o.White, o.Black))
	var sizes []string
	for _, s := range o.BySize {
		sizes = append(sizes, fmt.Sprintf("%dx%d: %s", s.Size, s.Size, s.Record))
	}
	out = append(out, "By size: "+strings.Join(sizes, "; ")+".")
	out = append(out, fmt.Sprintf("Won %s. Lost %s.", o.WonBy, o.LostBy))
	return strings.Join(out, "\n")
}

// RecentBlock is the caption and the lines of the latest games, one a
// line; "" and "" when there are none.
func (o StatsShown) RecentBlock() (caption, text string) {
	if len(o.Recent) == 0 {
		return "", ""
	}
	var lines []string
	for _, g := range o.Recent {
		out, how := "lost", ", by "+g.Reason
		switch {
		case g.Drew:
			out = "drew"
		case g.Won:
			out = "won"
		}
		switch g.Reason {
		case "flats", "time":
			how = ", on " + g.Reason
		}
		if g.Drew {
			how = ""
		}
		colour := "black"
		if g.White {
			colour = "white"
		}
		rated := ""
		if !g.Rated {
			rated = ", unrated"
		}
		lines = append(lines, fmt.Sprintf("%s %s: %s against %s as %s%s (%dx%d, %s%s)", g.ID, g.Ended.UTC().Format("2006-01-02"), out, g.Opponent, colour, how, g.Size, g.Size, g.PTN, rated))
	}
	return o.who("Your latest games", "'s latest games") + ":", strings.Join(lines, "\n")
}

// Namesake is one of several players "stats" may mean: the sender
// themselves, or a player told apart by their transport and a game the
// sender sees of theirs.
type Namesake struct {
	Self      bool
	Transport string // "email", "discord"
	Game      string
}

// Namesakes asks which of several players of one name "stats" means.
type Namesakes struct {
	Name    string // as the sender wrote it, shortened
	Word    string // as the sender wrote it, whole: the commands name it
	Players []Namesake
}

// command is the "stats" command naming one of them.
func (o Namesakes) command(p Namesake) string {
	if p.Self {
		return "stats"
	}
	return fmt.Sprintf("stats %s %s", o.Word, p.Game)
}

// Words asks the sender to say which one.
func (o Namesakes) Words(Reader) string {
	var cmds []string
	for _, p := range o.Players {
		if p.Self {
			cmds = append(cmds, "\"stats\" (you)")
			continue
		}
		cmds = append(cmds, fmt.Sprintf("%q (the player on %s who played game %s)", o.command(p), p.Transport, p.Game))
	}
	or := strings.Join(cmds, "")
	if len(cmds) > 1 {
		or = strings.Join(cmds[:len(cmds)-1], ", ") + " or " + cmds[len(cmds)-1]
	}
	return fmt.Sprintf("Several players are called %s: say which one, with %s.", o.Name, or)
}

// Choices offers each player's stats.
func (o Namesakes) Choices() []Choice {
	var cs []Choice
	for _, p := range o.Players {
		label := "Your stats"
		if !p.Self {
			label = fmt.Sprintf("Stats of the player of %s", p.Game)
		}
		cs = append(cs, Choice{Label: label, Command: o.command(p)})
	}
	return cs
}

// Ranked is one line of a leaderboard, rounded.
type Ranked struct {
	Name              string
	You               bool // the reader: named "you"
	Rating, Deviation int
	Games             int
}

// LeaderboardShown is a pool's leaderboard as "leaderboard" shows it,
// with where the reader stands.
type LeaderboardShown struct {
	Title string // the pool's title
	// Here is set for a server's own leaderboard (a Discord community).
	Here bool
	// MinGames, Opponents and MaxDeviation are what a player needs to be
	// listed: rated games, different opponents, the largest deviation.
	MinGames, Opponents, MaxDeviation int
	Lines                             []Ranked // the lines shown, best first
	Total                             int      // the players listed in all
	// Place is the reader's place from 1 (0: not listed), at Listed.
	Place  int
	Listed Ranked
	// Rated says the reader has a rated game in the pool: their stored
	// Rating, their Deviation grown with idle time, their rated Games.
	Rated                    bool
	Rating, Deviation, Games int
}

// rule says whom the leaderboard lists.
func (o LeaderboardShown) rule() string {
	return fmt.Sprintf("players with at least %s against %s, and a deviation of at most %d", Plural(o.MinGames, "rated game", "rated games"),
		Plural(o.Opponents, "opponent", "different opponents"), o.MaxDeviation)
}

func (o LeaderboardShown) where() string {
	if o.Here {
		return " of this server"
	}
	return ""
}

// Table is the leaderboard's caption and table; "" and "" when nobody is
// listed (Words says so).
func (o LeaderboardShown) Table() (caption, text string) {
	if o.Total == 0 {
		return "", ""
	}
	width := len("player")
	names := make([]string, len(o.Lines))
	for i, l := range o.Lines {
		names[i] = l.Name
		if l.You {
			names[i] = "you"
		}
		width = max(width, len([]rune(names[i])))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%4s  %-*s  %6s  %9s  %5s\n", "#", width, "player", "rating", "deviation", "games")
	for i, l := range o.Lines {
		fmt.Fprintf(&b, "%4d  %-*s  %6d  %9d  %5d\n", i+1, width, names[i], l.Rating, l.Deviation, l.Games)
	}
	return fmt.Sprintf("The %s leaderboard%s (%s):", o.Title, o.where(), o.rule()), strings.TrimRight(b.String(), "\n")
}

// Words says that the leaderboard is empty, when it is, and where the
// reader stands; "" when there is nothing to say beyond the table.
func (o LeaderboardShown) Words(Reader) string {
	var out []string
	if o.Total == 0 {
		here := ""
		if o.Here {
			here = " here"
		}
		out = append(out, fmt.Sprintf("The %s leaderboard%s is empty: it lists %s, and nobody%s has those yet.", o.Title, o.where(), o.rule(), here))
	}
	games := Plural(o.Games, "rated "+o.Title+" game", "rated "+o.Title+" games")
	switch {
	case o.Place > 0:
		out = append(out, fmt.Sprintf("You are number %d of %d, at %d (deviation %d).", o.Place, o.Total, o.Listed.Rating, o.Listed.Deviation))
	case o.Rated && o.Games < o.MinGames:
		out = append(out, fmt.Sprintf("You have %s (your rating is %d); after %d more you are on the leaderboard.", games, o.Rating, o.MinGames-o.Games))
	case o.Rated && !o.Here:
		out = append(out, fmt.Sprintf("You are not on the leaderboard yet: your rating is %d, deviation %d, from %s.", o.Rating, o.Deviation, games))
	case o.Here && o.Rated:
		out = append(out, "You are not on this server's leaderboard: it lists the players who played or wrote here. Send \"leaderboard\" in a direct message for everyone's.")
	}
	if o.Here && !o.Rated {
		out = append(out, "Send \"leaderboard\" in a direct message for everyone's.")
	}
	return strings.Join(out, "\n")
}

// RatingChanged is a rated game's change of both players' ratings, told
// to each player after the result.
type RatingChanged struct {
	Game          Game
	Pool          string // the pool's title
	Before, After [2]int // the ratings by colour, rounded
}

// Words says how both ratings moved, the reader's first: "Rated 5x5 game:
// your rating goes from 1500 to 1662, bob's goes from 1500 to 1338."
func (o RatingChanged) Words(r Reader) string {
	first := tak.White
	if r.You[tak.Black] {
		first = tak.Black
	}
	move := func(c tak.Color) string {
		if o.Before[c] == o.After[c] {
			return fmt.Sprintf("stays at %d", o.After[c])
		}
		return fmt.Sprintf("goes from %d to %d", o.Before[c], o.After[c])
	}
	second := first.Opponent()
	return fmt.Sprintf("Rated %s game: %s rating %s, %s %s.", o.Pool, o.Game.possessive(first, r), move(first), o.Game.possessive(second, r), move(second))
}

// RatingWithdrawn is a rating change taken back with its game's result.
type RatingWithdrawn struct{ Game Game }

// Words tells a player of the game.
func (o RatingWithdrawn) Words(Reader) string {
	return fmt.Sprintf("With the result of game %s withdrawn, so is its change of both players' ratings.", o.Game.ID)
}
