package pager

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// defaultRowGroupRows is DuckDB's default row group size: 122,880 rows (60
// vectors of 2,048), read from pragma_storage_info on DuckDB 1.5.6 and
// 1.1.3 (docs/measurements.md#row-group-size). Fill measures a table's
// groups against the larger of this and the largest stored group: DuckDB
// keeps no per-table record of the size a table was written with, and
// ATTACH ... (ROW_GROUP_SIZE n) allows larger groups; a smaller
// ROW_GROUP_SIZE is not told apart from damage (docs/audit.md, "Limits").
const defaultRowGroupRows = 122_880

// ErrNoTable reports that the named table does not exist.
var ErrNoTable = errors.New("table does not exist")

// ErrNotTable reports that the name resolves to a view or another relation
// without row groups and rowids. The pager never guesses a fallback for it:
// pages of a view have no stable boundaries, so a guessed walk could lose or
// repeat rows. Walk the view's base table with [Where] and [Columns] instead.
var ErrNotTable = errors.New("not a base table (a view or table function has no rowid or row groups to page on)")

// Group is one row group of a table as DuckDB's storage metadata lists it.
// Start and Count are in rowids: Count includes deleted rows still stored in
// the group, so [Start, Start+Count) is the group's rowid range.
type Group struct {
	ID    int64
	Start int64
	Count int64
}

// Layout is a table's row group layout, read from pragma_storage_info inside
// the caller's transaction.
type Layout struct {
	// Table is the table the layout was read for, as DuckDB bound the name:
	// a quoted catalog.schema.table name.
	Table string
	// Groups lists the row groups in rowid order.
	Groups []Group
	// RowGroupSize is the table's unit: the largest group's row count, which is
	// the size every full group has (DuckDB's default 122,880, or the
	// ROW_GROUP_SIZE the table was written with). The last group is usually
	// partial.
	RowGroupSize int64
	// Stored is the number of row slots in all groups, deleted rows included.
	Stored int64
	// Live is the number of rows visible to the transaction (count(*)).
	Live int64
}

// Deleted is the number of deleted rows still stored in the table's groups
// (rowid gaps): Stored - Live, never negative.
func (l Layout) Deleted() int64 { return max(l.Stored-l.Live, 0) }

// Fill is how full the row groups are, between 0 and 1: Live rows over
// what the groups could hold with only the last one partial, the groups
// measured against the larger of DuckDB's default 122,880 rows and the
// largest group. A table loaded whole is 1 whatever its size; partial
// groups before the last and deleted rows lower it; a table without
// groups is 1. It is the fill rowalign-db audit and rowalign-sweep report
// (as a percentage).
func (l Layout) Fill() float64 {
	// This is rowalign's one fill definition: rowalign-db audit and
	// rowalign-sweep compute theirs through it.
	g := len(l.Groups)
	if g == 0 {
		return 1
	}
	unit := int64(defaultRowGroupRows)
	for _, gr := range l.Groups {
		unit = max(unit, gr.Count)
	}
	capacity := int64(g-1)*unit + l.Groups[g-1].Count
	if capacity <= 0 {
		return 1
	}
	return float64(min(max(l.Live, 0), capacity)) / float64(capacity)
}

// Inspect reads the row group layout of table. It reads inside one
// transaction when q is a *sql.DB or *sql.Conn (or has BeginTx), and inside
// q when it is a *sql.Tx; any other Querier gets [ErrNoSnapshot]. Table
// names follow the rules of [Pages].
func Inspect(ctx context.Context, q Querier, table string) (Layout, error) {
	name, err := parseName(table)
	if err != nil {
		return Layout{}, err
	}
	var l Layout
	err = inTx(ctx, q, false, func(tx Querier) error {
		n, err := resolve(ctx, tx, name)
		if err != nil {
			return err
		}
		l, err = readLayout(ctx, tx, n, true)
		return err
	})
	return l, err
}

// name is a parsed, possibly qualified table name.
type name struct {
	raw   string
	parts []string
}

// sql returns the name as quoted SQL identifiers joined by dots.
func (n name) sql() string {
	q := make([]string, len(n.parts))
	for i, p := range n.parts {
		q[i] = quoteIdent(p)
	}
	return strings.Join(q, ".")
}

// literal returns the name as a SQL string literal in the form
// pragma_storage_info expects: each part in double quotes. That parser does
// not unescape doubled quotes, so a name containing '"' cannot be passed to
// it (measured on DuckDB 1.5.6, 2026-11-30): parseName's caller gets a clear
// error for such names instead of a lookup of the wrong table.
func (n name) literal() (string, error) {
	q := make([]string, len(n.parts))
	for i, p := range n.parts {
		if strings.Contains(p, `"`) {
			return "", fmt.Errorf("pager: table name %q: DuckDB's pragma_storage_info cannot look up a name containing a double quote, so its row groups cannot be read; rename the table", n.raw)
		}
		q[i] = `"` + p + `"`
	}
	return "'" + strings.ReplaceAll(strings.Join(q, "."), "'", "''") + "'", nil
}

// Ident quotes parts as one qualified table name that the pager reads back
// exactly: Ident("db", "main", "my.table") names the table "my.table" in
// schema main of the attached database db.
func Ident(parts ...string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = quoteIdent(p)
	}
	return strings.Join(q, ".")
}

// QuoteName returns table, read by the rules of [Pages], as quoted SQL:
// QuoteName("db.events") is "db"."events". Use it to write your own
// statements about the table the pager walks.
func QuoteName(table string) (string, error) {
	n, err := parseName(table)
	if err != nil {
		return "", err
	}
	return n.sql(), nil
}

// quoteIdent quotes s as one SQL identifier.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// parseName splits a table name into its parts: dots separate
// catalog.schema.table; a part that starts with a double quote is a quoted
// identifier ("" for a quote inside it); any other part is taken literally up
// to the next dot. The parts are always re-quoted, so no name can inject SQL.
func parseName(s string) (name, error) {
	n := name{raw: s}
	if s == "" {
		return n, errors.New("pager: empty table name")
	}
	for i := 0; ; {
		var part string
		if i < len(s) && s[i] == '"' {
			var b strings.Builder
			j := i + 1
			for {
				k := strings.IndexByte(s[j:], '"')
				if k < 0 {
					return n, fmt.Errorf("pager: table name %q: unterminated quoted identifier", s)
				}
				b.WriteString(s[j : j+k])
				j += k + 1
				if j < len(s) && s[j] == '"' {
					b.WriteByte('"')
					j++
					continue
				}
				break
			}
			part, i = b.String(), j
			if i < len(s) && s[i] != '.' {
				return n, fmt.Errorf("pager: table name %q: unexpected text after a quoted identifier", s)
			}
		} else {
			k := strings.IndexByte(s[i:], '.')
			if k < 0 {
				k = len(s) - i
			}
			part, i = s[i:i+k], i+k
		}
		if part == "" {
			return n, fmt.Errorf("pager: table name %q has an empty part", s)
		}
		n.parts = append(n.parts, part)
		if i >= len(s) {
			break
		}
		i++ // the dot
		if i >= len(s) {
			return n, fmt.Errorf("pager: table name %q ends with a dot", s)
		}
	}
	if len(n.parts) > 3 {
		return n, fmt.Errorf("pager: table name %q has more than three parts (catalog.schema.table)", s)
	}
	return n, nil
}

// readLayout reads the row groups of n through tx, and counts its live
// rows when live is set (walks do not need the count). The row count of a group
// is that of column 0's own segments (column_path '[0]', or its validity
// '[0, 0]' for nested types whose top level has no data segment). Segment
// starts are relative to their group on DuckDB 1.5 and absolute rowids on
// DuckDB 1.1 (measured 2026-11-30): max(start+count) - min(start) is the
// group's count on both. Groups are contiguous in rowid order.
func readLayout(ctx context.Context, tx Querier, n name, live bool) (Layout, error) {
	lit, err := n.literal()
	if err != nil {
		return Layout{}, err
	}
	l := Layout{Table: n.sql()}
	rows, err := tx.QueryContext(ctx, `SELECT row_group_id, max("start" + "count") - min("start") FROM pragma_storage_info(`+lit+`)
		WHERE column_id = 0 AND column_path IN ('[0]', '[0, 0]') GROUP BY row_group_id ORDER BY row_group_id`)
	if err != nil {
		return l, classify(n, err)
	}
	defer rows.Close()
	var start int64
	for rows.Next() {
		var g Group
		if err := rows.Scan(&g.ID, &g.Count); err != nil {
			return l, fmt.Errorf("pager: reading row groups of %s: %w", n.raw, oneLine(err))
		}
		g.Start = start
		start += g.Count
		l.Stored += g.Count
		l.RowGroupSize = max(l.RowGroupSize, g.Count)
		l.Groups = append(l.Groups, g)
	}
	if err := rows.Err(); err != nil {
		return l, classify(n, err)
	}
	if !live {
		return l, nil
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM `+n.sql()).Scan(&l.Live); err != nil {
		return l, classify(n, err)
	}
	return l, nil
}

// classify turns DuckDB's catalog errors into the package's sentinel errors
// (kept wrapped, so the driver's message stays in the text).
func classify(n name, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "is not an table"), strings.Contains(msg, "is not a table"):
		return fmt.Errorf("pager: %s: %w: %w", n.raw, ErrNotTable, oneLine(err))
	case strings.Contains(msg, "does not exist"):
		return fmt.Errorf("pager: %s: %w: %w", n.raw, ErrNoTable, oneLine(err))
	}
	return fmt.Errorf("pager: reading row groups of %s: %w", n.raw, oneLine(err))
}

// resolve returns the base table that n names, exactly as DuckDB binds n in
// tx's connection, as catalog, schema and table with the catalog's own
// spelling: a name without a catalog is looked up in the temp catalog, then
// in the search_path, then in the current database and schema, and a
// two-part name x.t may be schema x or catalog x. Rather than repeat those
// rules (which differ between DuckDB versions), resolve asks DuckDB: every
// table of that name in duckdb_tables() is a candidate, and the one whose
// fully qualified column reference binds in SELECT c.s.t.rowid FROM n is
// the table n binds to (a four-part column reference matches a table by
// its catalog and schema on DuckDB 1.5.6 and 1.1.3, measured 2026-12-01,
// and 2.0.0, 2026-12-07). DuckDB is asked through a [binder], which runs
// no statement that fails: DuckDB 2.0 aborts the transaction on one.
// Every later statement of the walk names that table in full, so the pin,
// the layout and the pages are about one table whatever the connection's
// search_path, USE or temporary tables.
//
// A name that binds to no table of duckdb_tables() is [ErrNoTable] or,
// when it binds to something else (a view, a table function), [ErrNotTable].
func resolve(ctx context.Context, tx Querier, n name) (name, error) {
	rows, err := tx.QueryContext(ctx, `SELECT database_name, schema_name, table_name FROM duckdb_tables() WHERE lower(table_name) = lower(?) ORDER BY ALL`, n.parts[len(n.parts)-1])
	if err != nil {
		return n, fmt.Errorf("pager: %s: listing the tables of that name: %w", n.raw, oneLine(err))
	}
	var cands [][]string
	for rows.Next() {
		c := make([]string, 3)
		if err := rows.Scan(&c[0], &c[1], &c[2]); err != nil {
			rows.Close()
			return n, fmt.Errorf("pager: %s: listing the tables of that name: %w", n.raw, oneLine(err))
		}
		cands = append(cands, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("pager: %s: listing the tables of that name: %w", n.raw, oneLine(err))
	}
	b, err := newBinder(ctx, tx)
	if err != nil {
		return n, fmt.Errorf("pager: %s: %w", n.raw, err)
	}
	// Every question below is asked through b, which never runs a
	// statement that fails: DuckDB 2.0 aborts the transaction on one (see
	// binder), and the caller's *sql.Tx with it.
	for _, c := range cands {
		full := name{raw: n.raw, parts: c}
		why, err := b.refused(ctx, `SELECT `+full.sql()+`."rowid" FROM `+n.sql()+` LIMIT 0`)
		if err != nil {
			return n, fmt.Errorf("pager: %s: finding the table DuckDB binds the name to: %w", n.raw, err)
		}
		if why == nil {
			return full, nil
		}
		// DuckDB 1.5.6 and 2.0.0: Referenced table "db.main.t" not found!;
		// 1.1.3: Referenced table "db" not found! Anything else (a catalog
		// that does not exist) is said below.
		if !strings.Contains(why.Error(), "Referenced table") {
			all, err := b.refused(ctx, `SELECT * FROM `+n.sql()+` LIMIT 0`)
			if err != nil {
				return n, fmt.Errorf("pager: %s: finding what the name is: %w", n.raw, err)
			}
			if all != nil {
				return n, notBound(ctx, tx, n, all)
			}
			return n, fmt.Errorf("pager: %s: finding the table DuckDB binds the name to: %w", n.raw, why)
		}
	}
	// No base table: let DuckDB say what the name is.
	why, err := b.refused(ctx, `SELECT * FROM `+n.sql()+` LIMIT 0`)
	if err != nil {
		return n, fmt.Errorf("pager: %s: finding what the name is: %w", n.raw, err)
	}
	if why == nil {
		return n, fmt.Errorf("pager: %s: %w: the name binds to no table DuckDB lists", n.raw, ErrNotTable)
	}
	return n, notBound(ctx, tx, n, why)
}

// notBound is the error for a name n that DuckDB refused to bind, why
// being its refusal of SELECT * FROM n: a view whose query fails (its
// table is gone) is still a view, not a missing table.
func notBound(ctx context.Context, tx Querier, n name, why error) error {
	view, err := isView(ctx, tx, n)
	if err != nil {
		return fmt.Errorf("pager: %s: %w (and listing the views failed: %v)", n.raw, why, oneLine(err))
	}
	if view {
		return fmt.Errorf("pager: %s: %w: it names a view, and reading it fails: %v", n.raw, ErrNotTable, why)
	}
	return classify(n, why)
}

// isView reports whether duckdb_views() lists a view that n may name: one
// of its name in the catalog and schema n gives, when it gives them.
func isView(ctx context.Context, tx Querier, n name) (bool, error) {
	q := `SELECT count(*) > 0 FROM duckdb_views() WHERE NOT internal AND lower(view_name) = lower(?)`
	args := []any{n.parts[len(n.parts)-1]}
	switch len(n.parts) {
	case 2:
		q += ` AND (lower(schema_name) = lower(?) OR lower(database_name) = lower(?))`
		args = append(args, n.parts[0], n.parts[0])
	case 3:
		q += ` AND lower(database_name) = lower(?) AND lower(schema_name) = lower(?)`
		args = append(args, n.parts[0], n.parts[1])
	}
	var found bool
	err := tx.QueryRowContext(ctx, q, args...).Scan(&found)
	return found, err
}
