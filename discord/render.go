package discord

import (
	"bytes"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/takbymail/takbot/record"
)

// Discord's limits on components.
const (
	maxButtons      = 25 // 5 rows of 5
	buttonsPerRow   = 5
	maxButtonLabel  = 80
	maxFilesPerPost = 10
)

// outMessage is one Discord message of a reply.
type outMessage struct {
	Content    string
	Files      []picture
	Components []discordgo.MessageComponent
}

// picture is a file to attach: a board picture, or with a Type another
// file (a finished game's PTN).
type picture struct {
	Name string
	PNG  []byte // the content
	Type string // the media type; "" for image/png
}

// files returns the message's files with fresh readers (a message sent
// twice needs them twice).
func (m outMessage) files() []*discordgo.File {
	var out []*discordgo.File
	for _, p := range m.Files {
		ct := p.Type
		if ct == "" {
			ct = "image/png"
		}
		out = append(out, &discordgo.File{Name: p.Name, ContentType: ct, Reader: bytes.NewReader(p.PNG)})
	}
	return out
}

// renderOptions say how a reply becomes messages.
type renderOptions struct {
	// Header goes before the first message: the mentions of the players
	// pinged ("<@1> <@2>").
	Header string
	// Pictures attaches the rendered board pictures; without (the bot may
	// not attach files there) the text boards drawn as their fallback are
	// kept instead.
	Pictures bool
	// ButtonsFor is the user whose clicks count; "" writes the actions as
	// text.
	ButtonsFor string
	// Game is the reply's game, for actions that name none.
	Game string
	// Note is a line added at the end (why a picture is missing).
	Note string
	// Short folds the board detail of a post with its picture attached
	// (short.go) behind a Board button; Deadline gives the game's
	// deadline for a move post's summary (nil: none shown).
	Short    bool
	Deadline func(ply int) time.Time
}

// renderReply turns a reply into Discord messages of at most 2,000
// characters each, split between parts (record.SplitParts): prose with its
// Markdown escaped, blocks in code blocks under their caption, pictures as
// attached PNG files (their text fallback left out), files (a finished
// game's PTN) attached, or as code blocks where the bot may not attach
// files, and the actions as
// buttons on the last message (those that do not fit a button, as text).
func renderReply(r *record.Reply, o renderOptions) []outMessage {
	images := map[string][]byte{}
	for _, im := range r.Images {
		images[im.Name] = im.PNG
	}
	in, lead, folded := r.Parts, "", false
	if o.Short && o.Pictures && len(images) > 0 {
		sh := shorten(r.Parts, r.Gist, o.Deadline)
		in, lead, folded = sh.Parts, sh.Lead, sh.Folded
	}
	parts, actions := sortParts(in, images, o.Pictures)
	buttons, rest := buttonsOf(actions, o)
	if folded && o.ButtonsFor != "" && r.Game != "" && len(buttons) < maxButtons {
		if b, ok := boardButtonFor(r.Game, actions, o.ButtonsFor); ok {
			buttons = append(buttons, b)
		}
	}
	if len(rest) > 0 {
		parts = append(parts, record.Part{Kind: record.Block, Text: record.ActionsText(rest)})
	}
	if o.Note != "" {
		parts = append(parts, record.Part{Kind: record.Prose, Text: o.Note})
	}
	limit := MaxMessage - utf8.RuneCountInString(o.Header) - 1
	if lead != "" {
		limit -= utf8.RuneCountInString(lead) + 1
	}
	out := chunkMessages(parts, images, limit)
	if lead != "" {
		out[0].Content = strings.TrimSpace(lead + "\n" + out[0].Content)
	}
	if o.Header != "" {
		out[0].Content = strings.TrimSpace(o.Header + "\n" + out[0].Content)
	}
	if len(buttons) > 0 {
		out[len(out)-1].Components = rows(buttons)
	}
	for i := range out {
		if out[i].Content == "" && len(out[i].Files) == 0 && len(out[i].Components) == 0 {
			out[i].Content = "…"
		}
	}
	return out
}

// sortParts keeps the parts a Discord post shows (a picture when it is
// attached, else its text fallback; a file as a code block where files
// cannot be attached) and takes the actions out of them.
func sortParts(in []record.Part, images map[string][]byte, pictures bool) ([]record.Part, []record.Action) {
	var parts []record.Part
	var actions []record.Action
	shown := false // the last picture is attached
	for _, p := range in {
		switch {
		case p.Kind == record.Image:
			shown = pictures && p.Picture != nil && images[p.Picture.Name] != nil
			if shown {
				parts = append(parts, p)
			}
		case p.Kind == record.Block && p.Fallback:
			if !shown {
				parts = append(parts, record.Part{Kind: record.Block, Caption: p.Caption, Text: p.Text})
			}
		case p.Kind == record.Actions:
			actions = append(actions, p.Actions...)
		case p.Kind == record.File && !pictures: // no files here: the game as text
			parts = append(parts, record.Part{Kind: record.Block, Caption: p.Caption + ":", Text: p.Text})
		default:
			parts = append(parts, p)
		}
	}
	return parts, actions
}

// boardButtonFor is the Board button of a short post about game, for
// user. It carries the moment of the post's other buttons, so that it
// goes stale with them (a post without them gets none: /tak board shows
// the board).
func boardButtonFor(game string, actions []record.Action, user string) (discordgo.Button, bool) {
	moment := ""
	for _, a := range actions {
		if a.Game == game && a.Moment != "" {
			moment = a.Moment
			break
		}
	}
	id, ok := (customID{Kind: kindShow, User: user, Game: game, Moment: moment, Command: "board"}).encode()
	if !ok || moment == "" {
		return discordgo.Button{}, false
	}
	return discordgo.Button{Label: boardButton, Style: discordgo.SecondaryButton, CustomID: id}, true
}

// chunkMessages splits parts into messages of at most limit characters
// (record.SplitParts), pictures and files attached to the message of their
// part; at least one message.
func chunkMessages(parts []record.Part, images map[string][]byte, limit int) []outMessage {
	var out []outMessage
	for _, chunk := range record.SplitParts(parts, limit, partSize) {
		var lines []string
		var m outMessage
		for _, p := range chunk {
			if p.Kind == record.Image && len(m.Files) < maxFilesPerPost {
				f := picture{Name: p.Picture.Name, PNG: images[p.Picture.Name]}
				if strings.HasSuffix(f.Name, ".gif") { // a review's replay
					f.Type = "image/gif"
				}
				m.Files = append(m.Files, f)
			}
			if p.Kind == record.File && len(m.Files) < maxFilesPerPost {
				m.Files = append(m.Files, picture{Name: p.Caption, PNG: []byte(p.Text), Type: "text/plain; charset=utf-8"})
			}
			if s := renderPart(p); s != "" {
				lines = append(lines, s)
			}
		}
		m.Content = cutRunes(strings.Join(lines, "\n"), limit)
		out = append(out, m)
	}
	if len(out) == 0 {
		out = append(out, outMessage{Content: "Your options:"})
	}
	return out
}

// partSize is a part's length in a message, with its line break.
func partSize(p record.Part) int { return utf8.RuneCountInString(renderPart(p)) + 1 }

// renderPart writes one part as Discord Markdown.
func renderPart(p record.Part) string {
	switch p.Kind {
	case record.Prose:
		return escapeMarkdown(p.Text)
	case record.Block:
		var b strings.Builder
		if p.Caption != "" {
			b.WriteString(escapeMarkdown(p.Caption))
			b.WriteByte('\n')
		}
		b.WriteString("```\n")
		b.WriteString(strings.ReplaceAll(p.Text, "```", "`\u200b``"))
		b.WriteString("\n```")
		return b.String()
	case record.Image:
		if p.Caption != "" {
			return "_" + escapeMarkdown(p.Caption) + "_"
		}
		return ""
	case record.Actions:
		return escapeMarkdown(record.ActionsText(p.Actions))
	case record.File:
		return "" // attached
	}
	return escapeMarkdown(p.Text)
}

// buttonsOf turns the actions into buttons for o.ButtonsFor, and returns
// the actions that do not fit a button.
func buttonsOf(actions []record.Action, o renderOptions) ([]discordgo.Button, []record.Action) {
	if o.ButtonsFor == "" {
		return nil, actions
	}
	var buttons []discordgo.Button
	var rest []record.Action
	for _, a := range actions {
		kind := kindRun
		if a.Confirm != "" {
			kind = kindAsk
		}
		game := a.Game
		if game == "" && !strings.HasPrefix(strings.ToLower(a.Command), "game ") {
			game = o.Game
		}
		moment := ""
		switch {
		case game == a.Game && game != "":
			moment = a.Moment
		case a.Game == "" && a.Moment != "":
			// "game g3; accept" (which game a command is for): the
			// button's game and moment are g3's.
			if g, ok := prefixGame(a.Command); ok {
				game, moment = g, a.Moment
			}
		}
		id, ok := customID{Kind: kind, User: o.ButtonsFor, Game: game, Moment: moment, Command: a.Command}.encode()
		if !ok || len(buttons) == maxButtons {
			rest = append(rest, a)
			continue
		}
		buttons = append(buttons, discordgo.Button{Label: cutRunes(a.Label, maxButtonLabel), Style: buttonStyle(a.Command), CustomID: id})
	}
	return buttons, rest
}

// prefixGame reads the game of a command that starts "game ID;".
func prefixGame(command string) (string, bool) {
	head, _, ok := strings.Cut(command, ";")
	f := strings.Fields(head)
	if !ok || len(f) != 2 || !strings.EqualFold(f[0], "game") || !gameIDShaped(f[1]) || f[1] == "" {
		return "", false
	}
	return f[1], true
}

// buttonStyle colours a button by what its command does.
func buttonStyle(command string) discordgo.ButtonStyle {
	c := strings.ToLower(command)
	if i := strings.LastIndex(c, ";"); i >= 0 {
		c = c[i+1:]
	}
	switch strings.Fields(c + " x")[0] {
	case "accept":
		return discordgo.SuccessButton
	case "decline", "resign":
		return discordgo.DangerButton
	case "cancel", "undo", "takeback", "notation":
		return discordgo.SecondaryButton
	}
	return discordgo.PrimaryButton
}

// rows lays buttons out in action rows of five.
func rows(buttons []discordgo.Button) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for i := 0; i < len(buttons); i += buttonsPerRow {
		row := discordgo.ActionsRow{}
		for _, b := range buttons[i:min(i+buttonsPerRow, len(buttons))] {
			row.Components = append(row.Components, b)
		}
		out = append(out, row)
	}
	return out
}

// escapeMarkdown makes text show as written: Markdown characters get a
// backslash, and so do line starts that Discord reads as a quote,
// heading or list, and Discord's entities (escapeEntities); links
// (http:// and https:// words) are otherwise left alone so that they
// still work.
func escapeMarkdown(s string) string {
	return escapeEntities(escapeText(s))
}

// escapeEntities puts a backslash before what Discord would render as
// something other than text: a '<' that opens an entity (<#channel>,
// <@user>, <@&role>, <t:time>, </command:id>, <:emoji:id>,
// <a:emoji:id>, <id:guide>: a '<' before a letter, '#', '@', '/', ':',
// '!' or '&'), and the '@' of @everyone and @here. Discord's escape
// rule shows the character after a backslash as itself, so the text
// reads as written and nothing in it links, pings or renders; a '<'
// before a digit or a space (a PTN move "3c3<12", "a < b") stays as is.
// It runs after escapeText, which doubles the text's own backslashes, so
// a backslash it adds is never taken as escaped itself.
func escapeEntities(s string) string {
	if !strings.ContainsAny(s, "<@") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '<' && i+1 < len(s) && entityStart(s[i+1]):
			b.WriteByte('\\')
		case c == '@' && (hasPrefixFold(s[i+1:], "everyone") || hasPrefixFold(s[i+1:], "here")):
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// entityStart reports whether a character after '<' opens a Discord
// entity.
func entityStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("#@/:!&", c) >= 0
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// escapeText is escapeMarkdown without the entities.
func escapeText(s string) string {
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		trimmed := strings.TrimLeft(line, " ")
		if strings.HasPrefix(trimmed, ">") || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "- ") {
			b.WriteString(line[:len(line)-len(trimmed)])
			b.WriteByte('\\')
			line = trimmed
		}
		for j, word := range strings.Split(line, " ") {
			if j > 0 {
				b.WriteByte(' ')
			}
			if strings.HasPrefix(word, "http://") || strings.HasPrefix(word, "https://") {
				b.WriteString(word)
				continue
			}
			for _, r := range word {
				if strings.ContainsRune("\\*_~`|[]", r) {
					b.WriteByte('\\')
				}
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// cutRunes cuts s to at most n characters.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
