package settings

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// RegisterFlags binds s to fs as -rowgroup, -min, -scope, -wrappers,
// -checks and -tests. Each flag checks its value in Set, so that the flag package
// reports a bad one as a usage error before any package is analysed.
func (s *Settings) RegisterFlags(fs *flag.FlagSet) {
	fs.Var(&intFlag{p: &s.RowGroup, check: validRowGroup, want: fmt.Sprintf("a number of rows, a positive multiple of DuckDB's vector size %d (default %d)", VectorSize, RowGroupSize)}, "rowgroup", "DuckDB row group size in `rows`, a multiple of 2048; ATTACH ... (ROW_GROUP_SIZE n) changes it per database")
	fs.Var(&intFlag{p: &s.Min, check: validMin, want: fmt.Sprintf("a number of rows, 0 or more (default %d)", MinCommitSize)}, "min", "smallest commit size reported, in `rows`; smaller batches are latency choices, not bulk loads (page walks are reported at any size below a row group)")
	fs.Var((*scopeFlag)(&s.Scope), "scope", "which packages to lint (`auto|all`): auto, DuckDB client code only; all, every package")
	fs.Var(&listFlag{p: &s.Wrappers, check: validWrappers}, "wrappers", "comma-separated import `paths` of packages that open DuckDB for their importers; importing one puts a package in scope")
	fs.Var(&listFlag{p: &s.Checks, check: validChecks}, "checks", "comma-separated `checks` to run: all, a check's name to add it, -name to remove it (e.g. all,-appendertx)")
	fs.BoolVar(&s.Tests, "tests", s.Tests, "report findings in _test.go files too; standalone, load them only then (test loads are small, so they are skipped by default)")
}

func validWrappers(ws []string) error {
	for _, w := range ws {
		if err := validWrapper(w); err != nil {
			return err
		}
	}
	return nil
}

// intFlag is an integer flag with a validity rule.
type intFlag struct {
	p     *int
	check func(int) error
	want  string // what a value must be, for a value that is no number
}

func (f *intFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f *intFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("not a whole number: want %s", f.want)
	}
	if err := f.check(n); err != nil {
		return err
	}
	*f.p = n
	return nil
}

type scopeFlag string

func (f *scopeFlag) String() string { return string(*f) }

func (f *scopeFlag) Set(v string) error {
	if err := validScope(v); err != nil {
		return err
	}
	*f = scopeFlag(v)
	return nil
}

// listFlag is a comma-separated list flag with a validity rule; empty
// items are dropped.
type listFlag struct {
	p     *[]string
	check func([]string) error
}

func (f *listFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strings.Join(*f.p, ",")
}

func (f *listFlag) Set(v string) error {
	var l []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			l = append(l, p)
		}
	}
	if err := f.check(l); err != nil {
		return err
	}
	*f.p = l
	return nil
}
