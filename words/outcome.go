package words

// Outcome is a decision words can word for a reader: a move played, a
// challenge made, a refusal. The referee asks each for its text, once
// per recipient.
type Outcome interface {
	Words(Reader) string
}
