// Package console is the terminal transport of the referee: players type
// (or a script feeds) lines "NAME: MESSAGE", and every reply is printed as
// lines starting "[to NAME] ". A line ending in a backslash continues the
// message on the next line, so multi-line boards can be sent. Pictures are
// written to a directory and their paths printed. Nothing but replies is
// written to the output; logs go elsewhere.
//
// Message ids are a hash chain over the lines read so far (seeded by
// Options.Session), so feeding the same script to the same database again
// is harmless: every message is recognised as already processed.
package console
