package rowbyrow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// A statement in a loop runs once per row only if every iteration that
// reaches it goes on to the next one. These are the shapes where it does
// not: a write that leaves the loop (found, UPDATE, return), one under a
// flag the loop sets once, and a rare row under a condition (every
// 10,000th row, once a minute).

// leaves reports whether the statement at cur, once run, leaves loop: it
// is returned (return db.Exec(...)), or a return, or a break of loop,
// follows it in its block or in a block around it inside loop.
func leaves(info *types.Info, cur inspector.Cursor, loop ast.Node) bool {
	child := cur
	for c := cur.Parent(); c.Node() != nil && c.Node() != loop; child, c = c, c.Parent() {
		var list []ast.Stmt
		switch n := c.Node().(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for i, s := range list {
			if s != child.Node() {
				continue
			}
			for _, next := range list[i+1:] {
				if exits(info, next, c, loop) {
					return true
				}
			}
			break
		}
	}
	return false
}

// exits reports whether s, a statement of the block at c inside loop,
// leaves loop: a return, or a break whose target is loop or a loop
// around it (a plain break in loop's own blocks, or a labelled one).
func exits(info *types.Info, s ast.Stmt, c inspector.Cursor, loop ast.Node) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		if s.Tok != token.BREAK {
			return false
		}
		if s.Label != nil {
			label := info.Uses[s.Label]
			inner := true // still inside loop, going out
			for l := range c.Enclosing((*ast.LabeledStmt)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
				if l.Node() == loop {
					inner = false
				}
				if ls, ok := l.Node().(*ast.LabeledStmt); ok && info.Defs[ls.Label] == label {
					return !inner || ls.Stmt == loop
				}
			}
			return false
		}
		for t := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.SelectStmt)(nil)) {
			return t.Node() == loop
		}
	}
	return false
}

// guarded reports whether the statement at cur runs, inside loop, under
// a condition that may let few iterations reach it: a test of a key's
// membership in a map (if !present[name]), a flag set in the same branch
// (if !done { done = true; ... }), a modulus (if n%10000 == 0) or the
// clock (if time.Since(last) > time.Minute).
func (p *Package) guarded(cur inspector.Cursor, loop ast.Node) bool {
	info := p.pass.TypesInfo
	for c := cur.Parent(); c.Node() != loop && c.Node() != nil; c = c.Parent() {
		ifs, ok := c.Node().(*ast.IfStmt)
		if !ok || !within(cur.Node().Pos(), ifs.Body) {
			continue
		}
		if ifs.Else == nil && p.membership(ifs) {
			// A row per key missing from (or found in) another set: the
			// difference of two listings (the files that went away since
			// the last sync), how many the source does not show. A
			// filter on the row's values (if cents >= 100_000) is a
			// load's filter and is reported.
			return true
		}
		rare := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				rare = rare || n.Op == token.REM
			case *ast.CallExpr:
				if f := code.Callee(info, n); f != nil && f.Pkg() != nil && f.Pkg().Path() == "time" {
					rare = true // time.Since, t.After, t.Sub
				}
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && !within(v.Pos(), loop) && p.writtenIn(v, ifs.Body) {
					rare = true // a flag set once
				}
			}
			return !rare
		})
		if rare {
			return true
		}
	}
	return false
}

// membership reports whether the condition of ifs tests a key against a
// map: if !present[k], if _, ok := seen[k]; !ok.
func (p *Package) membership(ifs *ast.IfStmt) bool {
	found := false
	for _, n := range []ast.Node{ifs.Init, ifs.Cond} {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok {
				if _, isMap := typeOf(p, ix.X).(*types.Map); isMap {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
