package pager

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
// defaults. [RowGroups] is checked (k >= 1) but has no effect on Copy.
//
// A missing source or destination is [ErrNoTable]; a view as either is
// [ErrNotTable]. [From] needs the source's row ids: a source with a column
// named rowid gets [ErrRowidColumn] then.
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
		// Read both layouts first: it is the check that src and dst are
		// tables (a view has no rowid for From), with the package's errors.
		if _, err := readLayout(ctx, tx, sn, false); err != nil {
			return err
		}
		if _, err := readLayout(ctx, tx, dn, false); err != nil {
			return err
		}
		if err := matchColumns(ctx, tx, cfg, sn, dn); err != nil {
			return err
		}
		cond := "true"
		if c := cfg.from; c != nil {
			// The cursor's rowid must keep addressing the same rows until
			// the INSERT has run: pin them as a walk does.
			if err := pin(ctx, tx, sn); err != nil {
				return err
			}
			if err := checkRowid(ctx, tx, sn); err != nil {
				return err
			}
			if err := c.check(ctx, tx, sn, src, cfg.filter()); err != nil {
				return err
			}
			if c.Next < 0 {
				return nil
			}
			cond = fmt.Sprintf("rowid >= %d", c.Next)
		}
		if cfg.where != "" {
			cond += " AND (" + cfg.where + "\n)"
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO `+dn.sql()+` BY NAME SELECT `+cfg.selectList()+` FROM `+sn.sql()+` WHERE `+cond, cfg.args...)
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
// match by name.
var ErrColumns = errors.New("source and destination columns do not match by name")

// matchColumns checks that the copied columns (cfg's, or all of src's)
// exist in dst and, without Columns, that dst has no column src lacks.
// Names compare without case, as DuckDB's identifiers do.
func matchColumns(ctx context.Context, tx Querier, cfg *config, sn, dn name) error {
	from := cfg.columns
	if len(from) == 0 {
		var err error
		if from, err = columnsOf(ctx, tx, sn); err != nil {
			return err
		}
	}
	to, err := columnsOf(ctx, tx, dn)
	if err != nil {
		return err
	}
	missing := func(names, in []string) []string {
		var out []string
		for _, a := range names {
			if !slices.ContainsFunc(in, func(b string) bool { return strings.EqualFold(a, b) }) {
				out = append(out, quoteIdent(a))
			}
		}
		return out
	}
	if m := missing(from, to); len(m) > 0 {
		return fmt.Errorf("pager: copy %s to %s: %w: %s has no column %s", sn.raw, dn.raw, ErrColumns, dn.raw, strings.Join(m, ", "))
	}
	if len(cfg.columns) == 0 {
		if m := missing(to, from); len(m) > 0 {
			return fmt.Errorf("pager: copy %s to %s: %w: %s has no column %s (name the columns to copy with Columns to leave the others to their defaults)", sn.raw, dn.raw, ErrColumns, sn.raw, strings.Join(m, ", "))
		}
	}
	return nil
}
