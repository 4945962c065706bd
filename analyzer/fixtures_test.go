package analyzer_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/fixtures.txt")

// TestFixtures runs the suite, every check at once, on every fixture
// package of every check and of the machinery under them (passes/*/testdata,
// internal/analysis/*/testdata) and compares its findings,
// with their fixes, to testdata/fixtures.txt. Each check's own test sees
// only its own findings; this one keeps what the suite reports on all of
// them, findings of the other checks included, from changing unnoticed.
//
// A fixture that uses cgo drops out when cgo is off (CGO_ENABLED=0, or no
// C compiler): its findings must then be missing, and only those.
func TestFixtures(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var got, long []string
	for _, m := range modules(t) {
		if !m.fixtures {
			continue
		}
		for _, f := range m.suite["all"] {
			rel, _ := filepath.Rel(root, f.file)
			got = append(got, fmt.Sprintf("%s:%d:%d %s [%s]", filepath.ToSlash(rel), f.line, f.col, f.category, f.fixes))
			if len(f.msg) > MaxMessage {
				long = append(long, fmt.Sprintf("%s:%d: %d characters: %s", filepath.ToSlash(rel), f.line, len(f.msg), f.msg))
			}
		}
	}
	slices.Sort(long)
	for _, l := range slices.Compact(long) {
		t.Errorf("message over %d characters (detail goes behind -explain): %s", MaxMessage, l)
	}
	slices.Sort(got)
	got = slices.Compact(got) // a package and its test variant report alike
	text := strings.Join(got, "\n") + "\n"
	const golden = "testdata/fixtures.txt"
	if *update {
		if !cgoEnabled(t) {
			t.Fatal("-update needs cgo: the cgo fixtures' findings would be lost")
		}
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := string(b)
	if !cgoEnabled(t) {
		want = withoutCgo(t, root, want)
	}
	if want != text {
		t.Errorf("suite findings on the fixtures changed (go test ./analyzer/ -run TestFixtures -update rewrites %s):\n%s", golden, lineDiff(want, text))
	}
}

// withoutCgo drops from the golden list the findings in files that
// import "C", which the build leaves out when cgo is off. A finding
// starts a line with its position; the text of its fixes may go on over
// more lines.
func withoutCgo(t *testing.T, root, golden string) string {
	var b strings.Builder
	cgo := make(map[string]bool)
	keep, dropped := true, 0
	for _, l := range strings.SplitAfter(golden, "\n") {
		if m := findingStart.FindStringSubmatch(l); m != nil {
			file := m[1]
			if _, ok := cgo[file]; !ok {
				f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, file), nil, parser.ImportsOnly)
				if err != nil {
					t.Fatal(err)
				}
				cgo[file] = slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"C"` })
			}
			keep = !cgo[file]
			if !keep {
				dropped++
			}
		}
		if keep {
			b.WriteString(l)
		}
	}
	if dropped == 0 {
		t.Fatal("no finding of the golden list is in a cgo file: the cgo fixture is no longer covered")
	}
	return b.String()
}

// findingStart matches the start of a finding in testdata/fixtures.txt:
// file:line:col check [fixes...
var findingStart = regexp.MustCompile(`^(\S+\.go):\d+:\d+ [a-z]+ \[`)

// MaxMessage is the longest message a diagnostic may print: the detail
// goes behind -explain (the project's rule; findings of 200-373
// characters were found on the fixtures before it). tests/e2e's
// TestExamples holds examples/ to it.
const MaxMessage = 200

// quiet drops analysistest's checks of the want comments, which are each
// check's own; this test compares all findings with the golden list.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "-%s\n", l)
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+%s\n", l)
		}
	}
	return b.String()
}
