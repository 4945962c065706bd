package sqltext

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// indexBuilders records, for each strings.Builder variable, the calls
// that write it (WriteString, WriteByte, WriteRune, fmt.Fprintf(&b, ...),
// fmt.Fprint(&b, ...)) or reset it, and marks those handed to any other
// call.
func (b *builder) indexBuilders(insp *inspector.Inspector) {
	b.sb = make(map[types.Object][]*ast.CallExpr)
	b.sbLeaked = make(map[types.Object]bool)
	for n := range insp.PreorderSeq((*ast.CallExpr)(nil)) {
		call := n.(*ast.CallExpr)
		fn := code.Callee(b.info, call)
		first := -1 // the argument that may be the builder a write goes to
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" {
			switch fn.Name() {
			case "Fprintf", "Fprint":
				first = 0
			}
		}
		if fn != nil && isBuilderType(recvType(fn)) {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if obj := b.builderVar(sel.X); obj != nil {
					switch fn.Name() {
					case "WriteString", "WriteByte", "WriteRune", "Reset":
						b.sb[obj] = append(b.sb[obj], call)
					case "String", "Len", "Cap", "Grow":
					default:
						b.sbLeaked[obj] = true // Write([]byte): bytes not traced
					}
				}
			}
		}
		for i, a := range call.Args {
			obj := b.builderVar(a)
			if obj == nil {
				continue
			}
			if i == first {
				b.sb[obj] = append(b.sb[obj], call)
			} else {
				b.sbLeaked[obj] = true
			}
		}
	}
}

// builderVar returns the local strings.Builder variable x or &x names.
func (b *builder) builderVar(e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := b.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || !isBuilderType(v.Type()) {
		return nil
	}
	if _, param := b.flow.Params[v]; param {
		return nil
	}
	return v
}

// builderText reconstructs x.String() at call: the writes to the builder
// x before call, from its last Reset on, in source order. A builder
// passed to another function, or written with bytes, is a hole.
func (b *builder) builderText(x ast.Expr, call *ast.CallExpr, depth int) Text {
	hole := Text{{Expr: call}}
	obj := b.builderVar(x)
	if obj == nil || b.sbLeaked[obj] {
		return hole
	}
	var writes []*ast.CallExpr
	for _, w := range b.sb[obj] {
		if w.Pos() >= call.Pos() {
			break
		}
		if sel, ok := ast.Unparen(w.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reset" {
			writes = writes[:0]
			continue
		}
		writes = append(writes, w)
	}
	var t Text
	for _, w := range writes {
		fn := code.Callee(b.info, w)
		switch fn.Name() {
		case "WriteString":
			t = append(t, b.eval(w.Args[0], depth+1)...)
		case "WriteByte", "WriteRune":
			if tv, ok := b.info.Types[w.Args[0]]; ok && tv.Value != nil {
				if r, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
					t = append(t, Part{Lit: string(rune(r))})
					continue
				}
			}
			t = append(t, Part{Expr: w.Args[0]})
		case "Fprintf":
			if len(w.Args) < 2 || w.Ellipsis.IsValid() {
				return hole
			}
			format := b.eval(w.Args[1], depth+1)
			if len(format) != 1 || format[0].Expr != nil {
				return hole
			}
			t = append(t, b.sprintf(format[0], w.Args[2:], depth)...)
		case "Fprint":
			if w.Ellipsis.IsValid() {
				return hole
			}
			// Fprint puts no spaces between strings: this is exact for the
			// usual Fprint(&b, "LIMIT ", n).
			for _, a := range w.Args[1:] {
				if isString(b.info.TypeOf(a)) {
					t = append(t, b.eval(a, depth+1)...)
				} else {
					t = append(t, Part{Expr: a})
				}
			}
		}
	}
	return t
}

func isBuilderType(t types.Type) bool { return code.IsNamed(t, "strings", "Builder") }

// recvType returns the receiver type of a method, nil for a function.
func recvType(fn *types.Func) types.Type {
	if recv := fn.Signature().Recv(); recv != nil {
		return recv.Type()
	}
	return nil
}
