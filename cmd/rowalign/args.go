package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

// exitUsage is the exit status of a usage error, as the flag package's.
const exitUsage = 2

// usageError is a command line rowalign rejects before it loads anything:
// one line naming the flag, the value and what is allowed. The flag
// package would print the same line and then the whole usage, 60 lines
// in which the one that matters scrolls away (issue 18).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// checkArgs sets every flag of a found in args on a (a fresh analyzer,
// whose flags validate their values in Set) and returns the first
// rejection as a usageError. Flags of the driver (-json, -fix, -c ...)
// and package patterns are left to the parser that runs after it; a
// pattern never starts with "-", so every analyzer flag is seen wherever
// it stands.
//
// A command line with no package and no flag that needs none (-h,
// -explain, go vet's -flags and -V) is a usage error too: singlechecker
// printed its whole usage, not rowalign's -h, and exited 1.
func checkArgs(a *analysis.Analyzer, args []string) error {
	packages, needsNone := 0, false
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			packages += len(args) - i - 1
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			packages++
			continue
		}
		name, value, hasValue := splitFlag(arg)
		f := a.Flags.Lookup(name)
		if f == nil {
			takesValue, known := driverFlagNames[name]
			switch name {
			case "h", "help", "flags", "V", explainFlag:
				needsNone = true
			}
			switch {
			case !known:
				return unknownFlag(a, name)
			case takesValue && !hasValue:
				i++ // -c 3: the value is the next argument
			}
			continue
		}
		if !hasValue {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				value = "true"
			} else if i+1 < len(args) {
				i++
				value = args[i]
			} else {
				return &usageError{fmt.Sprintf("flag -%s needs a value; run rowalign -h", name)}
			}
		}
		if err := f.Value.Set(value); err != nil {
			return &usageError{fmt.Sprintf("invalid value %q for flag -%s: %v; run rowalign -h", value, name, err)}
		}
	}
	if packages == 0 && !needsNone {
		return &usageError{"no packages to check: rowalign ./... checks every package of the module here; run rowalign -h"}
	}
	return nil
}

// driverFlagNames are the flags rowalign takes besides its analyzer's,
// each with whether it takes a value: singlechecker's (x/tools
// v0.52.0 analysisflags.Parse and checker.RegisterFlags, deprecated
// no-ops included), the flag package's -h and -help, and -explain, whose
// optional check name is not a flag. TestDriverFlagNames compares them
// with what the binary's -flags prints, so a flag a newer x/tools adds
// is not rejected as unknown.
var driverFlagNames = map[string]bool{
	"V": false, "flags": false, "json": false, "fix": false, "diff": false, "test": false,
	"c": true, "debug": true, "cpuprofile": true, "memprofile": true, "trace": true,
	"all": false, "source": false, "v": false, "tags": true,
	"h": false, "help": false, explainFlag: false,
}

// unknownFlag is the usage error for -name, which no flag of a or of the
// driver is: one line, with the closest flag a user would mean (the
// analyzer's, and the output flags -h lists) when it is close enough.
// singlechecker printed "flag provided but not defined" and its 60
// lines of usage (issue 18).
func unknownFlag(a *analysis.Analyzer, name string) error {
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	for _, f := range driverFlags {
		names = append(names, strings.Fields(f.name)[0])
	}
	if best := settings.Suggest(name, names); best != "" {
		return &usageError{fmt.Sprintf("unknown flag -%s: did you mean -%s?; run rowalign -h", name, best)}
	}
	return &usageError{fmt.Sprintf("unknown flag -%s; run rowalign -h", name)}
}

// splitFlag splits a command-line flag, -name=value or --name=value, into
// its name and value.
func splitFlag(arg string) (name, value string, hasValue bool) {
	return strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
}

// reportUsage prints a usage error and returns the exit status. Under go
// vet (args end in a .cfg file) a run that only computes facts for a
// dependency (VetxOnly) prints nothing and succeeds with no facts, so
// that go vet shows the one line once per package it vets, not once per
// package of the standard library; cmd/go keys its cache of those facts
// by the vet flags, so a later run with good flags computes them again.
func reportUsage(err error, args []string, stderr io.Writer) int {
	if cfg, ok := vetConfig(args); ok && cfg.VetxOnly {
		if cfg.VetxOutput != "" {
			os.WriteFile(cfg.VetxOutput, nil, 0o666)
		}
		return 0
	}
	fmt.Fprintf(stderr, "rowalign: %v\n", err)
	return exitUsage
}

// vetConfig reads the go vet configuration file that ends args, if any.
func vetConfig(args []string) (cfg struct {
	VetxOnly   bool
	VetxOutput string
}, ok bool) {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return cfg, false
	}
	b, err := os.ReadFile(args[len(args)-1])
	if err != nil || json.Unmarshal(b, &cfg) != nil {
		return cfg, false
	}
	return cfg, true
}

// fixPassEnv marks the process fixThenReport starts to apply the fixes.
const fixPassEnv = "ROWALIGN_FIX_PASS"

// fixArgs reports whether args are a standalone -fix run that applies
// the fixes: -fix without -diff, and not under go vet or go fix (a .cfg
// file), where withFindingsLeft prints what is left (fixleft.go).
func fixArgs(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix, diff := fixFlags(args)
	return fix && !diff
}

// diffAlone reports whether args are a standalone run with -diff and
// without -fix, which means -fix -diff: print the fixes, change nothing.
func diffAlone(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix, diff := fixFlags(args)
	return diff && !fix
}

// fixFlags reports whether args set -fix and -diff.
func fixFlags(args []string) (fix, diff bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, _ := splitFlag(a)
		if !strings.HasPrefix(a, "-") || value == "false" {
			continue
		}
		fix = fix || name == "fix"
		diff = diff || name == "diff"
	}
	return fix, diff
}

// fixThenReport applies the fixes of args in a child process (this
// binary, as singlechecker, which applies fixes and prints nothing), then
// reports the findings that are left, the ones without a fix, as a run
// without -fix does: exit status 3 if there are any. singlechecker alone
// exited 0 in silence, and a walk's strategy finding went unseen
// (issue 18). The packages are loaded twice.
func fixThenReport(args []string) int {
	if code, ok := runFixPass(args); !ok {
		return code
	}
	var rest []string
	for _, a := range args {
		if name, _, _ := splitFlag(a); strings.HasPrefix(a, "-") && name == "fix" {
			continue
		}
		rest = append(rest, a)
	}
	code, ok := report(analyzer.New(analyzer.Default()), rest)
	if !ok {
		return 0
	}
	return code
}

// runFixPass runs this binary on args as the fix pass (with fixPassEnv
// set, it goes straight to singlechecker), its output passed through. It
// returns false and the exit status to give up with when the pass fails.
func runFixPass(args []string) (code int, ok bool) {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
		return 1, false
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), fixPassEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), false
		}
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
		return 1, false
	}
	return 0, true
}
