package rewrite

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// keysetWalk matches the keyset query the rewrite understands: a plain
// SELECT of columns from one table, WHERE [conditions AND] key > ?,
// ORDER BY key, LIMIT. The conditions may not hold OR (checked in
// Keyset): the walk is then not `conditions AND key > last`.
var keysetWalk = regexp.MustCompile(`(?is)^\s*SELECT\s+([a-z_][a-z0-9_]*(?:\s*,\s*[a-z_][a-z0-9_]*)*)\s+FROM\s+([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*){0,2})\s+WHERE\s+((?:(.+?)\s+AND\s+)?([a-z_][a-z0-9_]*)\s*>\s*\?)\s+ORDER\s+BY\s+([a-z_][a-z0-9_]*)(?:\s+ASC)?\s+LIMIT\s+(\?|[0-9]+)\s*;?\s*$`)

// orWord finds an OR in a keyset walk's other conditions.
var orWord = regexp.MustCompile(`(?i)\bOR\b`)

// Keyset returns the pager rewrite of the keyset walk whose query is call,
// or the reason it offers none. The walk
//
//	var last int64
//	for {
//		rows, err := db.QueryContext(ctx, "SELECT id, amount FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, n)
//		...
//		for rows.Next() { rows.Scan(&last, &amount); ... }
//		...
//		if count < n { break }
//	}
//
// sees every row whose key is above last's value before the loop, once
// each, in key order (the key is unique, or the walk would skip rows at
// page boundaries). The rewrite walks the same rows with
// pager.Where("id > ?", last), in rowid order: it is offered only where
// the body's effect does not depend on the order (order.go), and where
// last is not read after the loop (it ends on another row). The body's
// scan into last stays, harmless: the pager took last's value when the
// loop began.
func Keyset(pass *analysis.Pass, call *ast.CallExpr, rowGroup int64) (*Fix, string) {
	return readLoop(pass, call, rowGroup, (*rw).matchKeyset)
}

func (r *rw) matchKeyset(assign *ast.AssignStmt, call *ast.CallExpr) string {
	info := r.pass.TypesInfo
	if r.loop.Init != nil || r.loop.Cond != nil || r.loop.Post != nil {
		return "the keyset loop is not `for { ... }`"
	}
	textArg, text, why := r.query(call, "last[, n]")
	if why != "" {
		return why
	}
	m := keysetWalk.FindStringSubmatch(text)
	if m == nil {
		return "the query is not SELECT columns FROM one table WHERE [...] AND key > ? ORDER BY key LIMIT n"
	}
	// m: 1 columns, 2 table, 3 the WHERE clause, 4 its other conditions,
	// 5 the key, 6 the ORDER BY column, 7 the LIMIT.
	if !strings.EqualFold(m[5], m[6]) {
		return "the walk orders by another column than its key"
	}
	for _, c := range strings.Split(m[1], ",") {
		r.cols = append(r.cols, strings.TrimSpace(c))
	}
	r.table, r.orderBy = m[2], m[6]
	others := strings.TrimSpace(m[4])
	if others != "" && (unsafeWhere.MatchString(others) || orWord.MatchString(others) || strings.ContainsAny(others, `'"`)) {
		return "the WHERE clause is more than conditions ANDed to the key's"
	}
	// The WHERE clause stays whole: with last's value before the loop, it
	// is the set of rows the walk reads.
	r.where = strings.TrimSpace(m[3])
	args := call.Args[textArg+1:]
	nWhere := strings.Count(others, "?") + 1
	want := nWhere
	if m[7] == "?" {
		want++
	}
	if len(args) != want {
		return "the query's arguments do not match its placeholders"
	}
	r.whereArgs = args[:nWhere]
	keyID := identOf(args[nWhere-1])
	r.keyVar, _ = info.Uses[keyID].(*types.Var)
	if r.keyVar == nil || r.keyVar.Parent() == nil || r.keyVar.Parent() == r.pass.Pkg.Scope() || within(r.keyVar.Pos(), r.loop) {
		return "the key's argument is not a variable of the function declared before the loop"
	}
	for _, a := range args[:nWhere-1] {
		if mentions(info, a, r.keyVar) {
			return "a WHERE argument depends on the last key"
		}
		if why := r.oncePerWalk(a); why != "" {
			return why
		}
	}
	// The page size: the LIMIT's.
	if m[7] == "?" {
		r.step = args[nWhere]
		r.stepVal = valueOf(info, r.step)
	} else {
		n, _ := strconv.ParseInt(m[7], 10, 64)
		r.stepVal = constant.MakeInt64(n)
	}
	if v, ok := constant.Int64Val(constant.ToInt(r.stepVal)); ok && v > 0 {
		r.groups = max(1, (v+r.rowGroup/2)/r.rowGroup)
	}
	if m[7] != "?" {
		r.step = nil
	}
	if why := r.results(assign); why != "" {
		return why
	}
	if hasGoto(r.body) {
		return "the loop body has goto or labelled jumps"
	}
	if why := r.findEnd(); why != "" {
		return why
	}
	r.scopeNames = namesIn(r.body)
	return r.orderFree(r.path, r.removed(), keyColumn(r.cols, r.orderBy))
}

// mentions reports whether n uses v.
func mentions(info *types.Info, n ast.Node, v types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
