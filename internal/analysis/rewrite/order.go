package rewrite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// The proof that a walk's body does not depend on the order of its rows.
//
// An ORDER BY or keyset walk sees its rows in key order; the pager gives
// them in rowid order. The rewrite keeps the rows (each once, the same
// set) but not their order, so it is offered only where the body's whole
// effect is the same for every order of the same rows. The proof is
// syntactic and conservative: the body may
//
//   - declare variables per row and scan into them (rows.Scan(&a, &b.F));
//   - skip a row (`if cond { continue }`), filter with if on per-row values;
//   - update a variable of the function, declared before the loop and not
//     touched before it, with one commutative integer operator (`+=` and
//     `-=`, `++`, `--`; or `*=`; or `|=`; or `&=`; or `^=`): integers only,
//     because float addition is not associative and a float sum's bits
//     depend on the order;
//   - the same on a map's elements (`m[k] += v`, `m[k]++`), any key;
//   - keep a minimum or maximum of integers or strings (`if v > hi { hi = v }`,
//     `hi = max(hi, v)`);
//   - set a map's element by the walk's key (`m[id] = v`): the key is unique
//     (a keyset or ORDER BY walk relies on it), so each element is set once;
//   - append to a slice that the statement after the loop sorts before
//     anything else reads it (sort.Ints, sort.Strings, slices.Sort, on
//     integers or strings: equal elements are the same value);
//   - insert the row's values into another table in a *sql.Tx
//     (`tx.ExecContext(ctx, "INSERT INTO t VALUES (?, ?)", a, b)`): a table
//     is a multiset;
//   - return on an error (`if err != nil { rows.Close(); return nil, err }`)
//     with results that name none of those variables.
//
// Everything else is taken as depending on the order: a call of a function
// not known to be pure (writing to an io.Writer or csv.Writer, printing,
// logging, a callback), a channel send, a break, a return that is not an
// error's, an append the loop's next statement does not sort, a float
// accumulation, state kept per page, reading an accumulated value in the
// loop.

// op families: the operators that commute with each other on one variable.
const (
	famAdd = "+"
	famMul = "*"
	famOr  = "|"
	famAnd = "&"
	famXor = "^"
	famMin = "min"
	famMax = "max"
	famSet = "set by key" // m[key] = v
	famApp = "append"
)

var opFamily = map[token.Token]string{
	token.ADD_ASSIGN: famAdd, token.SUB_ASSIGN: famAdd,
	token.MUL_ASSIGN: famMul,
	token.OR_ASSIGN:  famOr,
	token.AND_ASSIGN: famAnd,
	token.XOR_ASSIGN: famXor,
}

// pureFuncs are the packages whose functions a body may call in its
// expressions: they compute a value from their arguments and write
// nothing (fmt only for Sprint*, Errorf).
var purePkgs = map[string]bool{"strings": true, "strconv": true, "math": true, "unicode": true, "unicode/utf8": true, "errors": true}

// order is one proof under way.
type order struct {
	r       *rw
	info    *types.Info
	fn      *ast.BlockStmt // the function's body
	after   []ast.Stmt     // the statements after the loop in its block
	rowLoop *ast.ForStmt
	skip    map[ast.Stmt]bool
	rowsVar types.Object
	keyCol  int          // the key's column in the SELECT list, -1 if none
	keyVar  *types.Var   // a keyset walk's last key, nil for ORDER BY
	keyRow  types.Object // the per-row variable the key is scanned into
	keyAt   token.Pos    // where keyVar may be read from in the row loop
	// keyAssign is `last = id`, when the key is set so.
	keyAssign *ast.AssignStmt
	fam       map[*types.Var]string
	// allowed are the mentions of accumulated variables the proof
	// accepted (the targets of their updates); any other is a read.
	allowed map[*ast.Ident]bool
}

// orderFree returns "" when the walk's body provably does the same for
// every order of its rows, or the first thing that may depend on it.
// skip are the statements the rewrite removes (query, end test, counter).
func (r *rw) orderFree(path []ast.Node, skip []ast.Stmt, keyCol int) string {
	o := &order{r: r, info: r.pass.TypesInfo, skip: map[ast.Stmt]bool{}, keyCol: keyCol, keyVar: r.keyVar, fam: map[*types.Var]string{}, allowed: map[*ast.Ident]bool{}}
	for _, s := range skip {
		o.skip[s] = true
	}
	o.rowsVar = o.info.Defs[r.rows]
	for i, n := range path {
		switch f := n.(type) {
		case *ast.FuncDecl:
			o.fn = f.Body
		case *ast.FuncLit:
			o.fn = f.Body
		}
		if o.fn != nil {
			break
		}
		if b, ok := n.(*ast.BlockStmt); ok && i > 0 && path[i-1] == r.loop {
			for j, s := range b.List {
				if s == r.loop {
					o.after = b.List[j+1:]
				}
			}
		}
	}
	if o.fn == nil {
		return "the loop is not in a function"
	}
	// The row loop: `for rows.Next() { ... }` at the top of the page's body.
	for _, s := range r.body.List {
		if f, ok := s.(*ast.ForStmt); ok && f.Init == nil && f.Post == nil && o.isRowsCall(f.Cond, "Next") {
			if o.rowLoop != nil {
				return "the body reads its rows in more than one loop"
			}
			o.rowLoop = f
		}
	}
	if o.rowLoop == nil {
		return "the body does not read its rows in `for rows.Next() { ... }`"
	}
	if why := o.findKey(); why != "" {
		return why
	}
	for _, s := range r.body.List {
		if o.skip[s] || s == r.body.List[1] && o.errPath(s) == "" {
			continue
		}
		if s == ast.Stmt(o.rowLoop) {
			if why := o.stmts(o.rowLoop.Body.List, true); why != "" {
				return why
			}
			continue
		}
		if why := o.stmt(s, false); why != "" {
			return why
		}
	}
	// An accumulated variable may not be read in the loop.
	var why string
	ast.Inspect(r.loop, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok && o.skip[s] && s != r.body.List[0] {
			return false // the end test's return goes after the loop
		}
		if id, ok := n.(*ast.Ident); ok && why == "" && !o.allowed[id] {
			if v, ok := o.info.Uses[id].(*types.Var); ok {
				if _, acc := o.fam[v]; acc {
					why = "the body reads " + id.Name + ", which it accumulates, before the loop ends"
				}
			}
		}
		return why == ""
	})
	if why != "" {
		return why
	}
	return o.afterLoop()
}

// findKey finds the per-row variable the key column is scanned into, and
// for a keyset walk checks that its last key is written there and nowhere
// else, read only after, and not read after the loop.
func (o *order) findKey() string {
	var scan *ast.CallExpr
	ast.Inspect(o.rowLoop.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && o.isRowsCall(c, "Scan") && scan == nil {
			scan = c
		}
		return scan == nil
	})
	if scan != nil && o.keyCol >= 0 && o.keyCol < len(scan.Args) {
		if u, ok := scan.Args[o.keyCol].(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id := identOf(u.X); id != nil {
				o.keyRow = o.info.Uses[id]
			}
		}
	}
	if o.keyVar == nil {
		return ""
	}
	if o.keyRow == nil {
		return "the last key is not scanned from the key's column"
	}
	if !within(o.keyVar.Pos(), o.fn) {
		// A parameter, or a named result a bare return reads.
		return "the last key is not a variable declared in the function's body"
	}
	// last = id after the scan, or rows.Scan(&last, ...) itself.
	if o.keyRow != o.keyVar {
		for _, s := range o.rowLoop.Body.List {
			if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 && o.uses(a.Lhs[0], o.keyVar) && o.uses(a.Rhs[0], o.keyRow) && identOf(a.Rhs[0]) != nil {
				if o.keyAt.IsValid() {
					return "the last key is set twice"
				}
				o.keyAt, o.keyAssign = a.End(), a
				o.skip[a] = true
			}
		}
		if !o.keyAt.IsValid() || o.keyAt < scan.Pos() {
			return "the last key is not set from the key's column after the scan"
		}
	} else {
		// After the statement that scans: its own error path reads
		// a key the failed scan may not have set.
		o.keyAt = scan.End()
		for _, s := range o.rowLoop.Body.List {
			if within(scan.Pos(), s) {
				o.keyAt = s.End()
			}
		}
	}
	// Every other mention of the last key reads the row's key: after it is
	// set, inside the row loop; none after the loop.
	var why string
	ast.Inspect(o.fn, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || o.info.Uses[id] != o.keyVar || why != "" {
			return why == ""
		}
		switch {
		case id.Pos() < o.r.loop.Pos():
		case id.Pos() >= o.r.loop.End():
			why = "the last key is read after the loop (the pager's walk ends on another row)"
		case within(id.Pos(), o.r.body.List[0]):
		case o.keyAssign != nil && within(id.Pos(), o.keyAssign):
		case o.keyRow == o.keyVar && within(id.Pos(), scan.Args[o.keyCol]):
		case !within(id.Pos(), o.rowLoop.Body) || id.Pos() < o.keyAt:
			why = "the last key is read before the row's key is scanned into it, or where the scan failed"
		}
		return why == ""
	})
	return why
}

func (o *order) uses(e ast.Expr, v types.Object) bool {
	id := identOf(e)
	return id != nil && o.info.Uses[id] == v
}

// isRowsCall reports whether e is rows.name(...) on the page's rows.
func (o *order) isRowsCall(e ast.Expr, name string) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name && o.uses(sel.X, o.rowsVar)
}

func (o *order) stmts(list []ast.Stmt, inRow bool) string {
	for _, s := range list {
		if o.skip[s] {
			continue
		}
		if why := o.stmt(s, inRow); why != "" {
			return why
		}
	}
	return ""
}

// stmt checks one statement of the body; inRow: inside the row loop.
func (o *order) stmt(s ast.Stmt, inRow bool) string {
	switch s := s.(type) {
	case *ast.DeclStmt:
		if !inRow {
			return "the body keeps state per page"
		}
		gd, _ := s.Decl.(*ast.GenDecl)
		if gd == nil || gd.Tok != token.VAR {
			return "the body declares something other than variables"
		}
		for _, sp := range gd.Specs {
			for _, v := range sp.(*ast.ValueSpec).Values {
				if why := o.pure(v); why != "" {
					return why
				}
			}
		}
		return ""
	case *ast.ExprStmt:
		if o.isRowsCall(s.X, "Close") {
			return ""
		}
		if c, ok := s.X.(*ast.CallExpr); ok && o.isRowsCall(c, "Scan") {
			return o.scan(c)
		}
		if c, ok := s.X.(*ast.CallExpr); ok && o.isInsert(c) == "" {
			return ""
		}
		return "the body calls " + o.callName(s.X) + ", which may depend on the order it is called in"
	case *ast.AssignStmt:
		return o.assign(s, inRow)
	case *ast.IncDecStmt:
		fam := famAdd
		return o.update(s.X, fam, nil)
	case *ast.IfStmt:
		if why := o.errPath(s); why != "bad" {
			return why
		}
		if why := o.minMax(s); why != "bad" {
			return why
		}
		if s.Init != nil {
			if why := o.stmt(s.Init, inRow); why != "" {
				return why
			}
		}
		if why := o.pure(s.Cond); why != "" {
			return why
		}
		if why := o.stmts(s.Body.List, inRow); why != "" {
			return why
		}
		if s.Else != nil {
			return o.stmt(s.Else, inRow)
		}
		return ""
	case *ast.BlockStmt:
		return o.stmts(s.List, inRow)
	case *ast.BranchStmt:
		if inRow && s.Tok == token.CONTINUE && s.Label == nil {
			return ""
		}
		return "the body leaves the loop early (" + s.Tok.String() + "), after the rows it saw first"
	case *ast.ReturnStmt:
		return "the body returns early, after the rows it saw first"
	case *ast.EmptyStmt:
		return ""
	case *ast.SendStmt:
		return "the body sends on a channel, in the order it reads"
	case *ast.GoStmt, *ast.DeferStmt:
		return "the body starts a goroutine or defers a call"
	}
	return fmt.Sprintf("the body holds a %T statement", s)
}

// assign checks an assignment: to per-row variables, or an update of an
// accumulator.
func (o *order) assign(s *ast.AssignStmt, inRow bool) string {
	if fam, ok := opFamily[s.Tok]; ok {
		return o.update(s.Lhs[0], fam, s.Rhs[0])
	}
	if s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
		return "the body updates a value with " + s.Tok.String()
	}
	if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok == token.ASSIGN {
		lhs := ast.Unparen(s.Lhs[0])
		// acc = max(acc, v) / min.
		if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(c.Args) == 2 {
			if b, ok := o.info.Uses[identOf(c.Fun)].(*types.Builtin); ok && (b.Name() == "max" || b.Name() == "min") && o.uses(c.Args[0], o.info.Uses[identOf(lhs)]) && identOf(lhs) != nil {
				o.allowed[identOf(c.Args[0])] = true
				return o.update(lhs, b.Name(), c.Args[1])
			}
		}
		// s = append(s, v...).
		if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(c.Args) >= 1 {
			if b, ok := o.info.Uses[identOf(c.Fun)].(*types.Builtin); ok && b.Name() == "append" && identOf(lhs) != nil && o.uses(c.Args[0], o.info.Uses[identOf(lhs)]) {
				for _, a := range c.Args[1:] {
					if why := o.pure(a); why != "" {
						return why
					}
				}
				o.allowed[identOf(c.Args[0])] = true
				return o.accumulate(identOf(lhs), famApp)
			}
		}
		// m[key] = v.
		if ix, ok := lhs.(*ast.IndexExpr); ok && o.info.TypeOf(ix.X) != nil {
			if _, isMap := o.info.TypeOf(ix.X).Underlying().(*types.Map); isMap {
				if !o.isKey(ix.Index) {
					return "the body sets a map's element by something other than the walk's key: the last row written wins"
				}
				if why := o.pure(s.Rhs[0]); why != "" {
					return why
				}
				return o.accumulate(identOf(ix.X), famSet)
			}
		}
	}
	// Per-row variables, from pure values or a scan.
	for _, l := range s.Lhs {
		id := identOf(l)
		if id == nil {
			return "the body writes through something other than a variable of the row"
		}
		if id.Name == "_" {
			continue
		}
		obj := o.info.Defs[id]
		if obj == nil {
			obj = o.info.Uses[id]
		}
		if obj == nil || !within(obj.Pos(), o.rowLoop.Body) && !(s.Tok == token.DEFINE && !inRow && within(obj.Pos(), s)) {
			return "the body writes " + id.Name + ", which outlives the row"
		}
	}
	for _, e := range s.Rhs {
		if c, ok := e.(*ast.CallExpr); ok && o.isRowsCall(c, "Scan") {
			if why := o.scan(c); why != "" {
				return why
			}
			continue
		}
		if c, ok := e.(*ast.CallExpr); ok && (o.isRowsCall(c, "Err") || o.isRowsCall(c, "Close")) {
			continue
		}
		if c, ok := e.(*ast.CallExpr); ok && o.isExec(c) {
			if why := o.isInsert(c); why != "" {
				return why
			}
			continue
		}
		if why := o.pure(e); why != "" {
			return why
		}
	}
	return ""
}

// isKey reports whether e is the row's key.
func (o *order) isKey(e ast.Expr) bool {
	id := identOf(e)
	if id == nil {
		return false
	}
	v := o.info.Uses[id]
	return v != nil && (v == o.keyRow || v == o.keyVar && o.keyVar != nil)
}

// update checks `target op= e`: target an accumulator (a variable of the
// function, or an element of its map) of integers (of integers or strings
// for min and max), e a per-row value.
func (o *order) update(target ast.Expr, fam string, e ast.Expr) string {
	target = ast.Unparen(target)
	t := o.info.TypeOf(target)
	if t == nil {
		return "the body updates a value of unknown type"
	}
	root := target
	if ix, ok := target.(*ast.IndexExpr); ok {
		if xt := o.info.TypeOf(ix.X); xt == nil {
			return "the body updates a value of unknown type"
		} else if _, isMap := xt.Underlying().(*types.Map); !isMap {
			return "the body updates a slice element"
		}
		if why := o.pure(ix.Index); why != "" {
			return why
		}
		root = ix.X
	}
	b, _ := t.Underlying().(*types.Basic)
	switch {
	case b == nil:
		return "the body accumulates a value that is not a number"
	case b.Info()&types.IsInteger != 0:
	case b.Info()&types.IsString != 0 && (fam == famMin || fam == famMax):
	case b.Info()&types.IsFloat != 0:
		return "the body sums floats: float addition is not associative, so the result's bits depend on the order"
	default:
		return "the body accumulates a value that is not an integer"
	}
	if e != nil {
		if why := o.pure(e); why != "" {
			return why
		}
	}
	id := identOf(root)
	if id == nil {
		return "the body updates something other than a variable"
	}
	return o.accumulate(id, fam)
}

// accumulate records that the body updates id's variable with fam, and
// checks that it is a variable of the function declared before the loop,
// fresh (untouched between its declaration and the loop) and updated with
// one family only.
func (o *order) accumulate(id *ast.Ident, fam string) string {
	v, _ := o.info.Uses[id].(*types.Var)
	if v == nil || !within(v.Pos(), o.fn) || v.Pos() >= o.r.loop.Pos() {
		return "the body updates " + id.Name + ", which is not a variable declared in the function before the loop"
	}
	if v == o.keyVar {
		return "the body updates the last key"
	}
	o.allowed[id] = true
	if f, ok := o.fam[v]; ok && f != fam {
		return fmt.Sprintf("the body updates %s with %s and %s, which do not commute", id.Name, f, fam)
	}
	if _, seen := o.fam[v]; !seen {
		touched := false
		ast.Inspect(o.fn, func(n ast.Node) bool {
			if u, ok := n.(*ast.Ident); ok && o.info.Uses[u] == v && u.Pos() < o.r.loop.Pos() {
				touched = true
			}
			return !touched
		})
		if touched {
			return id.Name + " is used between its declaration and the loop"
		}
		if why := o.fresh(v); why != "" {
			return why
		}
	}
	o.fam[v] = fam
	return ""
}

// fresh checks an accumulator's declaration: a map, slice or pointer must
// start empty (nil, make, a literal), not share the caller's, which would
// see the writes the body made before an error, in the order it made
// them; a number may start from any value.
func (o *order) fresh(v *types.Var) string {
	if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsInteger|types.IsString) != 0 {
		return ""
	}
	var init ast.Expr
	found := false
	ast.Inspect(o.fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id := identOf(l); id != nil && o.info.Defs[id] == v {
					found = true
					if len(n.Lhs) == len(n.Rhs) {
						init = n.Rhs[i]
					} else {
						init = n.Rhs[0]
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if o.info.Defs[id] == v {
					found = true
					if i < len(n.Values) {
						init = n.Values[i]
					}
				}
			}
		}
		return !found
	})
	if !found {
		return v.Name() + " is not declared in the function's body"
	}
	switch e := ast.Unparen(init).(type) {
	case nil, *ast.CompositeLit:
		return ""
	case *ast.Ident:
		if e.Name == "nil" {
			return ""
		}
	case *ast.CallExpr:
		if b, ok := o.info.Uses[identOf(e.Fun)].(*types.Builtin); ok && (b.Name() == "make" || b.Name() == "new") {
			return ""
		}
	}
	return v.Name() + " may share its elements with the caller (it does not start empty)"
}

// minMax checks `if v > hi { hi = v }` (and its mirror, and min): "" when
// it is one, a reason when it is one on the wrong type, "bad" when it is
// no such if.
func (o *order) minMax(s *ast.IfStmt) string {
	if s.Init != nil || s.Else != nil || len(s.Body.List) != 1 {
		return "bad"
	}
	a, ok := s.Body.List[0].(*ast.AssignStmt)
	bin, ok2 := s.Cond.(*ast.BinaryExpr)
	if !ok || !ok2 || a.Tok != token.ASSIGN || len(a.Lhs) != 1 {
		return "bad"
	}
	acc := o.info.Uses[identOf(a.Lhs[0])]
	if acc == nil || !o.uses(a.Rhs[0], o.info.Uses[identOf(a.Rhs[0])]) {
		return "bad"
	}
	val := o.info.Uses[identOf(a.Rhs[0])]
	var fam string
	switch {
	case o.uses(bin.X, val) && o.uses(bin.Y, acc):
		fam = map[token.Token]string{token.GTR: famMax, token.GEQ: famMax, token.LSS: famMin, token.LEQ: famMin}[bin.Op]
	case o.uses(bin.X, acc) && o.uses(bin.Y, val):
		fam = map[token.Token]string{token.LSS: famMax, token.LEQ: famMax, token.GTR: famMin, token.GEQ: famMin}[bin.Op]
	}
	if fam == "" {
		return "bad"
	}
	o.allowed[identOf(bin.X)], o.allowed[identOf(bin.Y)] = true, true
	return o.update(a.Lhs[0], fam, a.Rhs[0])
}

// errPath returns "" when s is `if [init;] err != nil { ...; return ... }`
// (or log.Fatal, panic) whose statements close the rows at most and whose
// results name no accumulated variable.
func (o *order) errPath(s ast.Stmt) string {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return "bad"
	}
	bin, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ || identOf(bin.Y) == nil || identOf(bin.Y).Name != "nil" {
		return "bad"
	}
	if t := o.info.TypeOf(bin.X); t == nil || !types.Identical(t, types.Universe.Lookup("error").Type()) {
		return "bad"
	}
	if ifs.Init != nil {
		if why := o.stmt(ifs.Init, within(ifs.Pos(), o.rowLoop.Body)); why != "" {
			return why
		}
	}
	body := ifs.Body.List
	for _, t := range body[:len(body)-1] {
		if e, ok := t.(*ast.ExprStmt); !ok || !o.isRowsCall(e.X, "Close") {
			return "bad"
		}
	}
	switch last := body[len(body)-1].(type) {
	case *ast.ReturnStmt:
		for _, e := range last.Results {
			if why := o.pure(e); why != "" {
				return why
			}
		}
		return ""
	case *ast.ExprStmt:
		if isErrCheck(o.info, ifs, identOf(bin.X)) {
			return ""
		}
	}
	return "bad"
}

// insertRow matches an INSERT of one row of values into a table.
var insertRow = regexp.MustCompile(`(?is)^\s*INSERT\s+INTO\s+([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*){0,2})\s*(?:\([a-z0-9_,\s]*\))?\s*VALUES\s*\([^()'";]*\)\s*;?\s*$`)

// isExec reports whether c calls Exec or ExecContext.
func (o *order) isExec(c *ast.CallExpr) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Exec" || sel.Sel.Name == "ExecContext")
}

// isInsert returns "" when c is tx.ExecContext(ctx, "INSERT INTO t VALUES
// (?, ...)", values...) (or Exec) on a *sql.Tx, into another table than
// the walked one, with per-row values: a table is a multiset, so the rows
// it holds after the loop are the same in any order. In one transaction,
// what an error half-way leaves is the caller's to roll back; in
// autocommit, the rows inserted before an error would stay, and which
// they are depends on the order.
func (o *order) isInsert(c *ast.CallExpr) string {
	if !o.isExec(c) {
		return "bad"
	}
	sel := c.Fun.(*ast.SelectorExpr)
	if !isTx(o.info.TypeOf(sel.X)) {
		return "the body writes a row per row outside one *sql.Tx: after an error, the rows written first stay"
	}
	text := 0
	if sel.Sel.Name == "ExecContext" {
		text = 1
	}
	if len(c.Args) <= text || c.Ellipsis.IsValid() {
		return "the body runs a statement that is not an INSERT of the row's values"
	}
	tv, ok := o.info.Types[c.Args[text]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "the body runs a statement whose text is not a constant"
	}
	m := insertRow.FindStringSubmatch(constant.StringVal(tv.Value))
	if m == nil {
		return "the body runs a statement that is not an INSERT of the row's values"
	}
	if lastName(m[1]) == lastName(o.r.table) {
		return "the body inserts into the table it walks"
	}
	for _, a := range c.Args {
		if why := o.pure(a); why != "" {
			return why
		}
	}
	return ""
}

// lastName is a table name's last part, lower-cased.
func lastName(t string) string {
	t = strings.ToLower(t)
	return t[strings.LastIndex(t, ".")+1:]
}

// scan checks rows.Scan(&a, &b.F, ...): into per-row variables, or the
// last key.
func (o *order) scan(c *ast.CallExpr) string {
	for _, a := range c.Args {
		u, ok := a.(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			return "the body scans into something other than a variable's address"
		}
		x := ast.Unparen(u.X)
		for {
			sel, ok := x.(*ast.SelectorExpr)
			if !ok {
				break
			}
			x = sel.X
		}
		id := identOf(x)
		if id == nil {
			return "the body scans into something other than a variable's address"
		}
		v := o.info.Uses[id]
		if v == nil || v != o.keyVar && !within(v.Pos(), o.rowLoop.Body) {
			return "the body scans into " + id.Name + ", which outlives the row"
		}
	}
	return ""
}

// pure returns "" when e computes a value from per-row values and values
// the body does not write, with no effect: no call but conversions,
// builtins and the functions of a few standard packages.
func (o *order) pure(e ast.Expr) string {
	var why string
	ast.Inspect(e, func(n ast.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			why = "the body builds a function literal"
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				why = "the body receives from a channel"
			}
		case *ast.Ident:
			if v, ok := o.info.Uses[n].(*types.Var); ok {
				if _, acc := o.fam[v]; acc {
					why = "the body reads " + n.Name + ", which it accumulates, before the loop ends"
				}
			}
		case *ast.CallExpr:
			if why = o.pureCall(n); why != "" {
				return false
			}
		}
		return why == ""
	})
	return why
}

func (o *order) pureCall(c *ast.CallExpr) string {
	if tv, ok := o.info.Types[c.Fun]; ok && tv.IsType() {
		return "" // a conversion
	}
	switch fn := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		if b, ok := o.info.Uses[fn].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "min", "max", "complex", "real", "imag":
				return ""
			}
		}
	case *ast.SelectorExpr:
		if pkg, ok := fn.X.(*ast.Ident); ok {
			if pn, ok := o.info.Uses[pkg].(*types.PkgName); ok {
				p := pn.Imported().Path()
				if purePkgs[p] || p == "fmt" && (fn.Sel.Name == "Errorf" || fn.Sel.Name == "Sprint" || fn.Sel.Name == "Sprintf" || fn.Sel.Name == "Sprintln") {
					return ""
				}
			}
		}
		// Methods of time's values (t.UTC(), d.Seconds()).
		if sel, ok := o.info.Selections[fn]; ok && sel.Kind() == types.MethodVal {
			if f, ok := sel.Obj().(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "time" {
				return ""
			}
		}
	}
	return "the body calls " + o.callName(c) + ", which may depend on the order it is called in"
}

func (o *order) callName(e ast.Expr) string {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return "a function"
	}
	switch fn := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		if x := identOf(fn.X); x != nil {
			return x.Name + "." + fn.Sel.Name
		}
		return fn.Sel.Name
	}
	return "a function"
}

// afterLoop checks each appended slice: the first statement after the loop
// that names it sorts it, on elements that are integers or strings.
func (o *order) afterLoop() string {
	for v, fam := range o.fam {
		if fam != famApp {
			continue
		}
		elem := v.Type().Underlying().(*types.Slice).Elem()
		b, _ := elem.Underlying().(*types.Basic)
		if b == nil || b.Info()&(types.IsInteger|types.IsString) == 0 {
			return "the body appends to " + v.Name() + " elements that are not integers or strings: sorted, equal ones would keep the order they came in"
		}
		sorted := false
	stmts:
		for _, s := range o.after {
			named := false
			ast.Inspect(s, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && o.info.Uses[id] == v {
					named = true
				}
				return !named
			})
			if !named {
				continue
			}
			sorted = o.sorts(s, v)
			break stmts
		}
		if !sorted {
			return "the body appends to " + v.Name() + ", which is not sorted right after the loop"
		}
	}
	return ""
}

// sorts reports whether s is sort.Ints(v), sort.Strings(v) or
// slices.Sort(v).
func (o *order) sorts(s ast.Stmt, v *types.Var) bool {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	c, ok := e.X.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 || !o.uses(c.Args[0], v) {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pn, ok := o.info.Uses[identOf(sel.X)].(*types.PkgName)
	if !ok {
		return false
	}
	switch pn.Imported().Path() + "." + sel.Sel.Name {
	case "sort.Ints", "sort.Strings", "slices.Sort":
		return true
	}
	return false
}
