package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// fromExportData decides how each package of the graph below initial
// loads. Those that can carry no fact a check reads (see load.go) do not
// load from source: the ones a source package imports read their types
// from compiled export data (export: the file, by package), and the rest
// are not read at all (unread): their objects are the ones the export
// data of their importers declares, as go vet's are. A package that go
// list could not compile loads from source. Everything else is parsed
// and type-checked from source.
func (l *loader) fromExportData(initial []*packages.Package) (export map[*packages.Package]string, unread map[*packages.Package]bool) {
	// A package that reaches a DuckDB driver carries OpensDuckDB to its
	// importers (scope's via), from its imports alone: every package on
	// the way stays source.
	reaches := make(map[*packages.Package]bool)
	unread = make(map[*packages.Package]bool)
	var all []*packages.Package
	for p := range packages.Postorder(initial) {
		all = append(all, p)
		r := scope.IsDriverPath(p.PkgPath)
		engine := false
		for _, imp := range p.Imports {
			r = r || reaches[imp]
			engine = engine || scope.IsEnginePath(imp.PkgPath)
		}
		reaches[p] = r
		if !r && !engine && l.declarationsOnly(p) {
			unread[p] = true
		}
	}
	// Ask go list for the export data of the packages source packages
	// import; one it cannot compile becomes a source package, and its
	// imports are asked for in the next round.
	export = make(map[*packages.Package]string)
	asked := make(map[*packages.Package]bool)
	for {
		var ask []*packages.Package
		for _, p := range all {
			if unread[p] && !asked[p] || export[p] != "" {
				continue
			}
			for _, imp := range p.Imports {
				if unread[imp] && !asked[imp] {
					asked[imp] = true
					ask = append(ask, imp)
				}
			}
		}
		if len(ask) == 0 {
			return export, unread
		}
		ids := make([]string, len(ask))
		for i, p := range ask {
			ids[i] = p.ID
		}
		files := exportFiles(ids)
		for _, p := range ask {
			delete(unread, p)
			if f := files[p.ID]; f != "" {
				export[p] = f
			}
		}
	}
}

// declarationsOnly reports whether p is a package whose function bodies
// the loader would drop (keepBodies): a dependency under the Go root, the
// module cache or vendor/, not named on the command line, with no file
// that imports database/sql or sqlx. Test variants, packages without Go
// files and packages go list found errors in are never among them.
func (l *loader) declarationsOnly(p *packages.Package) bool {
	if p.PkgPath == "unsafe" || p.ID != p.PkgPath || len(p.GoFiles) == 0 || len(p.Errors) > 0 {
		return false
	}
	dir := filepath.Dir(p.GoFiles[0])
	return !l.keepBodies(dir)
}

// exportFiles returns the export data file of each package of ids that go
// list could compile, by ID; one that it could not (a dependency that does
// not build, a package it cannot name) is left out, and loads from
// source. When go list fails, the lines it printed still count; without
// go, everything loads from source.
func exportFiles(ids []string) map[string]string {
	args := append([]string{"list", "-e", "-export", "-f", "{{.ImportPath}}\t{{.Export}}", "--"}, ids...)
	out, err := exec.Command("go", args...).Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil
	}
	files := make(map[string]string, len(ids))
	for line := range strings.Lines(string(out)) {
		id, file, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if ok && file != "" {
			files[id] = file
		}
	}
	return files
}

// typeChecker loads the types of every package of a graph, from source
// or from export data, each after its imports, as go/packages does for
// LoadAllSyntax (packages.go, loadPackage): the same types.Config, the
// same errors, the same sharing of a file's syntax between a package and
// its test variant.
type typeChecker struct {
	l      *loader
	fset   *token.FileSet
	sizes  types.Sizes
	export map[*packages.Package]string
	unread map[*packages.Package]bool
	once   map[*packages.Package]*sync.Once
	cpu    chan struct{} // tokens for type checking, as go/packages' cpuLimit

	exportMu sync.Mutex // export data may complete the packages it sees

	parseMu sync.Mutex
	parsed  map[string]*parsedFile
}

type parsedFile struct {
	once sync.Once
	file *ast.File
	err  error
}

// typeCheck fills Types, TypesInfo, Syntax, Fset and TypesSizes in every
// package below initial, which packages.Load filled with metadata only,
// and returns the packages it type-checked from source.
func (l *loader) typeCheck(initial []*packages.Package, export map[*packages.Package]string, unread map[*packages.Package]bool, goarch string) map[*packages.Package]bool {
	c := &typeChecker{
		l:      l,
		unread: unread,
		fset:   token.NewFileSet(),
		sizes:  types.SizesFor("gc", goarch),
		export: export,
		once:   make(map[*packages.Package]*sync.Once),
		cpu:    make(chan struct{}, runtime.GOMAXPROCS(0)),
		parsed: make(map[string]*parsedFile),
	}
	if c.sizes == nil {
		c.sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	for p := range packages.Postorder(initial) {
		// Every package gets its types.Package before any loads, so that
		// export data never has to create one for an indirect dependency
		// (go/packages does the same).
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
		} else {
			p.Types = types.NewPackage(p.PkgPath, p.Name)
		}
		p.Fset = c.fset
		p.TypesSizes = c.sizes
		c.once[p] = new(sync.Once)
	}
	var wg sync.WaitGroup
	for _, p := range initial {
		wg.Go(func() { c.loadRecursive(p) })
	}
	wg.Wait()
	source := make(map[*packages.Package]bool)
	for p := range packages.Postorder(initial) {
		source[p] = p.PkgPath != "unsafe" && !unread[p] && export[p] == ""
	}
	return source
}

func (c *typeChecker) loadRecursive(p *packages.Package) {
	c.once[p].Do(func() {
		var wg sync.WaitGroup
		for _, imp := range p.Imports {
			wg.Go(func() { c.loadRecursive(imp) })
		}
		wg.Wait()
		c.load(p)
	})
}

func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

func (c *typeChecker) load(p *packages.Package) {
	p.Syntax = []*ast.File{}
	p.TypesInfo = newTypesInfo()
	if p.PkgPath == "unsafe" || c.unread[p] {
		return
	}
	if file, ok := c.export[p]; ok {
		// Export data that does not read (a go list newer than this
		// binary's reader) is an error of the package, as in go/packages:
		// the read may have declared objects in the packages below it
		// that nothing has read, so it cannot start again from source.
		if err := c.readExport(p, file); err != nil {
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
		return
	}
	c.check(p)
}

// readExport reads p's types from its export data file, given the
// packages it can see (its transitive imports), as go/packages'
// loadFromExportData.
func (c *typeChecker) readExport(p *packages.Package, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("reading export data for %s: %v", p.PkgPath, err)
	}
	defer f.Close()
	//lint:ignore SA1019 go list -export names the compiler's archives (Go 1.26), which only NewReader opens; go/packages reads them the same way.
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return fmt.Errorf("reading export data for %s: %v", p.PkgPath, err)
	}
	view := make(map[string]*types.Package)
	seen := make(map[*packages.Package]bool)
	var visit func(map[string]*packages.Package)
	visit = func(imports map[string]*packages.Package) {
		for _, ip := range imports {
			if !seen[ip] {
				seen[ip] = true
				view[ip.PkgPath] = ip.Types
				visit(ip.Imports)
			}
		}
	}
	visit(p.Imports)
	view[p.PkgPath] = p.Types
	c.exportMu.Lock()
	defer c.exportMu.Unlock()
	tpkg, err := gcexportdata.Read(r, c.fset, view, p.PkgPath)
	if err != nil {
		return fmt.Errorf("reading export data for %s: %v", p.PkgPath, err)
	}
	if tpkg != p.Types {
		return fmt.Errorf("export data for %s: a package of its own", p.PkgPath)
	}
	return nil
}

// check parses p's compiled Go files and type-checks them.
func (c *typeChecker) check(p *packages.Package) {
	appendError := func(err error) {
		var terr types.Error
		var list scanner.ErrorList
		var perr *os.PathError
		switch {
		case errors.As(err, &terr):
			p.TypeErrors = append(p.TypeErrors, terr)
			p.Errors = append(p.Errors, packages.Error{Pos: terr.Fset.Position(terr.Pos).String(), Msg: terr.Msg, Kind: packages.TypeError})
		case errors.As(err, &list):
			for _, e := range list {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case errors.As(err, &perr):
			p.Errors = append(p.Errors, packages.Error{Pos: perr.Path + ":1", Msg: perr.Err.Error(), Kind: packages.ParseError})
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}
	for _, name := range p.CompiledGoFiles {
		f, err := c.parse(name)
		if err != nil {
			appendError(err)
		}
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			ip := p.Imports[path]
			if ip == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			if !ip.Types.Complete() {
				return nil, fmt.Errorf("could not load %s", path)
			}
			return ip.Types, nil
		}),
		Error: appendError,
		Sizes: c.sizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	c.cpu <- struct{}{}
	defer func() { <-c.cpu }()
	_ = types.NewChecker(tc, c.fset, p.Types, p.TypesInfo).Files(p.Syntax)
}

// parse parses a file once, for a package and its test variants alike.
func (c *typeChecker) parse(name string) (*ast.File, error) {
	c.parseMu.Lock()
	pf := c.parsed[name]
	if pf == nil {
		pf = new(parsedFile)
		c.parsed[name] = pf
	}
	c.parseMu.Unlock()
	pf.once.Do(func() {
		src, err := os.ReadFile(name)
		if err != nil {
			pf.err = err
			return
		}
		pf.file, pf.err = c.l.parseFile(c.fset, name, src)
	})
	return pf.file, pf.err
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// analyseSource leaves checker.Analyze the source packages only: each
// one's Imports become the source packages it reaches, directly or
// through packages without syntax (keyed by ID), so that facts flow
// between them as before, and the packages without syntax, which can
// carry no fact, get no actions. On a large module they are most of the
// graph (xo/usql: 1,813 of 1,963 packages), and x/tools' checker runs a
// goroutine for every action and edge (docs/measurements.md,
// "Standalone memory"). Run after every use of the graph's Imports by
// import path (the type checker's importer, settle).
func analyseSource(initial []*packages.Package, source map[*packages.Package]bool) {
	reach := make(map[*packages.Package][]*packages.Package) // packages without syntax -> the source packages below them
	var below func(p *packages.Package) []*packages.Package
	below = func(p *packages.Package) []*packages.Package {
		if r, ok := reach[p]; ok {
			return r
		}
		reach[p] = nil // a cycle cannot occur; this stops one anyway
		var r []*packages.Package
		for _, imp := range p.Imports {
			if source[imp] {
				r = append(r, imp)
			} else {
				r = append(r, below(imp)...)
			}
		}
		reach[p] = r
		return r
	}
	var all []*packages.Package
	for p := range packages.Postorder(initial) {
		if source[p] {
			all = append(all, p)
		}
	}
	for _, p := range all {
		imports := make(map[string]*packages.Package)
		for _, imp := range p.Imports {
			if source[imp] {
				imports[imp.ID] = imp
				continue
			}
			for _, s := range below(imp) {
				imports[s.ID] = s
			}
		}
		p.Imports = imports
	}
}
