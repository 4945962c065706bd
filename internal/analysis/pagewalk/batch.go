package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// batch returns the commit loop a commit call (tx.Commit, Appender Flush)
// belongs to when it runs under a size condition inside a loop:
//
//	for rows.Next() {
//		...
//		if n%batchSize == 0 { tx.Commit() ... }
//	}
func (w *walker) batch(cur inspector.Cursor) []*Walk {
	call := cur.Node().(*ast.CallExpr)
	flushed, via, appender := w.FlushOf(call)
	if !appender && !w.isTxCommit(call) && !w.isCommitStmt(call) && !w.commitsThrough(call) && !w.autocommitBatch(cur) {
		return nil
	}
	loop, fn := w.commitLoop(cur)
	if loop.loop != nil {
		walk := &Walk{Strategy: Batch, loop: loop.loop, via: via, Write: true, commit: call, Appender: appender, flushed: flushed, size: loop.size, Strides: loop.strides, chunk: loop.chunk}
		walk.Why = w.commitWhy(call, appender)
		walk.InTx = appender && w.InTx(cur)
		walk.Sites = w.sites(loop.size, 0)
		return []*Walk{walk}
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || loop.size != nil {
		return nil // a function literal: found at its calls (flushOf)
	}
	if appender {
		if fn, ok := w.info.Defs[decl.Name].(*types.Func); ok && w.apps.Of(fn) != nil {
			return nil // a flush helper: found at its calls (flushOf)
		}
	}
	return w.helperBatch(cur, call, appender, flushed, decl)
}

// A sizedLoop is the loop that makes a call a commit loop's commit, with
// the size of the condition the call runs under (if n%N == 0 { ... }),
// or, with none (chunk), the loop's step and the strides that repeat it.
type sizedLoop struct {
	loop    ast.Node
	size    ast.Expr
	strides []Site
	chunk   bool
}

// commitLoop returns the sizedLoop around the call at cur: the innermost
// loop around it in its function. With no loop it returns the function
// around the call (a *ast.FuncDecl or *ast.FuncLit), and in the
// sizedLoop the size of a condition on the way; with a loop that neither
// a condition nor a step sizes, nothing.
func (w *walker) commitLoop(cur inspector.Cursor) (sizedLoop, ast.Node) {
	call := cur.Node()
	var size ast.Expr
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if size == nil && within(call, n.Body) {
				size = w.batchSize(n.Cond)
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if size != nil {
				return sizedLoop{loop: n, size: size}, nil
			}
			// Committed every iteration: a chunk loop (for start := 0;
			// start < len(rows); start += n, a helper called once per
			// chunk), or a walk, if anything.
			step, strides := w.chunkStep(n)
			if step == nil {
				return sizedLoop{}, nil
			}
			return sizedLoop{loop: n, size: step, strides: strides, chunk: true}, nil
		default:
			return sizedLoop{size: size}, n
		}
	}
	return sizedLoop{}, nil
}

// chunkStep returns n in a loop that steps through a slice or a count n
// at a time, for start := 0; start < len(rows); start += n or for chunk
// := range slices.Chunk(rows, n), and the
// other places n is added to the loop variable in the loop (end :=
// start + n), which a fix must change with it.
func (w *walker) chunkStep(loop ast.Node) (ast.Expr, []Site) {
	if r, ok := loop.(*ast.RangeStmt); ok {
		return w.chunkCall(r.X, 0), nil
	}
	l, ok := loop.(*ast.ForStmt)
	if !ok {
		return nil, nil
	}
	post, ok := l.Post.(*ast.AssignStmt)
	cond, isBin := ast.Unparen(l.Cond).(*ast.BinaryExpr)
	if !ok || !isBin || post.Tok != token.ADD_ASSIGN || len(post.Lhs) != 1 || (cond.Op != token.LSS && cond.Op != token.LEQ) {
		return nil, nil
	}
	i := w.flow.ObjectOf(post.Lhs[0])
	n := post.Rhs[0]
	if i == nil || w.flow.ObjectOf(cond.X) != i || !code.IsInteger(w.info.TypeOf(n)) {
		return nil, nil
	}
	var strides []Site
	ast.Inspect(l.Body, func(x ast.Node) bool {
		if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if w.flow.ObjectOf(pair[0]) == i {
					strides = append(strides, w.sites(pair[1], 0)...)
				}
			}
		}
		return true
	})
	return n, strides
}

// chunkCall returns n when x cuts a slice into chunks of n: a call
// chunk(rows, n) of any package (slices.Chunk, lo.Chunk, the module's
// own generic helper) whose result is a slice or an iterator of slices
// of rows' type, maybe gathered by a one-argument call
// (slices.Collect(slices.Chunk(rows, n))), or a variable set once to one.
func (w *walker) chunkCall(x ast.Expr, depth int) ast.Expr {
	if depth > flow.MaxDepth {
		return nil
	}
	if obj := w.flow.ObjectOf(x); obj != nil {
		if v := w.flow.SingleValue(obj); v != nil {
			return w.chunkCall(v, depth+1)
		}
		return nil
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || code.Callee(w.info, call) == nil {
		return nil
	}
	chunk := chunkOf(w.info.TypeOf(call))
	switch len(call.Args) {
	case 1:
		if chunk != nil && types.Identical(chunk, chunkOf(w.info.TypeOf(call.Args[0]))) {
			return w.chunkCall(call.Args[0], depth+1)
		}
	case 2:
		if chunk != nil && types.Identical(chunk, w.info.TypeOf(call.Args[0])) && code.IsInteger(w.info.TypeOf(call.Args[1])) {
			return call.Args[1]
		}
	}
	return nil
}

// chunkOf returns what ranging over a value of type t yields when that
// is a slice: E of []E or of iter.Seq[E] (iter.Seq2's value); nil
// otherwise.
func chunkOf(t types.Type) types.Type {
	if t == nil {
		return nil // code the type checker rejected
	}
	var e types.Type
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice:
		e = u.Elem()
	case *types.Signature:
		// func(yield func(E) bool), or func(yield func(K, E) bool)
		if u.Params().Len() != 1 {
			return nil
		}
		y, ok := u.Params().At(0).Type().Underlying().(*types.Signature)
		if !ok || y.Params().Len() == 0 {
			return nil
		}
		e = y.Params().At(y.Params().Len() - 1).Type()
	default:
		return nil
	}
	if _, ok := e.Underlying().(*types.Slice); ok {
		return e
	}
	return nil
}

// helperBatch returns the commit loops of a commit made by a helper that
// runs no loop itself, one per caller in the package that calls the
// helper under a size condition inside a loop, or once per chunk:
//
//	for row := range src { ...; if len(l.batch) == 75_000 { l.flush() } }
//	func (l *Loader) flush() error { ...; return l.app.Flush() }
func (w *walker) helperBatch(cur inspector.Cursor, call *ast.CallExpr, appender bool, flushed ast.Expr, decl *ast.FuncDecl) []*Walk {
	fn, ok := w.info.Defs[decl.Name].(*types.Func)
	if !ok {
		return nil
	}
	var out []*Walk
	for _, site := range w.flow.Calls[fn] {
		sc, ok := w.cursorOf(site)
		if !ok {
			continue
		}
		loop, _ := w.commitLoop(sc)
		if loop.loop == nil {
			continue
		}
		walk := &Walk{Strategy: Batch, loop: loop.loop, via: decl, Write: true, commit: call, Appender: appender, flushed: flushed, size: loop.size, Strides: loop.strides, chunk: loop.chunk}
		walk.Why = w.commitWhy(call, appender)
		walk.InTx = appender && (w.InTx(cur) || w.InTx(sc))
		walk.Sites = w.sites(loop.size, 0)
		out = append(out, walk)
	}
	return out
}

// batchSize returns N in a batch condition: n%N == 0, n >= N, n == N,
// n > N, len(b) >= N (either operand order), or nil.
func (w *walker) batchSize(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if b.Op == token.LAND || b.Op == token.LOR {
		// n >= min && n%N == 0: the modulus is the batch, the bound a guard.
		for _, side := range []ast.Expr{b.X, b.Y} {
			if n := w.modulus(side); n != nil {
				return n
			}
		}
		if n := w.batchSize(b.X); n != nil {
			return n
		}
		return w.batchSize(b.Y)
	}
	if n := w.modulus(b); n != nil {
		return n
	}
	switch b.Op {
	case token.EQL:
		if w.isCount(b.X) && code.IsInteger(w.info.TypeOf(b.Y)) {
			return b.Y
		}
		if w.isCount(b.Y) && code.IsInteger(w.info.TypeOf(b.X)) {
			return b.X
		}
	case token.GEQ, token.GTR:
		if w.isCount(b.X) && code.IsInteger(w.info.TypeOf(b.Y)) {
			return b.Y
		}
	case token.LEQ, token.LSS:
		if w.isCount(b.Y) && code.IsInteger(w.info.TypeOf(b.X)) {
			return b.X
		}
	}
	return nil
}

// modulus returns N in n%N == 0 (either order), or nil.
func (w *walker) modulus(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return nil
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if rem, ok := ast.Unparen(pair[0]).(*ast.BinaryExpr); ok && rem.Op == token.REM && w.isConst(pair[1], 0) {
			return rem.Y
		}
	}
	return nil
}

// isCount reports whether e counts rows: len(x) or a non-constant
// variable of a plain integer type (a time.Duration or a byte count type
// counts something else).
func (w *walker) isCount(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		return w.isBuiltin(call, "len")
	}
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
		return false
	}
	_, isVar := w.flow.ObjectOf(e).(*types.Var)
	_, basic := w.info.TypeOf(e).(*types.Basic)
	return isVar && basic && code.IsInteger(w.info.TypeOf(e))
}

// commitIn returns a commit into DuckDB inside loop: tx.Commit on a
// transaction not opened on another engine, or a COMMIT statement.
func (w *walker) commitIn(loop ast.Node) ast.Node {
	var found ast.Node
	ast.Inspect(loop, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil && (w.isTxCommit(call) || w.isCommitStmt(call)) {
			found = call
		}
		return found == nil
	})
	return found
}

// isCommitStmt reports whether call runs a COMMIT statement on a handle
// not opened on another engine: conn.ExecContext(ctx, "COMMIT").
func (w *walker) isCommitStmt(call *ast.CallExpr) bool {
	for _, q := range w.queries {
		if q.Call == call {
			return q.Shape.Kind == sqltext.Commit && w.scope.Foreign(q.Recv) == ""
		}
	}
	return false
}

// autocommitBatch reports whether the call at cur runs, outside any
// transaction, one INSERT that writes a batch of rows: INSERT ... SELECT
// over a generated series bound at run time (FROM range(?, ?)), or
// INSERT ... VALUES with a values list built at run time (a Go value in
// the text, or its arguments passed as args...). In autocommit each such
// statement is a commit of its rows.
func (w *walker) autocommitBatch(cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
	var q *sqltext.Query
	for _, x := range w.queries {
		if x.Call == call {
			q = x
			break
		}
	}
	if q == nil || q.Shape.Kind != sqltext.Insert || w.scope.Foreign(q.Recv) != "" {
		return false
	}
	values, built := sqltext.Values(q.Text)
	spread := call.Ellipsis.IsValid() && q.Args == nil // db.Exec(q, args...)
	if !sqltext.Series(q.Text) && !built && !(values && spread) {
		return false
	}
	t := w.info.TypeOf(q.Recv)
	return !handle.IsTx(t) && !w.InTx(cur)
}

// commitsThrough reports whether call is a call of another package's
// helper that commits a transaction on the handle it is given
// (appenders.Commits: dbtx.InTx(ctx, db, fn)), and no handle it passes
// belongs to another engine. A helper of this package is followed from
// its own commit (helperBatch).
func (w *walker) commitsThrough(call *ast.CallExpr) bool {
	fn := code.Callee(w.info, call)
	if fn == nil || fn.Pkg() == w.pkg || !w.apps.Commits(fn) {
		return false
	}
	for _, a := range call.Args {
		if scope.IsHandle(w.info.TypeOf(a)) && w.scope.Foreign(a) != "" {
			return false
		}
	}
	return true
}

func (w *walker) isTxCommit(call *ast.CallExpr) bool {
	fn := code.Callee(w.info, call)
	if fn == nil || fn.Name() != "Commit" || !handle.IsTx(recvType(fn)) || !handle.FromSQL(recvType(fn)) {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && w.scope.Foreign(sel.X) == ""
}

// commitWhy says how the transaction commit commits into DuckDB when a
// struct field decided it (scope.Result.Why); "" for an Appender's flush,
// which is DuckDB's by its type.
func (w *walker) commitWhy(commit *ast.CallExpr, appender bool) string {
	sel, ok := ast.Unparen(commit.Fun).(*ast.SelectorExpr)
	if appender || !ok {
		return ""
	}
	return w.scope.Why(sel.X)
}

// recvType returns the receiver type of a method, nil for a function.
func recvType(fn *types.Func) types.Type {
	if recv := fn.Signature().Recv(); recv != nil {
		return recv.Type()
	}
	return nil
}
