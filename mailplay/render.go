package mailplay

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"github.com/takbymail/takbot/bot/present"
	"github.com/takbymail/takbot/record"
)

// footerText ends every text part, after the signature separator (so
// mail clients leave it out when the player quotes the mail).
const footerText = "Reply to this mail to play: your reply address is yours alone.\nSend \"help\" for what you can do."

// overFooterText ends the mails that show a finished game instead: no
// move is to be made there.
const overFooterText = "This game is over. Send \"games\" for your other games, \"new ADDRESS\" to start one.\nSend \"help\" for what you can do."

// ptnType is the media type of an attached PTN file: plain text, which
// every client can show and every Tak tool reads by the .ptn name.
const ptnType = "text/plain"

// composed is a reply rendered as mail bodies.
type composed struct {
	Text     string
	HTML     string
	Pictures []Picture
	Files    []File
}

// replyLinks are what the HTML needs to write the actions as mailto links.
type replyLinks struct {
	replyTo string // the personal reply address, "" if none
	subject string // the thread's subject
	game    string // the reply's game
}

// compose renders a reply: the text part (prose, blocks with their
// captions, text boards, "You can send:", a footer) and the HTML part
// (the same, escaped, with the pictures inline by Content-ID and without
// the text boards that draw them); files (a finished game's PTN) become
// attachments. The footer invites a reply to play, or points at "games"
// instead under a picture of a finished game and where a reply about a
// game offers "games" (the referee's answer to mail in a finished game's
// thread). hash names the pictures'
// Content-IDs.
func (t *Transport) compose(r *record.Reply, hash string, links replyLinks) composed {
	m := &mailParts{t: t, r: r, hash: hash, links: links, footer: footerText, images: map[string]record.Attachment{}}
	for _, im := range r.Images {
		m.images[im.Name] = im
	}
	head, first := headline(r)
	if head != "" {
		m.text = append(m.text, head)
		m.page = append(m.page, `<h1 style="font-size:1.25em">`+html.EscapeString(head)+"</h1>")
	}
	ln := linksOf(r)
	for i, p := range r.Parts {
		switch p.Kind {
		case record.Prose:
			prose := p.Text
			if i == 0 && first && head != "" {
				if prose = withoutFirstSentence(prose, head); prose == "" {
					continue
				}
			}
			m.prose(ln.shorten(prose), p.Title != "", ln)
		case record.Block:
			m.block(p)
		case record.Image:
			m.image(p)
		case record.Actions:
			m.actions(p)
		case record.File:
			if p.Caption == "" || hasLineBreak(p.Caption) {
				continue
			}
			m.files = append(m.files, File{Name: p.Caption, Type: ptnType, Data: []byte(p.Text)})
		}
	}
	m.text = append(m.text, "-- \n"+m.footer)
	m.page = append(m.page, `<hr><p style="font-size:small;color:#555">`+htmlLines(m.footer)+"</p>")
	return composed{
		Files: m.files,
		Text:  strings.Join(m.text, "\n\n"),
		HTML: "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + html.EscapeString(links.subject) +
			"</title></head>\n<body style=\"font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif\">\n" +
			strings.Join(m.page, "\n") + "\n</body></html>",
		Pictures: m.pics,
	}
}

// mailParts gathers a mail's text and HTML parts as compose walks the
// reply's parts.
type mailParts struct {
	t      *Transport
	r      *record.Reply
	hash   string
	links  replyLinks
	images map[string]record.Attachment

	text, page []string
	pics       []Picture
	files      []File
	footer     string
	pictured   bool // the last picture was rendered, so its text board may go from the HTML
}

// prose adds a paragraph; the first line of the title of one of several
// answers (record.Part.Title) becomes a heading in HTML.
func (m *mailParts) prose(prose string, titled bool, ln links) {
	m.text = append(m.text, prose)
	if title, rest, _ := strings.Cut(prose, "\n"); titled {
		m.page = append(m.page, `<h2 style="font-size:1.1em;border-top:1px solid #ccc;padding-top:.5em">`+html.EscapeString(strings.TrimSpace(strings.TrimSuffix(title, ":")))+"</h2>")
		if rest != "" {
			m.page = append(m.page, "<p>"+ln.html(rest)+"</p>")
		}
		return
	}
	m.page = append(m.page, "<p>"+ln.html(prose)+"</p>")
}

// block adds a monospace block under its caption; in HTML, a text board
// that a rendered picture draws is left out.
func (m *mailParts) block(p record.Part) {
	m.text = append(m.text, p.PlainText())
	if p.Fallback && m.pictured {
		return
	}
	var b strings.Builder
	if p.Caption != "" {
		b.WriteString("<p>" + htmlLines(p.Caption) + "</p>\n")
	}
	b.WriteString(`<pre style="font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;font-size:14px;line-height:1.25">` + html.EscapeString(p.Text) + "</pre>")
	m.page = append(m.page, b.String())
}

// image attaches a rendered picture (inline in HTML by Content-ID) and
// says so in the text; a picture of a finished game changes the footer.
func (m *mailParts) image(p record.Part) {
	m.pictured = false
	if p.Picture == nil {
		return
	}
	if p.Picture.Result != nil {
		m.footer = overFooterText
	}
	im, ok := m.images[p.Picture.Name]
	if !ok || len(im.PNG) == 0 {
		return
	}
	m.pictured = true
	cid := MessageIDFor(fmt.Sprintf("p%d.%s", len(m.pics)+1, m.hash), m.t.domain)
	alt := im.Alt
	if alt == "" {
		alt = present.Describe(*p.Picture)
	}
	name := uniqueName(p.Picture.FileName(), m.pics)
	m.pics = append(m.pics, Picture{Name: name, ContentID: cid, PNG: im.PNG})
	line := "The board picture is attached: " + name
	if p.Picture.TPS == "" { // not a board: a review's graph or replay
		line = "Attached: " + name
	}
	if p.Caption != "" {
		line += " (" + p.Caption + ")"
	}
	m.text = append(m.text, line+".")
	var b strings.Builder
	b.WriteString(`<p><img src="cid:` + html.EscapeString(cid) + `" alt="` + html.EscapeString(alt) + `" style="max-width:100%;height:auto">`)
	if p.Caption != "" {
		b.WriteString("<br><small>" + html.EscapeString(p.Caption) + "</small>")
	}
	b.WriteString("</p>")
	m.page = append(m.page, b.String())
}

// actions lists what the reader can send; a "games" action in a game's
// mail (the answer to mail in a finished game's thread) changes the
// footer.
func (m *mailParts) actions(p record.Part) {
	if len(p.Actions) == 0 {
		return
	}
	m.text = append(m.text, record.ActionsText(p.Actions))
	m.page = append(m.page, actionsHTML(p.Actions, m.links))
	for _, a := range p.Actions {
		if a.Command == "games" && m.r.Game != "" {
			m.footer = overFooterText
		}
	}
}

// uniqueName returns name, or name with "-2", "-3"… before its extension
// when a picture already sent with the mail has it.
func uniqueName(name string, pics []Picture) string {
	taken := func(n string) bool {
		for _, p := range pics {
			if p.Name == n {
				return true
			}
		}
		return false
	}
	base, ext := name, ""
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		base, ext = name[:i], name[i:]
	}
	for i := 2; taken(name); i++ {
		name = fmt.Sprintf("%s-%d%s", base, i, ext)
	}
	return name
}

// actionsHTML lists the actions, each a mailto link that writes the
// command in a reply when the player has a reply address.
func actionsHTML(as []record.Action, links replyLinks) string {
	var b strings.Builder
	b.WriteString("<h2 style=\"font-size:1em\">You can send</h2>\n<ul>\n")
	for _, a := range as {
		cmd := "<code>" + html.EscapeString(a.Command) + "</code>"
		if links.replyTo != "" {
			subject := links.subject
			if a.Game != "" && a.Game != links.game {
				subject = "[Tak " + a.Game + "]"
			}
			href := "mailto:" + links.replyTo + "?subject=" + mailtoEscape("Re: "+subject) + "&body=" + mailtoEscape(a.Command)
			cmd = `<a href="` + html.EscapeString(href) + `">` + cmd + "</a>"
		}
		b.WriteString("<li>" + cmd)
		if a.Label != "" {
			b.WriteString(" — " + html.EscapeString(a.Label))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>")
	return b.String()
}

// mailtoEscape escapes a mailto header value (RFC 6068: percent-encoded,
// spaces as %20).
func mailtoEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

// links are the links a reply gives (record.Gist.Links), which the mail
// makes short and real links: never found by reading the prose, only by
// the sentences the referee noted with each.
type links struct {
	replays []record.GistLink // the game on PTN Ninja
	page    *record.GistLink  // the game's web page
}

// linksOf are the links of reply r.
func linksOf(r *record.Reply) links {
	var ln links
	if r.Gist == nil {
		return ln
	}
	for i, l := range r.Gist.Links {
		switch l.Kind {
		case record.LinkReplay:
			ln.replays = append(ln.replays, l)
		case record.LinkPage:
			if ln.page == nil {
				ln.page = &r.Gist.Links[i]
			}
		}
	}
	return ln
}

// replayLine is the line that gives a PTN Ninja link in a mail.
func replayLine(url string) string { return "PTN Ninja: " + url }

// shorten puts each PTN Ninja link (600 to 900 characters of the game's
// moves) on a line of its own in place of the sentence that gave it,
// labelled "PTN Ninja", and makes it short when the game has a web page:
// the page's "/ninja" address, which redirects to the replay.
func (ln links) shorten(s string) string {
	for _, l := range ln.replays {
		i := strings.Index(s, l.Line)
		if i < 0 || l.Line == "" {
			continue
		}
		from := i
		if from > 0 && s[from-1] == ' ' {
			from--
		}
		s = s[:from] + "\n" + replayLine(ln.replay(l)) + s[i+len(l.Line):]
	}
	return s
}

// replay is where the mail sends a reader for replay link l.
func (ln links) replay(l record.GistLink) string {
	if ln.page != nil {
		return ln.page.URL + "/ninja"
	}
	return l.URL
}

// html escapes a prose part, keeps its line breaks and makes its links
// real: a PTN Ninja line a link titled "Replay on PTN Ninja", the game
// page's address in its sentence a link to itself.
func (ln links) html(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, ln.lineHTML(line))
	}
	return strings.Join(out, "<br>\n")
}

// lineHTML is one line of prose in HTML.
func (ln links) lineHTML(line string) string {
	for _, l := range ln.replays {
		if line == replayLine(ln.replay(l)) {
			return `<a href="` + html.EscapeString(ln.replay(l)) + `">Replay on PTN Ninja</a>`
		}
	}
	if p := ln.page; p != nil && line == p.Line {
		if before, after, ok := strings.Cut(line, p.URL); ok {
			u := html.EscapeString(p.URL)
			return html.EscapeString(before) + `<a href="` + u + `">` + u + "</a>" + html.EscapeString(after)
		}
	}
	return html.EscapeString(line)
}

// htmlLines escapes text and keeps its line breaks.
func htmlLines(s string) string {
	return strings.ReplaceAll(html.EscapeString(s), "\n", "<br>\n")
}
