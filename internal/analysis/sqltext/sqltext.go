package sqltext

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
)

// A Query is one database/sql call and the SQL text it runs.
type Query struct {
	Call *ast.CallExpr
	// Cursor is the call's place in the syntax tree.
	Cursor inspector.Cursor
	// method is the method called: Query, ExecContext, ...
	method string
	// Recv is the handle the call is made on (db, tx, conn, stmt).
	Recv ast.Expr
	Text Text
	// Args are the values bound to the placeholders, nil when they are
	// passed as args... and so unknown.
	Args  []ast.Expr
	Shape Shape
	// named maps the upper-cased name of each sql.Named("name", v)
	// argument to v.
	named map[string]ast.Expr
	// bound maps each :name of an sqlx named query to the value of the
	// struct field or map entry sqlx binds to it.
	bound map[string]ast.Expr
	// tail are the values appended last when the arguments are passed as
	// append(args, n, off)...: they bind the last ? placeholders, whatever
	// optional filters came first; questions is the number of ?.
	tail      []ast.Expr
	questions int
	// Remote names the function of another package whose page query the
	// call runs, with where that query is ("store.(*Repo).List (query at
	// repo.go:31)"), when the call stands for it (pagewalk's PageQuery
	// fact); Text is then empty.
	Remote string
	// PageNumber reports, for a Remote query, that the argument bound to
	// OFFSET is a page number the function multiplies by its limit
	// (offset := (page - 1) * perPage): it advances by one page, and no
	// constant it steps by is a page size.
	PageNumber bool
}

// Method returns the name of the method or sqlx function the query's
// call runs: Exec, ExecContext, QueryRow, NamedExec, ...
func (q *Query) Method() string { return q.method }

// Arg returns the Go expression that supplies operand o: the argument of
// a placeholder or the expression of a hole. It returns nil for numbers
// written in the SQL and for unknown arguments.
func (q *Query) Arg(o *Operand) ast.Expr {
	if o == nil {
		return nil
	}
	switch o.Tok.Kind {
	case Placeholder:
		if o.Tok.Arg >= 0 && o.Tok.Arg < len(q.Args) {
			return q.Args[o.Tok.Arg]
		}
		if i := len(q.tail) - (q.questions - o.Tok.Arg); o.Tok.Text == "?" && q.Args == nil && i >= 0 && i < len(q.tail) {
			return q.tail[i]
		}
		if name, ok := strings.CutPrefix(o.Tok.Text, "$"); ok {
			return q.named[strings.ToUpper(name)]
		}
		if name, ok := strings.CutPrefix(o.Tok.Text, ":"); ok {
			return q.bound[name]
		}
	case Hole:
		return q.Text[o.Tok.Part].Expr
	}
	return nil
}

// NumberPos returns where a number written in the SQL text stands in the
// Go source, when the text maps byte for byte onto a string literal.
func (q *Query) NumberPos(o *Operand) (token.Pos, bool) {
	if o == nil || o.Tok.Kind != Number {
		return token.NoPos, false
	}
	p := q.Text[o.Tok.Part]
	if p.Src == nil {
		return token.NoPos, false
	}
	// +1 skips the opening quote or backquote.
	return p.Src.Pos() + 1 + token.Pos(p.SrcOff+o.Tok.Off), true
}

// queryMethods are the database/sql methods (and their look-alikes on
// wrappers and interfaces) whose first string parameter is SQL.
var queryMethods = map[string]bool{
	"Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Exec": true, "ExecContext": true, "Prepare": true, "PrepareContext": true,
}

// sqlxMethods are sqlx's query methods, recognised on its types only:
// names as common as Get and Select mean SQL nowhere else.
var sqlxMethods = map[string]bool{
	"Select": true, "SelectContext": true, "Get": true, "GetContext": true,
	"Queryx": true, "QueryxContext": true, "QueryRowx": true, "QueryRowxContext": true,
	"MustExec": true, "MustExecContext": true, "NamedQuery": true, "NamedQueryContext": true,
	"NamedExec": true, "NamedExecContext": true,
}

// sqlxFuncs are sqlx's package-level query functions, with the places of
// their arguments: the handle (a Queryer, Ext or their Context forms),
// the SQL, and the first argument bound to it, or the named query's
// struct or map.
var sqlxFuncs = map[string]struct{ recv, sql, args int }{
	"Select": {0, 2, 3}, "Get": {0, 2, 3},
	"SelectContext": {1, 3, 4}, "GetContext": {1, 3, 4},
	"MustExec": {0, 1, 2}, "MustExecContext": {1, 2, 3},
	"NamedQuery": {0, 1, 2}, "NamedExec": {0, 1, 2},
	"NamedQueryContext": {1, 2, 3}, "NamedExecContext": {1, 2, 3},
}

// Find returns the queries of the syntax insp covers, in source order.
// x is the package's value index, through which SQL text held in
// variables and constants is found.
func Find(x *flow.Index, insp *inspector.Inspector) []*Query {
	var qs []*Query
	b := &builder{info: x.Info, flow: x}
	b.indexBuilders(insp)
	b.indexFuncs(insp)
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		q := b.query(cur.Node().(*ast.CallExpr))
		if q == nil {
			continue
		}
		q.Cursor = cur
		q.named = b.namedArgs(q.Args)
		if strings.HasPrefix(q.method, "Named") && len(q.Args) == 1 {
			q.bound = b.boundArgs(q.Args[0], 0)
		}
		q.Shape = Parse(q.Text)
		if q.Args == nil && q.Call.Ellipsis.IsValid() {
			q.tail = appended(b.info, q.Call.Args[len(q.Call.Args)-1])
			for _, tk := range lex(q.Text) {
				if tk.Kind == Placeholder && tk.Text == "?" {
					q.questions++
				}
			}
		}
		qs = append(qs, q)
		// for _, s := range []string{"INSTALL x", "ATTACH ..."} { db.Exec(s) }:
		// the call runs each statement of the list.
		if len(q.Text) == 1 && q.Text[0].Expr != nil {
			for _, elt := range b.rangedStrings(q.Text[0].Expr) {
				stmt := *q
				stmt.Text = b.eval(elt, 1)
				stmt.Shape = Parse(stmt.Text)
				qs = append(qs, &stmt)
			}
		}
	}
	return qs
}

// appended returns the values e appends last when e is
// append(x, v1, v2) (not append(x, y...)), or nil.
func appended(info *types.Info, e ast.Expr) []ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) < 2 {
		return nil
	}
	if !code.IsBuiltin(info, call, "append") {
		return nil
	}
	return call.Args[1:]
}

// rangedStrings returns the elements of the string slice or array literal
// that e ranges over, when e is the value variable of such a range
// statement (the literal written in the statement or held by a variable
// assigned once), or nil.
func (b *builder) rangedStrings(e ast.Expr) []ast.Expr {
	obj := b.flow.ObjectOf(e)
	if obj == nil || b.flow.Escaped[obj] {
		return nil
	}
	ws := b.flow.Writes[obj]
	if len(ws) != 1 || ws[0].Op != token.RANGE {
		return nil
	}
	rs := ws[0].Node.(*ast.RangeStmt)
	if rs.Value == nil || b.flow.ObjectOf(rs.Value) != obj {
		return nil
	}
	x := ast.Unparen(rs.X)
	if id, ok := x.(*ast.Ident); ok {
		if o := b.flow.ObjectOf(id); o != nil {
			x = b.flow.SingleValue(o)
		}
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if isString(b.info.TypeOf(elt)) {
			out = append(out, elt)
		}
	}
	return out
}

type builder struct {
	info *types.Info
	flow *flow.Index
	// sb are the package's strings.Builder variables and the calls that
	// write or reset them, in source order; sbLeaked holds those passed to
	// any other function, whose text is then unknown.
	sb       map[types.Object][]*ast.CallExpr
	sbLeaked map[types.Object]bool
	// funcs are the package's functions that return a string first.
	funcs map[*types.Func]*ast.FuncDecl
}

// query returns the Query a call runs, or nil if it runs none.
func (b *builder) query(call *ast.CallExpr) *Query {
	if q := b.sqlxFunc(call); q != nil {
		return q
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !queryMethods[sel.Sel.Name] && !sqlxMethods[sel.Sel.Name] {
		return nil
	}
	sig, ok := b.info.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		return nil
	}
	if !queryMethods[sel.Sel.Name] && !isSqlx(b.info.TypeOf(sel.X)) {
		return nil
	}
	q := &Query{Call: call, method: sel.Sel.Name, Recv: sel.X}
	if isStmt(b.info.TypeOf(sel.X)) {
		// stmt.Query(args...): the SQL is the one the statement was
		// prepared with.
		prep := b.preparedBy(sel.X)
		if prep == nil {
			return nil
		}
		q.Text, q.Recv = prep.Text, prep.Recv
		first := 0
		if sig.Params().Len() > 0 && isContext(sig.Params().At(0).Type()) {
			first = 1
		}
		q.Args = b.argsFrom(call, first)
		return q
	}
	i := sqlParam(sig, sqlxMethods[sel.Sel.Name])
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	q.Text = b.eval(call.Args[i], 0)
	q.Args = b.argsFrom(call, i+1)
	return q
}

// sqlxFunc returns the Query of a call of one of sqlx's package-level
// functions (sqlx.Select(db, &dst, q, args...)), or nil.
func (b *builder) sqlxFunc(call *ast.CallExpr) *Query {
	fn := code.Callee(b.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != handle.SQLX || fn.Signature().Recv() != nil {
		return nil
	}
	at, ok := sqlxFuncs[fn.Name()]
	if !ok || at.sql >= len(call.Args) {
		return nil
	}
	q := &Query{Call: call, method: fn.Name(), Recv: call.Args[at.recv]}
	q.Text = b.eval(call.Args[at.sql], 0)
	q.Args = b.argsFrom(call, at.args)
	return q
}

// sqlParam returns the index of the SQL string parameter, the first
// string after at most a context.Context and a destination (an
// interface): (query string, args ...any), (ctx context.Context, query
// string, args ...any), sqlx's (dest any, query string, args ...any) and
// (ctx context.Context, dest any, query string, args ...any).
func sqlParam(sig *types.Signature, sqlx bool) int {
	ps := sig.Params()
	ctx, dest := false, !sqlx // only sqlx's methods take a destination
	for i := range min(ps.Len(), 3) {
		t := ps.At(i).Type()
		switch {
		case isString(t):
			return i
		case isContext(t) && i == 0:
			ctx = true
		case types.IsInterface(t) && !dest && (i == 0 || ctx && i == 1):
			dest = true
		default:
			return -1
		}
	}
	return -1
}

// isSqlx reports whether t is (a pointer to) one of sqlx's types.
func isSqlx(t types.Type) bool {
	path, _, ok := code.NamedType(t)
	return ok && path == handle.SQLX
}

// namedArgs maps the names of sql.Named("name", v) arguments, upper-cased
// as DuckDB matches them, to their values.
func (b *builder) namedArgs(args []ast.Expr) map[string]ast.Expr {
	var m map[string]ast.Expr
	for _, a := range args {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			continue
		}
		fn := code.Callee(b.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "database/sql" || fn.Name() != "Named" {
			continue
		}
		if tv, ok := b.info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if m == nil {
				m = make(map[string]ast.Expr)
			}
			m[strings.ToUpper(constant.StringVal(tv.Value))] = call.Args[1]
		}
	}
	return m
}

// argsFrom returns the arguments of call bound to placeholders, from
// argument i on. Passed as args..., they are visible only when args is
// the one result of sqlx.In(query, a, b, ...): then they are a, b, ...,
// in the order of query's placeholders.
func (b *builder) argsFrom(call *ast.CallExpr, i int) []ast.Expr {
	if i > len(call.Args) {
		return nil
	}
	if call.Ellipsis.IsValid() {
		if i != len(call.Args)-1 {
			return nil
		}
		if in := b.sqlxIn(call.Args[i], 1); in != nil {
			return in.Args[1:]
		}
		return nil // args... : the values are not visible here
	}
	return call.Args[i:]
}

// sqlxIn returns the call of sqlx.In whose result number index is the
// one value of the variable e (query, args, err := sqlx.In(q, ids, n);
// query = db.Rebind(query) counts as keeping query), or nil.
func (b *builder) sqlxIn(e ast.Expr, index int) *ast.CallExpr {
	obj := b.flow.ObjectOf(e)
	if obj == nil || b.flow.Escaped[obj] {
		return nil
	}
	var in *ast.CallExpr
	for _, w := range b.flow.Writes[obj] {
		switch {
		case w.Tuple && w.Index == index && in == nil:
			call, ok := ast.Unparen(w.Value).(*ast.CallExpr)
			if !ok || !isSqlxFunc(b.info, call, "In") || call.Ellipsis.IsValid() || len(call.Args) == 0 {
				return nil
			}
			in = call
		case !w.Tuple && w.Op == token.ASSIGN && index == 0 && b.rebinds(w.Value, obj):
		default:
			return nil
		}
	}
	return in
}

// rebinds reports whether e is a Rebind of the variable obj
// (db.Rebind(query), sqlx.Rebind(bindType, query)): the same
// placeholders, in the same order, spelt for the driver.
func (b *builder) rebinds(e ast.Expr, obj types.Object) bool {
	arg := rebound(b.info, e)
	return arg != nil && b.flow.ObjectOf(arg) == obj
}

// rebound returns the query a Rebind call rewrites, or nil.
func rebound(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	fn := code.Callee(info, call)
	if fn == nil || fn.Name() != "Rebind" || fn.Pkg() == nil || fn.Pkg().Path() != handle.SQLX {
		return nil
	}
	return call.Args[len(call.Args)-1]
}

func isSqlxFunc(info *types.Info, call *ast.CallExpr, name string) bool {
	fn := code.Callee(info, call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == handle.SQLX && fn.Name() == name && fn.Signature().Recv() == nil
}

// preparedBy returns the Prepare call whose statement the variable stmt
// holds, or nil. A variable prepared again with the same text (a copy
// loop that commits every n rows prepares its INSERT anew in each
// transaction) holds that text on every path: the first Prepare stands
// for all.
func (b *builder) preparedBy(stmt ast.Expr) *Query {
	obj := b.flow.ObjectOf(stmt)
	if obj == nil {
		return nil
	}
	call := b.flow.SingleResult(obj)
	if call == nil {
		call, _ = ast.Unparen(b.flow.SingleValue(obj)).(*ast.CallExpr)
	}
	if call == nil {
		return b.preparedAgain(obj)
	}
	if q := b.query(call); q != nil && strings.HasPrefix(q.method, "Prepare") {
		return q
	}
	return nil
}

// preparedAgain returns the first of the Prepare calls that are every
// write of the local variable obj (stmt, err = tx.Prepare(q)), when they
// all prepare the same text on the same handle variable, or nil.
func (b *builder) preparedAgain(obj types.Object) *Query {
	ws := b.flow.Writes[obj]
	if b.flow.Escaped[obj] || len(ws) < 2 {
		return nil
	}
	var first *Query
	for _, w := range ws {
		call, ok := ast.Unparen(w.Value).(*ast.CallExpr)
		if !ok || !w.Tuple || w.Index != 0 || w.Op == token.RANGE {
			return nil
		}
		q := b.query(call)
		if q == nil || !strings.HasPrefix(q.method, "Prepare") {
			return nil
		}
		if first == nil {
			first = q
			continue
		}
		if !sameText(q.Text, first.Text) || types.ExprString(q.Recv) != types.ExprString(first.Recv) {
			return nil
		}
	}
	return first
}

// sameText reports whether a and b are the same statement: the same
// tokens (whitespace, comments and the case of unquoted words aside: a
// raw string written out again at another indentation is the same SQL)
// and the same Go expressions in their holes.
func sameText(a, b Text) bool {
	var ea, eb []string
	for _, p := range a {
		if p.Expr != nil {
			ea = append(ea, types.ExprString(p.Expr))
		}
	}
	for _, p := range b {
		if p.Expr != nil {
			eb = append(eb, types.ExprString(p.Expr))
		}
	}
	if !slices.Equal(ea, eb) {
		return false
	}
	ta, tb := lex(a), lex(b)
	if len(ta) != len(tb) {
		return false
	}
	for i := range ta {
		if ta[i].Kind != tb[i].Kind || ta[i].Text != tb[i].Text {
			return false
		}
	}
	return true
}

// eval reconstructs the string expression e as SQL text with holes.
func (b *builder) eval(e ast.Expr, depth int) Text {
	e = ast.Unparen(e)
	hole := Text{{Expr: e}}
	if depth > flow.MaxDepth {
		return hole
	}
	if tv, ok := b.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return Text{b.constPart(e, constant.StringVal(tv.Value))}
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(b.info.TypeOf(e)) {
			return append(b.eval(e.X, depth+1), b.eval(e.Y, depth+1)...)
		}
	case *ast.Ident:
		if obj := b.flow.ObjectOf(e); obj != nil {
			if v := b.flow.SingleValue(obj); v != nil {
				return b.eval(v, depth+1)
			}
		}
		if in := b.sqlxIn(e, 0); in != nil {
			// sqlx.In's text, before it expands slices: its placeholders
			// are In's arguments, one each.
			return b.eval(in.Args[0], depth+1)
		}
	case *ast.CallExpr:
		if q := rebound(b.info, e); q != nil {
			return b.eval(q, depth+1)
		}
		return b.evalCall(e, depth)
	}
	return hole
}

func (b *builder) evalCall(call *ast.CallExpr, depth int) Text {
	hole := Text{{Expr: call}}
	fn := code.Callee(b.info, call)
	if fn == nil || fn.Pkg() == nil {
		return hole
	}
	name := fn.Pkg().Path() + "." + fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		name = "(" + types.TypeString(recv.Type(), nil) + ")." + fn.Name()
	}
	switch name {
	case "fmt.Sprintf":
		if len(call.Args) == 0 || call.Ellipsis.IsValid() {
			return hole
		}
		format := b.eval(call.Args[0], depth+1)
		if len(format) != 1 || format[0].Expr != nil {
			return hole
		}
		return b.sprintf(format[0], call.Args[1:], depth)
	case "fmt.Sprint":
		if len(call.Args) == 1 && code.IsInteger(b.info.TypeOf(call.Args[0])) {
			return Text{{Expr: call.Args[0]}}
		}
	case "(*strings.Builder).String":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return b.builderText(sel.X, call, depth)
		}
	case "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint":
		if len(call.Args) >= 1 {
			return Text{{Expr: call.Args[0]}}
		}
	default:
		return b.resultText(fn, call, depth)
	}
	return hole
}

// sprintf splits a constant format into SQL fragments and holes, one hole
// per verb; string arguments are reconstructed in place.
func (b *builder) sprintf(format Part, args []ast.Expr, depth int) Text {
	var t Text
	s := format.Lit
	lit := func(from, to int) {
		if from < to {
			p := Part{Lit: s[from:to], Src: format.Src, SrcOff: format.SrcOff + from}
			t = append(t, p)
		}
	}
	start, argi := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		lit(start, i)
		j := i + 1
		for j < len(s) && strings.IndexByte("+-# 0123456789.[]*", s[j]) >= 0 {
			j++
		}
		if j >= len(s) {
			start = len(s)
			break
		}
		verb := s[j]
		switch {
		case verb == '%':
			t = append(t, Part{Lit: "%"})
		case argi < len(args) && strings.ContainsAny(s[i+1:j], "[*"):
			// Indexed or star arguments: give up on the mapping.
			return Text{{Expr: args[0]}}
		case argi < len(args):
			a := args[argi]
			argi++
			if (verb == 's' || verb == 'v') && isString(b.info.TypeOf(a)) {
				t = append(t, b.eval(a, depth+1)...)
			} else {
				t = append(t, Part{Expr: a})
			}
		default:
			t = append(t, Part{Lit: "%!" + string(verb) + "(MISSING)"})
		}
		i, start = j, j+1
	}
	lit(start, len(s))
	return t
}

// constPart returns a fragment for the constant string e, remembering the
// literal it comes from when a fix could edit it there.
func (b *builder) constPart(e ast.Expr, val string) Part {
	p := Part{Lit: val}
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		// A named constant declared in this package: its literal.
		if c := b.flow.ConstOf(e); c != nil {
			lit, ok = b.flow.ConstValues[c].(*ast.BasicLit)
		}
	}
	if ok && lit.Kind == token.STRING && sourceMatches(lit, val) {
		p.Src = lit
	}
	return p
}

// sourceMatches reports whether the literal's source text is val byte for
// byte (a raw string, or a quoted one without escapes).
func sourceMatches(lit *ast.BasicLit, val string) bool {
	raw := lit.Value
	if len(raw) < 2 {
		return false
	}
	if raw[0] == '`' {
		return !strings.Contains(raw, "\r") && raw[1:len(raw)-1] == val
	}
	u, err := strconv.Unquote(raw)
	return err == nil && u == val && raw[1:len(raw)-1] == val
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if !ok && t != nil {
		b, ok = t.Underlying().(*types.Basic)
	}
	return ok && b.Info()&types.IsString != 0
}

func isContext(t types.Type) bool { return code.IsNamed(t, "context", "Context") }

func isStmt(t types.Type) bool { return handle.Of(t) == handle.Stmt && handle.FromSQL(t) }

// boundArgs maps the names sqlx binds a named query's arg to (:lim) to
// the Go values bound: the entries of a map literal with constant keys,
// or the fields of a struct literal, named by their db tag or, as sqlx's
// default mapper does, by their lower-cased name. arg may be the
// literal, &literal, or a variable assigned one once.
func (b *builder) boundArgs(arg ast.Expr, depth int) map[string]ast.Expr {
	if depth > flow.MaxDepth {
		return nil
	}
	arg = ast.Unparen(arg)
	switch x := arg.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return b.boundArgs(x.X, depth+1)
		}
	case *ast.Ident:
		obj := b.flow.ObjectOf(x)
		if obj == nil {
			return nil
		}
		if v := b.flow.SingleValue(obj); v != nil {
			m := b.boundArgs(v, depth+1)
			if st, ok := obj.Type().Underlying().(*types.Struct); ok && m != nil {
				// for w := (window{Lim: n}); ; w.Off += n: a field written
				// through the variable binds what the field holds.
				for i := range st.NumFields() {
					if sel := b.fieldWrite(obj, st.Field(i)); sel != nil {
						if n := sqlxName(st, i); n != "" {
							m[n] = sel
						}
					}
				}
			}
			return m
		}
	case *ast.CompositeLit:
		switch t := code.Underlying(b.info, x).(type) {
		case *types.Map:
			return b.mapArgs(x)
		case *types.Struct:
			return structArgs(b.info, x, t)
		}
	}
	return nil
}

// mapArgs maps the constant string keys of a map literal to their values.
func (b *builder) mapArgs(lit *ast.CompositeLit) map[string]ast.Expr {
	m := make(map[string]ast.Expr)
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if tv, ok := b.info.Types[kv.Key]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			m[constant.StringVal(tv.Value)] = kv.Value
		}
	}
	return m
}

// structArgs maps the names sqlx gives the fields of a struct literal to
// their values: the db tag's name, or the field's name lower-cased. A
// field tagged db:"-" is not bound.
func structArgs(info *types.Info, lit *ast.CompositeLit, st *types.Struct) map[string]ast.Expr {
	name := func(i int) string { return sqlxName(st, i) }
	m := make(map[string]ast.Expr)
	for i, elt := range lit.Elts {
		kv, keyed := elt.(*ast.KeyValueExpr)
		switch {
		case !keyed && i < st.NumFields():
			if n := name(i); n != "" {
				m[n] = elt
			}
		case keyed:
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			for j := range st.NumFields() {
				if st.Field(j).Name() == id.Name && info.Uses[id] == st.Field(j) {
					if n := name(j); n != "" {
						m[n] = kv.Value
					}
				}
			}
		}
	}
	return m
}

// sqlxName is the name sqlx binds field i of st to: its db tag's name, or
// its name lower-cased; "" for a field tagged db:"-".
func sqlxName(st *types.Struct, i int) string {
	tag, ok := reflect.StructTag(st.Tag(i)).Lookup("db")
	if !ok {
		return strings.ToLower(st.Field(i).Name())
	}
	tag, _, _ = strings.Cut(tag, ",")
	if tag == "-" {
		return ""
	}
	return tag
}

// fieldWrite returns the first assignment target v.f (f a field of the
// struct variable v) in the package, or nil when f is only set where v is
// defined.
func (b *builder) fieldWrite(v types.Object, f *types.Var) ast.Expr {
	for _, w := range b.flow.Writes[f.Origin()] {
		var lhs []ast.Expr
		switch n := w.Node.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		}
		for _, l := range lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if ok && b.flow.ObjectOf(sel) == f.Origin() && b.flow.ObjectOf(sel.X) == v {
				return sel
			}
		}
	}
	return nil
}
