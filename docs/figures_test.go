package docs_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// figureRE matches a figure in a message: a number with its sign, range,
// per cent or times ("+19-27%", "2.6x", "1,000,000").
var figureRE = regexp.MustCompile(`[+]?\d+(?:[,.]\d+)*(?:-\d+(?:[,.]\d+)*)?(?:%|x)?`)

// TestFiguresInMessages binds every figure a diagnostic prints to
// docs/measurements.md: each figure in a check's cost constants (the
// cost... constants of passes/CHECK) is a row of the "Figures in
// diagnostics" table for that check, and each row is printed by some
// message. offsetwalk printed "20-46%" where measurements.md said about
// 30 %, and pagesize "7% slower at 10,000 rows" for any smaller page
// (issue 18).
func TestFiguresInMessages(t *testing.T) {
	md, err := os.ReadFile("measurements.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(md), "\n## Figures in diagnostics\n")
	if !ok {
		t.Fatal("measurements.md has no section \"Figures in diagnostics\"")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	rows := make(map[string][]string) // check -> figures
	rowRE := regexp.MustCompile("(?m)^\\| ([a-z]+) \\| `([^`]+)` \\|")
	for _, m := range rowRE.FindAllStringSubmatch(table, -1) {
		rows[m[1]] = append(rows[m[1]], m[2])
	}
	if len(rows) == 0 {
		t.Fatal("the Figures in diagnostics table has no rows")
	}
	printed := costFigures(t)
	for check, figures := range printed {
		for _, f := range figures {
			if !slices.Contains(rows[check], f) {
				t.Errorf("%s prints %q, which docs/measurements.md's Figures in diagnostics does not give for %s", check, f, check)
			}
		}
	}
	for check, figures := range rows {
		for _, f := range figures {
			if !slices.Contains(printed[check], f) {
				t.Errorf("docs/measurements.md gives %q for %s, which no %s message prints", f, check, check)
			}
		}
	}
}

// costFigures returns, per check directory of passes/, the figures in
// its string constants named cost...
func costFigures(t *testing.T) map[string][]string {
	out := make(map[string][]string)
	for _, c := range costConstants(t) {
		out[c.check] = append(out[c.check], figureRE.FindAllString(c.words, -1)...)
	}
	return out
}

// A costConstant is a string constant named cost... of a check: the
// words a finding says its cost in.
type costConstant struct {
	check, file, name, words string
}

// costConstants returns every check's cost constants (passes/*/*.go).
func costConstants(t *testing.T) []costConstant {
	files, err := filepath.Glob("../passes/*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []costConstant
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "cost") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, costConstant{check: filepath.Base(filepath.Dir(file)), file: file, name: name.Name, words: s})
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no cost constants found in passes/*/")
	}
	return out
}
