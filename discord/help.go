package discord

import (
	"fmt"
	"strings"
	"sync"
)

// Help on Discord: /tak help is answered by the adapter itself, in one
// message built from the registration (SlashCommands), so that it names
// the commands as a player types them here and says which live under
// /tak more. The referee's help (mail syntax, several messages) remains
// what a "help" typed in a thread gets, since typed commands are the mail
// syntax.

// helpName is the subcommand the adapter answers itself.
const helpName = "help"

var (
	helpOnce sync.Once
	helpMsg  string
)

// helpText is /tak help's answer: /tak's subcommands, then /tak more's,
// then how to play by text and buttons. It is at most MaxMessage
// characters (TestHelpOneMessage).
func helpText() string {
	helpOnce.Do(func() { helpMsg = buildHelp() })
	return helpMsg
}

func buildHelp() string {
	cmds, err := SlashCommands()
	if err != nil || len(cmds) == 0 {
		return fmt.Sprintf("Type /%s and pick a command from Discord's list.", rootCommand)
	}
	var top, more []string
	for _, o := range cmds[0].Options {
		if o.Name == moreGroup {
			for _, s := range o.Options {
				more = append(more, s.Name)
			}
			continue
		}
		top = append(top, o.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Tak by correspondence.** Every command is /%s followed by one of these (Discord shows each one's options as you type):\n", rootCommand)
	fmt.Fprintf(&b, "• /%s %s\n", rootCommand, strings.Join(top, ", "))
	fmt.Fprintf(&b, "• Under /%s %s: %s (e.g. `/%s %s say text:gg`)\n", rootCommand, moreGroup, strings.Join(more, ", "), rootCommand, moreGroup)
	b.WriteString("Start with `/tak challenge opponent:@someone` (or `opponent:anyone`, `opponent:takbot`). ")
	b.WriteString("A game is played in its own thread: `/tak move` suggests the legal moves, the buttons under each post offer a draw, resign, accept or decline, and **Board** shows the sync board and text board to you alone (`/tak board` too). ")
	b.WriteString("In a game's thread you may also type commands as in a mail (`c3`, `ps b4`, `say gg`). ")
	b.WriteString("`/tak games` lists your games, those waiting for you first; `/tak notify where:dm` moves your turn pings to direct messages.")
	return b.String()
}
