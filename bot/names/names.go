package names

import (
	"strings"
	"unicode"

	"github.com/takbymail/takbot/command"
	"go.mau.fi/util/confusable"
	"golang.org/x/text/secure/precis"
)

// MaxName bounds a display name shown to other players, in characters.
const MaxName = 40

// Clean makes a display name a sender's transport gave fit to be shown
// to other players, or returns "" when it cannot be: the player then keeps
// the name they had (at first the one derived from their address). Control
// and format characters (right-to-left overrides, zero-width characters)
// are removed and white space is collapsed; the name is then normalised by
// the PRECIS Nickname profile (RFC 8266: NFKC, so "ｔａｋｂｏｔ" is "takbot")
// and refused whole when another player could mistake it for something it
// is not:
//
//   - a name that holds a link, a domain or an address ("Visit
//     http://evil.example", "Bank <support@bank.example>"), which another
//     player would read as coming from the referee;
//   - a name that mixes scripts ("Аlice" with a Cyrillic А), by UTS #39's
//     single-script test (MixedScript);
//   - a reserved name or one imitating the referee's words ("takbot", "Tak
//     referee", "The referee: you lost on time", "you"), also spelled with
//     look-alike characters ("tаkb0t"), by UTS #39's confusable skeletons
//     (Reserved).
//
// A long name is cut to MaxName characters.
func Clean(name string) string {
	n := command.PlainText(name)
	n = strings.TrimSpace(strings.Trim(n, `"'`))
	if n == "" || command.LinkLike(n) {
		return ""
	}
	n, err := precis.Nickname.String(n)
	if err != nil || n == "" || command.LinkLike(n) || MixedScript(n) || Reserved(n) {
		return ""
	}
	return command.Excerpt(n, MaxName)
}

// nameKey is what names are compared by when they are checked against the
// reserved ones: the PRECIS Nickname comparison key (case folded), mapped
// to its UTS #39 skeleton (look-alikes to one prototype: "0" and "o", "rn"
// and "m", Cyrillic "а" and Latin "a"), lower case, letters and digits
// only ("T.A.K-bot" is "takbot").
func nameKey(name string) string {
	k, err := precis.Nickname.CompareKey(name)
	if err != nil {
		k = strings.ToLower(name)
	}
	k = strings.ToLower(confusable.Skeleton(strings.ToLower(k)))
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return r
		}
		return -1
	}, k)
}

// reservedWords may appear nowhere in a display name: the bot's own names
// and the words of its verdicts, which a name could imitate ("The referee:
// you lost on time"). They are compared by nameKey.
var reservedWords = []string{"takbot", "referee", "tak bot", "game over", "your move", "lost on time", "wins by", "refused"}

// reservedNames may not be a display name: words the referee's sentences
// use for players ("you played c3") and for what is not a player ("new
// anyone").
var reservedNames = []string{"you", "your", "yours", "anyone", "someone", "nobody", "everyone", "white", "black",
	"admin", "administrator", "moderator", "system", "bot", "tak"}

// reservedKeys and reservedNameKeys are the keys of the reserved words and
// names.
var reservedKeys, reservedNameKeys = keysOf(reservedWords), keysOf(reservedNames)

func keysOf(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = nameKey(w)
	}
	return out
}

// Reserved reports whether a name is reserved or imitates the
// referee: it is one of reservedNames, holds one of reservedWords, or
// holds a colon, which introduces the referee's verdicts ("Game over: …",
// "Refused …: …"); each compared by nameKey, so look-alikes count.
func Reserved(name string) bool {
	if strings.ContainsAny(name, ":：﹕꞉") {
		return true
	}
	k := nameKey(name)
	for _, r := range reservedNameKeys {
		if k == r {
			return true
		}
	}
	for _, r := range reservedKeys {
		if strings.Contains(k, r) {
			return true
		}
	}
	return false
}

// MixedScript reports whether a name's letters come from more than one
// script, by UTS #39's single-script test: each character's script set
// (Common and Inherited characters, digits and punctuation, count as any
// script; Han, Hiragana, Katakana, Hangul and Bopomofo as the writing
// systems they belong to, so a Japanese name mixing Han and kana is one
// script) must have a script in common with all the others'. "Аlice" (a
// Cyrillic А) mixes Cyrillic and Latin and is refused; "Zoë", "李小龍" and
// "山田たろう" are single-script.
//
// It is written here on the standard library's script tables: no Go
// package of UTS #39's mixed-script detection is kept up (go.mau.fi's
// confusable package, used for skeletons, has none).
func MixedScript(name string) bool {
	var common scriptSet
	first := true
	for _, r := range name {
		s := scriptSetOf(r)
		if s == nil {
			continue // Common or Inherited: any script
		}
		if first {
			common, first = s, false
			continue
		}
		common = common.and(s)
		if len(common) == 0 {
			return true
		}
	}
	return false
}

// scriptSet is a set of script names (augmented, UTS #39 section 5.1).
type scriptSet []string

func (a scriptSet) and(b scriptSet) scriptSet {
	var out scriptSet
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// The writing systems a character of the CJK scripts belongs to (UTS #39's
// augmented script sets): Jpan is Han with Hiragana and Katakana, Kore Han
// with Hangul, Hanb Han with Bopomofo.
var augmented = map[string]scriptSet{
	"Han":      {"Han", "Jpan", "Kore", "Hanb"},
	"Hiragana": {"Jpan"},
	"Katakana": {"Jpan"},
	"Hangul":   {"Kore"},
	"Bopomofo": {"Hanb"},
}

// likelyScripts are looked at first: most names are written in them.
var likelyScripts = []string{"Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew", "Devanagari", "Thai"}

// scriptSetOf returns the script set of a character, nil for Common and
// Inherited ones (and unassigned ones, which PRECIS refuses before).
func scriptSetOf(r rune) scriptSet {
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return nil
	}
	for _, name := range likelyScripts {
		if unicode.Is(unicode.Scripts[name], r) {
			return setOf(name)
		}
	}
	for name, t := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(t, r) {
			return setOf(name)
		}
	}
	return nil
}

func setOf(script string) scriptSet {
	if s, ok := augmented[script]; ok {
		return s
	}
	return scriptSet{script}
}
