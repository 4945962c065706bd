// Command rowalign reports DuckDB page walks and commit loops whose sizes
// are not multiples of DuckDB's row group, and fixes them.
//
// It runs standalone, as a go vet tool and as a go fix tool:
//
//	rowalign [-fix] [-diff] [-json] [-rowgroup N] [-min N] [-scope auto|all] [-wrappers a,b] [-checks all,-name] [-tests] ./...
//	go vet -vettool=$(which rowalign) ./...
//	go vet -vettool=$(which rowalign) -fix ./...
//	go fix -fixtool=$(which rowalign) ./...
//	rowalign -explain [CHECK]
//
// -explain prints the documentation page of a check (the page each
// diagnostic's URL points to), or lists the checks; it takes no
// packages. -checks selects checks staticcheck style: all, a name to add
// one, -name to remove one, from every check when the list starts with a
// removal. Every diagnostic's category is one check's name.
//
// A flag with a bad value, or a flag rowalign does not have, is a usage
// error at start-up (exit status 2): one line naming the flag, the value
// and what is allowed, or the flag meant, before any package is loaded
// (args.go). -h, and rowalign help as go vet's usage errors suggest, is
// rowalign's own help (help.go).
//
// Standalone, it loads the whole program from source for its facts, as
// singlechecker does, but without the function bodies of the standard
// library and of dependencies, which decide no fact (load.go): the cost
// is in README.md and docs/measurements.md. Test files are loaded when
// -tests asks for their findings; each site is then listed once, with the
// package's own message, though the package is analysed twice. -fix and
// -diff run through singlechecker, which loads every body; -fix then
// prints the findings left, those without a fix. go vet -fix and go fix
// print them too, on standard output (fixleft.go).
//
// The binary is pure Go: it never links DuckDB.
package main

import (
	"io"
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/rowalign/rowalign/analyzer"
)

func main() {
	args := os.Args[1:]
	// Before singlechecker: -explain is not an analyzer flag (see explain.go).
	name, ok, err := explainArg(args)
	if err == nil {
		// A bad flag value is one line, not the line and the usage.
		err = checkArgs(analyzer.New(analyzer.Default()), args)
	}
	if err != nil {
		os.Exit(reportUsage(err, args, os.Stderr))
	}
	if ok {
		os.Exit(explain(name, os.Stdout, os.Stderr))
	}
	if helpArg(args) {
		usage(analyzer.New(analyzer.Default()), os.Stdout)
		os.Exit(0)
	}
	if check, ok := helpCommand(args); ok {
		if check != "" {
			os.Exit(explain(check, os.Stdout, os.Stderr))
		}
		usage(analyzer.New(analyzer.Default()), os.Stdout)
		os.Exit(0)
	}
	// -diff alone shows the fixes, as gofmt -d does; singlechecker's
	// -diff did nothing without -fix, and said nothing either.
	if diffAlone(args) {
		args = append([]string{"-fix"}, args...)
		os.Args = append(os.Args[:1:1], args...)
	}
	// singlechecker prints the diff; diff.go corrects its hunk headers.
	if diffArgs(args) && os.Getenv(fixPassEnv) == "" {
		os.Exit(printDiff(args))
	}
	if fixArgs(args) && os.Getenv(fixPassEnv) == "" {
		os.Exit(fixThenReport(args))
	}
	if vetFixRun(args) {
		// The fixes applied, the findings left printed (fixleft.go).
		singlechecker.Main(withFindingsLeft(analyzer.New(analyzer.Default()), func() io.Writer { return os.Stdout }))
	}
	// The common standalone run, with its own loader (standalone.go);
	// everything else, go vet's protocol and -fix included, is
	// singlechecker's, with an analyzer whose flags nothing set yet.
	if code, ok := report(analyzer.New(analyzer.Default()), args); ok && os.Getenv(fixPassEnv) == "" {
		os.Exit(code)
	}
	singlechecker.Main(analyzer.New(analyzer.Default()))
}
