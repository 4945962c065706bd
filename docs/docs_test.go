package docs_test

import (
	"flag"
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

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
	"github.com/rowalign/rowalign/golangci"
	"github.com/rowalign/rowalign/passes/rowalign"
)

// emitted returns the check names the rowalign pass can put in a
// diagnostic, read from its source: the constants of its "Check names"
// block, every constant or literal given as a Category, and every literal
// appended to DocsURL.
func emitted(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join("..", "passes", "rowalign")
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	consts := make(map[string]string) // name -> string value
	var files []*ast.File
	names := make(map[string]bool)
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			checkBlock := gd.Doc != nil && strings.Contains(gd.Doc.Text(), "Check names")
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					if v, ok := stringLit(vs.Values[i]); ok {
						consts[n.Name] = v
						if checkBlock {
							names[v] = true
						}
					}
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Category" {
					if v, ok := stringLit(n.Value); ok {
						names[v] = true
					} else if id, ok := n.Value.(*ast.Ident); ok {
						if v, ok := consts[id.Name]; ok {
							names[v] = true
						}
					}
				}
			case *ast.BinaryExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "DocsURL" && n.Op == token.ADD {
					if v, ok := stringLit(n.Y); ok {
						names[strings.TrimSuffix(v, ".md")] = true
					}
				}
			}
			return true
		})
	}
	var list []string
	for n := range names {
		list = append(list, n)
	}
	slices.Sort(list)
	return list
}

func stringLit(e ast.Expr) (string, bool) {
	bl, ok := e.(*ast.BasicLit)
	if !ok || bl.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(bl.Value)
	return s, err == nil
}

// TestEveryCheckHasAPage: each diagnostic's URL points to a page that
// exists in the repository and is embedded, and every page is a check's.
func TestEveryCheckHasAPage(t *testing.T) {
	checks := emitted(t)
	if !slices.Contains(checks, rowalign.PageSize) || !slices.Contains(checks, rowalign.CommitSize) || !slices.Contains(checks, rowalign.Directive) {
		t.Fatalf("found checks %v: the source scan missed the check names", checks)
	}
	t.Logf("checks the pass emits: %v", checks)
	const repo = "https://github.com/rowalign/rowalign/blob/main/"
	rel, ok := strings.CutPrefix(rowalign.DocsURL, repo)
	if !ok || strings.TrimSuffix(rel, "/") != docs.Dir {
		t.Fatalf("DocsURL %q does not point to %s%s/", rowalign.DocsURL, repo, docs.Dir)
	}
	for _, name := range checks {
		if !slices.Contains(rowalign.Checks, name) {
			t.Errorf("check %q is emitted but not listed in rowalign.Checks", name)
		}
	}
	for _, name := range rowalign.Checks {
		if _, ok := docs.Check(name); !ok {
			t.Errorf("check %q has no page %s/%s.md", name, docs.Dir, name)
		}
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(rel), name+".md")); err != nil {
			t.Errorf("the URL of check %q points to a missing file: %v", name, err)
		}
	}
}

func TestNoOrphanPages(t *testing.T) {
	for _, name := range docs.Checks() {
		if !slices.Contains(rowalign.Checks, name) {
			t.Errorf("docs/checks/%s.md documents no check in rowalign.Checks %v", name, rowalign.Checks)
		}
	}
}

var sections = []string{"## What it finds", "## Why", "## Bad", "## Good", "## Fix", "## Suppressing", "## Flags and settings"}

func TestPages(t *testing.T) {
	names := docs.Checks()
	if len(names) < 3 {
		t.Fatalf("pages: %v", names)
	}
	flags := make(map[string]bool)
	analyzer.New(analyzer.Default()).Flags.VisitAll(func(f *flag.Flag) { flags[f.Name] = true })
	keys := golangci.Keys()
	row := regexp.MustCompile("(?m)^\\| `-([a-z-]+)` \\| `([a-z-]+)` \\|")
	for _, name := range names {
		page, _ := docs.Check(name)
		if !strings.HasPrefix(page, "# "+name+": ") {
			t.Errorf("%s: title must read %q", name, "# "+name+": summary")
		}
		if docs.Summary(name) == "" {
			t.Errorf("%s: empty summary", name)
		}
		for _, s := range sections {
			if !strings.Contains(page, "\n"+s) {
				t.Errorf("%s: no %q section", name, s)
			}
		}
		for _, m := range row.FindAllStringSubmatch(page, -1) {
			if !flags[m[1]] {
				t.Errorf("%s: flag -%s is not a rowalign flag", name, m[1])
			}
			if !slices.Contains(keys, m[2]) {
				t.Errorf("%s: setting %s is not a golangci-lint setting %v", name, m[2], keys)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, bad := range []string{"", "nosuch", "../docs", "checks/pagesize", "pagesize.md"} {
		if _, ok := docs.Check(bad); ok {
			t.Errorf("Check(%q) found a page", bad)
		}
	}
}
