//go:build !linux

package tak_test

// cpuTime returns 0: the CPU time used is only read on Linux.
func cpuTime() int64 { return 0 }
