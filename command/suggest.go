package command

import "unicode"

// nearKeyword returns the command keyword a word is a typo of ("resing",
// "acept", "hlep"), and false when it is none. A typo here is a letter
// dropped, added or swapped with its neighbour; a replaced letter is not
// counted as one, since ordinary words are often one letter away from a
// keyword ("same", "more", "drew") and prose must stay prose.
func nearKeyword(word string) (string, bool) {
	n := 0
	for _, r := range word {
		if !unicode.IsLetter(r) {
			return "", false
		}
		n++
	}
	if n < 3 {
		return "", false
	}
	allowed := 1
	if n >= 7 {
		allowed = 2
	}
	lw := []rune(toLower(word))
	best, bestD := "", allowed+1
	for _, k := range keywordList {
		if len(k) < 3 {
			continue // "rs", "im": too short to guess a typo of
		}
		d := typoDistance(lw, []rune(k))
		if d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	if bestD > allowed || bestD == 0 {
		return "", false
	}
	return best, true
}

func toLower(s string) string {
	r := []rune(s)
	for i := range r {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// typoDistance is the optimal string alignment distance between a and b
// where dropping, adding or swapping adjacent letters costs 1 and replacing
// a letter costs 2 (a drop and an add).
func typoDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			sub := 2
			if a[i-1] == b[j-1] {
				sub = 0
			}
			d[i][j] = min(d[i-1][j-1]+sub, d[i-1][j]+1, d[i][j-1]+1)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
