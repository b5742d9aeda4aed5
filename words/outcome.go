package words

// Outcome is a decision the referee describes for a reader: its Words
// are what the reader is told.
type Outcome interface {
	Words(Reader) string
}
