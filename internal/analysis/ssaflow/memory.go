package ssaflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// load traces a value loaded from the pointer ptr: to the values stored
// where ptr may point, or the default of the flag that returned ptr.
func (t *tracer) load(ptr ssa.Value, depth int, s *sink) {
	cells := sink(func(v ssa.Value, user ssa.Instruction, arg, depth int) {
		switch v := v.(type) {
		case *ssa.Call:
			if f, ok := flagOf(v.Common()); ok && !f.isVar {
				t.trace(v.Common().Args[f.value], v, -1, depth+1, s)
			}
		case *ssa.Global:
			gv, _ := v.Object().(*types.Var)
			t.otherValues(gv, s)
			t.cell(v, depth+1, s)
		case *ssa.Alloc:
			t.cell(v, depth+1, s)
		case *ssa.FieldAddr:
			if f := structField(v.X.Type(), v.Field); f != nil {
				t.field(f, depth+1, s)
			}
		}
	})
	t.trace(ptr, nil, -1, depth, &cells)
}

// cell traces the values stored in a variable: a local whose address is
// taken or that closures share (an Alloc), or a package-level variable.
// flag.IntVar(&v, name, def, usage) stores its default there.
func (t *tracer) cell(addr ssa.Value, depth int, s *sink) {
	for _, st := range t.p.stores {
		if st.Addr == addr {
			t.trace(st.Val, st, -1, depth, s)
		}
	}
	for _, call := range t.p.calls {
		if f, ok := flagOf(call.Common()); ok && f.isVar && pointsTo(call.Common().Args[f.ptr], addr) {
			t.trace(call.Common().Args[f.value], call, -1, depth, s)
		}
	}
}

// pointsTo reports whether the pointer p is the address addr, directly or
// through a captured variable.
func pointsTo(p, addr ssa.Value) bool {
	for range maxDepth {
		if p == addr {
			return true
		}
		fv, ok := p.(*ssa.FreeVar)
		if !ok {
			return false
		}
		p = binding(fv)
	}
	return false
}

// binding returns the single value closures bind fv to, or nil.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	i := indexOf(fn.FreeVars, fv)
	if i < 0 || fn.Referrers() == nil {
		return nil
	}
	var out ssa.Value
	for _, r := range *fn.Referrers() {
		if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
			if out != nil && out != mc.Bindings[i] {
				return nil
			}
			out = mc.Bindings[i]
		}
	}
	return out
}

// field traces a struct field to every value stored in it in the package,
// whatever the struct value: the rule of package flow's index. A flag
// bound to the field (flag.IntVar(&cfg.Page, ...)) stores its default.
func (t *tracer) field(f *types.Var, depth int, s *sink) {
	t.otherValues(f, s)
	for _, st := range t.p.stores {
		if t.isField(st.Addr, f) {
			t.trace(st.Val, st, -1, depth, s)
		}
	}
	for _, call := range t.p.calls {
		if fl, ok := flagOf(call.Common()); ok && fl.isVar && t.isField(call.Common().Args[fl.ptr], f) {
			t.trace(call.Common().Args[fl.value], call, -1, depth, s)
		}
	}
}

// isField reports whether addr is the address of field f of some struct.
func (t *tracer) isField(addr ssa.Value, f *types.Var) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	return ok && structField(fa.X.Type(), fa.Field) == f
}

// receive traces a value received from the channel ch to the values sent
// on any channel made by the same make(chan) in the package.
func (t *tracer) receive(ch ssa.Value, depth int, s *sink) {
	made := t.makeChans(ch, depth)
	if len(made) == 0 {
		return
	}
	for _, send := range t.p.sends {
		for m := range t.makeChans(send.Chan, depth) {
			if made[m] {
				t.trace(send.X, send, -1, depth, s)
				break
			}
		}
	}
}

// makeChans returns the make(chan) instructions ch may come from.
func (t *tracer) makeChans(ch ssa.Value, depth int) map[*ssa.MakeChan]bool {
	out := make(map[*ssa.MakeChan]bool)
	s := sink(func(v ssa.Value, _ ssa.Instruction, _, _ int) {
		if m, ok := v.(*ssa.MakeChan); ok {
			out[m] = true
		}
	})
	t.trace(ch, nil, -1, depth, &s)
	return out
}
