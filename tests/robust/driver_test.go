package robust_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"
)

// input is one package to analyse: syntax and types of a (possibly broken)
// variant of a fixture package.
type input struct {
	fset       *token.FileSet
	files      []*ast.File
	pkg        *types.Package
	info       *types.Info
	sizes      types.Sizes
	typeErrors []types.Error
	module     *analysis.Module
	// contents maps a file name to the text parsed for it, so that
	// Pass.ReadFile sees the broken text, not the file on disk.
	contents map[string][]byte
}

// outcome is what one run of the analyzer graph produced.
type outcome struct {
	diagnostics []analysis.Diagnostic
	// err is an error returned by an analyzer's Run, or a malformed
	// result: an internal error, as the drivers would print it.
	err error
	// panicked holds the recovered value and the stack of a panic.
	panicked any
	stack    []byte
}

// analyze runs root and everything it requires on in, the way
// golang.org/x/tools/go/analysis/checker does (RunDespiteErrors honoured,
// results passed through ResultOf, result types checked), but sequentially
// and with a recover: a panic is reported as this variant's outcome
// instead of killing the test binary, so every broken variant is tried.
//
// Facts are kept for the package under test only, with the checks the
// real drivers make (a fact type the analyzer declares, an object of
// this package): its dependencies are not analysed here, so every
// variant also runs as if none of them had facts. Facts flowing between
// packages are tested by analysistest and the e2e scripts.
func analyze(root *analysis.Analyzer, in *input) (out outcome) {
	defer func() {
		if r := recover(); r != nil {
			out.panicked, out.stack = r, debug.Stack()
		}
	}()
	results := make(map[*analysis.Analyzer]any)
	skipped := make(map[*analysis.Analyzer]bool)
	facts := newFactStore(in.pkg)
	var run func(a *analysis.Analyzer) error
	run = func(a *analysis.Analyzer) error {
		if _, done := results[a]; done || skipped[a] {
			return nil
		}
		inputs := make(map[*analysis.Analyzer]any)
		for _, req := range a.Requires {
			if err := run(req); err != nil {
				return err
			}
			if skipped[req] {
				// checker: "failed prerequisites"; not an internal error
				// when the cause is an ill-typed package.
				skipped[a] = true
				return nil
			}
			inputs[req] = results[req]
		}
		if len(in.typeErrors) > 0 && !a.RunDespiteErrors {
			skipped[a] = true
			return nil
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       in.fset,
			Files:      in.files,
			Pkg:        in.pkg,
			TypesInfo:  in.info,
			TypesSizes: in.sizes,
			TypeErrors: in.typeErrors,
			Module:     in.module,
			ResultOf:   inputs,
			Report: func(d analysis.Diagnostic) {
				if a == root {
					out.diagnostics = append(out.diagnostics, d)
				}
			},
			ReadFile: func(name string) ([]byte, error) {
				if b, ok := in.contents[name]; ok {
					return b, nil
				}
				return os.ReadFile(name)
			},
		}
		facts.bind(pass, a)
		res, err := a.Run(pass)
		if err != nil {
			return fmt.Errorf("analyzer %s: %w", a.Name, err)
		}
		if got, want := reflect.TypeOf(res), a.ResultType; got != want {
			return fmt.Errorf("internal error: analyzer %s returned a result of type %v, but declared ResultType %v", a.Name, got, want)
		}
		results[a] = res
		return nil
	}
	out.err = run(root)
	if out.err == nil {
		out.err = checkDiagnostics(in.fset, out.diagnostics)
	}
	return out
}

// checkDiagnostics reports a diagnostic or fix no driver can print or
// apply: a position in no file, a range that ends before it starts, or an
// edit outside its file. checker panics on malformed fixes; go vet -fix
// and gopls reject them. A diagnostic's own range may end one byte past
// the end of a truncated file: the parser puts a missing ")" or "}" at
// EOF, so the node's End is EOF+1, and every driver clamps that.
func checkDiagnostics(fset *token.FileSet, diags []analysis.Diagnostic) error {
	inFile := func(pos, end token.Pos, slack int) error {
		f := fset.File(pos)
		if f == nil {
			return fmt.Errorf("position %d is in no file", pos)
		}
		if end.IsValid() && (end < pos || int(end) > f.Base()+f.Size()+slack) {
			return fmt.Errorf("range [%d, %d) leaves file %s [%d, %d]", pos, end, f.Name(), f.Base(), f.Base()+f.Size())
		}
		return nil
	}
	for _, d := range diags {
		if err := inFile(d.Pos, d.End, 1); err != nil {
			return fmt.Errorf("diagnostic %q: %v", d.Message, err)
		}
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				if err := inFile(e.Pos, e.End, 0); err != nil {
					return fmt.Errorf("fix %q of %q: %v", fix.Message, d.Message, err)
				}
			}
		}
	}
	return nil
}

// factStore holds the facts analyzers export on one package.
type factStore struct {
	pkg     *types.Package
	objects map[factKey]analysis.Fact
	pkgs    map[factKey]analysis.Fact
}

type factKey struct {
	a   *analysis.Analyzer
	obj types.Object // nil for a package fact
	t   reflect.Type
}

func newFactStore(pkg *types.Package) *factStore {
	return &factStore{pkg: pkg, objects: make(map[factKey]analysis.Fact), pkgs: make(map[factKey]analysis.Fact)}
}

// bind sets pass's fact functions; misuse panics, as in checker.
func (s *factStore) bind(pass *analysis.Pass, a *analysis.Analyzer) {
	declared := func(f analysis.Fact) reflect.Type {
		t := reflect.TypeOf(f)
		for _, d := range a.FactTypes {
			if reflect.TypeOf(d) == t {
				return t
			}
		}
		panic(fmt.Sprintf("analyzer %s: fact type %v not in FactTypes", a.Name, t))
	}
	get := func(m map[factKey]analysis.Fact, k factKey, f analysis.Fact) bool {
		v, ok := m[k]
		if ok {
			reflect.ValueOf(f).Elem().Set(reflect.ValueOf(v).Elem())
		}
		return ok
	}
	pass.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
		return get(s.objects, factKey{a, obj, declared(f)}, f)
	}
	pass.ImportPackageFact = func(pkg *types.Package, f analysis.Fact) bool {
		if pkg != s.pkg {
			return false // dependencies are not analysed here
		}
		return get(s.pkgs, factKey{a, nil, declared(f)}, f)
	}
	pass.ExportObjectFact = func(obj types.Object, f analysis.Fact) {
		if obj.Pkg() != s.pkg {
			panic(fmt.Sprintf("analyzer %s: fact on %v, an object of another package", a.Name, obj))
		}
		s.objects[factKey{a, obj, declared(f)}] = f
	}
	pass.ExportPackageFact = func(f analysis.Fact) { s.pkgs[factKey{a, nil, declared(f)}] = f }
	pass.AllObjectFacts = func() []analysis.ObjectFact {
		var all []analysis.ObjectFact
		for k, f := range s.objects {
			if k.a == a {
				all = append(all, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
		}
		return all
	}
	pass.AllPackageFacts = func() []analysis.PackageFact {
		var all []analysis.PackageFact
		for k, f := range s.pkgs {
			if k.a == a {
				all = append(all, analysis.PackageFact{Package: s.pkg, Fact: f})
			}
		}
		return all
	}
}
