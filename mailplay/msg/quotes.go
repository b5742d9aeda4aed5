package msg

import (
	"regexp"
	"strings"
)

// StripQuoted returns what the sender newly wrote in a plain-text mail
// body, without the mail being answered and without the noise mail clients
// add:
//
//   - every line starting with '>' (quoted, wherever it is: text above a
//     quote, below it and between quoted blocks is kept);
//   - attribution lines above a quote, also when wrapped over up to three
//     lines: "On Mon, Nov 23, 2026 at 10:00 AM Ann <ann@x> wrote:" (Gmail,
//     mutt), "On 23 Nov 2026, at 10:00, Ann <ann@x> wrote:" (Apple Mail),
//     "On 11/23/26 10:00 AM, Ann wrote:" (Thunderbird), "* Ann <ann@x>
//     [2026-11-23 10:00]:" (mutt), "Am ... schrieb ...:", "Le ... a écrit :",
//     "El ... escribió:" and their Dutch, Italian, Portuguese, Polish and
//     Scandinavian forms; only the attribution goes, so text written below
//     it (a reply under a deleted quote) is kept, and so is an unprefixed
//     quote below it (Yahoo Mail's plain part);
//   - an unprefixed quoted mail and everything after it: from a line
//     "-----Original Message-----" (and its translations, "Begin forwarded
//     message:", Gmail's "---------- Forwarded message ---------"), or from
//     a header block "From: ... Sent: ... To: ... Subject: ..." of Outlook
//     (in English, German, French, Spanish, ...) together with the
//     "________________________________" line of Outlook on the web above
//     it;
//   - a signature: the line "-- " and what follows;
//   - device footers such as "Sent from my iPhone", "Get Outlook for
//     Android", "Von meinem iPhone gesendet".
//
// It is conservative: a line that could be a Tak command or a sync board
// row ("ps b4", "ms b2 p3 2 1", "rs", "0 0 s 0 0") is kept even below a
// signature; only a quote removes it. Lines keep their leading spaces (a
// board typed in monospace stays aligned); trailing spaces, leading and
// trailing blank lines and repeated blank lines are removed.
func StripQuoted(text string) string {
	lines := strings.Split(normalizeNewlines(text), "\n")
	out := make([]string, 0, len(lines))
	inSignature := false
scan:
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case isQuotedLine(line):
			continue
		case isForwardSeparator(trimmed):
			break scan
		case isReplyHeaderBlock(lines, i):
			out = dropSeparatorsAtEnd(out)
			break scan
		}
		if n := attributionLines(lines, i); n > 0 {
			i += n - 1
			continue
		}
		switch {
		case inSignature:
			if looksLikeTakLine(line) {
				out = append(out, line)
			}
		case isSignatureSeparator(line):
			inSignature = true
		case isDeviceFooter(trimmed):
		default:
			out = append(out, line)
		}
	}
	return tidyText(strings.Join(out, "\n"))
}

// normalizeNewlines turns CRLF and lone CR into LF.
func normalizeNewlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// isQuotedLine reports whether a line is quoted: '>' after optional spaces.
func isQuotedLine(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), ">")
}

// isSignatureSeparator reports whether a line is the signature separator
// "-- " (also without its trailing space, which some clients drop).
func isSignatureSeparator(line string) bool {
	return strings.TrimRight(line, " \t") == "--"
}

var forwardSeparator = regexp.MustCompile(`(?i)^[-_*\s]*-{2,}\s*(original message|original-nachricht|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|originalmeddelande|mensagem original|forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}[-_*\s]*$` +
	`|(?i)^(begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié|inicio del mensaje reenviado)\s*:$`)

// isForwardSeparator reports whether a trimmed line starts an unprefixed
// quoted or forwarded mail: "-----Original Message-----" and the like.
func isForwardSeparator(trimmed string) bool {
	return len(trimmed) < 200 && forwardSeparator.MatchString(trimmed)
}

// Labels of the header block Outlook writes above the quoted mail, in the
// languages of its users. A label may be bold ("*From:*") after a
// conversion from HTML, and French puts a space before the colon.
var (
	headerFrom    = regexp.MustCompile(`(?i)^\*?(from|von|de|da|van|från|fra|od|от)\s*\*?\s*:\s*\*?\s*\S`)
	headerDate    = regexp.MustCompile(`(?i)^\*?(sent|date|gesendet|datum|envoyé|enviado|fecha|inviato|data|verzonden|skickat|sendt|wysłano|отправлено)\s*\*?\s*:`)
	headerTo      = regexp.MustCompile(`(?i)^\*?(to|an|à|a|para|aan|till|til|do|кому)\s*\*?\s*:`)
	headerSubject = regexp.MustCompile(`(?i)^\*?(subject|betreff|objet|asunto|oggetto|onderwerp|ämne|emne|temat|assunto|тема)\s*\*?\s*:`)
	headerCc      = regexp.MustCompile(`(?i)^\*?(cc)\s*\*?\s*:`)
)

// isReplyHeaderBlock reports whether line i starts a header block of a
// quoted mail: a "From:" line followed within eight lines by at least two
// of the date, recipient, subject and cc lines.
func isReplyHeaderBlock(lines []string, i int) bool {
	first := strings.TrimSpace(lines[i])
	if len(first) > 500 || !headerFrom.MatchString(first) {
		return false
	}
	seen := map[*regexp.Regexp]bool{}
	for j := i + 1; j < len(lines) && j <= i+8; j++ {
		l := strings.TrimSpace(lines[j])
		for _, re := range []*regexp.Regexp{headerDate, headerTo, headerSubject, headerCc} {
			if re.MatchString(l) {
				seen[re] = true
			}
		}
	}
	return len(seen) >= 2
}

// dropSeparatorsAtEnd removes the blank lines and separator lines (a row of
// underscores or dashes, as Outlook puts above its header block) at the end
// of the kept lines.
func dropSeparatorsAtEnd(out []string) []string {
	for len(out) > 0 {
		l := strings.TrimSpace(out[len(out)-1])
		if l != "" && strings.Trim(l, "_-─—") != "" {
			break
		}
		out = out[:len(out)-1]
	}
	return out
}

var (
	// attributionVerb matches the verb of an attribution line.
	attributionVerb = regexp.MustCompile(`(?i)(^|[\s,>])(wrote|writes|schrieb|geschrieben|a\s+écrit|escribió|ha\s+scritto|escreveu|schreef|het\s+volgende\s+geschreven|skrev|napisał(\(a\))?|kirjoitti|написал(\(а\))?|пише|写道)([\s:：,]|$)`)
	// attributionOpener matches the first word of an attribution that
	// begins with its date: "On", "Am", "Le", "El", "Op", "Il", "Em", ...
	attributionOpener = regexp.MustCompile(`(?i)^(on|am|le|el|op|il|em|den|dnia|dňa|в)\s`)
	// muttAttribution matches "* Ann <ann@x> [2026-11-23 10:00]:".
	muttAttribution = regexp.MustCompile(`^\*\s.*\[[^\]]*[0-9][^\]]*\]\s*:$`)
)

// maxAttribution bounds the length of an attribution, wrapped or not.
const maxAttribution = 500

// attributionLines returns how many lines, from line i, form an attribution
// ("On ..., Ann wrote:"), or 0. An attribution may be wrapped over up to
// three lines; none of them is blank, quoted or a possible Tak line.
func attributionLines(lines []string, i int) int {
	for k := 1; k <= 3 && i+k <= len(lines); k++ {
		l := lines[i+k-1]
		end := strings.TrimSpace(l)
		if len(l) > maxAttribution || end == "" || isQuotedLine(l) {
			return 0
		}
		if !strings.HasSuffix(end, ":") && !strings.HasSuffix(end, "：") {
			continue // an attribution ends with a colon
		}
		for _, x := range lines[i : i+k] {
			if looksLikeTakLine(x) {
				return 0
			}
		}
		joined := strings.Join(strings.Fields(strings.Join(lines[i:i+k], " ")), " ")
		if isAttribution(joined, k == 1, func() bool { return quoteFollows(lines, i+k) }) {
			return k
		}
	}
	return 0
}

// isAttribution reports whether s is an attribution line: it ends with a
// colon, names the writing ("wrote", "schrieb", ...) and has a date, an
// address or a quote right after it. A wrapped one must begin like an
// attribution ("On ...").
func isAttribution(s string, single bool, quoteNext func() bool) bool {
	if len(s) > maxAttribution {
		return false
	}
	if muttAttribution.MatchString(s) {
		return true
	}
	if !strings.HasSuffix(s, ":") && !strings.HasSuffix(s, "：") {
		return false
	}
	if !attributionVerb.MatchString(s) {
		return false
	}
	if !strings.ContainsAny(s, "0123456789@") && !quoteNext() {
		return false
	}
	return single || attributionOpener.MatchString(s)
}

// quoteFollows reports whether the first non-blank line from j is quoted.
func quoteFollows(lines []string, j int) bool {
	for ; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) != "" {
			return isQuotedLine(lines[j])
		}
	}
	return false
}

var deviceFooter = regexp.MustCompile(`(?i)^(` +
	`sent from my [\p{L}\p{N} '’.,()&-]{1,40}` +
	`|sent from (mail|outlook|yahoo mail|proton ?mail|aol|samsung|gmail|windows mail|mail for windows)\b.{0,60}` +
	`|get outlook for (ios|android)\b.{0,80}` +
	`|sent with proton ?mail( secure email)?\.?` +
	`|(von meinem|gesendet von meinem|envoyé de mon|envoyé depuis mon|enviado desde mi|enviado do meu|enviado de meu|inviato da|verstuurd vanaf mijn|skickat från min|sendt fra min|wysłane z mojego)\b.{0,50}` +
	`)$`)

// isDeviceFooter reports whether a trimmed line is a footer that a phone
// or mail app adds: "Sent from my iPhone", "Get Outlook for iOS", ...
func isDeviceFooter(trimmed string) bool {
	return len(trimmed) < 200 && deviceFooter.MatchString(trimmed)
}
