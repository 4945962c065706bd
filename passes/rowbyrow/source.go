package rowbyrow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// The check reports bulk data paths only: loops whose trip count comes
// from data. A statement per row costs milliseconds a row
// (docs/measurements.md#row-by-row-writes), which matters when the rows
// are a file, a result set, a stream; a loop over the handful of
// entities of one request, the files of a migration or the tables of a
// schema costs a few milliseconds in all, and a report there is noise.
// Where the source cannot be told (a slice parameter no caller in the
// package fills, the result of a function that shows no bulk read, a
// struct field), the check says nothing.

// bulk reports whether loop, a for or range statement in the function
// fn, is a bulk data path: it reads the rows of a query, a file or stream
// reader, a channel fed by a producer, a queue reader or an iterator, or
// ranges over what such a loop of fn collected. w is the handle the
// statement writes to, when known: a query's rows written back one by
// one to the handle they came from, selected by a key, are one entity's
// rows.
func (p *Package) bulk(loop ast.Node, fn ast.Node, w ast.Expr, depth int) bool {
	if depth > flow.MaxDepth || code.Polls(p.pass.TypesInfo, loop) {
		return false // paced by the clock: a poller, a periodic job
	}
	switch l := loop.(type) {
	case *ast.RangeStmt:
		return p.bulkRange(l.X, fn, w, depth)
	case *ast.ForStmt:
		if l.Cond == nil {
			return readsEach(p.pass.TypesInfo, l.Body)
		}
		if call, ok := ast.Unparen(l.Cond).(*ast.CallExpr); ok {
			return p.bulkNext(call, fn, w, depth)
		}
		// for i := 0; i < len(x); i++: x's rows.
		if c, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr); ok && (c.Op == token.LSS || c.Op == token.LEQ) {
			if x := p.lenOf(c.Y); x != nil {
				return p.bulkValue(x, fn, w, depth+1)
			}
		}
	}
	return false
}

// bulkRange reports whether ranging over x reads data in bulk.
func (p *Package) bulkRange(x ast.Expr, fn ast.Node, w ast.Expr, depth int) bool {
	info := p.pass.TypesInfo
	switch t := typeOf(p, x).(type) {
	case *types.Chan:
		// A channel fed by a producer; a ticker's channel is the clock
		// (code.Polls).
		return !code.IsTimeChan(info, x)
	case *types.Signature:
		// range over an iterator: maps.Keys(m) and slices.Values(s) are
		// m's and s's; any other iterates a data source.
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
			if f := code.Callee(info, call); f != nil && f.Pkg() != nil && (f.Pkg().Path() == "maps" || f.Pkg().Path() == "slices") {
				return len(call.Args) > 0 && p.bulkValue(call.Args[0], fn, w, depth+1)
			}
		}
		return true
	case *types.Basic:
		if t.Info()&types.IsInteger != 0 {
			if v := p.lenOf(x); v != nil {
				return p.bulkValue(v, fn, w, depth+1)
			}
			return false // a count the code, a flag or a caller gives
		}
	}
	return p.bulkValue(x, fn, w, depth+1)
}

// lenOf returns x when e is len(x), directly or through a variable
// assigned once.
func (p *Package) lenOf(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if obj := p.sc.Flow.ObjectOf(e); obj != nil {
		if v := p.sc.Flow.SingleValue(obj); v != nil {
			e = ast.Unparen(v)
		}
	}
	if call, ok := e.(*ast.CallExpr); ok && code.IsBuiltin(p.pass.TypesInfo, call, "len") && len(call.Args) == 1 {
		return call.Args[0]
	}
	return nil
}

// bulkValue reports whether the slice, map or string x holds data read in
// bulk: a variable of fn filled in a bulk loop of fn (append, m[k] = v),
// filled by sqlx's Select from a query's rows, read whole from a file
// (csv's ReadAll, os.ReadFile split into lines), returned by a function
// that fills it so (BulkResult), a parameter a caller in the package
// hands such a value (bulkParam), or a field the package fills so
// (bulkField). Parameters whose callers are elsewhere, and fields only
// other packages fill, are not followed: their size is not shown here.
func (p *Package) bulkValue(x ast.Expr, fn ast.Node, w ast.Expr, depth int) bool {
	if depth > flow.MaxDepth || fn == nil {
		return false
	}
	x = ast.Unparen(x)
	switch e := x.(type) {
	case *ast.SliceExpr:
		return p.bulkValue(e.X, fn, w, depth+1) // records[1:]: after a header
	case *ast.CallExpr:
		return p.bulkCall(e, fn, w, depth+1)
	case *ast.SelectorExpr:
		if f, ok := p.sc.Flow.ObjectOf(e).(*types.Var); ok && f.IsField() {
			return p.bulkField(f, depth+1)
		}
		return false
	case *ast.Ident:
	default:
		return false
	}
	v, ok := p.pass.TypesInfo.Uses[x.(*ast.Ident)].(*types.Var)
	if !ok || v.IsField() || !within(v.Pos(), fn) {
		return false // a package variable, a field
	}
	if _, param := p.sc.Flow.Params[v]; param {
		return p.bulkParam(v, depth+1) // what the package's callers hand it
	}
	for _, wr := range p.sc.Flow.Writes[v] {
		if wr.Op == token.RANGE {
			continue
		}
		if call, ok := ast.Unparen(wr.Value).(*ast.CallExpr); ok && !wr.Tuple && code.IsBuiltin(p.pass.TypesInfo, call, "append") {
			if l := p.loopAround(wr.Node, fn); l != nil && p.bulk(l, fn, w, depth+1) {
				return true // rows = append(rows, r) for each row read
			}
			continue
		}
		if call, ok := ast.Unparen(wr.Value).(*ast.CallExpr); ok && (!wr.Tuple || wr.Index == 0) {
			if p.bulkCall(call, fn, w, depth+1) {
				return true
			}
		}
		if call, ok := ast.Unparen(wr.Value).(*ast.CallExpr); ok && wr.Tuple && wr.Index > 0 {
			if p.bulkResult(code.Callee(p.pass.TypesInfo, call), wr.Index) {
				return true // recs, n, err := load(path)
			}
		}
	}
	// m[k] = v, m[k] += v, m[k]++ in a bulk loop; sqlx's Select(&x, ...).
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && p.sc.Flow.ObjectOf(ix.X) == v {
					if l := p.loopAround(n, fn); l != nil && p.bulk(l, fn, w, depth+1) {
						found = true
					}
				}
			}
		case *ast.IncDecStmt:
			if ix, ok := ast.Unparen(n.X).(*ast.IndexExpr); ok && p.sc.Flow.ObjectOf(ix.X) == v {
				if l := p.loopAround(n, fn); l != nil && p.bulk(l, fn, w, depth+1) {
					found = true
				}
			}
		}
		return true
	})
	if found {
		return true
	}
	for _, a := range p.sc.Flow.AddrTaken[v] {
		if q := p.selectInto(a); q != nil && p.bulkQuery(q, w) {
			return true
		}
	}
	return false
}

// bulkField reports whether the package fills the slice or map field f
// with data read in bulk somewhere: s.rows = append(s.rows, r) in a bulk
// loop, or s.rows = v (a keyed literal's Rows: v too) where v is bulk in
// the function that assigns it.
func (p *Package) bulkField(f *types.Var, depth int) bool {
	if depth > flow.MaxDepth || !sliceOrMap(f.Type()) {
		return false
	}
	for _, wr := range p.sc.Flow.Writes[f.Origin()] {
		if wr.Value == nil || wr.Tuple || wr.Op == token.RANGE {
			continue
		}
		cur, ok := p.Root.FindNode(wr.Node)
		if !ok {
			continue
		}
		decl := declOf(cur)
		if decl == nil {
			continue
		}
		if call, ok := ast.Unparen(wr.Value).(*ast.CallExpr); ok && code.IsBuiltin(p.pass.TypesInfo, call, "append") {
			if l := p.loopAround(wr.Node, decl); l != nil && p.bulk(l, decl, nil, depth+1) {
				return true
			}
			continue
		}
		if p.bulkValue(wr.Value, decl, nil, depth+1) {
			return true
		}
	}
	return false
}

// bulkCall reports whether the result of call is data read in bulk:
// csv's ReadAll, a file's contents (os.ReadFile, io.ReadAll of an
// *os.File) and their lines (strings.Split, bytes.Split, strings.Lines
// and the like, through string and []byte conversions).
func (p *Package) bulkCall(call *ast.CallExpr, fn ast.Node, w ast.Expr, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	info := p.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return p.fileData(call.Args[0], fn, depth+1) // string(data), []byte(s)
	}
	f := code.Callee(info, call)
	if f == nil || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() + "." + f.Name() {
	case "encoding/csv.ReadAll":
		return true
	case "strings.Split", "strings.SplitN", "strings.Fields", "strings.Lines", "strings.SplitSeq", "strings.FieldsSeq",
		"bytes.Split", "bytes.SplitN", "bytes.Fields", "bytes.Lines", "bytes.SplitSeq", "bytes.FieldsSeq":
		return len(call.Args) > 0 && p.fileData(call.Args[0], fn, depth+1)
	}
	// A function of this package or another that fills what it returns
	// in a bulk loop (a store's ListAll over rows.Next, a reader's lines).
	return p.bulkResult(f, 0)
}

// fileData reports whether e is a file's contents: os.ReadFile(path),
// io.ReadAll of an *os.File, through conversions and variables of fn.
func (p *Package) fileData(e ast.Expr, fn ast.Node, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	info := p.pass.TypesInfo
	e = ast.Unparen(e)
	if obj := p.sc.Flow.ObjectOf(e); obj != nil && within(obj.Pos(), fn) {
		for _, wr := range p.sc.Flow.Writes[obj] {
			if wr.Value != nil && (!wr.Tuple || wr.Index == 0) && p.fileData(wr.Value, fn, depth+1) {
				return true
			}
		}
		return false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return p.fileData(call.Args[0], fn, depth+1)
	}
	f := code.Callee(info, call)
	if f == nil || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() + "." + f.Name() {
	case "os.ReadFile":
		return true
	case "io.ReadAll":
		return len(call.Args) == 1 && code.IsNamed(info.TypeOf(call.Args[0]), "os", "File")
	}
	return false
}

// bulkNext reports whether for cond() { ... } reads a row per iteration
// from a data source: rows.Next() of a query (see bulkQuery), a
// bufio.Scanner's Scan, a json.Decoder's More, or any other method that
// takes no argument and answers whether there is another row
// (it.Next(), reader.HasNext()).
func (p *Package) bulkNext(cond *ast.CallExpr, fn ast.Node, w ast.Expr, depth int) bool {
	info := p.pass.TypesInfo
	sel, ok := ast.Unparen(cond.Fun).(*ast.SelectorExpr)
	if !ok || len(cond.Args) != 0 {
		return false
	}
	m, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || m.Signature().Recv() == nil {
		return false // a function of a package: a condition, not a read
	}
	if res := m.Signature().Results(); res.Len() != 1 || !types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return false
	}
	if p.handedIn(sel.X) {
		return false // a scanning helper's rows: its callers' query decides
	}
	if isRows(info.TypeOf(sel.X)) {
		q := p.queryOf(sel.X)
		return q == nil || p.bulkQuery(q, w) // rows handed in: a result set
	}
	return true
}

// handedIn reports whether x, the rows a function reads (for
// rows.Next()), is one of its parameters while findResults judges the
// function's results: a result is bulk on the function's own evidence,
// and scanSiteRoles(rows) returns one key's rows at one call and a
// table's at another. Outside findResults rows handed in count as a
// result set, as they always have; a reader or a channel handed in is a
// stream either way.
func (p *Package) handedIn(x ast.Expr) bool {
	if p.busy == nil {
		return false
	}
	v, ok := p.sc.Flow.ObjectOf(x).(*types.Var)
	if !ok {
		return false
	}
	_, param := p.sc.Flow.Params[v]
	return param
}

// isRows reports whether t is database/sql's or sqlx's Rows.
func isRows(t types.Type) bool {
	return handle.Of(t) == handle.Rows
}

// queryOf returns the query whose rows the variable x holds (rows, err :=
// db.QueryContext(...)), or nil.
func (p *Package) queryOf(x ast.Expr) *sqltext.Query {
	obj := p.sc.Flow.ObjectOf(x)
	if obj == nil {
		return nil
	}
	call := p.sc.Flow.SingleResult(obj)
	if call == nil {
		if v := p.sc.Flow.SingleValue(obj); v != nil {
			call, _ = ast.Unparen(v).(*ast.CallExpr)
		}
	}
	if call == nil {
		return nil
	}
	return p.queryAt(call)
}

// queryAt returns the query call runs, or nil.
func (p *Package) queryAt(call *ast.CallExpr) *sqltext.Query {
	for _, q := range p.Queries {
		if q.Call == call {
			return q
		}
	}
	return nil
}

// selectInto returns the sqlx Select query whose destination is the
// address taken at a (&batch in db.Select(&batch, q)), or nil.
func (p *Package) selectInto(a ast.Node) *sqltext.Query {
	cur, ok := p.Root.FindNode(a)
	if !ok {
		return nil
	}
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	if q := p.queryAt(call); q != nil && strings.HasPrefix(q.Method(), "Select") {
		return q
	}
	return nil
}

// bulkQuery reports whether the rows of q are data in bulk. Not so: the
// catalog (one row per table or column), a result the SQL bounds to a few
// rows (LIMIT 20, USING SAMPLE 10 ROWS, or, outside a loop, a LIMIT the
// program binds to a value it does not show: one request's page), and
// the rows of one entity (WHERE team_id = ?) written back one by one to
// the handle w they were read from. A page of a walk (LIMIT 100000, or
// LIMIT ? in a loop over pages) is bulk.
func (p *Package) bulkQuery(q *sqltext.Query, w ast.Expr) bool {
	s := q.Shape
	if s.Catalog {
		return false // the schema's tables and columns
	}
	if s.Kind != sqltext.Read {
		return true // INSERT ... RETURNING, a statement the reader cannot tell
	}
	for _, op := range []*sqltext.Operand{s.Limit, s.Sample} {
		if op == nil {
			continue
		}
		n, ok := op.Int()
		if !ok {
			n, ok = p.sc.Flow.ConstInt(q.Arg(op))
		}
		if ok && n <= seedRows || !ok && loopOf(q.Cursor, code.EnclosingFunc(q.Cursor)) == nil {
			// A few rows, or one page of a size the caller gives (one
			// request's page); a page whose query runs in a loop is a
			// page of a walk, however its size is set.
			return false
		}
	}
	if s.KeyFilter && (w == nil || sameHandle(p.sc.Flow, q.Recv, w)) {
		return false
	}
	return true
}

// sameHandle reports whether a and b name the same handle.
func sameHandle(x *flow.Index, a, b ast.Expr) bool {
	if oa, ob := x.ObjectOf(a), x.ObjectOf(b); oa != nil && oa == ob {
		return true
	}
	return types.ExprString(a) == types.ExprString(b)
}

// readsEach reports whether a for loop without a condition reads a row
// at the top of each iteration: a statement of its body (not nested in
// another) calls a reader's method (r.Read(), dec.Decode(&v),
// c.ReadMessage(ctx), stream.Recv(), it.Next()). Such a loop ends at
// io.EOF or when the source is drained.
func readsEach(info *types.Info, body *ast.BlockStmt) bool {
	for _, st := range body.List {
		var e ast.Expr
		switch st := st.(type) {
		case *ast.AssignStmt:
			if len(st.Rhs) == 1 {
				e = st.Rhs[0]
			}
		case *ast.ExprStmt:
			e = st.X
		case *ast.IfStmt:
			if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				e = as.Rhs[0]
			}
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if m, ok := info.Uses[sel.Sel].(*types.Func); ok && m.Signature().Recv() != nil && readMethods[m.Name()] {
			return true
		}
	}
	return false
}

// readMethods are the names of the methods that read the next row,
// record or message of a source: encoding/csv, encoding/json, bufio,
// Kafka and NATS clients, gRPC streams, iterators.
var readMethods = map[string]bool{
	"Read": true, "ReadRecord": true, "ReadRow": true, "ReadLine": true, "ReadString": true, "ReadBytes": true,
	"Decode": true, "Next": true, "NextRow": true, "NextRecord": true,
	"ReadMessage": true, "FetchMessage": true, "Poll": true, "Recv": true, "Receive": true,
}

// loopAround returns the innermost for or range statement around n in
// fn, or nil.
func (p *Package) loopAround(n ast.Node, fn ast.Node) ast.Node {
	cur, ok := p.Root.FindNode(n)
	if !ok {
		return nil
	}
	return loopOf(cur, fn)
}

// loopOf returns the innermost for or range statement around cur that
// is inside fn, or nil when a function stands between them.
func loopOf(cur inspector.Cursor, fn ast.Node) ast.Node {
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		default:
			if within(n.Pos(), fn) {
				return n
			}
			return nil
		}
	}
	return nil
}
