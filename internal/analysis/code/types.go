package code

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method a call statically names
// (generic instantiations resolved to their origin), or nil for calls of
// function values, conversions and builtins.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	return fn.Origin()
}

// IsBuiltin reports whether call calls the builtin function name (len,
// append, min), not a function of that name.
func IsBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// IntValue returns the value of a constant integer expression.
func IntValue(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}

// IsInteger reports whether t is an integer type.
func IsInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// IsNamed reports whether t, or the type t points to, is the named type
// pkgPath.name (aliases resolved).
func IsNamed(t types.Type, pkgPath, name string) bool {
	p, n, ok := NamedType(t)
	return ok && p == pkgPath && n == name
}

// NamedType returns the package path and name of t, or of the type t
// points to, when it is a named type of a package.
func NamedType(t types.Type) (pkgPath, name string, ok bool) {
	if t == nil {
		return "", "", false
	}
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	n, isNamed := t.(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil {
		return "", "", false
	}
	return n.Obj().Pkg().Path(), n.Obj().Name(), true
}

// Underlying returns the underlying type of the type of e, or nil when e
// did not type-check (RunDespiteErrors passes see such code).
func Underlying(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}
