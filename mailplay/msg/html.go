package msg

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTMLToText turns the HTML of a mail into readable plain text: block
// elements and <br> make line breaks, white space collapses as a browser
// collapses it (but not inside <pre>), entities are decoded and a
// non-breaking space becomes a space, so that a board typed with &nbsp;
// stays aligned.
//
// What the reader does not see or did not write is dropped: <head>,
// <script>, <style>, <template>, elements styled display:none, every
// <blockquote> (a quote), and the reply containers of known clients: Gmail
// (gmail_quote, gmail_attr), Thunderbird (moz-cite-prefix), Yahoo
// (yahoo_quoted), Proton Mail (protonmail_quote). Outlook puts the quoted
// mail after its header block rather than inside it, so at Outlook's reply
// header (divRplyFwdMsg, the reference-message container of the new
// Outlook, or the top-bordered header div of Outlook desktop) the rest of
// the document is dropped.
//
// The result has no trailing spaces, no leading or trailing blank lines
// and at most one blank line in a row; it is at most MaxTextBytes long.
func HTMLToText(s string) string {
	if len(s) > maxEncodedTextBytes {
		s = s[:maxEncodedTextBytes]
	}
	c := htmlConverter{lineEmpty: true}
	z := html.NewTokenizer(strings.NewReader(s))
	z.SetMaxBuf(maxEncodedTextBytes)
	for c.out.Len() < MaxTextBytes {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if !c.token(z, tt) {
			break
		}
	}
	return truncateUTF8(strings.ToValidUTF8(tidyText(c.out.String()), "\uFFFD"), MaxTextBytes)
}

// htmlConverter accumulates the text of an HTML document.
type htmlConverter struct {
	out strings.Builder
	// skipTag is the element whose content is being dropped, and skipDepth
	// how many of its kind are open (it may nest: a div in a div).
	skipTag   string
	skipDepth int
	pre       int  // open <pre> elements
	lineEmpty bool // nothing written since the last line break (true at start)
	space     bool // a collapsed space is pending before the next word
	started   bool
}

// Elements that start and end a line.
var blockElements = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.H1: true, atom.H2: true, atom.H3: true,
	atom.H4: true, atom.H5: true, atom.H6: true, atom.Ul: true, atom.Ol: true,
	atom.Li: true, atom.Table: true, atom.Tr: true, atom.Pre: true,
	atom.Address: true, atom.Article: true, atom.Section: true,
	atom.Header: true, atom.Footer: true, atom.Hr: true, atom.Dl: true,
	atom.Dt: true, atom.Dd: true, atom.Form: true, atom.Fieldset: true,
	atom.Center: true, atom.Figure: true, atom.Main: true, atom.Nav: true,
	atom.Aside: true, atom.Tbody: true, atom.Thead: true, atom.Tfoot: true,
	atom.Caption: true, atom.Body: true, atom.Html: true,
}

// Elements whose whole content is dropped.
var droppedElements = map[atom.Atom]bool{
	atom.Head: true, atom.Script: true, atom.Style: true, atom.Template: true,
	atom.Title: true, atom.Noscript: true, atom.Blockquote: true,
	atom.Object: true, atom.Svg: true, atom.Math: true, atom.Iframe: true,
}

// Classes of the quote containers of known clients.
var quoteClasses = []string{"gmail_quote", "gmail_attr", "gmail_quote_container", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote"}

// Ids of the containers after which Outlook puts the quoted mail.
var outlookCutIDs = []string{"divrplyfwdmsg", "mail-editor-reference-message-container"}

// token handles one token; it returns false when the rest of the document
// is a quote.
func (c *htmlConverter) token(z *html.Tokenizer, tt html.TokenType) bool {
	switch tt {
	case html.TextToken:
		if c.skipDepth == 0 {
			c.text(string(z.Text()))
		}
	case html.StartTagToken, html.SelfClosingTagToken:
		return c.startTag(z, tt)
	case html.EndTagToken:
		c.endTag(z)
	}
	return true
}

// startTag handles an opening (or self-closing) tag; it returns false
// when the rest of the document is a quote.
func (c *htmlConverter) startTag(z *html.Tokenizer, tt html.TokenType) bool {
	name, hasAttr := z.TagName()
	a := atom.Lookup(name)
	tag := string(name)
	if c.skipDepth > 0 {
		if tag == c.skipTag && tt == html.StartTagToken && !isVoid(a) {
			c.skipDepth++
		}
		return true
	}
	var attrs map[string]string
	if hasAttr {
		attrs = readAttrs(z)
	}
	if isOutlookReplyHeader(attrs) {
		return false
	}
	if tt == html.StartTagToken && !isVoid(a) && (droppedElements[a] || isQuoteContainer(attrs)) {
		c.skipTag, c.skipDepth = tag, 1
		if isBlock(a) {
			c.newline(false)
		}
		return true
	}
	switch {
	case a == atom.Br:
		c.newline(true)
	case a == atom.Pre:
		c.newline(false)
		if tt == html.StartTagToken {
			c.pre++
		}
	case a == atom.Td || a == atom.Th:
		c.space = !c.lineEmpty
	case blockElements[a]:
		c.newline(false)
	}
	return true
}

// endTag handles a closing tag.
func (c *htmlConverter) endTag(z *html.Tokenizer) {
	name, _ := z.TagName()
	a := atom.Lookup(name)
	if c.skipDepth > 0 {
		if string(name) == c.skipTag {
			c.skipDepth--
			if c.skipDepth == 0 && isBlock(a) {
				c.newline(false)
			}
		}
		return
	}
	switch {
	case a == atom.Pre:
		if c.pre > 0 {
			c.pre--
		}
		c.newline(false)
	case a == atom.Td || a == atom.Th:
		c.space = !c.lineEmpty
	case blockElements[a]:
		c.newline(false)
	}
}

// text writes a text node, collapsing white space outside <pre>.
func (c *htmlConverter) text(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if c.pre > 0 {
		for i, line := range strings.Split(s, "\n") {
			if i > 0 {
				c.newline(true)
			}
			c.word(strings.ReplaceAll(line, "\u00a0", " "))
		}
		return
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !isHTMLSpace(s[i]) {
			continue
		}
		if i > start {
			c.word(strings.ReplaceAll(s[start:i], "\u00a0", " "))
		}
		if i < len(s) {
			c.space = true
		}
		start = i + 1
	}
}

// word writes text, after the pending space unless a line starts here.
func (c *htmlConverter) word(w string) {
	if w == "" {
		return
	}
	if c.space && !c.lineEmpty {
		c.out.WriteByte(' ')
	}
	c.space = false
	c.out.WriteString(w)
	c.lineEmpty = false
	c.started = true
}

// newline ends the current line; with force it also makes an empty line.
func (c *htmlConverter) newline(force bool) {
	c.space = false
	if !c.started {
		return
	}
	if force || !c.lineEmpty {
		c.out.WriteByte('\n')
		c.lineEmpty = true
	}
}

// isBlock reports whether an element starts and ends a line.
func isBlock(a atom.Atom) bool { return blockElements[a] || a == atom.Blockquote }

func isHTMLSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f'
}

// isVoid reports whether an element never has content.
func isVoid(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img,
		atom.Input, atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// readAttrs reads the attributes of the current tag, names lower case.
func readAttrs(z *html.Tokenizer) map[string]string {
	attrs := map[string]string{}
	for {
		k, v, more := z.TagAttr()
		key := string(k)
		if _, seen := attrs[key]; !seen {
			attrs[key] = string(v)
		}
		if !more {
			return attrs
		}
	}
}

// isQuoteContainer reports whether an element holds a quote of a known
// client, or is hidden.
func isQuoteContainer(attrs map[string]string) bool {
	if attrs == nil {
		return false
	}
	for _, class := range strings.Fields(strings.ToLower(attrs["class"])) {
		for _, q := range quoteClasses {
			if class == q {
				return true
			}
		}
	}
	style := strings.ToLower(strings.ReplaceAll(attrs["style"], " ", ""))
	return strings.Contains(style, "display:none")
}

// isOutlookReplyHeader reports whether an element starts Outlook's reply
// header, after which only the quoted mail follows: an id Outlook on the
// web and the new Outlook use, or the div with a thin top border that
// Outlook desktop puts around "From: ... Sent: ...".
func isOutlookReplyHeader(attrs map[string]string) bool {
	if attrs == nil {
		return false
	}
	id := strings.ToLower(attrs["id"])
	for _, cut := range outlookCutIDs {
		if id == cut {
			return true
		}
	}
	style := strings.ToLower(strings.ReplaceAll(attrs["style"], " ", ""))
	return strings.Contains(style, "border:none;border-top:solid#e1e1e1") ||
		strings.Contains(style, "border:none;border-top:solid#b5c4df")
}

// tidyText trims the spaces at the ends of lines, drops leading and
// trailing blank lines and keeps at most one blank line in a row.
func tidyText(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	blank := true // suppresses leading blank lines
	for _, line := range lines {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, line)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
