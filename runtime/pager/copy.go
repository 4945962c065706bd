package pager

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Copy copies the walk of src that opts describe ([Columns], [Where],
// [From]) into the existing table dst, in the same database or an attached
// one, and returns the number of rows copied.
//
// The rows never cross into Go: Copy is one INSERT ... SELECT over the
// walk, in one transaction. With a *sql.DB or *sql.Conn, Copy commits it;
// with a *sql.Tx, the caller commits. One transaction was measured faster
// than committing page by page, even pages of whole destination row groups
// (see docs/pager.md).
//
// Row groups. DuckDB writes the copied rows as new row groups of the
// destination, whole except the last, when the destination is empty or ends
// in a whole group and its row group size is the source's, a multiple or a
// divisor of it (DuckDB 1.5.6, measured with pragma_storage_info after
// CHECKPOINT; docs/pager.md, "Copy and the destination's row groups"). Two
// cases leave partial groups that the checkpoint does not merge: a
// destination that already ends in a partial group keeps it in the middle of
// the table (50,000 existing rows stay a 50,000-row group before the copied
// ones), and a destination attached with a ROW_GROUP_SIZE that is neither
// may get groups cut at the source's boundaries by DuckDB's parallel insert
// (204,800 from 122,880 on 2 threads: 204,800 and 163,840 alternating in one
// run, whole in another on a loaded machine; whole with SET threads = 1, a
// database-wide setting Copy leaves alone). A source whose own groups are
// partial mid-table (a misaligned load's damage) passed them on unchanged on
// 2 threads and came out whole on 1 (docs/pager.md, "Copy from a damaged
// source").
//
// Columns map by name, never by position (INSERT ... BY NAME): a source
// column that dst lacks is an error, and so is, without [Columns], a column
// of dst that the source lacks; with Columns, dst's other columns get their
// defaults. Generated columns of dst are left out (dst computes them). A
// copied column whose type in dst differs from the source's is an
// [ErrColumns] error naming it, unless [Cast] asks for the conversion.
// [RowGroups] is checked (k >= 1) but has no effect on Copy. Both names are
// resolved as DuckDB binds them on the connection, as for [Pages].
//
// A missing source or destination is [ErrNoTable]; a view as either is
// [ErrNotTable]. [From] needs the source's row ids: a source with a column
// named rowid gets [ErrRowidColumn] then. With From, the source's rowids are
// pinned by a write to its database (see the package documentation), and
// DuckDB lets one transaction write one attached database: a resumed copy
// into another database is refused with an error saying so, unless the
// source's database is read-only (no pin).
func Copy(ctx context.Context, q Querier, src, dst string, opts ...Option) (int64, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return 0, err
	}
	sn, err := parseName(src)
	if err != nil {
		return 0, err
	}
	dn, err := parseName(dst)
	if err != nil {
		return 0, err
	}
	var copied int64
	err = inTx(ctx, q, true, func(tx Querier) error {
		// Both names as DuckDB binds them: it is also the check that both
		// are tables (a view has no rowid for From), with the package's
		// errors.
		sn, err := resolve(ctx, tx, sn)
		if err != nil {
			return err
		}
		dn, err := resolve(ctx, tx, dn)
		if err != nil {
			return err
		}
		list, err := matchColumns(ctx, tx, cfg, sn, dn)
		if err != nil {
			return err
		}
		cond := "true"
		if c := cfg.from; c != nil {
			// The cursor's rowid must keep addressing the same rows until
			// the INSERT has run: pin them as a walk does.
			if err := pin(ctx, tx, sn); err != nil {
				return err
			}
			cols, err := checkRowid(ctx, tx, sn)
			if err != nil {
				return err
			}
			if err := c.check(ctx, tx, sn, cols, cfg.filter()); err != nil {
				return err
			}
			cond = fmt.Sprintf("rowid >= %d", c.Next)
		}
		if cfg.where != "" {
			cond += " AND (" + cfg.where + "\n)"
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO `+dn.sql()+` BY NAME SELECT `+list+` FROM `+sn.sql()+` WHERE `+cond, cfg.args...)
		if err != nil && cfg.from != nil && strings.Contains(err.Error(), "single attached database") {
			return fmt.Errorf("pager: copy %s to %s: a resumed copy (From) pins the source's rowids with a write to its database, and DuckDB lets one transaction write one database only; copy into a table of the source's database, or walk the rest with From and insert it yourself: %w", src, dst, oneLine(err))
		}
		if err != nil {
			return fmt.Errorf("pager: copy %s to %s: %w", src, dst, oneLine(err))
		}
		copied, err = res.RowsAffected()
		if err != nil {
			return fmt.Errorf("pager: copy %s to %s: %w", src, dst, oneLine(err))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return copied, nil
}

// ErrColumns reports that Copy's source and destination columns do not
// match: by name, or by type (without [Cast]).
var ErrColumns = errors.New("source and destination columns do not match")

// Cast lets [Copy] copy a source column into a destination column of the
// same name and another type, converting each value the way DuckDB's
// INSERT does (a DOUBLE 2.5 into an INTEGER column becomes 2; a value that
// does not convert fails the copy). Without Cast such a column is an
// [ErrColumns] error before anything is written: a copy that changes values
// is not a copy. Walks ignore it.
func Cast() Option {
	return func(c *config) error {
		c.cast = true
		return nil
	}
}

// column is a table's column as duckdb_columns() lists it.
type column struct {
	name, typ string
	// generated is set for a generated (computed) column, which an INSERT
	// must leave out.
	generated bool
}

// columnsIn returns table n's columns (n as [resolve] found it) in their
// order. DuckDB lists a generated column's expression as its default, so a
// column with a default is a generated one when DuckDB refuses to bind an
// INSERT into it (asked through a [binder], which runs no statement that
// fails), when generated is asked for (the destination). DuckDB 2.0's
// duckdb_columns() has is_generated, 1.1 and 1.5 have not.
func columnsIn(ctx context.Context, tx Querier, n name, generated bool) ([]column, error) {
	rows, err := tx.QueryContext(ctx, `SELECT column_name, data_type, column_default IS NOT NULL FROM duckdb_columns()
		WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY column_index`, n.parts[0], n.parts[1], n.parts[2])
	if err != nil {
		return nil, fmt.Errorf("pager: %s: reading its columns: %w", n.raw, oneLine(err))
	}
	var cols []column
	var withDefault []int
	for rows.Next() {
		var c column
		var def bool
		if err := rows.Scan(&c.name, &c.typ, &def); err != nil {
			rows.Close()
			return nil, fmt.Errorf("pager: %s: reading its columns: %w", n.raw, oneLine(err))
		}
		if def {
			withDefault = append(withDefault, len(cols))
		}
		cols = append(cols, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pager: %s: reading its columns: %w", n.raw, oneLine(err))
	}
	if !generated {
		return cols, nil
	}
	if len(withDefault) == 0 {
		return cols, nil
	}
	b, err := newBinder(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("pager: %s: %w", n.raw, err)
	}
	for _, i := range withDefault {
		why, err := b.refused(ctx, `INSERT INTO `+n.sql()+` (`+quoteIdent(cols[i].name)+`) SELECT NULL`)
		switch {
		case err != nil:
			return nil, fmt.Errorf("pager: %s: finding its generated columns: %w", n.raw, err)
		case why == nil:
		case strings.Contains(why.Error(), "generated column"):
			cols[i].generated = true
		default:
			return nil, fmt.Errorf("pager: %s: finding its generated columns: %w", n.raw, why)
		}
	}
	return cols, nil
}

// matchColumns checks the copy's columns and returns its select list. The
// copied columns are cfg's, or all of src's that are not generated in dst.
// Each must exist in dst, be no generated column there, and have the same
// type there unless cfg casts; without Columns, every column of dst but its
// generated ones must come from src. Names compare without case, as
// DuckDB's identifiers do.
func matchColumns(ctx context.Context, tx Querier, cfg *config, sn, dn name) (string, error) {
	from, err := columnsIn(ctx, tx, sn, false)
	if err != nil {
		return "", err
	}
	to, err := columnsIn(ctx, tx, dn, true)
	if err != nil {
		return "", err
	}
	find := func(cols []column, name string) *column {
		for i := range cols {
			if strings.EqualFold(cols[i].name, name) {
				return &cols[i]
			}
		}
		return nil
	}
	fail := func(format string, args ...any) (string, error) {
		return "", fmt.Errorf("pager: copy %s to %s: %w: %s", sn.raw, dn.raw, ErrColumns, fmt.Sprintf(format, args...))
	}
	var copied []column
	if len(cfg.columns) == 0 {
		for _, c := range from {
			if d := find(to, c.name); d != nil && d.generated {
				continue // dst computes it
			}
			copied = append(copied, c)
		}
		var missing []string
		for _, d := range to {
			if !d.generated && find(from, d.name) == nil {
				missing = append(missing, quoteIdent(d.name))
			}
		}
		if len(missing) > 0 {
			return fail("%s has no column %s (name the columns to copy with Columns to leave the others to their defaults)", sn.raw, strings.Join(missing, ", "))
		}
	} else {
		for _, name := range cfg.columns {
			c := find(from, name)
			if c == nil {
				return fail("%s has no column %s", sn.raw, quoteIdent(name))
			}
			copied = append(copied, *c)
		}
	}
	var missing []string
	for _, c := range copied {
		d := find(to, c.name)
		switch {
		case d == nil:
			missing = append(missing, quoteIdent(c.name))
		case d.generated:
			return fail("column %s is generated in %s, which computes it; leave it out of Columns", quoteIdent(c.name), dn.raw)
		case !cfg.cast && !strings.EqualFold(c.typ, d.typ):
			return fail("column %s is %s in %s and %s in %s: copying would convert its values; pass pager.Cast() to convert them, or copy into a column of the same type", quoteIdent(c.name), c.typ, sn.raw, d.typ, dn.raw)
		}
	}
	if len(missing) > 0 {
		return fail("%s has no column %s", dn.raw, strings.Join(missing, ", "))
	}
	names := make([]string, len(copied))
	for i, c := range copied {
		names[i] = c.name
	}
	return quoteList(names), nil
}
