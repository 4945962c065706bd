// Package vectorchunk feeds a GPU batch scorer in chunks of 30 vectors
// (61,440 rows), which divide the row group.
// expect: none
package vectorchunk

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const chunkRows = 30 * 2048

func Score(db *sql.DB, maxRow int64, score func([][]float32)) error {
	for lo := int64(0); lo <= maxRow; lo += chunkRows {
		rows, err := db.Query("SELECT embedding FROM items WHERE rowid BETWEEN ? AND ?", lo, lo+chunkRows-1)
		if err != nil {
			return err
		}
		var batch [][]float32
		for rows.Next() {
			var v []float32
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, v)
		}
		rows.Close()
		score(batch)
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
