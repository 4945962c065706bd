package pagewalk

import (
	"go/ast"
	"go/token"

	"github.com/rowalign/rowalign/passes/sqltext"
)

// Strategy is how a walk moves through a table.
type Strategy int

// Walk strategies.
const (
	// OffsetLimit pages with LIMIT n OFFSET off.
	OffsetLimit Strategy = iota
	// RowidRange pages with rowid >= lo AND rowid < lo+n.
	RowidRange
	// Keyset pages with k > last ORDER BY k LIMIT n.
	Keyset
	// Batch commits every n rows inside a loop.
	Batch
)

func (s Strategy) String() string {
	switch s {
	case OffsetLimit:
		return "LIMIT/OFFSET walk"
	case RowidRange:
		return "rowid range walk"
	case Keyset:
		return "keyset walk"
	}
	return "commit loop"
}

// A Walk is a page walk or a commit loop.
type Walk struct {
	Strategy Strategy
	// Query is the statement run per page; nil for a Batch.
	Query *sqltext.Query
	// loop is the *ast.ForStmt or *ast.RangeStmt that walks.
	loop ast.Node
	// via is the helper a commit loop calls to commit (its FuncDecl),
	// when the commit is not written in the loop's own function.
	via ast.Node
	// Write reports that each page or batch is committed into DuckDB.
	Write bool
	// commit is the commit per page or batch (a call of Commit or Flush,
	// or the INSERT ... SELECT), when Write is set.
	commit ast.Node
	// Appender reports that commit is a DuckDB Appender's Flush, and InTx
	// that the function running it opened a transaction with BEGIN.
	Appender, InTx bool
	// size is the Go expression of the page or batch size; nil when the
	// size is a number written in the SQL text.
	size ast.Expr
	// Sites are the constants the size was traced to; empty when the size
	// is not constant (read from a flag, computed).
	Sites []Site
	// Why says how the handle was judged DuckDB's when the judgement
	// comes from other evidence than its own open ("DuckDB judged from
	// the handle this call passes to report.Export"); "" otherwise.
	Why string
	// Remote says, for a walk another package's function runs that its
	// own package did not report (see Walks), which function and where:
	// "reports.Export, reports.go:55"; "" otherwise.
	Remote string
	// orderBy is Query.Shape.OrderBy for a walk without Query here;
	// from is where the walk of another package's function is.
	orderBy bool
	from    string
	// call is, for a walk another package's function runs (its Walks
	// fact), the call in this package that runs it; recv is the handle
	// expression the walk runs over, when known.
	call, recv ast.Expr
	// silent marks a walk whose handle's engine is unknown in a package
	// that also talks to another engine: not reported, but its callers
	// in other packages may know the engine (see Walks).
	silent bool
	// Strides are the constants the walk's position advances by, where
	// the page size is written a second time (off += 250000 beside
	// LIMIT 250000); a fix must change them with the size.
	Strides []Site
}

// Pos is where the walk runs: its query or its commit.
func (w *Walk) Pos() token.Pos {
	if w.call != nil {
		return w.call.Pos()
	}
	if w.Query != nil {
		return w.Query.Call.Pos()
	}
	return w.commit.Pos()
}

// End is where the walk's query, commit or call ends.
func (w *Walk) End() token.Pos {
	switch {
	case w.call != nil:
		return w.call.End()
	case w.Query != nil:
		return w.Query.Call.End()
	}
	return w.commit.End()
}

// Ordered reports a LIMIT/OFFSET walk with ORDER BY, here or in the
// function of another package that runs it.
func (w *Walk) Ordered() bool {
	if w.Query != nil {
		return w.Query.Shape.OrderBy
	}
	return w.orderBy
}

// A Site is a place a page or batch size is written.
type Site struct {
	// Pos and End delimit the text to report at and, if Fixable, rewrite.
	Pos, End token.Pos
	Value    int64
	// Name is the constant or variable the value was found through
	// ("pageSize", "dbconf.PageSize"), "" for a bare literal.
	Name string
	// Fixable reports that Pos..End is an integer literal or constant
	// expression in this package that a fix may replace by a literal.
	Fixable bool
	// Foreign reports a constant declared in another package.
	Foreign bool
	// Where says, for a size written in another package's walk, which
	// function and where: "report.Export, export.go:14"; Pos is then the
	// call in this package that runs the walk.
	Where string
	// Literal is the source text of an integer literal at Pos, so a fix can
	// keep its style (250_000, 0x3d090); "" for other expressions.
	Literal string
}

// An Append is a DuckDB Appender fed row by row inside a loop.
type Append struct {
	// Call is the AppendRow call, Loop the loop around it.
	Call *ast.CallExpr
	Loop ast.Node
	// InTx reports that the function running it opened a transaction with
	// BEGIN first.
	InTx bool
	// Trips is how many times the loop runs at most, when the source says
	// (range 2048, range over a slice literal, i < 100); -1 when unknown.
	Trips int64
	// Flush is the commit loop that flushes this Appender explicitly under
	// a size condition (if n%N == 0 { app.Flush() }) around Call, or nil.
	Flush *Walk
}

// Result lists the walks of a package.
type Result struct {
	Walks   []*Walk
	Appends []*Append
	// Queries are all the queries of the package, walks or not.
	Queries []*sqltext.Query
}
