package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Standalone, rowalign needs its facts (internal/analysis/scope) on every dependency,
// so singlechecker would load the whole program from source, as it does
// for any analyzer with facts: several times slower than go vet, and
// several times staticcheck's memory on large modules (docs/measurements.md,
// "Standalone cost" and "Standalone memory"). Most of that code decides
// no fact:
//
//   - a package's OpensDuckDB fact comes from its import graph, or from a
//     sql.Open("duckdb", ...) call, which needs database/sql or sqlx
//     imported in its file; OpensOther from importing another engine's
//     driver;
//   - an Engine fact describes a function returning a *sql.DB (or Tx,
//     Conn, sqlx's), and a file that spells such a type imports database/sql
//     or sqlx; so do the walks, writes and commits the other facts record.
//
// So a package of the Go root, the module cache or a vendor directory
// that is not named on the command line, has no file importing
// database/sql or sqlx, imports no engine's driver and reaches no DuckDB
// driver through its imports, is not loaded from source at all
// (typecheck.go): a source package that imports one reads its types from
// the compiled export data go list -export gives, as go vet does, and
// the others are not read. What such a package loses is the Values fact
// of an exported variable's initial value (its constants are in the
// export data); its function bodies were never read for facts. Every
// package of the project's own modules, and every package that can carry
// a fact, is parsed and type-checked from source.
//
// The export data needs those packages compiled, once per build cache:
// the first run on a module pays what go build pays (cgo included, for a
// dependency that needs it; DuckDB's driver and the packages that import
// it are source packages, and go list never compiles them here). A
// package go list cannot compile loads from source, as before.
//
// Of the source packages, the loader drops the function bodies of files
// in the Go root, the module cache and vendor directories, unless the
// package directory is a package named on the command line or holds a
// file that imports database/sql or sqlx. Every package of the project's own modules keeps
// its bodies: their facts, and the checks on them, see all of it. A
// cgo package's files, which go list rewrites into the build cache, are
// judged by the directory of the file they were generated from. Their
// bodies are blanked in the source before it is parsed (blank.go), so
// that they are never parsed only to be thrown away.
//
// The same files also lose the elements of their large composite
// literals at package level (dropTables): lookup tables, which
// type-checked into more memory than anything else a dependency holds,
// and decide no fact either (docs/measurements.md, "Standalone memory").

// bodyImports are the import paths that keep a directory's bodies: code
// that opens or hands out a database handle.
var bodyImports = map[string]bool{
	"database/sql":            true,
	"github.com/jmoiron/sqlx": true,
}

// loader parses files for go/packages, without function bodies where
// they cannot change a fact.
type loader struct {
	// prefixes are the directories under which bodies may be dropped:
	// the Go root's src and the module cache, each ending in a separator.
	prefixes []string
	// cache is the build cache, where go list puts the Go files cgo
	// generates, ending in a separator; "" if unknown.
	cache string
	// goarch is the architecture go list builds for: the type sizes.
	goarch string
	// roots are the directories of the packages named on the command
	// line; their files keep their bodies wherever they are.
	roots map[string]bool

	mu       sync.Mutex
	dirs     map[string]bool // directory -> keeps its bodies
	stripped map[string]bool // files whose bodies were dropped
}

func newLoader(roots []string) *loader {
	l := &loader{roots: make(map[string]bool), dirs: make(map[string]bool), stripped: make(map[string]bool)}
	if env := goEnv("GOROOT", "GOMODCACHE", "GOCACHE", "GOARCH"); len(env) == 4 {
		l.goarch = env[3]
		for _, dir := range []string{filepath.Join(env[0], "src"), env[1]} {
			if filepath.IsAbs(dir) {
				l.prefixes = append(l.prefixes, filepath.Clean(dir)+string(filepath.Separator))
			}
		}
		if filepath.IsAbs(env[2]) {
			l.cache = filepath.Clean(env[2]) + string(filepath.Separator)
		}
	}
	for _, dir := range roots {
		l.roots[filepath.Clean(dir)] = true
	}
	return l
}

// goEnv returns the values of go env names, nil when go cannot say: then
// every body is kept, as before.
func goEnv(names ...string) []string {
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		return nil
	}
	return strings.Split(strings.TrimRight(string(out), "\n"), "\n")
}

// parseFile is packages.Config.ParseFile: go/packages' own parse, then
// the bodies dropped where keepBodies says so.
func (l *loader) parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	dir := filepath.Dir(filename)
	if l.cache != "" && strings.HasPrefix(filename, l.cache) {
		if orig := cgoSource(src); orig != "" {
			dir = filepath.Dir(orig)
		}
	}
	if l.keepBodies(dir) {
		// go/packages' mode; callers may rely on ast.Object resolution.
		// A dependency's comments are read by nothing: directives and
		// generated-file markers matter where findings are reported.
		mode := parser.AllErrors | parser.ParseComments
		if !l.roots[filepath.Clean(dir)] && l.dependency(filepath.Clean(dir)) {
			mode = parser.AllErrors
		}
		return parser.ParseFile(fset, filename, src, mode)
	}
	f, err := parser.ParseFile(fset, filename, blankBodies(src), parser.AllErrors|parser.SkipObjectResolution)
	if f != nil {
		dropBodies(f)
		dropTables(f)
		l.mu.Lock()
		l.stripped[filename] = true
		l.mu.Unlock()
	}
	return f, err
}

// keepBodies reports whether the Go files of dir keep their function
// bodies.
func (l *loader) keepBodies(dir string) bool {
	dir = filepath.Clean(dir)
	if l.roots[dir] || !l.dependency(dir) {
		return true
	}
	l.mu.Lock()
	keep, ok := l.dirs[dir]
	l.mu.Unlock()
	if !ok {
		keep = importsAny(dir, bodyImports)
		l.mu.Lock()
		l.dirs[dir] = keep
		l.mu.Unlock()
	}
	return keep
}

// dependency reports whether dir holds code of the Go distribution or of
// a module the project depends on: under the Go root, the module cache or
// a vendor directory.
func (l *loader) dependency(dir string) bool {
	for _, p := range l.prefixes {
		if strings.HasPrefix(dir+string(filepath.Separator), p) {
			return true
		}
	}
	return strings.Contains(filepath.ToSlash(dir)+"/", "/vendor/")
}

// importsAny reports whether a Go file of dir (under any build
// constraint: more files than the build sees, so more bodies kept, never
// fewer) imports one of paths, or dot-imports a package, or cannot be
// read. Test files do not count: a dependency is loaded without them;
// nor do files under //go:build ignore, which no build sees (a
// generator's main, dot-importing what it generates for).
func importsAny(dir string, paths map[string]bool) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return true
		}
		if ignored(f) {
			continue
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil || paths[path] || (imp.Name != nil && imp.Name.Name == ".") {
				return true
			}
		}
	}
	return false
}

// ignored reports whether f's build constraint is //go:build ignore.
func ignored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.TrimSpace(c.Text) == "//go:build ignore" {
				return true
			}
		}
	}
	return false
}

// dropBodies replaces the bodies of f's functions with one that type-checks
// at once: an init function's body is empty, every other one panics (a
// generic function needs a body, and a body without a terminating
// statement would miss its return).
func dropBodies(f *ast.File) {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		body := &ast.BlockStmt{Lbrace: fn.Body.Lbrace, Rbrace: fn.Body.Rbrace}
		if fn.Recv != nil || fn.Name.Name != "init" {
			body.List = []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
				Fun:    &ast.Ident{NamePos: body.Lbrace, Name: "panic"},
				Lparen: body.Lbrace,
				Args:   []ast.Expr{&ast.Ident{NamePos: body.Lbrace, Name: "nil"}},
				Rparen: body.Lbrace,
			}}}
		}
		fn.Body = body
	}
}

// cgoSource returns the file a Go file cgo generated was generated from,
// as the //line directive at its top names it ("//line
// /src/dep/x.go:1:1"), or "" when it names none (_cgo_gotypes.go).
func cgoSource(src []byte) string {
	head := string(src[:min(len(src), cgoHeaderBytes)])
	_, rest, ok := strings.Cut(head, "\n//line ")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	// file:line:col; the file may hold colons (a Windows drive).
	for range 2 {
		if i := strings.LastIndexByte(line, ':'); i >= 0 {
			line = line[:i]
		}
	}
	if !strings.HasSuffix(line, ".go") || !filepath.IsAbs(line) {
		return ""
	}
	return line
}

// cgoHeaderBytes is how far into a cgo-generated file its first //line
// directive is looked for: cmd/cgo writes it after a two-line header
// ("// Code generated by cmd/cgo; DO NOT EDIT.", a blank line), Go 1.26.
const cgoHeaderBytes = 512

// maxTableElements is the most elements a composite literal of a
// package-level variable keeps in a file without bodies: more is a lookup
// table (golang.org/x/text/encoding/japanese's tables.go holds 106,272
// literals), not a configuration. The one fact that reads such literals,
// values' Values on an exported integer field or variable set in a
// literal (Config{PageSize: 250_000}), carries at most 8 constants, and
// a configuration literal has a field per setting.
const maxTableElements = 64

// dropTables empties the composite literals of more than
// maxTableElements elements in f's package-level variables, keeping
// their types: an array of [...]T gets its length written out (when its
// keys, if any, are integer literals; otherwise it is kept).
func dropTables(f *ast.File) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		ast.Inspect(g, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) <= maxTableElements {
				return true
			}
			if at, ok := lit.Type.(*ast.ArrayType); ok {
				if _, ok := at.Len.(*ast.Ellipsis); ok {
					n, ok := arrayLen(lit.Elts)
					if !ok {
						return true
					}
					at.Len = &ast.BasicLit{ValuePos: at.Lbrack, Kind: token.INT, Value: strconv.Itoa(n)}
				}
			}
			lit.Elts = nil
			return false
		})
	}
}

// arrayLen returns the length of an array literal [...]T{elts}: one past
// its highest index, or false when a key is not a constant expression of
// integer literals (19968 - 19968, as x/text's tables write them).
func arrayLen(elts []ast.Expr) (int, bool) {
	n, i := 0, 0
	for _, e := range elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			k, ok := constant.Int64Val(literalValue(kv.Key))
			if !ok {
				return 0, false
			}
			i = int(k)
		}
		i++
		n = max(n, i)
	}
	return n, true
}

// literalValue returns the value of an integer constant expression made
// of literals only, or an unknown value.
func literalValue(e ast.Expr) constant.Value {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.INT || e.Kind == token.CHAR {
			return constant.MakeFromLiteral(e.Value, e.Kind, 0)
		}
	case *ast.ParenExpr:
		return literalValue(e.X)
	case *ast.UnaryExpr:
		if x := literalValue(e.X); x.Kind() == constant.Int && (e.Op == token.ADD || e.Op == token.SUB || e.Op == token.XOR) {
			return constant.UnaryOp(e.Op, x, 0)
		}
	case *ast.BinaryExpr:
		x, y := literalValue(e.X), literalValue(e.Y)
		if x.Kind() != constant.Int || y.Kind() != constant.Int {
			break
		}
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR, token.AND_NOT:
			return constant.BinaryOp(x, e.Op, y)
		case token.SHL, token.SHR:
			if s, ok := constant.Uint64Val(y); ok && s < 64 {
				return constant.Shift(x, e.Op, uint(s))
			}
		}
	}
	return constant.MakeUnknown()
}

// unusedImport reports whether a type error says an import is not used:
// the one error a package without bodies gets that it did not have.
func unusedImport(err packages.Error) bool {
	return err.Kind == packages.TypeError && strings.Contains(err.Msg, "imported") && strings.HasSuffix(err.Msg, "and not used")
}

// settle removes, from the packages whose bodies were dropped, the errors
// about imports only those bodies used, and computes IllTyped again the
// way go/packages does: a package is ill-typed if it or one of its
// imports has errors.
func (l *loader) settle(initial []*packages.Package) {
	for pkg := range packages.Postorder(initial) {
		if l.strippedPackage(pkg) && len(pkg.Errors) > 0 {
			errs := pkg.Errors[:0]
			for _, e := range pkg.Errors {
				if !unusedImport(e) {
					errs = append(errs, e)
				}
			}
			pkg.Errors = errs
			terrs := pkg.TypeErrors[:0]
			for _, e := range pkg.TypeErrors {
				if !unusedImport(packages.Error{Kind: packages.TypeError, Msg: e.Msg}) {
					terrs = append(terrs, e)
				}
			}
			pkg.TypeErrors = terrs
		}
		ill := len(pkg.Errors) > 0
		for _, imp := range pkg.Imports {
			ill = ill || imp.IllTyped
		}
		pkg.IllTyped = ill
	}
}

func (l *loader) strippedPackage(pkg *packages.Package) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, f := range pkg.CompiledGoFiles {
		if l.stripped[f] {
			return true
		}
	}
	return false
}

// load loads the packages of patterns and their dependencies, as
// singlechecker does for an analyzer with facts, but from source only
// where a fact can come from, and with the bodies dropped where they
// cannot change one.
func load(patterns []string, tests bool) ([]*packages.Package, error) {
	initial, source, err := loadTypes(patterns, tests)
	if err != nil {
		return nil, err
	}
	analyseSource(initial, source)
	return initial, nil
}

// loadTypes loads the packages of patterns and their dependencies,
// and returns the ones it type-checked from source.
func loadTypes(patterns []string, tests bool) ([]*packages.Package, map[*packages.Package]bool, error) {
	roots, err := rootDirs(patterns, tests)
	if err != nil {
		return nil, nil, err
	}
	l := newLoader(roots)
	// Metadata first (go/packages' go list, without types), then the
	// types: from export data where no fact can come from, from source
	// elsewhere.
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Tests: tests,
	}
	initial, err := packages.Load(cfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		return nil, nil, err
	}
	export, unread := l.fromExportData(initial)
	source := l.typeCheck(initial, export, unread, l.goarch)
	l.settle(initial)
	return initial, source, nil
}

// rootDirs returns the directories of the packages patterns name, without
// their dependencies (one quick go list).
func rootDirs(patterns []string, tests bool) ([]string, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Tests: tests}, patterns...)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			dirs = append(dirs, filepath.Dir(f))
		}
	}
	return dirs, nil
}
