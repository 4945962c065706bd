// Package sqlfunc keeps its SQL in functions that return it: a plain
// function for the readings, a method that builds each table's upsert.
package sqlfunc

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

func insertReading() string {
	return "INSERT INTO readings (sensor, at, value) VALUES (?, ?, ?)"
}

// LoadReadings writes one row per CSV record.
func LoadReadings(ctx context.Context, db *sql.DB, r io.Reader) error {
	cr := csv.NewReader(r)
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, insertReading(), rec[0], rec[1], rec[2]); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
}

type Table struct {
	Name    string
	Key     string
	Columns []string
}

// UpsertSQL builds INSERT ... ON CONFLICT for the table.
func (t Table) UpsertSQL() string {
	var b strings.Builder
	fmt.Fprintf(&b, `INSERT INTO "%s" (`, t.Name)
	b.WriteString(strings.Join(t.Columns, ", "))
	b.WriteString(") VALUES (")
	for i := range t.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", i+1)
	}
	fmt.Fprintf(&b, `) ON CONFLICT ("%s") DO UPDATE SET `, t.Key)
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"%s" = excluded."%s"`, c, c)
	}
	return b.String()
}

// Sync copies a table's rows from the source database, upserting each.
func Sync(ctx context.Context, src, dst *sql.DB, t Table) error {
	rows, err := src.QueryContext(ctx, "SELECT "+strings.Join(t.Columns, ", ")+" FROM "+t.Name)
	if err != nil {
		return err
	}
	defer rows.Close()
	tx, err := dst.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, t.UpsertSQL())
	if err != nil {
		return err
	}
	defer stmt.Close()
	vals := make([]any, len(t.Columns))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, vals...); err != nil { // want `one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs`
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return tx.Commit()
}

// InsertPage writes a page of API rows, each row's values gathered per
// column first.
func InsertPage(db *sql.DB, t Table, page []map[string]any) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare(t.UpsertSQL())
	if err != nil {
		return err
	}
	defer stmt.Close()
	vals := make([]any, len(t.Columns))
	for _, row := range page {
		for i, c := range t.Columns {
			vals[i] = row[c]
		}
		if _, err := stmt.Exec(vals...); err != nil { // want `one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs`
			return err
		}
	}
	return tx.Commit()
}
