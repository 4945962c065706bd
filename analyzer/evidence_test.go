package analyzer_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// An evidence is one setting of scope.Evidence: every kind on, one off,
// or all off (the handle's own open only).
type evidence struct {
	name                 string
	callers, sql, fields bool
}

var evidences = []evidence{
	{"all", true, true, true},
	{"no-callers", false, true, true},
	{"no-sql", true, false, true},
	{"no-fields", true, true, false},
	{"open-only", false, false, false},
}

// evidenceWords are the words a finding names each kind of evidence by.
var evidenceWords = map[string]string{
	"sql":     "DuckDB judged from the SQL",
	"callers": "DuckDB judged from the handle",
	"fields":  "DuckDB judged from the field",
}

// set switches scope.Evidence to ev and returns what puts it back.
func (ev evidence) set() (restore func()) {
	old := scope.Evidence
	scope.Evidence.Callers, scope.Evidence.SQL, scope.Evidence.Fields = ev.callers, ev.sql, ev.fields
	return func() { scope.Evidence = old }
}

// evidencePackages loads, from syntax, every fixture module (as
// TestFixtures finds them) and the corpus (testdata/corpus): the code
// the evidence is measured on. Packages that do not load are dropped:
// some fixtures are broken on purpose.
func evidencePackages(tb testing.TB) []*packages.Package {
	tb.Helper()
	var dirs []string
	for _, pattern := range []string{"../passes/*/testdata", "../internal/analysis/*/testdata", "../testdata/corpus"} {
		found, err := filepath.Glob(pattern)
		if err != nil {
			tb.Fatal(err)
		}
		for _, dir := range found {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				dirs = append(dirs, dir)
			}
		}
	}
	var roots []*packages.Package
	for _, dir := range dirs {
		cfg := &packages.Config{
			Mode: packages.LoadAllSyntax,
			Dir:  dir,
			Env:  append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod"),
		}
		pkgs, err := packages.Load(cfg, "./...")
		if err != nil {
			tb.Fatalf("%s: %v", dir, err)
		}
		for _, p := range pkgs {
			broken := false
			packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) { broken = broken || len(q.Errors) > 0 })
			if !broken {
				roots = append(roots, p)
			}
		}
	}
	if len(roots) == 0 {
		tb.Fatal("no packages loaded")
	}
	return roots
}

// findings runs the suite on pkgs and returns its findings, one
// "file:line:col category" each, with the message of each.
func findings(tb testing.TB, pkgs []*packages.Package) map[string]string {
	tb.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, &checker.Options{Sequential: true})
	if err != nil {
		tb.Fatal(err)
	}
	out := make(map[string]string)
	for act := range graph.All() {
		if !act.IsRoot || act.Analyzer != analyzer.Analyzer {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			out[fmt.Sprintf("%s:%d:%d %s", posn.Filename, posn.Line, posn.Column, d.Category)] = d.Message
		}
	}
	return out
}

// TestEvidence measures how many of the suite's findings on the fixtures
// and the corpus each kind of engine evidence carries: the findings that
// go when it is switched off, and the findings whose message names it
// (issue 17: "measure which of these carries the most evidence"). It
// logs the table docs/measurements.md quotes:
//
//	go test ./analyzer -run TestEvidence -v
func TestEvidence(t *testing.T) {
	byEvidence := make(map[string]map[string]string) // evidence -> finding -> message
	pkgs := make(map[string]bool)
	for _, m := range modules(t) {
		if !m.fixtures && !strings.HasSuffix(filepath.ToSlash(m.dir), "/testdata/corpus") {
			continue // examples/
		}
		for name, fs := range m.suite {
			if byEvidence[name] == nil {
				byEvidence[name] = make(map[string]string)
			}
			for _, f := range fs {
				// Some fixtures are broken on purpose: their packages
				// are no evidence.
				if !f.broken {
					byEvidence[name][f.key()] = f.msg
					pkgs[filepath.Dir(f.file)] = true
				}
			}
		}
	}
	var all map[string]string
	for _, ev := range evidences {
		got := byEvidence[ev.name]
		if ev.name == "all" {
			all = got
			named := map[string]int{}
			for _, msg := range got {
				for kind, why := range evidenceWords {
					if strings.Contains(msg, why) {
						named[kind]++
					}
				}
			}
			t.Logf("%-10s %d findings (%d in the corpus) in %d package directories; messages naming: SQL %d, callers %d, fields %d", ev.name, len(got), inCorpus(slices.Collect(maps.Keys(got))), len(pkgs),
				named["sql"], named["callers"], named["fields"])
			continue
		}
		var lost, gained []string
		for k := range all {
			if _, ok := got[k]; !ok {
				lost = append(lost, k)
			}
		}
		for k := range got {
			if _, ok := all[k]; !ok {
				gained = append(gained, k)
			}
		}
		slices.Sort(lost)
		t.Logf("%-10s %d findings: %d fewer (%d in the corpus), %d new", ev.name, len(got), len(lost), inCorpus(lost), len(gained))
		for _, k := range lost {
			mark := ""
			if !strings.Contains(all[k], "DuckDB judged") {
				mark = " (names no evidence)"
			}
			t.Logf("    - %s%s", rel(k), mark)
		}
		for _, k := range gained {
			t.Logf("    + %s", rel(k))
		}
		if ev.name != "open-only" && len(lost) == 0 {
			t.Errorf("%s: no finding depends on it; the fixtures no longer exercise this evidence", ev.name)
		}
	}
}

// inCorpus counts the findings of keys in testdata/corpus.
func inCorpus(keys []string) int {
	n := 0
	for _, k := range keys {
		if strings.Contains(filepath.ToSlash(k), "/testdata/corpus/") {
			n++
		}
	}
	return n
}

// rel shortens a finding's absolute file name to the repository's.
func rel(k string) string {
	if root, err := filepath.Abs(".."); err == nil {
		return strings.TrimPrefix(k, root+string(filepath.Separator))
	}
	return k
}

// BenchmarkEvidence times the suite over the fixtures and the corpus,
// loaded once, with each kind of engine evidence switched off in turn:
// what each costs is its difference from "all".
//
//	go test ./analyzer -run '^$' -bench Evidence -count 5
func BenchmarkEvidence(b *testing.B) {
	pkgs := evidencePackages(b)
	for _, ev := range evidences {
		b.Run(ev.name, func(b *testing.B) {
			defer ev.set()()
			for b.Loop() {
				findings(b, pkgs)
			}
		})
	}
}
