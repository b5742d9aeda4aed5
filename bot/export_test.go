package bot

// TakebackRule is the rule on taking moves back, for the README test.
const TakebackRule = takebackRule

// ReplaceRunForTest makes the handler of command name tell the player key
// to the words text, and nothing else; restore puts the handler back. It
// lets a test write a handler that breaks its command's policy.
func ReplaceRunForTest(name, to, text string) (restore func()) {
	orig := handlers[name]
	handlers[name] = func(s *session, c *Command) error {
		s.tell(to, "").say("%s", text)
		return nil
	}
	return func() { handlers[name] = orig }
}
