package words

// Outcome is a decision this package words for a reader: every outcome
// type here has this method.
type Outcome interface {
	Words(Reader) string
}

// Question is an outcome that asks the sender which of its Choices they
// meant; nothing changed.
type Question interface {
	Outcome
	Choices() []Choice
}
