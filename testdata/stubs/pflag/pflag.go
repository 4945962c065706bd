// Package pflag is a type-only stub of github.com/spf13/pflag for
// rowalign's fixtures: the flag definitions CLI tools use, with the real
// signatures. Parse does not read the command line.
package pflag

import "time"

// Int defines an int flag.
func Int(name string, value int, usage string) *int { return &value }

// IntP defines an int flag with a shorthand.
func IntP(name, shorthand string, value int, usage string) *int { return &value }

// IntVar defines an int flag stored in p.
func IntVar(p *int, name string, value int, usage string) { *p = value }

// IntVarP defines an int flag with a shorthand, stored in p.
func IntVarP(p *int, name, shorthand string, value int, usage string) { *p = value }

// Int64 defines an int64 flag.
func Int64(name string, value int64, usage string) *int64 { return &value }

// String defines a string flag.
func String(name string, value string, usage string) *string { return &value }

// StringP defines a string flag with a shorthand.
func StringP(name, shorthand string, value string, usage string) *string { return &value }

// StringVar defines a string flag stored in p.
func StringVar(p *string, name string, value string, usage string) { *p = value }

// Bool defines a bool flag.
func Bool(name string, value bool, usage string) *bool { return &value }

// Duration defines a duration flag.
func Duration(name string, value time.Duration, usage string) *time.Duration { return &value }

// Parse parses the command line (the stub does nothing).
func Parse() {}

// Args returns the arguments left after the flags.
func Args() []string { return nil }
