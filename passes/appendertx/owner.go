package appendertx

import (
	"go/ast"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
)

// ownedBy returns the AppendRow of the helper a's loop calls when that
// helper owns its Appender (ownRow), nil otherwise: a's loop is then
// reported at a itself. A TEMP or staging table's load keeps its own
// finding, whose message says which table.
func (f *finder) ownedBy(a *appendLoop) *ast.CallExpr {
	if a.Via == nil || a.Temp != "" {
		return nil
	}
	return f.ownRow(a.Via)
}

// ownRow returns the AppendRow call of fn, a helper of the package that
// appends one row per call, when fn makes the Appender it appends to
// itself, lazily, and keeps it in a field or a map of its own (sqlprof's
// loader.Append, one Appender per table):
//
//	app, ok := l.apps[table]
//	if !ok {
//		app, err = duckdb.NewAppenderFromConn(l.conn, "", table)
//		...
//		l.apps[table] = app
//	}
//	return app.AppendRow(args...)
//
// Its callers' loops then feed an Appender no caller sees: the BEGIN they
// lack is the helper's to run, before it makes its first Appender. Nil
// for a helper of another package, one given its Appender (a parameter,
// a field its constructor set), or one with no AppendRow of its own.
func (f *finder) ownRow(fn *types.Func) *ast.CallExpr {
	if row, ok := f.owned[fn]; ok {
		return row
	}
	var row *ast.CallExpr
	if decl := f.apps.Decl(fn); decl != nil && fn.Pkg() == f.pkg {
		row = f.lazyRow(decl)
	}
	f.owned[fn] = row
	return row
}

// lazyRow returns the first AppendRow call of decl whose Appender decl
// makes under a condition and stores in a field or a map element, or nil.
func (f *finder) lazyRow(decl *ast.FuncDecl) *ast.CallExpr {
	// key is what an Appender expression is held in: the variable, the
	// field, or the map (l.apps[table] is held in l.apps).
	key := func(e ast.Expr) types.Object {
		e = ast.Unparen(e)
		if ix, ok := e.(*ast.IndexExpr); ok {
			e = ix.X
		}
		return f.flow.ObjectOf(e)
	}
	made := make(map[types.Object]bool) // variables set from a NewAppender under an if
	kept := make(map[types.Object]bool) // fields and maps such an Appender is stored in
	var rows []*ast.CallExpr
	var conds []*ast.BlockStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs whenever it is called, not per call of decl
		case *ast.IfStmt:
			conds = append(conds, n.Body)
			if e, ok := n.Else.(*ast.BlockStmt); ok {
				conds = append(conds, e)
			}
		case *ast.CallExpr:
			if appenders.Method(f.info, n) == "AppendRow" {
				rows = append(rows, n)
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var r ast.Expr
				switch {
				case len(n.Rhs) == len(n.Lhs):
					r = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1:
					r = n.Rhs[0] // app, err = duckdb.NewAppenderFromConn(...)
				default:
					continue
				}
				call, isCall := ast.Unparen(r).(*ast.CallExpr)
				fresh := isCall && isNewAppender(f.info, call) && inAny(call, conds)
				switch ast.Unparen(l).(type) {
				case *ast.SelectorExpr, *ast.IndexExpr:
					if fresh || made[key(r)] {
						kept[key(l)] = true
					}
				case *ast.Ident:
					if fresh {
						made[key(l)] = true
					}
				}
			}
		}
		return true
	})
	if len(kept) == 0 {
		return nil
	}
	for _, row := range rows {
		sel, ok := ast.Unparen(row.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if k := key(sel.X); k != nil && (made[k] || kept[k]) {
			return row
		}
	}
	return nil
}

// inAny reports whether n is in one of blocks.
func inAny(n ast.Node, blocks []*ast.BlockStmt) bool {
	for _, b := range blocks {
		if within(n, b) {
			return true
		}
	}
	return false
}
