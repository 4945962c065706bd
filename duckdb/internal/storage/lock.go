package storage

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"syscall"
)

// ErrHeld reports a database file that another process holds open.
var ErrHeld = errors.New("held by another process")

// lockHolder matches DuckDB's error for a file another process holds
// (DuckDB 1.5.6: `Could not set lock on file "f": Conflicting lock is held
// in /usr/bin/x (PID 123)`); OpenError words it.
var lockHolder = regexp.MustCompile(`Conflicting lock is held in (.*?) \(PID (\d+)\)`)

// lockFile takes the same whole-file write lock DuckDB takes (fcntl), so
// that no DuckDB process can open path until unlock is called. It fails
// with ErrHeld when a process holds it.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: 0, Start: 0, Len: 0}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_SETLK, &lk); err != nil {
		probe := syscall.Flock_t{Type: syscall.F_WRLCK}
		pid := ""
		if syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &probe) == nil && probe.Pid > 0 {
			pid = fmt.Sprintf(" (PID %d)", probe.Pid)
		}
		f.Close()
		return nil, fmt.Errorf("%s is %w%s: close it there first", path, ErrHeld, pid)
	}
	return func() { f.Close() }, nil
}
