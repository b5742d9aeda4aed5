// Package console is the terminal transport of the referee: players type
// (or a script feeds) lines "NAME: MESSAGE", and every reply is printed as
// lines starting "[to NAME] ". A line ending in a backslash continues the
// message on the next line, so multi-line boards can be sent. Pictures are
// written to a directory and their paths printed ("[to NAME] picture:
// PATH"). Nothing but replies is written to the output: "[console] ..."
// notes about unreadable input lines or messages that could not be handled
// go to Options.Notes (standard error by default), logs elsewhere.
//
// A console identity is Identity{Transport: "console", Address: name in
// lower case}; the name as typed is the display name.
//
// Message ids are a hash chain over the lines read so far (seeded by
// Options.Session), so feeding the same script to the same database again
// is harmless: every message is recognised as already processed. Replies
// are printed from the referee's outbox and marked delivered after they are
// printed, so a crash may print a reply again but never loses one.
//
// With Options.Directives, script lines "!tick" (run the clocks) and
// "!advance DURATION" (move an injected fake clock on, e.g. "!advance 2d",
// "!advance 36h") drive the clocks in scripted tests. Lines starting with
// "#" are comments.
package console
