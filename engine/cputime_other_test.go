//go:build !linux

package engine

func cpuTime() int64 { return 0 }
