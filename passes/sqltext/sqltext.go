package sqltext

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/passes/internal/flow"
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
}

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
		if name, ok := strings.CutPrefix(o.Tok.Text, "$"); ok {
			return q.named[strings.ToUpper(name)]
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

// sqlxPath is github.com/jmoiron/sqlx, whose DB, Tx and Conn add query
// methods that take a destination before the SQL (Select, Get) or return
// its own Rows (Queryx).
const sqlxPath = "github.com/jmoiron/sqlx"

// sqlxMethods are sqlx's query methods, recognised on its types only:
// names as common as Get and Select mean SQL nowhere else.
var sqlxMethods = map[string]bool{
	"Select": true, "SelectContext": true, "Get": true, "GetContext": true,
	"Queryx": true, "QueryxContext": true, "QueryRowx": true, "QueryRowxContext": true,
	"MustExec": true, "MustExecContext": true, "NamedQuery": true, "NamedQueryContext": true,
	"NamedExec": true, "NamedExecContext": true,
}

// Find returns the queries of the syntax insp covers, in source order.
// x is the package's value index, through which SQL text held in
// variables and constants is found.
func Find(x *flow.Index, insp *inspector.Inspector) []*Query {
	var qs []*Query
	b := &builder{info: x.Info, flow: x}
	b.indexBuilders(insp)
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		if q := b.query(cur.Node().(*ast.CallExpr)); q != nil {
			q.Cursor = cur
			q.named = b.namedArgs(q.Args)
			q.Shape = Parse(q.Text)
			qs = append(qs, q)
		}
	}
	return qs
}

type builder struct {
	info *types.Info
	flow *flow.Index
	// sb are the package's strings.Builder variables and the calls that
	// write or reset them, in source order; sbLeaked holds those passed to
	// any other function, whose text is then unknown.
	sb       map[types.Object][]*ast.CallExpr
	sbLeaked map[types.Object]bool
}

// query returns the Query a call runs, or nil if it runs none.
func (b *builder) query(call *ast.CallExpr) *Query {
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
		q.Args = argsFrom(call, first)
		return q
	}
	i := sqlParam(sig, sqlxMethods[sel.Sel.Name])
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	q.Text = b.eval(call.Args[i], 0)
	q.Args = argsFrom(call, i+1)
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
	path, _, ok := flow.NamedType(t)
	return ok && path == sqlxPath
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
		fn := flow.Callee(b.info, call)
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

func argsFrom(call *ast.CallExpr, i int) []ast.Expr {
	if call.Ellipsis.IsValid() || i > len(call.Args) {
		return nil // args... : the values are not visible here
	}
	return call.Args[i:]
}

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
		return nil
	}
	if q := b.query(call); q != nil && strings.HasPrefix(q.method, "Prepare") {
		return q
	}
	return nil
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
	case *ast.CallExpr:
		return b.evalCall(e, depth)
	}
	return hole
}

func (b *builder) evalCall(call *ast.CallExpr, depth int) Text {
	hole := Text{{Expr: call}}
	fn := flow.Callee(b.info, call)
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
		if len(call.Args) == 1 && flow.IsInteger(b.info.TypeOf(call.Args[0])) {
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

func isContext(t types.Type) bool { return flow.IsNamed(t, "context", "Context") }

func isStmt(t types.Type) bool { return flow.IsNamed(t, "database/sql", "Stmt") }
