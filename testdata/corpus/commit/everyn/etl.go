// Package everyn is an ETL step: parse JSON lines from object storage and
// insert them into DuckDB, committing every 50,000 rows.
package everyn

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Payload string `json:"payload"`
}

// Commits of rows inserted one statement at a time under a row group fill
// the groups whole at no measured cost (docs/measurements.md, "Figures by
// size"): not reported.
const commitEvery = 50_000

type ETL struct {
	DB *sql.DB
}

func New(path string) (*ETL, error) {
	db, err := sql.Open("duckdb", path)
	return &ETL{DB: db}, err
}

func (e *ETL) Load(ctx context.Context, r io.Reader) (int, error) {
	tx, err := e.DB.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	dec := json.NewDecoder(bufio.NewReader(r))
	n := 0
	for dec.More() {
		var ev Event
		if err := dec.Decode(&ev); err != nil {
			tx.Rollback()
			return n, err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", ev.ID, ev.Type, ev.Payload); err != nil { // expect: rowbyrow
			tx.Rollback()
			return n, err
		}
		n++
		if n%commitEvery == 0 {
			if err := tx.Commit(); err != nil {
				return n, err
			}
			if tx, err = e.DB.BeginTx(ctx, nil); err != nil {
				return n, err
			}
		}
	}
	return n, tx.Commit()
}
