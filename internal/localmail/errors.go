package localmail

import "errors"

// Errors returned by the System. They are wrapped with context; test them
// with errors.Is.
var (
	// ErrBadAddress: a string that is not a usable mail address.
	ErrBadAddress = errors.New("localmail: bad mail address")
	// ErrUserExists: AddUser was given an address that already has a user.
	ErrUserExists = errors.New("localmail: user already exists")
	// ErrUnknownUser: an address of a local domain that has no user.
	ErrUnknownUser = errors.New("localmail: unknown user")
	// ErrNotLocal: an address whose domain is not served by this system.
	ErrNotLocal = errors.New("localmail: domain not served here")
	// ErrNoSuchMailbox: the user has no mailbox of that name.
	ErrNoSuchMailbox = errors.New("localmail: no such mailbox")
	// ErrClosed: the System has been closed.
	ErrClosed = errors.New("localmail: system closed")
)
