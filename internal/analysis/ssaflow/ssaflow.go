package ssaflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Program answers questions about one package with SSA built on first
// use.
type Program struct {
	fset   *token.FileSet
	pkg    *types.Package
	info   *types.Info
	files  []*ast.File
	broken bool
	ext    External

	built bool
	// ssa is nil when the package could not be built.
	ssa *ssa.Package
	// funcs are the package's functions with a body, function literals
	// included; calls, stores and sends their instructions of each kind.
	funcs  []*ssa.Function
	calls  []ssa.CallInstruction
	stores []*ssa.Store
	sends  []*ssa.Send
	syntax *syntax
	// graph maps functions to their call sites; see callGraph.
	graph map[*ssa.Function][]ssa.CallInstruction
}

// A Source is a constant expression whose value reaches a use.
type Source struct {
	// Expr is where the constant is written: the literal or named
	// constant on the right of an assignment, in a composite literal, a
	// call's argument (a flag's default), a return or a send.
	Expr ast.Expr
	// Name is the variable or field the constant was assigned to, "" for
	// an argument, a result or a sent value.
	Name string
	// Func and Param, when Func is set, name a parameter of an exported
	// function of the package that the value comes from (Expr is nil):
	// its callers in other packages pass it, and a fact lets them trace
	// what they pass.
	Func  *types.Func
	Param int
	// Value and Where, when Where is set, are a constant written in
	// another package (Expr is nil): "config.Default, config.go:14".
	Value int64
	Where string
}

// New returns a Program for a package; typeErrors reports that it did not
// type-check, in which case the Program answers nothing.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, typeErrors bool) *Program {
	return &Program{fset: fset, pkg: pkg, info: info, files: files, broken: typeErrors}
}

// WithExternal makes p trace values through other packages' functions,
// variables and fields with ext (facts), and returns p.
func (p *Program) WithExternal(ext External) *Program {
	if p != nil {
		p.ext = ext
	}
	return p
}

// Sources returns the constant expressions that reach the value of e on
// some path. ok is false when SSA has no answer: the package has type
// errors, e is a constant itself (it has no value of its own in SSA), or
// e is not evaluated as a value in any function.
func (p *Program) Sources(e ast.Expr) (srcs []Source, ok bool) {
	if p == nil || e == nil {
		return nil, false
	}
	e = ast.Unparen(e)
	if tv, ok := p.info.Types[e]; ok && tv.Value != nil {
		return nil, false
	}
	if !p.build() {
		return nil, false
	}
	fn := p.funcAt(e.Pos())
	if fn == nil {
		return nil, false
	}
	t := newTracer(p)
	found := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ref, isRef := instr.(*ssa.DebugRef); isRef && !ref.IsAddr && ref.Expr == e {
				found = true
				t.size(ref.X, ref)
			}
		}
	}
	if !found {
		return nil, false
	}
	seen := make(map[ast.Expr]bool)
	for _, r := range t.reached {
		if s, ok := p.syntax.source(r); ok && !seen[s.Expr] {
			seen[s.Expr] = true
			srcs = append(srcs, s)
		}
	}
	for _, c := range t.outside {
		srcs = append(srcs, Source{Name: c.Name, Value: c.Value, Where: c.At})
	}
	for _, v := range t.params {
		fn, _ := v.Parent().Object().(*types.Func)
		i := indexOf(v.Parent().Params, v)
		if v.Parent().Signature.Recv() != nil {
			i-- // SSA's Params start with the receiver
		}
		srcs = append(srcs, Source{Func: fn, Param: i})
	}
	return srcs, true
}

// funcAt returns the innermost function whose syntax contains pos.
func (p *Program) funcAt(pos token.Pos) *ssa.Function {
	var best *ssa.Function
	for _, fn := range p.funcs {
		syn := fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.End()-syn.Pos() < best.Syntax().End()-best.Syntax().Pos() {
			best = fn
		}
	}
	return best
}
