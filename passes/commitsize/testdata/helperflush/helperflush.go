// Package helperflush loads rows through helpers that commit: the loop
// decides when, the helper commits.
package helperflush

import (
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

// Loader buffers rows and hands each full batch to the Appender.
type Loader struct {
	app   *duckdb.Appender
	batch [][]driver.Value
}

func (l *Loader) LoadAll(src <-chan []driver.Value) error {
	for row := range src {
		l.batch = append(l.batch, row)
		if len(l.batch) == 75_000 { // want `^commit size 75000 is smaller than DuckDB's 122880-row row group`
			if err := l.flush(); err != nil {
				return err
			}
		}
	}
	if err := l.flush(); err != nil {
		return err
	}
	return l.app.Close()
}

func (l *Loader) flush() error {
	for _, r := range l.batch {
		if err := l.app.AppendRow(r...); err != nil {
			return err
		}
	}
	l.batch = l.batch[:0]
	return l.app.Flush()
}

// Copier commits its transaction through a helper every copyBatch rows.
type Copier struct {
	db *sql.DB
	tx *sql.Tx
}

const copyBatch = 200_000 // want `^commit size copyBatch = 200000 splits`

func (c *Copier) Copy(rows *sql.Rows) (int, error) {
	n := 0
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return n, err
		}
		if _, err := c.tx.Exec("INSERT INTO dst VALUES (?)", id); err != nil {
			return n, err
		}
		n++
		if n%copyBatch == 0 {
			if err := c.commit(); err != nil {
				return n, err
			}
		}
	}
	return n, c.commit()
}

func (c *Copier) commit() error {
	if err := c.tx.Commit(); err != nil {
		return err
	}
	tx, err := c.db.Begin()
	c.tx = tx
	return err
}

// Aligned commits whole row groups through the same helper: silent.
func (c *Copier) Aligned(rows *sql.Rows) error {
	for n := 1; rows.Next(); n++ {
		if n%245_760 == 0 {
			if err := c.commit(); err != nil {
				return err
			}
		}
	}
	return c.commit()
}

// Once calls the helper after its loop only: one commit, no commit loop.
func (c *Copier) Once(rows *sql.Rows) error {
	for rows.Next() {
	}
	return c.commit()
}
