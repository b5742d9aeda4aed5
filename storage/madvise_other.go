//go:build !linux && !windows && !plan9 && !solaris && !aix && !android

package storage

// dropPages is a no-op where the mapping is not advised.
func dropPages([]byte) {}
