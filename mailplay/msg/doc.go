// Package msg reads inbound mail: the pure functions over the bytes of a
// received mail that package mailplay (the email adapter) builds on, with
// no network and no dependency on the referee.
//
// ParseInbound reads any mail into an Inbound (header fields, the text a
// reader sees with its MIME parts decoded, defects, the automatic-mail
// verdict and a delivery report's recipients); StripQuoted removes what
// the sender did not write; Authenticated reads the trusted server's
// Authentication-Results; MessageIDFor and ParseMessageIDFor write and
// read back the bot's own Message-IDs; CleanSubject and SubjectGameTag
// read subjects. Package mailplay's documentation describes the rules in
// full; mailplay keeps these names (as aliases) in its own API.
//
// Files by topic: inbound.go (the header and the entry point), entity.go
// (the MIME tree), decode.go (transfer encodings and charsets), body.go
// (which part is the text), html.go, flowed.go, quotes.go (the text),
// auto.go, bounce.go (automatic mail and delivery reports), auth.go,
// msgid.go, subject.go, takline.go, errors.go (ParseError and Defect).
package msg
