// Package candletest seeds test databases with generated candles.
package candletest

import (
	"database/sql"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Candle struct {
	Symbol string
	At     time.Time
	Close  float64
}

// Seed writes the candles a test generated.
func Seed(db *sql.DB, candles []Candle) error {
	stmt, err := db.Prepare("INSERT INTO candles VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, c := range candles {
		if _, err := stmt.Exec(c.Symbol, c.At, c.Close); err != nil {
			return err
		}
	}
	return nil
}
