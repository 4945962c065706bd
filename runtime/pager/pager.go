package pager

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"hash/fnv"
	"iter"
	"strings"
	"time"
)

// Querier is what the pager runs its statements on: a *sql.DB, *sql.Conn or
// *sql.Tx connected to DuckDB. A type of your own (a logging wrapper, say)
// must also have BeginTx, as *sql.DB and *sql.Conn do, or the pager returns
// [ErrNoSnapshot]: without a transaction of its own it could not read its
// pages in one snapshot.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// ErrNoSnapshot reports a [Querier] that is neither a *sql.Tx nor able to
// begin one (it has no BeginTx method). Reading its pages as separate
// statements would see other connections' commits between pages, so the
// pager refuses it instead of losing or repeating rows.
var ErrNoSnapshot = errors.New("the querier is not a *sql.Tx and has no BeginTx method, so the pages cannot be read in one snapshot; pass the *sql.DB, *sql.Conn or *sql.Tx it wraps")

// beginner is satisfied by *sql.DB and *sql.Conn: the pager opens its own
// transaction on them. A *sql.Tx is used as it is: it already is a snapshot.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// inTx runs fn inside one transaction: q itself when it is a *sql.Tx, else
// a new transaction on q that is committed when commit is set and fn
// succeeded, rolled back otherwise.
//
// The transaction is begun with ctx's values but without its cancellation
// (fn's statements get ctx itself). duckdb-go can return the context's
// error from BeginTx after DuckDB has begun the transaction (it runs BEGIN
// TRANSACTION, then sees the cancelled context), and database/sql then
// returns the connection to the pool, or to the caller's *sql.Conn, inside
// that transaction, where every later statement fails ("Current transaction
// is aborted", "cannot start a transaction within a transaction"). And a
// transaction begun with a context that is then cancelled is rolled back by
// a goroutine of database/sql that discards the connection, which closes a
// caller's *sql.Conn, and which can run after the walk has returned. So the
// walk checks ctx itself before it begins, and always rolls back itself.
// On a *sql.DB it begins on a connection of its own (Conn), which it
// discards (driver.ErrBadConn from Raw) if BeginTx fails anyway, rather
// than return it to the pool in an unknown state.
func inTx(ctx context.Context, q Querier, commit bool, fn func(Querier) error) error {
	if tx, ok := q.(*sql.Tx); ok {
		return abortedBefore(fn(tx))
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("pager: %w", err)
	}
	if db, ok := q.(*sql.DB); ok {
		conn, err := db.Conn(ctx)
		if err != nil {
			return fmt.Errorf("pager: taking a connection: %w", oneLine(err))
		}
		defer conn.Close()
		return txOn(ctx, conn, commit, fn, func() {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		})
	}
	b, ok := q.(beginner)
	if !ok {
		return fmt.Errorf("pager: %T: %w", q, ErrNoSnapshot)
	}
	// A caller's *sql.Conn (or type of its own) is not ours to discard.
	return txOn(ctx, b, commit, fn, func() {})
}

// abortedBefore says, of an error that is DuckDB's refusal of a statement
// in a transaction already aborted, that another statement aborted it: the
// pager runs no statement that fails before it returns its first error
// (see binder), so in a caller's *sql.Tx the statement that failed first
// is the caller's, before the walk or in its loop body, and its error was
// returned to the caller there.
func abortedBefore(err error) error {
	if err != nil && strings.Contains(err.Error(), "transaction is aborted") {
		return fmt.Errorf("%w (an earlier statement in this transaction, not the pager's, failed and aborted it: its error was returned where it ran)", err)
	}
	return err
}

// txOn begins a transaction on b and runs fn in it (see inTx); discard
// drops b's connection after a failed BeginTx.
func txOn(ctx context.Context, b beginner, commit bool, fn func(Querier) error, discard func()) error {
	// duckdb-go rejects sql.TxOptions{ReadOnly: true}; a plain transaction
	// that only reads is the same snapshot.
	tx, err := b.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		discard()
		return fmt.Errorf("pager: begin transaction: %w", oneLine(err))
	}
	// Deferred, so that a panic in the caller's loop body (which runs
	// inside fn) still releases the connection.
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if commit {
		// The transaction does not watch ctx (see inTx): a cancellation
		// before the commit rolls back, as database/sql's would.
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("pager: not committed: %w", err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("pager: commit: %w", oneLine(err))
		}
	}
	return nil
}

// Option configures a walk ([Pages], [Walk], [Copy]).
type Option func(*config) error

type config struct {
	groups  int
	columns []string
	where   string
	args    []any
	from    *Cursor
	cast    bool
}

// RowGroups sets the page size in whole row groups; k must be at least 1
// (any other k is an error, for Copy too). The page size in rows is
// then k times the table's own row group size: 122,880 rows per group by
// default, 204,800 for a table written with ROW_GROUP_SIZE 204800. Memory
// grows with the page: the driver materialises each page's result whole
// before the first row reaches Go.
//
// Without RowGroups, a page is the largest whole number of the table's row
// groups not above DefaultPageRows rows, and at least one group: 2 groups of
// 122,880 rows on DuckDB's default layout.
func RowGroups(k int) Option {
	return func(c *config) error {
		if k < 1 {
			return fmt.Errorf("pager: RowGroups(%d): need at least one row group per page", k)
		}
		c.groups = k
		return nil
	}
}

// DefaultPageRows is the page size, in rows, that the default page (no
// [RowGroups]) aims at. 245,760 rows (2 groups of 122,880) was the fastest
// read page measured: on a 1,000,000-row, 29-column table, DuckDB 1.5.6, 2
// cores, 2026-11-30, 1.06x one unpaged SELECT * on an idle machine and 0.83x
// under load, at 221 MiB peak RSS against the scan's 378 MiB; one-group
// pages were 1.20x and 0.94x, because DuckDB scans one row group per thread
// (docs/pager.md).
const DefaultPageRows = 245_760

// pageGroups returns the page size in groups for a layout.
func (c *config) pageGroups(l Layout) int {
	if c.groups > 0 {
		return c.groups
	}
	if l.RowGroupSize <= 0 {
		return 1
	}
	return int(max(1, DefaultPageRows/l.RowGroupSize))
}

// Columns selects the columns to read (default all, as SELECT *). Each name
// is quoted as one identifier, so any column name is safe.
func Columns(names ...string) Option {
	return func(c *config) error {
		if len(names) == 0 {
			return errors.New("pager: Columns() needs at least one column name")
		}
		c.columns = append([]string(nil), names...)
		return nil
	}
}

// Where filters the walk with a SQL boolean expression and its arguments,
// e.g. Where("ts >= ? AND kind = ?", t, "click"). The expression is trusted
// SQL: it is pasted into the query in parentheses, never quoted, so it must
// come from the program, not from a user. Arguments are passed as
// parameters. Pages keep their row group boundaries: a filtered page holds
// the matching rows of its row groups, possibly none.
func Where(expr string, args ...any) Option {
	return func(c *config) error {
		if strings.TrimSpace(expr) == "" {
			return errors.New("pager: Where needs an expression")
		}
		c.where, c.args = expr, args
		return nil
	}
}

// From resumes a walk at a cursor taken with [Page.Cursor] by an earlier
// walk of the same table; see [Cursor] for what a resumed walk guarantees.
func From(c Cursor) Option {
	return func(cfg *config) error {
		cfg.from = &c
		return nil
	}
}

// filter is the fingerprint of what the walk reads ([Columns], [Where] and
// its arguments), which a [Cursor] records so that a resume with other
// options is refused.
func (c *config) filter() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%q\x00%q\x00", c.columns, c.where)
	for _, a := range c.args {
		fmt.Fprintf(h, "%s\x00", argFingerprint(a))
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// argFingerprint is a Where argument as the database sees it, so that a
// cursor saved by one run resumes in the next: pointers are followed and
// driver.Valuers asked for their value (a %#v of a pointer is its
// address, different in every process), times are compared as instants
// (a time.Time's %#v holds its *Location), and a sql.NamedArg is its name
// and value. Types the standard conversion refuses (a driver's own list
// or UUID types) keep their Go syntax.
func argFingerprint(a any) string {
	if n, ok := a.(sql.NamedArg); ok {
		return fmt.Sprintf("@%s=%s", n.Name, argFingerprint(n.Value))
	}
	v, err := driver.DefaultParameterConverter.ConvertValue(a)
	if err != nil {
		return fmt.Sprintf("%T=%#v", a, a)
	}
	if t, ok := v.(time.Time); ok {
		return "time=" + t.UTC().Format(time.RFC3339Nano)
	}
	return fmt.Sprintf("%T=%#v", v, v)
}

func newConfig(opts []Option) (*config, error) {
	c := &config{}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// selectList returns the quoted column list, or * by default.
func (c *config) selectList() string {
	if len(c.columns) == 0 {
		return "*"
	}
	q := make([]string, len(c.columns))
	for i, col := range c.columns {
		q[i] = quoteIdent(col)
	}
	return strings.Join(q, ", ")
}

// Page is one page of a walk: the rows of whole row groups
// [FirstGroup, EndGroup) of the table, selected by the rowid range
// [Start, End).
type Page struct {
	// Index is the page's number, from 0; a resumed walk continues the
	// numbering of the walk its cursor came from.
	Index int
	// Pages is the number of pages the walk planned when it started.
	Pages int
	// FirstGroup and EndGroup are the row group positions the page covers,
	// EndGroup excluded. Both are 0 on the one page of a walk that found no
	// row group listed (rows the metadata did not show yet).
	FirstGroup, EndGroup int
	// Start and End are the page's rowid range, End excluded. The last page
	// has End == -1: it has no upper bound, so no row of the snapshot is
	// ever left out.
	Start, End int64
	// Rows is the page's result. It is valid until the loop body (or the
	// Walk callback) returns; the pager closes it and reports rows.Err().
	Rows *sql.Rows

	table  string
	filter string
	tx     Querier
	ctx    context.Context
	walk   *walkState
}

// walkState is what the pages of one walk share.
type walkState struct {
	// done is set when the walk's transaction has ended: a page's Cursor
	// can no longer count rows in its snapshot.
	done bool
	// table is the walked table as resolve found it, cols its columns.
	table name
	cols  []string
}

// String describes the page's position, as used in errors.
func (p *Page) String() string {
	return position(p.Index, p.Pages, p.FirstGroup, p.EndGroup, p.Start, p.End)
}

func position(index, pages, first, end int, start, stop int64) string {
	to := "end"
	if stop >= 0 {
		to = fmt.Sprint(stop)
	}
	groups := fmt.Sprintf("row groups %d-%d, ", first, end-1)
	if end <= first {
		groups = "" // no row group was listed for this page
	}
	return fmt.Sprintf("page %d/%d (%srowids [%d, %s))", index+1, pages, groups, start, to)
}

// Cursor returns the position after this page: a walk started with
// From(cursor) continues with the next page. Call it inside the loop body,
// while the walk's transaction is open (afterwards it returns an error). It
// counts the table's rows below the position (a rowid-only count) and hashes
// the last of them (one row read), which a resume checks (see [Cursor]). On
// the last page the position is after the snapshot's last row, so a walk
// resumed from it yields the rows appended since.
func (p *Page) Cursor() (Cursor, error) {
	if p.walk == nil || p.walk.done {
		return Cursor{}, fmt.Errorf("pager: %s %s: Cursor called after the walk ended; call it inside the loop body", p.table, p)
	}
	n := p.walk.table
	c := Cursor{Table: Ident(n.parts...), Filter: p.filter, Page: p.Index + 1, Next: p.End}
	if p.End < 0 {
		// After the last row this snapshot holds: rows appended later get
		// higher rowids.
		if err := p.tx.QueryRowContext(p.ctx, fmt.Sprintf(`SELECT coalesce(max(rowid) + 1, %d) FROM %s WHERE rowid >= %d`, p.Start, n.sql(), p.Start)).Scan(&c.Next); err != nil {
			return Cursor{}, p.err(err)
		}
	}
	var err error
	if c.Before, c.Last, c.Hash, err = mark(p.ctx, p.tx, n, p.walk.cols, c.Next); err != nil {
		return Cursor{}, p.err(err)
	}
	return c, nil
}

// err wraps err as a *PageError for this page.
func (p *Page) err(err error) *PageError {
	return &PageError{Table: p.table, Index: p.Index, Pages: p.Pages, FirstGroup: p.FirstGroup, EndGroup: p.EndGroup,
		Start: p.Start, End: p.End, Err: err}
}

// PageError is an error met while reading a page. Its fields are the page's
// position (as in [Page]), so a caller knows which rows were not delivered:
// the page's rowids [Start, End) and every later page. Error gives one line.
type PageError struct {
	Table                string
	Index, Pages         int
	FirstGroup, EndGroup int
	Start, End           int64 // End == -1: no upper bound
	Err                  error
}

func (e *PageError) Error() string {
	return fmt.Sprintf("pager: %s %s: %v", e.Table, position(e.Index, e.Pages, e.FirstGroup, e.EndGroup, e.Start, e.End), oneLine(e.Err))
}

func (e *PageError) Unwrap() error { return e.Err }

// span is a planned page: a rowid range over whole row groups.
type span struct {
	first, end  int // group positions
	start, stop int64
}

// plan splits the layout into pages of k groups starting at rowid from.
// The first page has no lower bound beyond from and the last no upper bound:
// the pages partition every rowid >= from, so whatever the layout read, no
// row of the snapshot can fall between pages.
func plan(l Layout, k int, from int64) []span {
	gs := l.Groups
	for len(gs) > 0 && gs[0].Start+gs[0].Count <= from {
		gs = gs[1:]
	}
	skip := len(l.Groups) - len(gs)
	var out []span
	for i := 0; i < len(gs); i += k {
		j := min(i+k, len(gs))
		s := span{first: skip + i, end: skip + j, start: gs[i].Start, stop: gs[j-1].Start + gs[j-1].Count}
		out = append(out, s)
	}
	if len(out) > 0 {
		out[0].start = max(from, 0)
		out[len(out)-1].stop = -1
	}
	return out
}

// Pages walks table page by page, each page k whole row groups
// ([RowGroups]; by default about [DefaultPageRows] rows), in one consistent
// snapshot:
//
//	for page, err := range pager.Pages(ctx, db, "events", pager.RowGroups(2)) {
//		if err != nil {
//			return err
//		}
//		for page.Rows.Next() { ... }
//	}
//
// q may be a *sql.DB or *sql.Conn (the walk opens one transaction on it and
// rolls it back at the end, holding one connection) or a *sql.Tx (the walk
// reads inside it; the caller owns it). Every page is read in that one
// transaction, so concurrent writers never make the walk lose or repeat a
// row: it yields exactly the rows of the snapshot, each once.
//
// table is a table name, optionally qualified as schema.table or
// catalog.schema.table (an attached database); each part is quoted as an
// identifier. A part starting with a double quote is read as a quoted
// identifier; use [Ident] to build a name whose parts contain dots. The
// name means the table DuckDB binds it to on the walk's connection
// (temporary tables, search_path and USE included).
//
// A walk on a *sql.DB holds one of its connections until it ends: with
// SetMaxOpenConns(1), a statement on the same *sql.DB inside the loop body
// would wait forever. Pass a *sql.Tx to run other statements in the walk's
// snapshot.
//
// An error ends the walk: it is yielded once, with a nil page, as a
// *PageError naming the page when it concerns one. Breaking out of the loop
// ends the walk and releases its transaction; so does cancelling ctx.
func Pages(ctx context.Context, q Querier, table string, opts ...Option) iter.Seq2[*Page, error] {
	return func(yield func(*Page, error) bool) {
		err := walk(ctx, q, table, opts, func(p *Page) error {
			if !yield(p, nil) {
				return errStop
			}
			return nil
		})
		if err != nil && err != errStop {
			yield(nil, err)
		}
	}
}

// errStop ends a walk whose consumer stopped early; it never escapes.
var errStop = errors.New("pager: stop")

// Walk is the callback form of [Pages]: it calls fn for every page, in
// order, and returns the first error, from the walk or from fn (returned as
// it is). The page's Rows is closed when fn returns.
func Walk(ctx context.Context, q Querier, table string, fn func(*Page) error, opts ...Option) error {
	return walk(ctx, q, table, opts, fn)
}

func walk(ctx context.Context, q Querier, table string, opts []Option, fn func(*Page) error) error {
	cfg, err := newConfig(opts)
	if err != nil {
		return err
	}
	n, err := parseName(table)
	if err != nil {
		return err
	}
	state := &walkState{}
	defer func() { state.done = true }()
	return inTx(ctx, q, false, func(tx Querier) error {
		// The name first, as DuckDB binds it: every later statement names
		// that table in full. It turns a missing table or a view into the
		// package's errors.
		n, err := resolve(ctx, tx, n)
		if err != nil {
			return err
		}
		// The pin before the layout: a checkpoint by another connection
		// between the two would otherwise renumber the rows after the
		// layout was read (no row lost, the pages partition every rowid,
		// but their boundaries would be off).
		if err := pin(ctx, tx, n); err != nil {
			return err
		}
		l, err := readLayout(ctx, tx, n, false)
		if err != nil {
			return err
		}
		cols, err := checkRowid(ctx, tx, n)
		if err != nil {
			return err
		}
		state.table, state.cols = n, cols
		var from int64
		index := 0
		if c := cfg.from; c != nil {
			if err := c.check(ctx, tx, n, cols, cfg.filter()); err != nil {
				return err
			}
			from, index = c.Next, c.Page
		}
		spans := plan(l, cfg.pageGroups(l), from)
		if len(spans) == 0 {
			// No row group listed: the table is empty. Make sure of it in
			// the snapshot rather than trust the metadata alone.
			var exists bool
			if err := tx.QueryRowContext(ctx, fmt.Sprintf(`SELECT EXISTS (SELECT 1 FROM %s WHERE rowid >= %d)`, n.sql(), from)).Scan(&exists); err != nil {
				return classify(n, err)
			}
			if !exists {
				return nil
			}
			spans = []span{{start: from, stop: -1}}
		}
		base := `SELECT ` + cfg.selectList() + ` FROM ` + n.sql() + ` WHERE `
		for i, s := range spans {
			p := &Page{Index: index + i, Pages: index + len(spans), FirstGroup: s.first, EndGroup: s.end,
				Start: s.start, End: s.stop, table: table, filter: cfg.filter(), tx: tx, ctx: ctx, walk: state}
			if err := ctx.Err(); err != nil {
				return p.err(err)
			}
			cond := fmt.Sprintf("rowid >= %d", s.start)
			if s.stop >= 0 {
				cond += fmt.Sprintf(" AND rowid < %d", s.stop)
			}
			if cfg.where != "" {
				cond += " AND (" + cfg.where + "\n)"
			}
			rows, err := tx.QueryContext(ctx, base+cond, cfg.args...)
			if err != nil {
				return p.err(err)
			}
			p.Rows = rows
			ferr := fn(p)
			cerr := rows.Close()
			if ferr != nil {
				return ferr
			}
			if err := rows.Err(); err != nil {
				return p.err(err)
			}
			if cerr != nil {
				return p.err(cerr)
			}
		}
		return nil
	})
}
