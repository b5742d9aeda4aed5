package bot

// DefaultRender renders a Picture to PNG. Until the render package is
// wired in, it renders nothing (nil bytes, no error), and replies carry
// only their text.
func DefaultRender(p Picture) ([]byte, error) { return nil, nil }
