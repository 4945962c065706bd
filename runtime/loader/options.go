package loader

import "fmt"

// DefaultRowGroupSize is DuckDB's default row group size, 122,880 rows (60
// vectors of 2,048), the unit when the destination has no row group to read
// it from (docs/measurements.md, "Storage unit"; DuckDB 1.5.6, 2026-11-30).
const DefaultRowGroupSize = 122_880

// Option configures a load.
type Option func(*config) error

type config struct {
	flushGroups  int
	commitGroups int
	rowGroupSize int64
}

func newConfig(opts []Option) (*config, error) {
	c := &config{flushGroups: 1}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, err
		}
	}
	// A commit must come right after a flush, or it would leave the rows
	// the Appender still buffers for the next transaction.
	if c.commitGroups%c.flushGroups != 0 {
		return nil, fmt.Errorf("loader: CommitRowGroups(%d) is not a multiple of FlushRowGroups(%d)", c.commitGroups, c.flushGroups)
	}
	return c, nil
}

// FlushRowGroups flushes the Appender every k row groups (default 1). Inside
// the load's transaction the flush size changes neither the layout nor,
// measurably, the time (docs/measurements.md, "Appender flushes"); it bounds
// the rows the Appender buffers.
func FlushRowGroups(k int) Option {
	return func(c *config) error {
		if k < 1 {
			return fmt.Errorf("loader: FlushRowGroups(%d): need at least 1", k)
		}
		c.flushGroups = k
		return nil
	}
}

// CommitRowGroups commits every k row groups instead of once at the end,
// for loads too large for one transaction. Each commit then holds whole row
// groups, so the table's groups still come out whole, but a load that fails
// keeps what it committed: [Stats] (returned with the error) counts those
// rows, and a rerun must skip them. k must be a multiple of the flush size
// ([FlushRowGroups]).
func CommitRowGroups(k int) Option {
	return func(c *config) error {
		if k < 1 {
			return fmt.Errorf("loader: CommitRowGroups(%d): need at least 1", k)
		}
		c.commitGroups = k
		return nil
	}
}

// RowGroupSize sets the destination's row group size, for a table written
// through an ATTACH with ROW_GROUP_SIZE that holds no row yet (the loader
// reads the unit from the table's groups when it has some). It must be a
// positive multiple of 2,048, as DuckDB requires.
func RowGroupSize(rows int64) Option {
	return func(c *config) error {
		if rows < 2048 || rows%2048 != 0 {
			return fmt.Errorf("loader: RowGroupSize(%d): DuckDB's row group size is a positive multiple of 2,048", rows)
		}
		c.rowGroupSize = rows
		return nil
	}
}
