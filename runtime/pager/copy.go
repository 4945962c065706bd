package pager

import (
	"context"
	"fmt"
)

// Copy copies the walk of src that opts describe ([Columns], [Where],
// [From]) into the existing table dst, in the same database or an attached
// one, and returns the number of rows copied.
//
// The rows never cross into Go: Copy is one INSERT ... SELECT over the
// walk, in one transaction. With a *sql.DB or *sql.Conn, Copy commits it;
// with a *sql.Tx, the caller commits. One transaction was measured faster
// than committing page by page, even pages of whole destination row groups
// (see docs/pager.md), and DuckDB writes its row groups whole, so the
// destination's next checkpoint has nothing to repair. Committing pages that
// are not whole multiples of the destination's row group size leaves partial
// row groups that every later checkpoint rewrites.
//
// With [Columns], the named columns are copied into the same-named columns
// of dst; without, every column is copied by position. [RowGroups] has no
// effect on Copy.
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
		// Read the source's layout first: it is the check that src is a
		// table (a view has no rowid for From), with the package's errors.
		if _, err := readLayout(ctx, tx, sn, false); err != nil {
			return err
		}
		cond := "true"
		if c := cfg.from; c != nil {
			if err := c.check(ctx, tx, sn, src); err != nil {
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
		target := dn.sql()
		if len(cfg.columns) > 0 {
			target += " (" + cfg.selectList() + ")"
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO `+target+` SELECT `+cfg.selectList()+` FROM `+sn.sql()+` WHERE `+cond, cfg.args...)
		if err != nil {
			return fmt.Errorf("pager: copy %s to %s: %w", src, dst, err)
		}
		copied, err = res.RowsAffected()
		if err != nil {
			return fmt.Errorf("pager: copy %s to %s: %w", src, dst, err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return copied, nil
}
