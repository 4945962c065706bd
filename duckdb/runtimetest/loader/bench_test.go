package loader_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"math/big"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/runtime/loader"
)

// The benchmarks load benchRows rows of the 29 column types of the table
// behind docs/measurements.md (BIGINT, INTEGER, DOUBLE, VARCHAR, DATE,
// TIMESTAMP, BOOLEAN, DECIMAL) into an empty file table, each way once per
// iteration, and report the row groups they leave:
//
//	go test ./duckdb/runtimetest/loader -run '^$' -bench . -benchtime 1x -count 5
const benchRows = 1_000_000

var benchTypes = strings.Fields(`BIGINT BIGINT BIGINT BIGINT BIGINT INTEGER INTEGER INTEGER INTEGER
	DOUBLE DOUBLE DOUBLE DOUBLE VARCHAR VARCHAR VARCHAR VARCHAR VARCHAR DATE DATE DATE
	TIMESTAMP TIMESTAMP TIMESTAMP BOOLEAN BOOLEAN DECIMAL(18,3) DECIMAL(18,3) DECIMAL(18,3)`)

// benchRow fills row with row i's values, computed from i.
func benchRow(row []driver.Value, i int64) {
	day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(i%2000))
	ts := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
	row[0], row[1], row[2], row[3], row[4] = i, i*7919%1000003, i/3, i%1000000, i*2
	row[5], row[6], row[7], row[8] = int32(i%1000), int32(i%97), int32(i%100000), int32(i/1000)
	row[9], row[10], row[11], row[12] = float64(i)/7, float64(i%1000)*0.25, float64(i%13), float64(i)*0.5
	row[13], row[14], row[15], row[16], row[17] = "user", "event", "abcdef", "x", "00000001"
	row[18], row[19], row[20] = day, day, day
	row[21], row[22], row[23] = ts, ts, ts
	row[24], row[25] = i%2 == 0, i%3 == 0
	for k := 26; k < 29; k++ {
		row[k] = duckdb.Decimal{Width: 18, Scale: 3, Value: big.NewInt(i * int64(k))}
	}
}

func benchDB(b *testing.B) (*sql.DB, *sql.Conn) {
	b.Helper()
	db, err := sql.Open("duckdb", filepath.Join(b.TempDir(), "bench.duckdb"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	cols := make([]string, len(benchTypes))
	for i, t := range benchTypes {
		cols[i] = fmt.Sprintf("c%d %s", i, t)
	}
	if _, err := db.Exec(`CREATE TABLE t (` + strings.Join(cols, ", ") + `)`); err != nil {
		b.Fatal(err)
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close() })
	return db, conn
}

// reportGroups checkpoints and reports the number of row groups and whether
// all but the last are full.
func reportGroups(b *testing.B, db *sql.DB) {
	b.Helper()
	if _, err := db.Exec(`CHECKPOINT`); err != nil {
		b.Fatal(err)
	}
	var groups, partial int
	err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE n <> 122880 AND id <> (SELECT max(row_group_id) FROM pragma_storage_info('t')))
		FROM (SELECT row_group_id AS id, max("start" + "count") - min("start") AS n FROM pragma_storage_info('t') WHERE column_id = 0 GROUP BY ALL)`).Scan(&groups, &partial)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(groups), "groups")
	b.ReportMetric(float64(partial), "partial-groups")
}

// BenchmarkRawAppender is the yardstick: duckdb-go's Appender inside one
// BEGIN ... COMMIT, written by hand.
func BenchmarkRawAppender(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		db, conn := benchDB(b)
		b.StartTimer()
		if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
			b.Fatal(err)
		}
		err := conn.Raw(func(dc any) error {
			a, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "t")
			if err != nil {
				return err
			}
			row := make([]driver.Value, len(benchTypes))
			for i := range int64(benchRows) {
				benchRow(row, i)
				if err := a.AppendRow(row...); err != nil {
					return err
				}
			}
			return a.Close()
		})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		reportGroups(b, db)
		b.StartTimer()
	}
}

// BenchmarkLoad is the same load through loader.Load.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		db, conn := benchDB(b)
		b.StartTimer()
		_, err := loader.Load(context.Background(), conn, "t", duckdbOpen, func(add loader.AddFunc) error {
			row := make([]driver.Value, len(benchTypes))
			for i := range int64(benchRows) {
				benchRow(row, i)
				if err := add(row...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		reportGroups(b, db)
		b.StartTimer()
	}
}

// BenchmarkPreparedInsert is the database/sql-only alternative the loader
// could have used to stay free of the driver's Appender: one prepared INSERT
// executed per row inside one transaction. It loads a fiftieth of the rows
// (it is that much slower); compare per-row costs (ns/row).
func BenchmarkPreparedInsert(b *testing.B) {
	const rows = benchRows / 50
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		_, conn := benchDB(b)
		b.StartTimer()
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO t VALUES (`+strings.TrimSuffix(strings.Repeat("?, ", len(benchTypes)), ", ")+`)`)
		if err != nil {
			b.Fatal(err)
		}
		row := make([]driver.Value, len(benchTypes))
		args := make([]any, len(benchTypes))
		for i := range int64(rows) {
			benchRow(row, i)
			for k, v := range row {
				args[k] = v
			}
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				b.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rows), "ns/row")
	}
}
