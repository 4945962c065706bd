// Package pflag is a type-only stub of github.com/spf13/pflag for
// rowalign's fixtures and corpus: the flag definitions CLI tools use, with
// the real signatures. Parse does not read the command line.
package pflag

import "time"

// ErrorHandling is what Parse does on an error.
type ErrorHandling int

// ExitOnError exits on a parse error.
const ExitOnError ErrorHandling = 1

// A FlagSet is a set of flags.
type FlagSet struct{ name string }

// CommandLine is the program's flag set.
var CommandLine = NewFlagSet("", ExitOnError)

// NewFlagSet returns an empty flag set.
func NewFlagSet(name string, _ ErrorHandling) *FlagSet { return &FlagSet{name: name} }

// Parse parses the command line.
func Parse() {}

// Parse parses args.
func (f *FlagSet) Parse(args []string) error { return nil }

// Int defines an int flag.
func Int(name string, value int, usage string) *int { return CommandLine.Int(name, value, usage) }

// IntP defines an int flag with a shorthand.
func IntP(name, shorthand string, value int, usage string) *int {
	return CommandLine.IntP(name, shorthand, value, usage)
}

// IntVar defines an int flag stored in p.
func IntVar(p *int, name string, value int, usage string) { CommandLine.IntVar(p, name, value, usage) }

// IntVarP defines an int flag with a shorthand stored in p.
func IntVarP(p *int, name, shorthand string, value int, usage string) {
	CommandLine.IntVarP(p, name, shorthand, value, usage)
}

// Int64 defines an int64 flag.
func Int64(name string, value int64, usage string) *int64 {
	return CommandLine.Int64(name, value, usage)
}

// Int defines an int flag.
func (f *FlagSet) Int(name string, value int, usage string) *int { p := value; return &p }

// IntP defines an int flag with a shorthand.
func (f *FlagSet) IntP(name, shorthand string, value int, usage string) *int { p := value; return &p }

// IntVar defines an int flag stored in p.
func (f *FlagSet) IntVar(p *int, name string, value int, usage string) { *p = value }

// IntVarP defines an int flag with a shorthand stored in p.
func (f *FlagSet) IntVarP(p *int, name, shorthand string, value int, usage string) { *p = value }

// Int64 defines an int64 flag.
func (f *FlagSet) Int64(name string, value int64, usage string) *int64 { p := value; return &p }

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

// Args returns the arguments left after the flags.
func Args() []string { return nil }

// GetInt returns the value of the int flag name.
func (f *FlagSet) GetInt(name string) (int, error) { return 0, nil }

// StringVarP defines a string flag with a shorthand.
func (f *FlagSet) StringVarP(p *string, name, shorthand string, value string, usage string) { *p = value }
