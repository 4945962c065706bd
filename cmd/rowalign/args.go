package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer"
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
func checkArgs(a *analysis.Analyzer, args []string) error {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			break
		}
		if !strings.HasPrefix(arg, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		f := a.Flags.Lookup(name)
		if f == nil {
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
	return nil
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
// file), whose drivers print what is left themselves or not at all.
func fixArgs(args []string) bool {
	if _, vet := vetConfig(args); vet || len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix, diff := false, false
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || value == "false" {
			continue
		}
		fix = fix || name == "fix"
		diff = diff || name == "diff"
	}
	return fix && !diff
}

// fixThenReport applies the fixes of args in a child process (this
// binary, as singlechecker, which applies fixes and prints nothing), then
// reports the findings that are left, the ones without a fix, as a run
// without -fix does: exit status 3 if there are any. singlechecker alone
// exited 0 in silence, and a walk's strategy finding went unseen
// (issue 18). The packages are loaded twice.
func fixThenReport(args []string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
		return 1
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), fixPassEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
		return 1
	}
	var rest []string
	for _, a := range args {
		if name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "="); strings.HasPrefix(a, "-") && name == "fix" {
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
