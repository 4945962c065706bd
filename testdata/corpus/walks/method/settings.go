// Package method takes its page size from a settings method.
package method

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Settings struct {
	Table string
}

// BatchRows is how many rows one query reads.
func (s Settings) BatchRows() int { return 100_000 } // expect: pagesize

func Copy(ctx context.Context, db *sql.DB, s Settings, put func([]any) error) error {
	step := s.BatchRows()
	for lo := 0; ; lo += step {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+s.Table+" WHERE rowid >= ? AND rowid < ?", lo, lo+step)
		if err != nil {
			return err
		}
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			if err := put(vals); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
