package rowbyrow

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// A loop over another function's result, or over a parameter, is bulk
// when the evidence says so: the function fills what it returns in a
// bulk loop (rows.Next, a bufio.Scanner, a decoder), or a caller in the
// package hands the parameter a value read in bulk. Where no evidence
// exists (a function of a package that runs no SQL, a parameter whose
// callers are in other packages) the check stays silent.

// BulkResult is the object fact of a function or method whose results
// (Results, a bit per result index) are data read in bulk: a slice or
// map it fills in a loop over a query's rows, a file or a stream, or
// reads whole from a file. A loop over such a result in another package
// is a bulk data path.
type BulkResult struct {
	Results uint64
}

// AFact marks BulkResult as an analysis fact.
func (*BulkResult) AFact() {}

func (f *BulkResult) String() string {
	return fmt.Sprintf("returns data read in bulk (results %b)", f.Results)
}

// maxResults is the number of results a BulkResult can mark: one bit
// each in a uint64.
const maxResults = 64

// findResults computes which results of the package's functions are
// data read in bulk, for bulkCall and the BulkResult facts. It runs in
// runWriters, before the result is shared: the check only reads it.
func (p *Package) findResults() {
	p.results = make(map[*types.Func]uint64)
	p.busy = make(map[*types.Func]bool)
	for _, f := range p.pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := p.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					p.resultsOf(fn, decl)
				}
			}
		}
	}
	p.busy = nil
}

// resultsOf computes, once, which results of fn, declared by decl, are
// data read in bulk: a slice or map result that some return statement
// gives a value bulkValue judges bulk.
func (p *Package) resultsOf(fn *types.Func, decl *ast.FuncDecl) uint64 {
	if bits, ok := p.results[fn]; ok || p.busy[fn] || decl.Body == nil {
		return bits // a recursive call counts for nothing
	}
	res := fn.Signature().Results()
	want := false
	for i := range min(res.Len(), maxResults) {
		want = want || sliceOrMap(res.At(i).Type())
	}
	if !want {
		p.results[fn] = 0
		return 0
	}
	p.busy[fn] = true
	var bits uint64
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a closure's returns are its own
		case *ast.ReturnStmt:
			if call, ok := tupleCall(n, res.Len()); ok {
				// return load(path): load's results are fn's.
				for i := range min(res.Len(), maxResults) {
					if sliceOrMap(res.At(i).Type()) && p.bulkResult(code.Callee(p.pass.TypesInfo, call), i) {
						bits |= 1 << i
					}
				}
				return false
			}
			if len(n.Results) != res.Len() {
				return false // a bare return of named results: not traced
			}
			for i, r := range n.Results[:min(len(n.Results), maxResults)] {
				if bits&(1<<i) == 0 && sliceOrMap(res.At(i).Type()) && p.bulkValue(r, decl, nil, 0) {
					bits |= 1 << i
				}
			}
			return false
		}
		return true
	})
	delete(p.busy, fn)
	p.results[fn] = bits
	return bits
}

// tupleCall returns the call of return f(x) in a function of n results,
// n > 1, when f returns them all.
func tupleCall(ret *ast.ReturnStmt, n int) (*ast.CallExpr, bool) {
	if n < 2 || len(ret.Results) != 1 {
		return nil, false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	return call, ok
}

func sliceOrMap(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// bulkResult reports whether result i of the call of fn is data read in
// bulk: fn's BulkResult fact, or what the package found for its own.
func (p *Package) bulkResult(fn *types.Func, i int) bool {
	if fn == nil || i < 0 || i >= maxResults {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() == p.pass.Pkg {
		bits, ok := p.results[fn]
		if !ok && p.busy != nil {
			// findResults has not reached fn yet: compute it now.
			if decl := p.declOfFunc(fn); decl != nil {
				bits = p.resultsOf(fn, decl)
			}
		}
		return bits&(1<<i) != 0
	}
	var f BulkResult
	return p.pass.ImportObjectFact(fn, &f) && f.Results&(1<<i) != 0
}

// declOfFunc returns the declaration of the package's function fn, or
// nil.
func (p *Package) declOfFunc(fn *types.Func) *ast.FuncDecl {
	for _, f := range p.pass.Files {
		if f.FileStart <= fn.Pos() && fn.Pos() < f.FileEnd {
			for _, d := range f.Decls {
				if decl, ok := d.(*ast.FuncDecl); ok && decl.Name.Pos() == fn.Pos() {
					return decl
				}
			}
		}
	}
	return nil
}

// bulkParam reports whether the slice or map parameter v holds data read
// in bulk at some call in the package: a caller hands it a value read in
// bulk (see bulkValue), directly or through a parameter of its own. A
// per-element writer's parameter (OneRow.Each) is left to its callers,
// which are reported at the call (handsBulk).
func (p *Package) bulkParam(v *types.Var, depth int) bool {
	param, ok := p.sc.Flow.Params[v]
	if !ok || param.Func == nil || param.Variadic || depth > flow.MaxDepth || p.busy != nil {
		// While findResults runs, a result is bulk on its own evidence:
		// big(orders) returns what its callers hand it, a whole table at
		// one call and two orders at another.
		return false
	}
	if w := p.local[param.Func]; w != nil && w.Each == param.Index+1 {
		return false
	}
	for _, call := range p.sc.Flow.Calls[param.Func] {
		if param.Index >= len(call.Args) || call.Ellipsis.IsValid() {
			continue
		}
		cur, ok := p.Root.FindNode(call)
		if !ok {
			continue
		}
		caller := declOf(cur)
		if caller == nil {
			continue
		}
		if p.bulkValue(call.Args[param.Index], caller, nil, depth+1) {
			return true
		}
	}
	return false
}

// literalOnly reports whether every call of fn in the package passes its
// parameter i a composite literal of at most seedRows elements
// ([]Item{it}) or nil, and fn is never used but called: its callers are
// all here (fn is not exported) and none hands it a load. An exported
// function's callers may be in other packages, other modules: only they
// can tell.
func (p *Package) literalOnly(fn *types.Func, i int) bool {
	if fn == nil || fn.Exported() {
		return false
	}
	calls := p.sc.Flow.Calls[fn]
	if len(calls) == 0 || p.usedAsValue(fn, len(calls)) {
		return false
	}
	for _, call := range calls {
		if i >= len(call.Args) || call.Ellipsis.IsValid() {
			return false
		}
		switch a := ast.Unparen(call.Args[i]).(type) {
		case *ast.CompositeLit:
			if len(a.Elts) > seedRows {
				return false
			}
		case *ast.Ident:
			if a.Name != "nil" || p.pass.TypesInfo.Uses[a] != types.Universe.Lookup("nil") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// usedAsValue reports whether fn is referred to more often than it is
// called (calls): a method value, a function passed or assigned, which
// may be called with anything.
func (p *Package) usedAsValue(fn *types.Func, calls int) bool {
	uses := 0
	for _, obj := range p.pass.TypesInfo.Uses {
		if f, ok := obj.(*types.Func); ok && f.Origin() == fn {
			uses++
		}
	}
	return uses > calls
}
