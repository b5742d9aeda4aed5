package storage

import "syscall"

// dropPages tells the kernel the process no longer needs the mapped
// pages of data: they leave its resident memory and are read again from
// the file when touched.
func dropPages(data []byte) { _ = syscall.Madvise(data, syscall.MADV_DONTNEED) }
