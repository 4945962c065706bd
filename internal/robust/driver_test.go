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
// The suite uses no facts; a driver that silently dropped them would test
// less than it claims, so an analyzer with FactTypes is an error here.
func analyze(root *analysis.Analyzer, in *input) (out outcome) {
	defer func() {
		if r := recover(); r != nil {
			out.panicked, out.stack = r, debug.Stack()
		}
	}()
	results := make(map[*analysis.Analyzer]any)
	skipped := make(map[*analysis.Analyzer]bool)
	var run func(a *analysis.Analyzer) error
	run = func(a *analysis.Analyzer) error {
		if _, done := results[a]; done || skipped[a] {
			return nil
		}
		if len(a.FactTypes) > 0 {
			return fmt.Errorf("analyzer %s uses facts, which this test's driver does not provide", a.Name)
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
			ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportObjectFact:  func(types.Object, analysis.Fact) {},
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
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
