package discord

import (
	"sync"
)

// keyedLocks serialises work on one key (a game's thread).
type keyedLocks struct {
	mu    sync.Mutex
	locks map[string]*keyedLock
}

type keyedLock struct {
	sync.Mutex
	users int
}
