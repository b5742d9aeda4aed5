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
