package msg

// Helpers the mail transport (package mailplay) shares with the parser,
// for the mails it writes and the addresses it reads.

// GameTag matches the "[Tak g7]" tag of the bot's subjects; its first
// group is the game's id.
var GameTag = gameTag

// Clip shortens s to at most n bytes for a message.
func Clip(s string, n int) string { return clip(s, n) }

// IsFieldLine reports whether a line starts a header field: a name of
// printable ASCII characters other than ':', then ':'.
func IsFieldLine(line []byte) bool { return isFieldLine(line) }

// NormalizeNewlines turns CRLF and lone CR into LF.
func NormalizeNewlines(s string) string { return normalizeNewlines(s) }

// SplitUnquoted splits s at sep outside double-quoted strings.
func SplitUnquoted(s string, sep byte) []string { return splitUnquoted(s, sep) }

// LocalPart returns the lower-case local part of an address, without a
// "+tag".
func LocalPart(addr string) string { return localPart(addr) }
