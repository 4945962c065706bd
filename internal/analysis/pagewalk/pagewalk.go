package pagewalk

import (
	"go/ast"
	"go/token"

	"github.com/rowalign/rowalign/internal/analysis/sqltext"
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
	// calls: see Calls.
	calls []ast.Node
	// via is the helper a commit loop calls to commit (its FuncDecl, or
	// the function literal), when the commit is not written in the loop's
	// own function.
	via ast.Node
	// chunk reports a commit loop that commits every iteration, stepping
	// through its rows n at a time (see chunkStep).
	chunk bool
	// Write reports that each page or batch is committed into DuckDB.
	Write bool
	// commit is the commit per page or batch (a call of Commit or Flush,
	// or the INSERT ... SELECT), when Write is set.
	commit ast.Node
	// Appender reports that commit is a DuckDB Appender's Flush (or Close,
	// or a helper's call that flushes one), and InTx that the function
	// running it opened a transaction with BEGIN.
	Appender, InTx bool
	// OneTx reports an INSERT ... SELECT walk whose pages all run in one
	// transaction begun before its loop (the statement's handle is a
	// *sql.Tx declared outside the loop): its pages are no commits.
	OneTx bool
	// flushed is the Appender commit flushes, as an expression of the
	// function it is written in (app, l for a receiver holding it); nil
	// when commit is not a flush.
	flushed ast.Expr
	// ReadEngine is the engine a walk reads from when it is not DuckDB
	// ("postgres"): a copy from another engine whose pages are committed
	// into DuckDB. Its sizes are the other engine's pages too, so no fix
	// rewrites them.
	ReadEngine string
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
	// cursor: see Cursor.
	cursor bool
}

// Cursor reports a walk whose strategy is written wholly in a method
// that the walking loops only call: the query reads its position from a
// struct field that the same method advances (c.offset += len(page) in a
// cursor's Next), and no walking loop writes that field. The loops are
// its Calls; the query is where the walk is changed. A helper whose
// position is its caller's (a parameter, or a field the loop advances) is
// no cursor: the walk is the loop's.
func (w *Walk) Cursor() bool { return w.cursor }

// Calls are where a walk whose query is in a helper becomes a walk: the
// call, in each walking loop, that leads to the helper (rows, err :=
// readPage(ctx, db, off)), or the send that feeds its worker. Nil when
// the query runs in the walking loop's own function, or in a function
// literal that only that loop runs (go func(off int) {...}(p*n)). A
// helper shared by one-page paths (an HTTP handler's) and a walking loop
// is reported at the loop, and the one-page paths stay silent.
func (w *Walk) Calls() []ast.Node { return w.calls }

// Loop is the loop that walks or commits: an *ast.ForStmt or
// *ast.RangeStmt, the block of a goto loop, or the function of a walk
// that calls itself; nil for a walk another package's function runs.
func (w *Walk) Loop() ast.Node { return w.loop }

// Commit is the commit of a walk or loop that writes (see Write), nil
// otherwise; Chunk reports a commit loop that commits every iteration,
// stepping through its rows n at a time; Helper is the function that
// commits when the commit is not written in the loop's own function.
func (w *Walk) Commit() ast.Node { return w.commit }

// Chunk: see Commit.
func (w *Walk) Chunk() bool { return w.chunk }

// Helper: see Commit.
func (w *Walk) Helper() ast.Node { return w.via }

// Flushed is the Appender an Appender walk's commit flushes, as an
// expression of the function it is written in (app, l for a receiver
// holding it); nil when the commit is not a flush.
func (w *Walk) Flushed() ast.Expr { return w.flushed }

// ReportAt returns where a finding about the walk's strategy stands:
// its Calls, or else its query or commit.
func (w *Walk) ReportAt() []ast.Node {
	if w.call != nil {
		return []ast.Node{w.call} // another package's walk, run by this call
	}
	if len(w.calls) > 0 {
		return w.calls
	}
	if w.Query != nil {
		return []ast.Node{w.Query.Call}
	}
	return []ast.Node{w.commit}
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

// PagesTable reports whether the walk's pages are rows of a DuckDB table:
// not of a table function or a file (read_parquet(...), FROM 'x.csv'),
// whose row groups, if any, the file's writer set, nor of a GROUP BY,
// DISTINCT or aggregate result, which has none (a rowid range bounds the
// table's rows whatever its select list computes). A walk whose query is
// not here (a commit loop, another package's walk) is taken to.
func (w *Walk) PagesTable() bool {
	if w.Query == nil {
		return true
	}
	s := w.Query.Shape
	return !s.TableFunc && !(s.Aggregate && w.Strategy != RowidRange)
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
	// Grouped reports a constant of this package whose value no literal
	// of its own writes: computed from iota, or repeating the expression
	// of a constant before it in its const group, or whose expression
	// the constants after it repeat. Rewriting that expression would
	// change the other constants of the group, so there is no fix.
	Grouped bool
	// Decl is where the constant is declared, for Foreign and Grouped
	// sites: the message says where the value is set.
	Decl token.Pos
	// Where says, for a size written in another package's walk, which
	// function and where: "report.Export, export.go:14"; Pos is then the
	// call in this package that runs the walk.
	Where string
	// Literal is the source text of an integer literal at Pos, so a fix can
	// keep its style (250_000, 0x3d090); "" for other expressions.
	Literal string
	// via is the call in the walking loop through which the size reaches
	// a helper's query (one of the walk's Calls), nil when there is none.
	via ast.Node
}

// Via returns the call in the walking loop through which the size
// reaches its walk's query in a helper, or nil: a directive there
// silences the size the call passes.
func (s Site) Via() ast.Node { return s.via }

// Result lists the walks of a package.
type Result struct {
	Walks []*Walk
	// Queries are all the queries of the package, walks or not.
	Queries []*sqltext.Query
	// Package is what the walks were found with, for a check that looks
	// further (tx.go); nil outside scope.
	Package *Package
}
