package console_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	toLine = regexp.MustCompile(`^\[to ([^\]]+)\] (.*)$`)
	quoted = regexp.MustCompile(`"[^"]*"`)
	// fileRef is a file name or a link, which name the players as
	// labels, not as the subject of a sentence
	fileRef = regexp.MustCompile(`\S+\.ptn\b|https?://\S+`)
)

// TestGoldenSpeaksToReader reads every golden transcript: a reply speaks
// to its reader in the second person, so no line to a player names that
// player (quoted commands, file names, links, PTN tags and the game notes
// of a PTN file aside), and no reply nests brackets in brackets.
func TestGoldenSpeaksToReader(t *testing.T) {
	files, err := filepath.Glob("testdata/*.golden")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden transcripts: %v", err)
	}
	lines := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := toLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			lines++
			reader, text := m[1], m[2]
			if depth := bracketDepth(text); depth > 1 {
				t.Errorf("%s:%d: brackets in brackets: %s", f, i+1, text)
			}
			if strings.HasPrefix(text, "{") {
				continue // a game note in a PTN file
			}
			bare := fileRef.ReplaceAllString(quoted.ReplaceAllString(text, `""`), "FILE")
			if regexp.MustCompile(`(^|[^\pL\pN])` + regexp.QuoteMeta(reader) + `([^\pL\pN]|$)`).MatchString(bare) {
				t.Errorf("%s:%d: %s is named in a reply to them: %s", f, i+1, reader, text)
			}
		}
	}
	if lines < 1000 {
		t.Errorf("read %d reply lines; the transcripts have more", lines)
	}
}

// bracketDepth returns how deep round brackets nest in s.
func bracketDepth(s string) int {
	depth, most := 0, 0
	for _, r := range s {
		switch r {
		case '(':
			depth++
			most = max(most, depth)
		case ')':
			depth--
		}
	}
	return most
}
