package rowbyrow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// seedRows is the largest constant trip count of a loop rowbyrow leaves
// alone: a loop seeding a handful of reference rows, or running a
// statement per element of a short literal list. At the measured cost of
// a statement that commits alone (about 2 ms, docs/measurements.md#row-by-row-writes,
// 2026-12-01) 100 rows take a fraction of a second; a loop with more
// trips, or none the source shows, is a load.
const seedRows = 100

// A stmt is a one-row write and the Go values that make its row: the
// arguments bound to it and the values put into its VALUES, SET or WHERE.
type stmt struct {
	kind sqltext.RowKind
	uses []ast.Expr
}

// statement returns the one-row write q runs, or nil: q must run the
// statement (not prepare it) and write one row per run.
func (p *Package) statement(q *sqltext.Query) *stmt {
	m := q.Method()
	if strings.HasPrefix(m, "Prepare") {
		return nil
	}
	kind := q.Shape.Row.Kind
	if kind == sqltext.NoRow {
		return nil
	}
	if strings.HasPrefix(m, "Named") && len(q.Args) == 1 {
		// sqlx's NamedExec with a slice binds one row per element in one
		// multi-row VALUES statement.
		switch typeOf(p, q.Args[0]).(type) {
		case *types.Slice, *types.Array:
			return nil
		}
	}
	st := &stmt{kind: kind, uses: append([]ast.Expr(nil), q.Args...)}
	if q.Call.Ellipsis.IsValid() && len(q.Call.Args) > 0 {
		st.uses = append(st.uses, q.Call.Args[len(q.Call.Args)-1])
	}
	// Values put into the text after VALUES, SET or WHERE, quoted or not
	// ('" + u.Name + "'); a hole before them names a table.
	for _, part := range q.Text[min(q.Shape.Row.Values, len(q.Text)):] {
		if part.Expr != nil {
			st.uses = append(st.uses, part.Expr)
		}
	}
	return st
}

func typeOf(p *Package, e ast.Expr) types.Type {
	if t := p.pass.TypesInfo.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// rowLoop returns the loop that runs call once per row: the innermost
// loop around it, in its own function, whose iterations change a value
// in uses (the row's values or the arguments of a helper call), when it
// is a bulk data path (see bulk). Loops with a small constant trip count
// (a literal list of kinds), over the command line's arguments, or whose
// iterations bind the same values (a retry loop) are passed over for the
// loop around them. w is the handle the statement writes to, nil when
// unknown. rowLoop returns nil when there is no such loop or it is no
// bulk path, when the statement leaves the loop or runs under a
// once-flag or a rare condition (see leaves and guarded), or when the
// loop builds the statement's text or arguments in a loop of its own
// before running it (a chunked multi-row statement, commitsize's
// concern).
func (p *Package) rowLoop(cur inspector.Cursor, uses []ast.Expr, call *ast.CallExpr, w ast.Expr) ast.Node {
	// Where the loop's source is looked for: the function declaration,
	// closures included (records read before s.Transact(ctx, func(tx)
	// {...}) are ranged over inside it).
	fn := code.EnclosingFunc(cur)
	if d := declOf(cur); d != nil {
		fn = d
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		loop := c.Node()
		switch loop.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		}
		if n := p.sc.Flow.Trips(loop); 0 <= n && n <= seedRows || p.commandLine(loop) {
			continue
		}
		if !p.varies(uses, loop) && !reads(loop) {
			continue
		}
		if p.builtInLoop(call, loop) || leaves(p.pass.TypesInfo, cur, loop) || p.guarded(cur, loop) {
			return nil
		}
		if p.bulk(loop, fn, w, 0) || p.batchWriter(loop, fn, call) || p.inCommitLoop(loop, fn) {
			return loop
		}
		// The loop that makes the rows counts the code's items, one
		// request's or a record's few (the tags of each event), or
		// cannot be told: not a bulk path, whatever loop is around it.
		return nil
	}
	return nil
}

// varies reports whether a variable read in uses is declared or written
// inside loop: a range variable, the loop counter, a line read in the
// body, a variable whose address the body hands to Scan, a slice whose
// elements the body sets (vals[i] = row[c]).
func (p *Package) varies(uses []ast.Expr, loop ast.Node) bool {
	found := false
	for _, e := range uses {
		if e == nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			v, ok := p.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok || v.IsField() {
				return true
			}
			found = within(v.Pos(), loop) || p.writtenIn(v, loop) || p.elementSetIn(v, loop)
			return !found
		})
	}
	return found
}

// commandLine reports whether loop ranges over the program's command-line
// arguments (os.Args, os.Args[1:], flag.Args(), a FlagSet's or pflag's
// Args()): what a user typed, a few names, not a load.
func (p *Package) commandLine(loop ast.Node) bool {
	r, ok := loop.(*ast.RangeStmt)
	if !ok {
		return false
	}
	x := ast.Unparen(r.X)
	if s, ok := x.(*ast.SliceExpr); ok {
		x = ast.Unparen(s.X)
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		v, ok := p.pass.TypesInfo.Uses[x.Sel].(*types.Var)
		return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Args"
	case *ast.CallExpr:
		fn := code.Callee(p.pass.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil || fn.Name() != "Args" {
			return false
		}
		switch fn.Pkg().Path() {
		case "flag", "github.com/spf13/pflag":
			return true
		}
	}
	return false
}

// reads reports whether loop is a for loop whose condition calls
// something: rows.Next(), sc.Scan(), dec.More(). Each iteration then
// reads a new row, which may reach the statement through pointers the
// index does not follow (rows.Scan(ptrs...) into vals, then vals...).
func reads(loop ast.Node) bool {
	f, ok := loop.(*ast.ForStmt)
	if !ok || f.Cond == nil {
		return false
	}
	found := false
	ast.Inspect(f.Cond, func(n ast.Node) bool {
		// A method or another package's function; len(rows) reads nothing.
		if call, ok := n.(*ast.CallExpr); ok {
			_, sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			found = found || sel
		}
		return !found
	})
	return found
}

// writtenIn reports whether v is assigned, or its address taken, inside
// n.
func (p *Package) writtenIn(v types.Object, n ast.Node) bool {
	for _, w := range p.sc.Flow.Writes[v] {
		if within(w.Node.Pos(), n) {
			return true
		}
	}
	for _, a := range p.sc.Flow.AddrTaken[v] {
		if within(a.Pos(), n) {
			return true
		}
	}
	return false
}

// elementSetIn reports whether an element of v is assigned inside n
// (v[i] = x, v[k] += x).
func (p *Package) elementSetIn(v types.Object, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if as, ok := m.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && p.sc.Flow.ObjectOf(ix.X) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// builtInLoop reports whether a string or strings.Builder variable call
// reads (the statement's text) is written, or has a method called on it,
// in a loop inside loop that ends before call: the statement is then
// built row by row and run once per chunk. The values bound to a one-row
// text may be gathered in a loop of their own (vals[i] = ... per column):
// that builds one row, not many.
func (p *Package) builtInLoop(call *ast.CallExpr, loop ast.Node) bool {
	objs := make(map[types.Object]bool)
	for _, e := range call.Args {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := p.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && (isString(v.Type()) || code.IsNamed(v.Type(), "strings", "Builder")) {
					objs[v] = true
				}
			}
			return true
		})
	}
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
		default:
			return true
		}
		if n == loop {
			return true
		}
		if n.End() > call.Pos() {
			return true // the call's own loop, or one after it
		}
		for obj := range objs {
			if p.writtenIn(obj, n) || p.methodCalledIn(obj, n) {
				found = true
			}
		}
		return !found
	})
	return found
}

// methodCalledIn reports whether a method of v is called inside n
// (b.WriteString(...), buf.Write(...)).
func (p *Package) methodCalledIn(v types.Object, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && p.pass.TypesInfo.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// within reports whether pos is inside n.
func within(pos token.Pos, n ast.Node) bool {
	return n.Pos() <= pos && pos < n.End()
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
