package attachsize

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/passes/internal/sizes"
)

// A size is the value of a ROW_GROUP_SIZE option and where it is
// written: a number in the SQL text, or a Go integer constant put into
// the text (fmt.Sprintf("... (ROW_GROUP_SIZE %d)", 150_000),
// strconv.Itoa(rowGroup)), traced through named constants and variables
// assigned once.
type size struct {
	value int64
	// name is the constant or variable the value was found through, ""
	// for a literal.
	name string
	// pos and end are where to report: the number in the SQL, or the Go
	// argument put into the text.
	pos, end token.Pos
	// sql is the number's text when it is written in the SQL, at pos.
	sql string
	// lit is the Go integer literal that holds the value, when a fix may
	// rewrite it (this package's, in decimal).
	lit *ast.BasicLit
	// after is where the SQL text goes on after the size, in a Go string
	// literal: where a fix inserts the storage version. NoPos when unknown.
	after token.Pos
}

// sizeOf returns the ROW_GROUP_SIZE operand op of q, when its value is
// a constant the source shows.
func sizeOf(in *check.Input, q *sqltext.Query, op *sqltext.Operand) (size, bool) {
	if n, ok := op.Int(); ok {
		sz := size{value: n, pos: q.Call.Pos(), end: q.Call.End()}
		if p, ok := q.NumberPos(op); ok {
			sz.pos, sz.end, sz.sql = p, p+token.Pos(len(op.Tok.Text)), op.Tok.Text
		}
		return sz, true
	}
	arg := q.Arg(op)
	if arg == nil || op.Tok.Kind != sqltext.Hole || in.Scope.Flow == nil {
		return size{}, false // a placeholder: DuckDB takes no parameters in ATTACH options
	}
	sz := size{pos: arg.Pos(), end: arg.End()}
	if !trace(in.Pass.Pkg, in.Scope.Flow, arg, &sz, 0) {
		return size{}, false
	}
	if next := op.Tok.Part + 1; next < len(q.Text) {
		if p := q.Text[next]; p.Expr == nil && p.Src != nil {
			sz.after = p.Src.Pos() + 1 + token.Pos(p.SrcOff) // +1: the opening quote
		}
	}
	return sz, true
}

// trace finds the constant value of the integer expression e, the name
// it is known by and the literal that writes it. Anything but constants,
// and variables and struct fields assigned one value once in the
// package: anything else (a flag, a parameter, a computation) gives
// false.
func trace(pkg *types.Package, x *flow.Index, e ast.Expr, sz *size, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	e = ast.Unparen(e)
	if v, ok := code.IntValue(x.Info, e); ok {
		sz.value = v
		sz.lit = literal(pkg, x, e, sz, 0)
		return true
	}
	if tv, ok := x.Info.Types[e]; ok && tv.Value != nil {
		return false // a constant that is not an integer
	}
	v, ok := x.ObjectOf(e).(*types.Var)
	if !ok {
		return false
	}
	name := v.Name()
	if v.IsField() {
		// cfg.RowGroupSize: the one value the package ever stores in the
		// field (Config{RowGroupSize: 100_000}, cfg.RowGroupSize = n),
		// as for a variable assigned once. A value decoded into the
		// struct from a file may replace it at run time; the constant
		// still runs whenever nothing does, as a flag's default does.
		v = v.Origin()
		name = types.ExprString(e)
	}
	val := x.SingleValue(v)
	if val == nil {
		return false
	}
	if sz.name == "" {
		sz.name = name
	}
	return trace(pkg, x, val, sz, depth+1)
}

// literal returns the decimal integer literal of this package that holds
// the constant e: e itself, the operand of a conversion (int64(150_000)
// keeps its type when the digits change), or the declaration of a named
// constant. It names sz after the constant.
func literal(pkg *types.Package, x *flow.Index, e ast.Expr, sz *size, depth int) *ast.BasicLit {
	if depth > flow.MaxDepth {
		return nil
	}
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := x.Info.Types[call.Fun]; ok && tv.IsType() {
			return literal(pkg, x, call.Args[0], sz, depth+1)
		}
		return nil
	}
	if c := x.ConstOf(e); c != nil {
		if sz.name == "" {
			sz.name = c.Name()
			if c.Pkg() != pkg {
				sz.name = types.ExprString(e)
			}
		}
		if c.Pkg() != pkg {
			return nil // another package's constant: its users are not all here
		}
		if decl := x.ConstValues[c]; decl != nil {
			return literal(pkg, x, decl, sz, depth+1)
		}
		return nil
	}
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT && isDecimal(lit.Value) {
		return lit
	}
	return nil
}

func isDecimal(lit string) bool {
	if lit == "" || lit[0] == '0' && len(lit) > 1 {
		return false // 0x, 0o, 0b or legacy octal
	}
	return strings.Trim(lit, "0123456789_") == ""
}

// onlyHere returns "" when the size's Go constant goes into the
// statement q alone (sizes.OnlyInto), else where else it goes. A number
// in the SQL text is the statement's own: changing it changes the
// ATTACH, which is the point.
func (sz size) onlyHere(in *check.Input, q *sqltext.Query) string {
	if sz.sql != "" || sz.lit == nil {
		return ""
	}
	return sizes.OnlyInto(in.Pass, in.Scope.Flow, sz.lit.Pos(), sz.lit.End(), q.Call)
}

// text is how a message names the size: 150000, or rowGroup = 150000.
func (sz size) text() string {
	if sz.name == "" {
		return strconv.FormatInt(sz.value, 10)
	}
	return sz.name + " = " + strconv.FormatInt(sz.value, 10)
}

// written is the text a fix writes for the size m: the number in the
// SQL, or the Go literal in its own style (150_000 becomes 149_504).
func (sz size) written(m int64) string {
	if sz.sql != "" || sz.lit == nil {
		return strconv.FormatInt(m, 10)
	}
	return sizes.FormatLike(sz.lit.Value, m)
}

// rewrite returns the edit that makes the size m (never the storage
// version: noVersionFix says why). An edit with an invalid Pos
// means the fix cannot be written.
func (sz size) rewrite(m int64) []analysis.TextEdit {
	text := sz.written(m)
	if sz.sql != "" {
		// A number in the SQL text: one edit, as the text reads.
		return []analysis.TextEdit{{Pos: sz.pos, End: sz.end, NewText: []byte(text)}}
	}
	if sz.lit == nil {
		return []analysis.TextEdit{{}}
	}
	return []analysis.TextEdit{{Pos: sz.lit.Pos(), End: sz.lit.End(), NewText: []byte(text)}}
}
