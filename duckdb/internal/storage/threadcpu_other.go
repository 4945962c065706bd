//go:build !linux

package storage

import "time"

// threadCPU is 0 where the system has no per-thread usage: the work's CPU
// seconds are then not known, its wall seconds are.
func threadCPU() time.Duration { return 0 }
