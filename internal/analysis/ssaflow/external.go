package ssaflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// External answers, from facts, what SSA built for one package cannot
// see: the values another package's functions return, and the constants
// another package writes into its variables and struct fields.
type External interface {
	// Returns reports what result 0 of fn, a function or method of
	// another package, may be: the parameters it returns on some path
	// (settings.EnvInt("PAGE", 200_000) returns its parameter 1 when
	// PAGE is unset), and the constants it returns.
	Returns(fn *types.Func) (params []int, consts []Const)
	// Values returns the constants another package writes into its
	// variable or struct field v: an initial value, a default set in a
	// constructor.
	Values(v *types.Var) []Const
}

// A Const is a constant written in another package.
type Const struct {
	Value int64
	// Name is the variable or field it is written into ("config.PageSize",
	// "Config.PageSize"), "" for a returned constant.
	Name string
	// At says where: "config.Default, config.go:14".
	At string
}

// external records the constants of another package that reach a size.
func (t *tracer) external(consts []Const, s *sink) {
	if s != t.sizeSink {
		return
	}
	for _, c := range consts {
		if indexOf(t.outside, c) < 0 {
			t.outside = append(t.outside, c)
		}
	}
}

// otherReturns traces result 0 of a call of another package's function
// through its Returns fact: to the arguments it returns, and to the
// constants it returns.
func (t *tracer) otherReturns(call *ssa.Call, depth int, s *sink) {
	common := call.Common()
	ext := t.p.ext
	callee := common.StaticCallee()
	if ext == nil || callee == nil || callee.Pkg == t.p.ssa {
		return
	}
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg() == t.p.pkg {
		return
	}
	params, consts := ext.Returns(fn)
	shift := 0
	if fn.Signature().Recv() != nil {
		shift = 1 // SSA passes the receiver as argument 0
	}
	for _, p := range params {
		if i := p + shift; i < len(common.Args) && !(fn.Signature().Variadic() && p == fn.Signature().Params().Len()-1) {
			t.trace(common.Args[i], call, -1, depth, s)
		}
	}
	t.external(consts, s)
}

// otherValues records the constants another package writes into v, a
// variable or field of that package.
func (t *tracer) otherValues(v *types.Var, s *sink) {
	if t.p.ext == nil || v == nil || v.Pkg() == nil || v.Pkg() == t.p.pkg {
		return
	}
	t.external(t.p.ext.Values(v), s)
}
