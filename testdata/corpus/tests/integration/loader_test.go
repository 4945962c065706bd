package integration_test

import (
	"context"
	"database/sql/driver"
	"testing"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/corpus/tests/integration"
)

func TestBulk(t *testing.T) {
	db, err := integration.Open("")
	if err != nil {
		t.Skip(err)
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Skip(err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "ref")
		if err != nil {
			return err
		}
		for i := 0; i < 1_000_000; i++ {
			if err := app.AppendRow(int64(i)); err != nil {
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	tx, _ := db.Begin()
	for i := 0; i < 1_000_000; i++ {
		tx.Exec("INSERT INTO ref2 VALUES (?)", i)
		if i%100_000 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}
