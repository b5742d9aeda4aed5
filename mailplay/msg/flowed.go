package msg

import "strings"

// unflow undoes format=flowed (RFC 3676), as Thunderbird and Apple Mail
// send plain text: a line ending in a space is soft-broken and continues on
// the next line of the same quote depth; a leading space added by
// space-stuffing is removed; with delsp=yes the space before a soft break
// was added by the sender and is deleted too. The signature separator
// "-- " is never a soft break. Quoted lines come out as "> " (one '>' per
// level) followed by the joined text.
func unflow(text string, delsp bool) string {
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines))
	var para strings.Builder
	paraDepth, open := 0, false
	flush := func() {
		line := para.String()
		if paraDepth > 0 {
			line = strings.Repeat(">", paraDepth) + " " + line
		}
		out = append(out, line)
		para.Reset()
		open = false
	}
	for _, line := range lines {
		line = strings.TrimSuffix(line, "\r")
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		content := strings.TrimPrefix(line[depth:], " ")
		if open && depth != paraDepth {
			flush() // a change of quote depth ends a paragraph (RFC 3676, 4.5)
		}
		soft := strings.HasSuffix(content, " ") && content != "-- "
		if soft && delsp {
			content = content[:len(content)-1]
		}
		para.WriteString(content)
		paraDepth, open = depth, true
		if !soft {
			flush()
		}
	}
	if open {
		flush()
	}
	return strings.Join(out, "\n")
}

// Flow writes text as format=flowed (RFC 3676, without delsp) for a
// width of width columns: a prose line longer than width is broken at
// spaces, each broken line ending in the space that marks a soft break,
// so a client that reflows joins them again and one that does not shows
// them as written. An indented line (a list item, "  undo    Ask to take
// back…") is broken with hard breaks and its continuation lines indented
// under its text, so every client keeps the indent. Trailing spaces of
// the text's own lines are dropped (they would read as soft breaks),
// except in the signature separator "-- "; lines starting with a space,
// ">" or "From " are space-stuffed. A word longer than width stays whole.
func Flow(text string, width int) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if line != "-- " {
			line = strings.TrimRight(line, " ")
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if indent == 0 {
			out = append(out, softWrap(line, width)...)
			continue
		}
		hang := indent
		if i := strings.Index(line[indent:], "  "); i > 0 && !strings.Contains(line[indent:indent+i], " ") {
			rest := line[indent+i:]
			hang = indent + i + len(rest) - len(strings.TrimLeft(rest, " "))
		}
		if hang > width/2 {
			hang = indent
		}
		for i, l := range hardWrap(line, width, hang) {
			if i > 0 {
				l = strings.Repeat(" ", hang) + l
			}
			out = append(out, l)
		}
	}
	for i, l := range out {
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "From ") {
			out[i] = " " + l
		}
	}
	return strings.Join(out, "\n")
}

// softWrap breaks line at spaces into lines of at most width runes, each
// but the last ending in a space (a soft break).
func softWrap(line string, width int) []string {
	var out []string
	for runeLen(line) > width {
		cut := breakAt(line, width)
		if cut < 0 || unbreakable(line[cut+1:], width) {
			break // a link longer than the width: kept with its label
		}
		out = append(out, line[:cut+1]) // keeps the space: a soft break
		line = line[cut+1:]
	}
	return append(out, line)
}

// hardWrap breaks line at spaces into a first line of at most width
// runes and continuation lines (returned without their indent) of at
// most width-hang runes, with no trailing spaces.
func hardWrap(line string, width, hang int) []string {
	var out []string
	room := width
	for runeLen(line) > room {
		cut := breakAt(line, room)
		if cut < 0 || unbreakable(line[cut+1:], width-hang) {
			break
		}
		out = append(out, strings.TrimRight(line[:cut], " "))
		line = strings.TrimLeft(line[cut+1:], " ")
		room = width - hang
	}
	return append(out, line)
}

// breakAt is the byte index of the last space in line at which the line
// can be broken to fit width runes, after its leading spaces; -1 if none.
func breakAt(line string, width int) int {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	best, runes := -1, 0
	for i, r := range line {
		if runes > width {
			break
		}
		if r == ' ' && i > lead && runes < width {
			best = i
		}
		runes++
	}
	return best
}

// unbreakable reports whether rest is one word longer than width: breaking
// before it would only leave its label alone on a line.
func unbreakable(rest string, width int) bool {
	return !strings.Contains(rest, " ") && runeLen(rest) > width
}

// runeLen counts the runes of s.
func runeLen(s string) int { return len([]rune(s)) }
