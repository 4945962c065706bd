package sizes

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
)

// replace returns the edit that writes v where site is, keeping the
// type and the kind of the constant written there, so that the fixed
// code compiles exactly where the old code did:
//
//	int64(100_000)         int64(122_880)   only the operand's digits
//	0o750000, 0364100      0o740000, 0360000
//	1e6                    9.8304e5         still an untyped float
//	1 << 17                122880           still an untyped integer
//	int64(1) << 17         int64(122880)    still an int64
//
// Rewriting int64(100_000) to 122880 made step := int64(100_000) an int,
// and lo += step stopped compiling (issue 10). ok is false when no
// literal can keep the type (a type this file cannot name).
func replace(pass *analysis.Pass, site pagewalk.Site, v int64) (analysis.TextEdit, bool) {
	e := exprAt(pass, site.Pos, site.End)
	if e == nil {
		// A number in SQL text: inside a string literal, no Go type.
		if site.Literal == "" {
			return analysis.TextEdit{}, false
		}
		return analysis.TextEdit{Pos: site.Pos, End: site.End, NewText: []byte(FormatLike(site.Literal, v))}, true
	}
	e = operand(pass.TypesInfo, e)
	text, ok := literalFor(pass, e, v)
	return analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(text)}, ok
}

// exprAt returns the Go expression that spans exactly pos..end, or nil.
func exprAt(pass *analysis.Pass, pos, end token.Pos) ast.Expr {
	for _, f := range pass.Files {
		if f.FileStart > pos || pos >= f.FileEnd {
			continue
		}
		path, exact := astutil.PathEnclosingInterval(f, pos, end)
		if !exact || len(path) == 0 {
			return nil
		}
		// PathEnclosingInterval stops at the innermost node; a literal
		// wrapped in parentheses spans the same text.
		for _, n := range path {
			if e, ok := n.(ast.Expr); ok && e.Pos() == pos && e.End() == end {
				return e
			}
		}
		return nil
	}
	return nil
}

// operand looks through parentheses and conversions of a constant to the
// expression that holds its value: the digits of int64(100_000) are all
// a fix needs to change, and the conversion keeps the type.
func operand(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return e
		}
		if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// literalFor returns the text that replaces the constant expression e by
// the value v.
func literalFor(pass *analysis.Pass, e ast.Expr, v int64) (string, bool) {
	info := pass.TypesInfo
	if lit, ok := e.(*ast.BasicLit); ok {
		switch lit.Kind {
		case token.INT:
			return FormatLike(lit.Value, v), true
		case token.FLOAT:
			return formatFloatLike(lit.Value, v), true
		}
		return "", false
	}
	// Any other constant expression (1 << 17, 2 * 125_000, base * 100)
	// becomes one literal of the same kind, with separators if it used
	// them.
	style := ""
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && strings.Contains(lit.Value, "_") {
			style = "_"
		}
		return true
	})
	text := FormatLike(style, v)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Float {
		text = formatFloatLike("e", v)
	}
	if !typed(info, e) {
		return text, true
	}
	// int64(1) << 17 is an int64 where 122880 alone would be an int.
	t := info.TypeOf(e)
	name, ok := typeName(pass, e.Pos(), t)
	if !ok {
		return "", false
	}
	return name + "(" + text + ")", true
}

// typed reports whether the constant expression e has a type of its own,
// rather than one its context gives it: it mentions a typed constant, a
// conversion or a call (len, unsafe.Sizeof). Without one, e is untyped,
// and an untyped literal of the same kind behaves alike everywhere.
func typed(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.Ident:
			if c, ok := info.Uses[n].(*types.Const); ok {
				if b, ok := c.Type().(*types.Basic); !ok || b.Info()&types.IsUntyped == 0 {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// typeName writes t as the file holding pos refers to it: int64, Rows,
// or dbconf.Rows through the file's own name for the import.
func typeName(pass *analysis.Pass, pos token.Pos, t types.Type) (string, bool) {
	var file *ast.File
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			file = f
		}
	}
	if file == nil || t == nil {
		return "", false
	}
	ok := true
	qualify := func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		for _, imp := range file.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && path == p.Path() {
				if imp.Name == nil {
					return p.Name()
				}
				if imp.Name.Name != "_" && imp.Name.Name != "." {
					return imp.Name.Name
				}
			}
		}
		ok = false
		return p.Name()
	}
	name := types.TypeString(t, qualify)
	return name, ok
}
