package ssaflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// maxDepth bounds a chain of SSA steps. One source-level step of package
// flow (an assignment, a parameter) is up to three SSA steps here (a phi,
// a conversion, a load), so the bound is three times flow.MaxDepth.
const maxDepth = 3 * flow.MaxDepth

// maxSteps bounds the work of one question, whatever the shape of the
// code: every value the tracer visits counts. Real sizes are found in a
// few dozen steps; the bound only stops pathological fan-out (a parameter
// of a function called from a thousand places).
const maxSteps = 10_000

// A reach is a constant that reaches the use, with the instruction it is
// an operand of there, to find its syntax.
type reach struct {
	c    *ssa.Const
	user ssa.Instruction
	// arg is the index of the call argument c is written as, when user
	// packs it into a variadic slice (cmp.Or(a, 250_000)); -1 otherwise.
	arg int
}

// A sink receives the values a trace ends at: values no rule traces
// further (constants, allocations, calls into other packages).
type sink func(v ssa.Value, user ssa.Instruction, arg, depth int)

type tracer struct {
	p       *Program
	steps   int
	seen    map[visit]bool
	reached []reach
	// params are the parameters of exported functions a size reaches:
	// their other callers are in other packages.
	params []*ssa.Parameter
	// outside are the constants of other packages that reach the size.
	outside []Const
	// sizeSink is the sink of size, the only one whose parameters count.
	sizeSink *sink
}

// visit is a value traced into one sink; the same value may be traced as
// a size and as the pointer a size is loaded from.
type visit struct {
	v    ssa.Value
	sink *sink
}

func newTracer(p *Program) *tracer {
	return &tracer{p: p, seen: make(map[visit]bool)}
}

// size traces v, the value of a size, and records the constants it
// reaches.
func (t *tracer) size(v ssa.Value, user ssa.Instruction) {
	s := sink(func(v ssa.Value, user ssa.Instruction, arg, depth int) {
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && code.IsInteger(c.Type()) {
			t.reached = append(t.reached, reach{c: c, user: user, arg: arg})
		}
	})
	t.sizeSink = &s
	t.trace(v, user, -1, 0, &s)
}

// trace follows v backwards to the values it may hold and gives each
// value no rule explains to s.
func (t *tracer) trace(v ssa.Value, user ssa.Instruction, arg, depth int, s *sink) {
	if v == nil || depth > maxDepth || t.steps > maxSteps {
		return
	}
	key := visit{v, s}
	if t.seen[key] {
		return
	}
	t.seen[key] = true
	t.steps++
	next := depth + 1
	switch v := v.(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			t.trace(e, v, -1, next, s)
		}
	case *ssa.Convert:
		t.trace(v.X, v, -1, next, s)
	case *ssa.ChangeType:
		t.trace(v.X, v, -1, next, s)
	case *ssa.BinOp:
		// LIMIT n+1 asks for one row more to see whether another page
		// follows: the page size is n.
		if (v.Op == token.ADD || v.Op == token.SUB) && isOne(v.Y) {
			t.trace(v.X, v, -1, next, s)
		}
	case *ssa.Parameter:
		t.parameter(v, next, s)
	case *ssa.FreeVar:
		t.freeVar(v, next, s)
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL:
			t.load(v.X, next, s)
		case token.ARROW:
			t.receive(v.X, next, s)
		}
	case *ssa.Extract:
		switch tuple := v.Tuple.(type) {
		case *ssa.UnOp:
			if tuple.Op == token.ARROW && v.Index == 0 {
				t.receive(tuple.X, next, s)
			}
		case *ssa.Call:
			if name, ok := flagGetter(tuple.Common()); ok && v.Index == 0 {
				t.flagByName(name, next, s)
				return
			}
			t.results(tuple, v.Index, next, s)
		}
	case *ssa.Call:
		if _, isFlag := flagOf(v.Common()); isFlag {
			(*s)(v, user, arg, depth) // the pointer to a flag: see load
			return
		}
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			// min(step, total-done): the value is one of the arguments.
			for _, a := range v.Call.Args {
				t.trace(a, v, -1, next, s)
			}
			return
		}
		t.results(v, 0, next, s)
	case *ssa.Field:
		if f := structField(v.X.Type(), v.Field); f != nil {
			t.field(f, next, s)
		}
	default:
		(*s)(v, user, arg, depth)
	}
}

func isOne(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && code.IsInteger(c.Type()) && c.Int64() == 1
}

// parameter traces a parameter to the arguments of its function's calls.
func (t *tracer) parameter(v *ssa.Parameter, depth int, s *sink) {
	fn := v.Parent()
	i := indexOf(fn.Params, v)
	if i < 0 || fn.Signature.Variadic() && i == len(fn.Params)-1 {
		return // a ...T parameter is a slice built at each call
	}
	if obj, ok := fn.Object().(*types.Func); ok && s == t.sizeSink && obj.Exported() && fn.Parent() == nil && code.IsInteger(v.Type()) && indexOf(t.params, v) < 0 {
		if recv := fn.Signature.Recv(); recv == nil || i > 0 {
			t.params = append(t.params, v)
		}
	}
	for _, call := range t.callSites(fn, depth) {
		if args := call.Common().Args; i < len(args) {
			t.trace(args[i], call, -1, depth, s)
		}
	}
}

// freeVar traces a captured variable to the values each closure of its
// function binds it to.
func (t *tracer) freeVar(v *ssa.FreeVar, depth int, s *sink) {
	fn := v.Parent()
	i := indexOf(fn.FreeVars, v)
	if i < 0 || fn.Referrers() == nil {
		return
	}
	for _, r := range *fn.Referrers() {
		if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
			t.trace(mc.Bindings[i], mc, -1, depth, s)
		}
	}
}

func indexOf[T comparable](list []T, x T) int {
	for i, y := range list {
		if y == x {
			return i
		}
	}
	return -1
}

// structField returns field i of the struct type t or *t points to.
func structField(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}
