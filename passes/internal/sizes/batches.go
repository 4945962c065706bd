package sizes

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// batches proves a loop that commits every N rows (if n%N == 0 {
// tx.Commit(); ... }): every N rows it may only commit, begin, flush and
// reset its count or buffer; its other statements run once per row and
// may read what it resets only to count (n++) or collect (buf =
// append(buf, r)); and after the loop what it resets is read only to
// commit the rest.
func (b *body) batches() string {
	var list []ast.Stmt
	switch l := b.w.Loop().(type) {
	case *ast.ForStmt:
		b.loop, list = l, l.Body.List
	case *ast.RangeStmt:
		b.loop, list = l, l.Body.List
	default:
		return "the commit loop is not a for loop"
	}
	b.commits = true
	var cif *ast.IfStmt
	var rest []ast.Stmt
	for _, s := range list {
		if ifs, ok := s.(*ast.IfStmt); ok && within(b.w.Commit(), ifs.Body) && cif == nil {
			cif = ifs
			continue
		}
		rest = append(rest, s)
	}
	if cif == nil || cif.Init != nil || cif.Else != nil {
		return "the commit is not under an if of the loop's own body"
	}
	b.neutral = append(b.neutral, cif.Cond)
	for _, s := range cif.Body.List {
		if why := b.batchStmt(s); why != "" {
			return why
		}
	}
	if why := b.perRow(b.loop, &ast.BlockStmt{List: rest}); why != "" {
		return why
	}
	// In declaration order, as counted (pagedep.go): not map order.
	for _, obj := range slices.SortedFunc(maps.Keys(b.batch), func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		for _, id := range b.p.reads(obj) {
			if !within(id, b.loop) && !b.tail(id) {
				return id.Name + ", which starts again every batch, is read after the loop (" + b.p.where(id) + ")"
			}
		}
	}
	return ""
}

// batchStmt proves a statement run once per batch: a commit, a flush, a
// new transaction or statement, an error check, or a reset of the count
// or the buffer (n = 0, buf = buf[:0], buf = nil).
func (b *body) batchStmt(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if b.p.machinery(s.X) {
			return ""
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 && b.p.machinery(s.Rhs[0]) {
			for _, l := range s.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); !ok || id.Name != "_" && !b.p.isMachinery(b.p.info.TypeOf(id)) {
					return b.perPage(s)
				}
			}
			return ""
		}
		if s.Tok == token.ASSIGN && len(s.Lhs) == len(s.Rhs) {
			// n = 0, or several at once: bytes, rows = 0, 0.
			ids := make([]*ast.Ident, 0, len(s.Lhs))
			for i, l := range s.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && b.reset(id, s.Rhs[i]) {
					ids = append(ids, id)
				}
			}
			if len(ids) == len(s.Lhs) {
				for _, id := range ids {
					b.batch[b.p.info.ObjectOf(id)] = true
				}
				return ""
			}
		}
	case *ast.IfStmt:
		if s.Init != nil {
			if why := b.batchStmt(s.Init); why != "" {
				return why
			}
		}
		if b.p.errCheck(s.Cond) && s.Else == nil {
			return ""
		}
	case *ast.RangeStmt:
		if b.writesBuffer(s) {
			return ""
		}
	}
	return b.perPage(s)
}

// writesBuffer reports whether r only writes the rows of the batch's
// buffer: for _, e := range batch { app.AppendRow(e.ID, e.Kind) }, each
// row's values from the range's own variables, errors checked.
func (b *body) writesBuffer(r *ast.RangeStmt) bool {
	if _, ok := ast.Unparen(r.X).(*ast.Ident); !ok {
		return false
	}
	own := func(e ast.Expr) bool {
		ok := true
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID {
				if v, isVar := b.p.info.ObjectOf(id).(*types.Var); isVar && !v.IsField() && !b.p.isMachinery(v.Type()) && !within(&ast.Ident{NamePos: v.Pos(), Name: v.Name()}, r) {
					ok = false // a value from outside the range: per batch
				}
			}
			return ok
		})
		return ok
	}
	write := func(e ast.Expr) bool {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || !b.p.isMachinery(b.p.info.TypeOf(sel.X)) || sel.Sel.Name != "AppendRow" && sel.Sel.Name != "Exec" && sel.Sel.Name != "ExecContext" {
			return false
		}
		for _, a := range c.Args {
			if !own(a) {
				return false
			}
		}
		return true
	}
	for _, s := range r.Body.List {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if write(s.X) {
				continue
			}
		case *ast.IfStmt:
			if a, ok := s.Init.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && write(a.Rhs[0]) && b.p.errCheck(s.Cond) && s.Else == nil {
				continue
			}
		}
		return false
	}
	return true
}

// reset reports whether v = e starts v again: 0, nil, v[:0], v[:0:0], or
// a new make.
func (b *body) reset(v *ast.Ident, e ast.Expr) bool {
	e = ast.Unparen(e)
	if n, ok := code.IntValue(b.p.info, e); ok {
		return n == 0
	}
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return true
	}
	if sl, ok := e.(*ast.SliceExpr); ok && sl.Low == nil {
		if x, ok := ast.Unparen(sl.X).(*ast.Ident); ok && b.p.info.ObjectOf(x) == b.p.info.ObjectOf(v) {
			if n, ok := code.IntValue(b.p.info, sl.High); ok && n == 0 {
				return true
			}
		}
	}
	if c, ok := e.(*ast.CallExpr); ok && code.IsBuiltin(b.p.info, c, "make") {
		return true
	}
	return false
}

// tail reports whether id, read after a commit loop, is in the condition
// of an if that only commits the rest (if len(buf) > 0 { ... }).
func (b *body) tail(id *ast.Ident) bool {
	for _, n := range b.p.path(id) {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		if !within(id, ifs.Cond) || ifs.Else != nil {
			return false
		}
		for _, s := range ifs.Body.List {
			if b.batchStmt(s) != "" {
				return false
			}
		}
		return true
	}
	return false
}

// chunks proves a loop that commits once per iteration, stepping through
// a slice N rows at a time: for start := 0; start < len(rows); start += N,
// ranging over rows[start:end] with end clipped to len(rows); or a range
// over slices.Chunk(rows, N).
func (b *body) chunks() string {
	b.clipped = make(map[types.Object]bool)
	switch l := b.w.Loop().(type) {
	case *ast.ForStmt:
		b.loop = l
		for _, s := range []ast.Stmt{l.Init, l.Post} {
			if s != nil {
				b.markPos(s, l)
			}
		}
		if why := b.header(l, true); why != "" {
			return why
		}
		return b.stmts(l.Body.List)
	case *ast.RangeStmt:
		b.loop = l
		b.neutral = append(b.neutral, l.X)
		if l.Value != nil {
			return "the loop reads the chunk's number"
		}
		if id, ok := l.Key.(*ast.Ident); ok {
			b.declare(b.p.info.ObjectOf(id)) // for chunk := range slices.Chunk(rows, n)
		}
		return b.stmts(l.Body.List)
	}
	return "the commit loop is not a for loop"
}
