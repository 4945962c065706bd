// Package settings reads the service's tunables from the environment.
package settings

import (
	"os"
	"strconv"
)

// EnvInt returns the integer in the environment variable name, or def
// when it is unset or not a number.
func EnvInt(name string, def int) int { // want EnvInt:`returns params \[1\], constants \[\]`
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}

// EnvSize is EnvInt for sizes that may not be zero.
func EnvSize(name string, def int64) (int64, error) { // want EnvSize:`returns params \[1\], constants \[\]`
	n := def
	if s := os.Getenv(name); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, err
		}
		n = v
	}
	return n, nil
}
