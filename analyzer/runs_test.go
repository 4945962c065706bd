package analyzer_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/passes/appendertx"
	"github.com/rowalign/rowalign/passes/attachsize"
	"github.com/rowalign/rowalign/passes/commitsize"
	"github.com/rowalign/rowalign/passes/directive"
	"github.com/rowalign/rowalign/passes/offsetwalk"
	"github.com/rowalign/rowalign/passes/pagesize"
	"github.com/rowalign/rowalign/passes/rowbyrow"
)

// The tests of this package that run the suite on every fixture module
// (TestFixtures, TestEvidence, TestMultichecker, TestFixesCompile) share
// one load of each module and one run per setting: loading a module
// from source, its standard library included, is most of their cost, and
// each test used to load every module again. The modules are loaded one
// at a time and their packages dropped once the findings are recorded,
// so the test binary holds one module's syntax at a time (it held every
// module at once, about 4 GB, in TestEvidence).

// exported are every analyzer the repository exports for a driver of its
// own (the README's custom vet tools): one per check.
var exported = []*analysis.Analyzer{pagesize.Analyzer, commitsize.Analyzer, offsetwalk.Analyzer, appendertx.Analyzer, rowbyrow.Analyzer, attachsize.Analyzer, directive.Analyzer}

// A finding is one diagnostic, with what every test compares it by.
type finding struct {
	file          string // absolute
	line, col     int
	category, msg string
	fixes         string // every fix's edits, "line:col=text ..."
	edits         []edit // the first fix's edits, as go vet -fix applies it
	broken        bool   // its package, or one it imports, does not type-check
}

// edit is one text edit of a file, by byte offsets.
type edit struct {
	start, end int
	text       string
}

func (f finding) key() string { return fmt.Sprintf("%s:%d:%d %s", f.file, f.line, f.col, f.category) }

// A fixture module and the findings of each run on it.
type module struct {
	dir string
	// fixtures: a fixture module of a check or of the machinery
	// (TestFixtures, TestFixesCompile); else the corpus or examples/.
	fixtures bool
	// suite are the suite's findings under each evidence setting, by
	// the evidence's name ("all": the default).
	suite map[string][]finding
	// exported are the findings of every exported analyzer run in one
	// driver beside the suite.
	exported []finding
	err      error // the module did not load
}

// fixtureDir matches the fixture modules of the checks and of the
// machinery, relative to the repository.
var fixtureDir = regexp.MustCompile(`^(passes|internal/analysis)/[^/]+/testdata$`)

var (
	runsOnce sync.Once
	runs     []*module
)

// modules loads every fixture module, the corpus and examples/ one at a
// time and runs on each: the suite with every exported analyzer beside
// it in one driver (a multichecker's graph), then the suite alone under
// each other evidence setting.
func modules(tb testing.TB) []*module {
	tb.Helper()
	if testing.Short() {
		tb.Skip("loads every fixture module")
	}
	runsOnce.Do(func() {
		root, err := filepath.Abs("..")
		if err != nil {
			tb.Fatal(err)
		}
		var dirs []string
		for _, pattern := range []string{"passes/*/testdata", "internal/analysis/*/testdata", "testdata/corpus", "examples"} {
			found, err := filepath.Glob(filepath.Join(root, pattern))
			if err != nil {
				tb.Fatal(err)
			}
			for _, dir := range found {
				if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
					dirs = append(dirs, dir)
				}
			}
		}
		// And every other module with .golden files (TestFixesCompile).
		for mod := range goldenModules(tb, root) {
			if !slices.Contains(dirs, mod) {
				dirs = append(dirs, mod)
			}
		}
		for _, dir := range dirs {
			rel, _ := filepath.Rel(root, dir)
			m := &module{dir: dir, suite: make(map[string][]finding), fixtures: fixtureDir.MatchString(filepath.ToSlash(rel))}
			runs = append(runs, m)
			pkgs, err := loadModule(dir)
			if err != nil {
				m.err = err
				continue
			}
			all := []*analysis.Analyzer{analyzer.Analyzer}
			m.suite["all"], m.exported = analyze(pkgs, true, append(all, exported...)...)
			for _, ev := range evidences {
				if ev.name != "all" {
					restore := ev.set()
					m.suite[ev.name], _ = analyze(pkgs, false, analyzer.Analyzer)
					restore()
				}
			}
		}
	})
	for _, m := range runs {
		if m.err != nil {
			tb.Fatalf("%s: %v", m.dir, m.err)
		}
	}
	return runs
}

// loadModule loads every package of the module in dir, test variants
// included, from syntax with their dependencies, the way analysistest
// loads a fixture module (its go.work, if it has one, else none).
func loadModule(dir string) ([]*packages.Package, error) {
	env := append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod")
	if gowork := filepath.Join(dir, "go.work"); isFile(gowork) {
		env = append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK="+gowork)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: true,
		Env:   env,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("no packages")
	}
	return pkgs, err
}

// analyze runs analyzers in one driver on pkgs and returns the findings
// of the first, and those of the others together. sanity checks, as
// analysistest does, that every fact survives encoding.
func analyze(pkgs []*packages.Package, sanity bool, analyzers ...*analysis.Analyzer) (first, others []finding) {
	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{Sequential: true, SanityCheck: sanity})
	if err != nil {
		panic(err) // a driver error is no result to compare
	}
	broken := make(map[*packages.Package]bool)
	for _, p := range pkgs {
		packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) { broken[p] = broken[p] || len(q.Errors) > 0 })
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			f := newFinding(act.Package, d)
			f.broken = broken[act.Package]
			if act.Analyzer == analyzers[0] {
				first = append(first, f)
			} else {
				others = append(others, f)
			}
		}
	}
	return first, others
}

func newFinding(pkg *packages.Package, d analysis.Diagnostic) finding {
	posn := pkg.Fset.Position(d.Pos)
	f := finding{file: posn.Filename, line: posn.Line, col: posn.Column, category: d.Category, msg: d.Message}
	var fixes []string
	for i, fix := range d.SuggestedFixes {
		for _, e := range fix.TextEdits {
			p, q := pkg.Fset.Position(e.Pos), pkg.Fset.Position(e.End)
			fixes = append(fixes, fmt.Sprintf("%d:%d=%s", p.Line, p.Column, e.NewText))
			if i == 0 {
				f.edits = append(f.edits, edit{p.Offset, q.Offset, string(e.NewText)})
			}
		}
	}
	f.fixes = strings.Join(fixes, " ")
	return f
}

func isFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// cgoEnabled reports whether go list builds cgo files here: go turns
// cgo off without a C compiler, and CGO_ENABLED=0 does.
func cgoEnabled(tb testing.TB) bool {
	out, err := exec.Command("go", "env", "CGO_ENABLED").Output()
	if err != nil {
		tb.Fatal(err)
	}
	return strings.TrimSpace(string(out)) == "1"
}
