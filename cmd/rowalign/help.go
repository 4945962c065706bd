package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// helpArg reports whether args ask for help (-h, -help, --help), before
// any package.
func helpArg(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// helpCommand reports whether args are rowalign help [CHECK], and the
// check. go vet and go fix end a usage error with "Run 'rowalign help'
// for a full list of flags and analyzers", as they do for every vet tool
// (x/tools' unitchecker has that command); without it, rowalign took
// "help" for a package pattern and failed.
func helpCommand(args []string) (check string, ok bool) {
	switch {
	case len(args) == 1 && args[0] == "help":
		return "", true
	case len(args) == 2 && args[0] == "help":
		return args[1], true
	}
	return "", false
}

// driverFlags are the flags of the driver (singlechecker's and go vet's)
// that a user may need, in the order -h lists them, and -explain. singlechecker also takes -test
// (whether to load test files: -tests decides, see standalone.go),
// profiling and debug flags and go vet's protocol flags; -h leaves
// them out.
var driverFlags = []struct{ name, usage string }{
	{"json", "print the findings, with categories and fixes, as JSON (exit status 0)"},
	{"c `N`", "show each finding's line with N lines of context"},
	{"fix", "apply every suggested fix, then print the findings left, those without a fix: standalone on stderr (exit status 3 if any); under go vet -fix and go fix on stdout (exit status 0: go drops the fixes of a tool that fails)"},
	{"diff", "print the fixes as a unified diff and change nothing (with or without -fix)"},
	{"explain `CHECK`", "print a check's page (docs/checks/CHECK.md), or list the checks; give it no packages"},
}

// usage prints rowalign's help: its doc, how to run it, and the flags
// that matter, each once.
func usage(a *analysis.Analyzer, w io.Writer) {
	paras := strings.Split(a.Doc, "\n\n")
	fmt.Fprintf(w, "%s: %s\n\n", a.Name, paras[0])
	fmt.Fprint(w, `Usage:
  rowalign [flags] packages                      exit status 3 on findings
  go vet -vettool=$(which rowalign) [flags] packages
  go fix -fixtool=$(which rowalign) [flags] packages
  rowalign -explain [CHECK]

`)
	fmt.Fprintln(w, strings.Join(paras[1:], "\n\n"))
	fmt.Fprintln(w, "\nFlags (standalone, go vet and go fix):")
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	fs.SetOutput(w)
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nOutput and fixes:")
	for _, f := range driverFlags {
		fmt.Fprintf(w, "  -%s\n    \t%s\n", strings.ReplaceAll(f.name, "`", ""), f.usage)
	}
}
