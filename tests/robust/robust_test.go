package robust_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
)

// suite returns the analyzer every front end runs, with default settings.
// It is the one line that follows the suite's constructor.
func suite() *analysis.Analyzer { return analyzer.New(analyzer.Default()) }

// TestBrokenFixtures breaks every fixture package and runs the suite on
// each broken variant: no panic, no internal error.
func TestBrokenFixtures(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	a := suite()
	var pkgs, variants, diagnostics int
	for _, dir := range fixtureRoots(t, root) {
		for _, p := range load(t, dir) {
			pkgs++
			rel, _ := filepath.Rel(root, dir)
			t.Run(filepath.ToSlash(rel)+"/"+p.PkgPath, func(t *testing.T) {
				for _, v := range breakPackage(p, testing.Short()) {
					variants++
					t.Run(v.name, func(t *testing.T) {
						in, err := typeCheck(p, v.files)
						if err != nil {
							t.Fatal(err)
						}
						out := analyze(a, in)
						if v.name == "intact" {
							diagnostics += len(out.diagnostics)
						}
						switch {
						case out.panicked != nil:
							t.Errorf("panic: %v\n%s", out.panicked, out.stack)
						case out.err != nil:
							t.Errorf("internal error: %v", out.err)
						}
					})
				}
			})
		}
	}
	// A driver that analysed nothing would pass every variant: the intact
	// fixtures hold findings, so it must have reported some.
	if pkgs == 0 || diagnostics == 0 {
		t.Fatalf("%d fixture packages, %d findings on the intact ones: the test ran nothing", pkgs, diagnostics)
	}
	t.Logf("%d fixture packages, %d variants, %d findings on the intact packages", pkgs, variants, diagnostics)
}

// fixtureRoots returns the directories to load fixture packages from: each
// module (go.mod) under a testdata directory of passes/ and
// internal/analysis/, each GOPATH-style
// testdata/src of analysistest, and the examples module. They are found by
// walking the tree, so fixtures moved between folders stay covered.
func fixtureRoots(t *testing.T, root string) []string {
	var dirs []string
	for _, top := range []string{"passes", filepath.Join("internal", "analysis")} {
		if err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() || d.Name() != "testdata" {
				return err
			}
			found := false
			filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && d.Name() == "go.mod" {
					dirs = append(dirs, filepath.Dir(p))
					found = true
				}
				return err
			})
			if src := filepath.Join(path, "src"); !found && isDir(src) {
				dirs = append(dirs, src)
			}
			return filepath.SkipDir
		}); err != nil {
			t.Fatal(err)
		}
	}
	if len(dirs) == 0 {
		t.Fatal("no fixture modules under passes/**/testdata or internal/analysis/**/testdata")
	}
	return append(dirs, filepath.Join(root, "examples"))
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// load loads the packages of dir once, with types for their dependencies;
// the broken variants are then type-checked against those.
func load(t *testing.T, dir string) []*packages.Package {
	cfg := &packages.Config{
		// No NeedDeps: dependencies come from export data, not source,
		// which keeps the load to a few seconds.
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
			packages.NeedTypesInfo | packages.NeedModule,
		Dir: dir,
		// GOWORK=off: a testdata module is no module of the checkout's go.work.
		Env: append(os.Environ(), "GOPROXY=off", "GOTOOLCHAIN=local", "GOWORK=off"),
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		// analysistest's GOPATH layout: testdata/src/<import path>.
		cfg.Env = append(cfg.Env, "GO111MODULE=off", "GOPATH="+filepath.Dir(dir))
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatalf("loading %s: %v", dir, err)
	}
	all := make(map[string]*types.Package)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if _, ok := all[p.Path()]; ok {
			return
		}
		all[p.Path()] = p
		for _, dep := range p.Imports() {
			visit(dep)
		}
	}
	var out []*packages.Package
	for _, p := range pkgs {
		if p.Types == nil || len(p.CompiledGoFiles) == 0 {
			continue
		}
		for _, dep := range p.Types.Imports() {
			visit(dep)
		}
		out = append(out, p)
	}
	for _, p := range out {
		loaded[p] = all
	}
	return out
}

// loaded maps a fixture package to the packages its module's fixtures
// import, directly or not, by path: a broken variant may import what the
// original did not (an added file).
var loaded = make(map[*packages.Package]map[string]*types.Package)

// file is one source file of a variant.
type file struct {
	name string
	src  []byte
}

// variant is a broken copy of a fixture package.
type variant struct {
	name  string
	files []file
}

// breakPackage returns p intact and broken in every way this test knows.
// With short set, each file's truncations after a "{" line are sampled
// (three per file) instead of all taken.
func breakPackage(p *packages.Package, short bool) []variant {
	var orig []file
	for _, name := range p.CompiledGoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			// A cgo-generated or vanished file: break what can be read.
			continue
		}
		orig = append(orig, file{name, src})
	}
	vs := []variant{{"intact", orig}}
	with := func(i int, src []byte) []file {
		fs := slices.Clone(orig)
		fs[i].src = src
		return fs
	}
	for i, f := range orig {
		base := filepath.Base(f.name)
		for j, span := range declSpans(f.src) {
			src := slices.Concat(f.src[:span[0]], f.src[span[1]:])
			vs = append(vs, variant{fmt.Sprintf("%s/delete decl %d (%s)", base, j, declName(f.src[span[0]:span[1]])), with(i, src)})
		}
		for k := 1; k <= 5; k++ {
			n := k * len(f.src) / 6
			vs = append(vs, variant{fmt.Sprintf("%s/truncate at %d of %d bytes", base, n, len(f.src)), with(i, f.src[:n])})
		}
		cuts := braceLineEnds(f.src)
		if short && len(cuts) > 3 {
			cuts = []int{cuts[0], cuts[len(cuts)/2], cuts[len(cuts)-1]}
		}
		for _, n := range cuts {
			line := bytes.Count(f.src[:n], []byte("\n"))
			vs = append(vs, variant{fmt.Sprintf("%s/truncate after line %d ({)", base, line), with(i, f.src[:n])})
		}
		vs = append(vs, variant{base + "/line directive before each declaration", with(i, lineDirectives(f.src))})
	}
	dir := filepath.Dir(orig[0].name)
	for _, add := range addedFiles(p.Name) {
		vs = append(vs, variant{"add " + add.name, append(slices.Clone(orig), file{filepath.Join(dir, add.name), []byte(add.src)})})
	}
	return vs
}

// addedFiles are files a package gains while someone edits it, and the
// shapes of the crashes issue 9 reported.
func addedFiles(pkg string) []struct{ name, src string } {
	return []struct{ name, src string }{
		{"zz_empty.go", ""},
		{"zz_comment.go", "// A file that holds only a comment, as a new file does while it is written.\n"},
		{"zz_misspelt.go", "pakage " + pkg + "\n\nfunc misspelt() {}\n"},
		{"zz_othername.go", "package " + pkg + "other\n\nfunc otherName() {}\n"},
		{"zz_line.go", `// Code generated by a template engine. DO NOT EDIT.

package ` + pkg + `

import "database/sql"

//line walk.tmpl:10
func lineDirected(db *sql.DB) {
	for off := 0; ; off += 250_000 {
//line other.tmpl:1:1
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}

//line :0
func lineZero() {}
`},
		{"zz_undefinedrange.go", `package ` + pkg + `

import duckdb "github.com/duckdb/duckdb-go/v2"

func appendUndefined(app *duckdb.Appender) {
	for _, r := range undefinedName {
		app.AppendRow(r)
	}
}
`},
	}
}

// declSpans returns the byte range of each top-level declaration of src,
// its doc comment included.
func declSpans(src []byte) [][2]int {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "", src, parser.ParseComments)
	if f == nil {
		return nil
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var spans [][2]int
	for _, d := range f.Decls {
		start := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		}
		if !start.IsValid() || !d.End().IsValid() {
			continue
		}
		spans = append(spans, [2]int{off(start), off(d.End())})
	}
	return spans
}

// declName is the first line of a declaration, for the variant's name.
func declName(decl []byte) string {
	for _, line := range strings.Split(string(decl), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "//") {
			if len(line) > 40 {
				line = line[:40]
			}
			return line
		}
	}
	return "?"
}

// braceLineEnds returns the offsets just after each line that opens a
// block: cutting there leaves a function, loop or literal unclosed.
func braceLineEnds(src []byte) []int {
	var ends []int
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		if bytes.HasSuffix(bytes.TrimRight(src[i:i+j], " \t\r"), []byte("{")) {
			ends = append(ends, i+j+1)
		}
		i += j + 1
	}
	return ends
}

// lineDirectives puts a //line directive naming another file before each
// top-level declaration, as templ, qtc and goyacc output does: positions
// then disagree with the file the syntax came from.
func lineDirectives(src []byte) []byte {
	spans := declSpans(src)
	var b bytes.Buffer
	last := 0
	for i, s := range spans {
		b.Write(src[last:s[0]])
		fmt.Fprintf(&b, "\n//line robust%d.tmpl:%d\n", i, 10*i+1)
		last = s[0]
	}
	b.Write(src[last:])
	return b.Bytes()
}

// typeCheck parses and type-checks files as package p's path, against
// the dependencies loaded with p, the way go/packages does for a package
// with errors: every file that parses at all is kept (a file whose package
// clause does not parse becomes an empty *ast.File with no position), and
// type errors are recorded, not fatal.
func typeCheck(p *packages.Package, files []file) (*input, error) {
	in := &input{
		fset:     p.Fset,
		sizes:    p.TypesSizes,
		module:   &analysis.Module{},
		contents: make(map[string][]byte),
		info: &types.Info{
			Types:        make(map[ast.Expr]types.TypeAndValue),
			Instances:    make(map[*ast.Ident]types.Instance),
			Defs:         make(map[*ast.Ident]types.Object),
			Uses:         make(map[*ast.Ident]types.Object),
			Implicits:    make(map[ast.Node]types.Object),
			Selections:   make(map[*ast.SelectorExpr]*types.Selection),
			Scopes:       make(map[ast.Node]*types.Scope),
			FileVersions: make(map[*ast.File]string),
		},
	}
	if m := p.Module; m != nil {
		in.module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	for _, f := range files {
		in.contents[f.name] = f.src
		syntax, _ := parser.ParseFile(in.fset, f.name, f.src, parser.AllErrors|parser.ParseComments)
		if syntax != nil {
			in.files = append(in.files, syntax)
		}
	}
	all := loaded[p]
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if dep := all[path]; dep != nil && path != p.PkgPath {
				return dep, nil
			}
			return nil, fmt.Errorf("package %s not loaded", path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				in.typeErrors = append(in.typeErrors, te)
			}
		},
		Sizes: p.TypesSizes,
	}
	if in.module.GoVersion != "" {
		conf.GoVersion = "go" + in.module.GoVersion
	}
	in.pkg, _ = conf.Check(p.PkgPath, in.fset, in.files, in.info)
	if in.pkg == nil {
		return nil, fmt.Errorf("type-checking %s returned no package", p.PkgPath)
	}
	return in, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
