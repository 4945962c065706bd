package main

import (
	"flag"
	"io"
	"log"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// report runs a in the common standalone form, rowalign [analyzer flags]
// [-json] [-c N] [-test] packages, with the loader of load.go, and
// returns the exit status singlechecker gives: 1 when loading or the
// analysis failed, 3 when there are findings (text only), else 0.
//
// It reports false, having done nothing, for every other command line:
// go vet's (a .cfg file, -V, -flags), -fix and -diff (applying fixes
// needs singlechecker's internals), the debug and profile flags, help,
// and any flag error, which singlechecker then reports as it always has.
// a's flags are set while parsing: the caller passes a fresh analyzer
// and gives singlechecker another when report declines.
func report(a *analysis.Analyzer, args []string) (int, bool) {
	fs := flag.NewFlagSet("rowalign", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	jsonOut := fs.Bool("json", false, "emit JSON output")
	context := fs.Int("c", -1, "display offending line with this many lines of context")
	tests := fs.Bool("test", true, "indicates whether test files should be analyzed, too")
	if err := fs.Parse(args); err != nil {
		return 0, false
	}
	patterns := fs.Args()
	if len(patterns) == 0 || len(patterns) == 1 && strings.HasSuffix(patterns[0], ".cfg") {
		return 0, false
	}

	// As singlechecker.Main and its checker.Run.
	log.SetFlags(0)
	log.SetPrefix(a.Name + ": ")
	initial, err := load(patterns, *tests)
	if err != nil {
		log.Print(err)
		return 1, true
	}
	code := 0
	if packages.PrintErrors(initial) > 0 {
		code = 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, initial, &checker.Options{})
	if err != nil {
		log.Print(err)
		return 1, true
	}
	if *jsonOut {
		// With -json, the exit status does not count findings.
		if err := graph.PrintJSON(os.Stdout); err != nil {
			return 1, true
		}
		return code, true
	}
	if err := graph.PrintText(os.Stderr, *context); err != nil {
		return 1, true
	}
	failed, findings := 0, 0
	for act := range graph.All() {
		if act.Err != nil {
			failed++
		} else if act.IsRoot {
			findings += len(act.Diagnostics)
		}
	}
	switch {
	case failed > 0:
		code = max(code, 1)
	case findings > 0:
		code = max(code, 3)
	}
	return code, true
}
