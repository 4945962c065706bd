// Package check runs rowalign's checks on a package: it reads what
// every check reads (the scope and the walks, from pagewalk's walks
// analyzer, the one owner of the Walks fact; the //rowalign:ignore
// directives), runs the checks the settings enable, and reports their
// findings with the check's name as Category and its page as URL: one
// check's name, whatever else is found on its line (the golangci-lint
// plugin joins the findings of one line, for its uniq-by-line).
//
// The suite analyzer in package analyzer runs every check through Run;
// each check package builds its own analyzer with New, so it can be
// tested and used alone, or beside the others in one driver: they all
// require the same walks analyzer. Each reads one settings value, copied
// when the analysis of a package starts.
package check

import (
	"cmp"
	"flag"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

// DocsURL is where each check's page lives; the check name and ".md"
// complete it. docs/checks/NAME.md is also what rowalign -explain prints.
const DocsURL = "https://github.com/rowalign/rowalign/blob/main/docs/checks/"

// A Check is one rowalign check: a function from the package's shared
// input to its findings.
type Check struct {
	// Name is the diagnostic Category, the -checks word and the page name.
	Name string
	// Doc is the check's documentation (its package doc).
	Doc string
	// Run returns the check's findings; Category and URL are set by the
	// caller, and findings under //rowalign:ignore or in generated files
	// are dropped there.
	Run func(*Input) []analysis.Diagnostic
	// Requires are analyzers the check reads the results of (through
	// Input.Pass.ResultOf), beside scope's: a check whose facts cross
	// packages keeps them in an analyzer of its own.
	Requires []*analysis.Analyzer
}

// Input is what every check reads, computed once per package.
type Input struct {
	Pass     *analysis.Pass
	Settings settings.Settings
	Scope    *scope.Result
	Walks    *pagewalk.Result
	// Directives are the package's //rowalign:ignore directives.
	Directives *Directives
	// linked caches Linked: every check of a run asks, some per query.
	linked *scope.Release
}

// Linked returns the DuckDB release the package links (scope.Linked),
// worked out once per run: it walks the package's imports and may read
// go.mod. The checks of one run share an Input and run one after another,
// so the cache needs no lock.
func (in *Input) Linked() scope.Release {
	if in.linked == nil {
		r := scope.Linked(in.Pass)
		in.linked = &r
	}
	return *in.linked
}

// Run runs checks on the package of pass with settings s and reports
// their findings in source order. It does nothing in a package that is
// not DuckDB client code (see package scope).
func Run(pass *analysis.Pass, s settings.Settings, checks []Check) error {
	if err := s.Validate(); err != nil {
		return err // only settings built in code: flags and the plugin validate first
	}
	found := pass.ResultOf[pagewalk.For(s.All(), s.Wrappers)].(*pagewalk.Found)
	if found.Walks == nil {
		// Out of scope, or a helper package: nothing to report here;
		// the walks of the handles a helper is given went to its
		// callers as facts (pagewalk.Analyzer).
		return nil
	}
	in := &Input{
		Pass:       pass,
		Settings:   s,
		Scope:      found.Scope,
		Walks:      found.Walks,
		Directives: newDirectives(pass),
	}
	if !s.Tests {
		in.Walks = withoutTests(pass.Fset, in.Walks)
	}
	var ds []analysis.Diagnostic
	for _, c := range checks {
		if !s.Enabled(c.Name) {
			continue
		}
		for _, d := range c.Run(in) {
			// A package in scope by its tests alone: its other files get
			// what they get without the tests, nothing (scope.Result.TestOnly).
			test := IsTestFile(pass.Fset, d.Pos)
			if in.Directives.Silenced(d.Pos) || !s.Tests && test || in.Scope.TestOnly && !test {
				continue
			}
			d.Category, d.URL = c.Name, DocsURL+c.Name+".md"
			ds = append(ds, d)
		}
	}
	// Source order, whatever check found what: the standalone driver
	// prints findings as they are reported.
	slices.SortStableFunc(ds, func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
	for _, d := range ds {
		pass.Report(d)
	}
	return nil
}

// withoutTests returns r without the walks of test files, so that a size
// declared in a non-test file and used only by a test's walk is not
// reported either.
func withoutTests(fset *token.FileSet, r *pagewalk.Result) *pagewalk.Result {
	out := &pagewalk.Result{Queries: r.Queries, Package: r.Package}
	for _, w := range r.Walks {
		if !IsTestFile(fset, w.Pos()) {
			out.Walks = append(out.Walks, w)
		}
	}
	return out
}

// New returns an analyzer that runs the checks with settings s, under the
// given name. Its flags are the settings' (-rowgroup, -min, -scope,
// -wrappers, -checks, -tests; -checks only when there are several
// checks): setting one changes what this analyzer, and only this one,
// does from its next run.
func New(name, doc string, s settings.Settings, checks ...Check) *analysis.Analyzer {
	own := s // the analyzer's own value, which its flags set
	a := &analysis.Analyzer{
		Name:             name,
		Doc:              doc,
		URL:              "https://github.com/rowalign/rowalign",
		Requires:         requires(checks, pagewalk.For(own.All(), own.Wrappers)),
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			return nil, Run(pass, own, checks)
		},
	}
	if len(checks) == 1 {
		a.URL = DocsURL + checks[0].Name + ".md"
	}
	var fs flag.FlagSet
	own.RegisterFlags(&fs)
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "checks":
			if len(checks) == 1 {
				return // one check: -checks could only switch it off
			}
		case "scope", "wrappers":
			// The walks come from the walks analyzer of the scope: one
			// that changes the scope requires that scope's.
			f.Value = rescope{f.Value, a, &own}
		}
		a.Flags.Var(f.Value, f.Name, f.Usage)
	})
	return a
}

// rescope is the -scope or -wrappers flag of an analyzer built by New:
// setting it also makes the analyzer require the walks analyzer of its
// new scope (pagewalk.For), the last of its Requires. Drivers parse the
// flags before they run anything.
type rescope struct {
	flag.Value
	a *analysis.Analyzer
	s *settings.Settings
}

// String works on the zero rescope too: flag.PrintDefaults calls it on
// one (a new value of the flag's type) to tell whether the default is
// worth printing.
func (r rescope) String() string {
	if r.Value == nil {
		return ""
	}
	return r.Value.String()
}

func (r rescope) Set(v string) error {
	if err := r.Value.Set(v); err != nil {
		return err
	}
	r.a.Requires[len(r.a.Requires)-1] = pagewalk.For(r.s.All(), r.s.Wrappers)
	return nil
}

// requires returns the analyzers the checks require, each once, and
// walks, the walks analyzer of the checks' scope, last (see rescope).
func requires(checks []Check, walks *analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, c := range checks {
		for _, r := range c.Requires {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return append(out, walks)
}

// Define returns the check name, documented by docGo (its doc.go,
// embedded) and implemented by run, and the analyzer that runs it alone
// with the default settings. requires are the analyzers run reads the
// results of.
func Define(name, docGo string, run func(*Input) []analysis.Diagnostic, requires ...*analysis.Analyzer) (Check, *analysis.Analyzer) {
	c := Check{Name: name, Doc: Doc(docGo, name), Run: run, Requires: requires}
	return c, New(name, c.Doc, settings.Default(), c)
}

// Summary returns the check's one-line summary: the first line of its
// doc.go's "# Analyzer NAME" section without "NAME: report ". It is the
// one source of the words -h, -explain, docs/checks/NAME.md's title and
// the README's table of checks give (docs/summary_test.go).
func (c Check) Summary() string {
	first, _, _ := strings.Cut(c.Doc, "\n")
	first = strings.TrimPrefix(first, c.Name+": ")
	return strings.TrimPrefix(first, "report ")
}

// Doc returns the "# Analyzer NAME" section of a check's package doc (its
// doc.go, embedded), as the x/tools passes build Analyzer.Doc: the text
// after the heading, comment markers removed.
func Doc(docGo, name string) string {
	var lines []string
	for l := range strings.SplitSeq(docGo, "\n") {
		if l, ok := strings.CutPrefix(l, "//"); ok {
			lines = append(lines, strings.TrimPrefix(l, " "))
		}
	}
	text := strings.Join(lines, "\n")
	if _, after, ok := strings.Cut(text, "# Analyzer "+name+"\n"); ok {
		text = after
	}
	return strings.TrimSpace(text)
}
