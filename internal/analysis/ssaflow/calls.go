package ssaflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// results traces result number i of call: the values its function
// returns, when it is a function of this package; each argument of
// cmp.Or.
func (t *tracer) results(call *ssa.Call, i, depth int, s *sink) {
	common := call.Common()
	if isFunc(common, "cmp", "Or") {
		t.packed(call, depth, s)
		return
	}
	if i == 0 {
		t.otherReturns(call, depth, s)
	}
	for _, fn := range t.callees(common.Value, depth) {
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
				t.trace(ret.Results[i], ret, -1, depth, s)
			}
		}
	}
}

// packed traces the arguments of a call of a variadic function that SSA
// packs into a slice: the stores into the slice's backing array.
func (t *tracer) packed(call *ssa.Call, depth int, s *sink) {
	args := call.Common().Args
	if len(args) != 1 {
		return
	}
	slice, ok := args[0].(*ssa.Slice)
	if !ok {
		return // cmp.Or(vals...): the slice comes from elsewhere
	}
	for _, st := range t.p.stores {
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok || ia.X != slice.X {
			continue
		}
		if k, ok := ia.Index.(*ssa.Const); ok {
			leaf := sink(func(v ssa.Value, user ssa.Instruction, arg, depth int) {
				if v == st.Val {
					// The argument itself: written in the call.
					(*s)(v, call, int(k.Int64()), depth)
					return
				}
				(*s)(v, user, arg, depth)
			})
			t.trace(st.Val, st, -1, depth, &leaf)
		}
	}
}

// callees returns the functions of this package with a body that the
// function value v may be.
func (t *tracer) callees(v ssa.Value, depth int) []*ssa.Function {
	var out []*ssa.Function
	s := sink(func(v ssa.Value, _ ssa.Instruction, _, _ int) {
		var fn *ssa.Function
		switch v := v.(type) {
		case *ssa.Function:
			fn = v
		case *ssa.MakeClosure:
			fn, _ = v.Fn.(*ssa.Function)
			if fn != nil && fn.Synthetic != "" && fn.Pkg == nil {
				// rows := cfg.PageRows, a method value: the bound
				// wrapper calls the method, whose results are the
				// value's.
				if m, ok := fn.Object().(*types.Func); ok {
					fn = fn.Prog.FuncValue(m)
				}
			}
		}
		if fn != nil && fn.Origin() != nil {
			fn = fn.Origin() // f[int] calls the body of f[T]
		}
		if fn != nil && fn.Pkg == t.p.ssa && fn.Blocks != nil && indexOf(out, fn) < 0 {
			out = append(out, fn)
		}
	})
	t.trace(v, nil, -1, depth, &s)
	return out
}

// callSites returns the calls of fn in the package: direct calls of the
// function or a closure of it, through local variables, and calls of a
// parameter fn is passed as (a range-over-func body called as yield).
func (t *tracer) callSites(fn *ssa.Function, _ int) []ssa.CallInstruction {
	return t.p.callGraph()[fn]
}

// callGraph maps each function of the package to its call sites, built
// once with a budget of its own per call.
func (p *Program) callGraph() map[*ssa.Function][]ssa.CallInstruction {
	if p.graph != nil {
		return p.graph
	}
	p.graph = make(map[*ssa.Function][]ssa.CallInstruction)
	add := func(fn *ssa.Function, call ssa.CallInstruction) {
		if indexOf(p.graph[fn], call) < 0 {
			p.graph[fn] = append(p.graph[fn], call)
		}
	}
	for _, call := range p.calls {
		common := call.Common()
		if common.IsInvoke() {
			continue
		}
		callees := newTracer(p).callees(common.Value, 0)
		for _, fn := range callees {
			add(fn, call)
		}
		// A function passed as argument k to g: the calls of g's
		// parameter k call it.
		for k, arg := range common.Args {
			if _, isFunc := arg.Type().Underlying().(*types.Signature); !isFunc {
				continue
			}
			passed := newTracer(p).callees(arg, 0)
			if len(passed) == 0 {
				continue
			}
			for _, g := range callees {
				if k >= len(g.Params) {
					continue
				}
				for _, c := range p.callsOf(g.Params[k]) {
					for _, fn := range passed {
						add(fn, c)
					}
				}
			}
		}
	}
	return p.graph
}

// callsOf returns the calls of the function value param, in its function
// and in the closures that capture it.
func (p *Program) callsOf(param ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, call := range p.calls {
		if pointsTo(call.Common().Value, param) {
			out = append(out, call)
		}
	}
	return out
}

// isFunc reports whether common calls the function pkg.name statically.
func isFunc(common *ssa.CallCommon, pkg, name string) bool {
	fn := common.StaticCallee()
	if fn == nil {
		return false
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == pkg && obj.Name() == name
}
