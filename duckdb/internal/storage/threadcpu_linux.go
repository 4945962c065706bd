package storage

import (
	"syscall"
	"time"
)

// threadCPU is the calling OS thread's user and system time (Linux's
// RUSAGE_THREAD).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
