package sqltext

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// indexFuncs records the package's function and method declarations that
// return a string first, so that SQL text a function returns
// (func insertSQL() string { return "INSERT ..." }, or a method that
// builds an upsert in a strings.Builder) is read at its callers.
func (b *builder) indexFuncs(insp *inspector.Inspector) {
	b.funcs = make(map[*types.Func]*ast.FuncDecl)
	for n := range insp.PreorderSeq((*ast.FuncDecl)(nil)) {
		decl := n.(*ast.FuncDecl)
		fn, ok := b.info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		if res := fn.Signature().Results(); res.Len() > 0 && isString(res.At(0).Type()) {
			b.funcs[fn] = decl
		}
	}
}

// resultText reconstructs the string a call of the package's own function
// fn returns: the text of its return statements' first results when they
// all read the same (one statement, or the same SQL on every path), a
// hole otherwise. The text keeps fn's own expressions in its holes.
func (b *builder) resultText(fn *types.Func, call *ast.CallExpr, depth int) Text {
	hole := Text{{Expr: call}}
	decl := b.funcs[fn.Origin()]
	if decl == nil {
		return hole
	}
	var t Text
	same := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a closure's returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) == 0 || !same {
				same = false // a bare return of a named result: not traced
				return false
			}
			r := b.eval(n.Results[0], depth+1)
			if t == nil {
				t = r
			} else if r.String() != t.String() {
				same = false
			}
			return false
		}
		return same
	})
	if !same || t == nil {
		return hole
	}
	return t
}
