package control

import "testing"

// SetUID makes the package take uid for the user's id until the test
// ends, so that the files the test makes belong to "another user".
func SetUID(t *testing.T, uid int) {
	old := getuid
	getuid = func() int { return uid }
	t.Cleanup(func() { getuid = old })
}
