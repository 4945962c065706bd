// Package loader imports events and users into DuckDB the way most Go
// programs first do: one statement per row, for every row of a file, a
// result set or a stream.
package loader

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"io"
	"iter"
	"os"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

type Event struct {
	ID   int64
	Kind string
	At   string
}

func SaveEvents(ctx context.Context, db *sql.DB, events <-chan Event) error {
	for e := range events {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind, at) VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone: about 2,100 µs a row against 6 µs with the Appender in one transaction\); use rowalign's loader.Load$`
			return err
		}
	}
	return nil
}

func SaveEventsTx(ctx context.Context, db *sql.DB, events <-chan Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for e := range events {
		if _, err := tx.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil { // want `one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 720 µs a row against 6 µs with the Appender\)`
			return err
		}
	}
	return tx.Commit()
}

func SaveEventsPrepared(ctx context.Context, db *sql.DB, events iter.Seq[Event]) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, "INSERT INTO events VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	for e := range events {
		if _, err := stmt.ExecContext(ctx, e.ID, e.Kind, e.At); err != nil { // want `one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs a row`
			return err
		}
	}
	return tx.Commit()
}

// PreparedOnDB prepares on the pool: every Exec still commits alone.
func PreparedOnDB(db *sql.DB, events <-chan Event) error {
	stmt, err := db.Prepare("INSERT INTO events VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	for e := range events {
		if _, err := stmt.Exec(e.ID, e.Kind, e.At); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}

const upsertCounter = `INSERT INTO counters (name, n) VALUES (?, ?)
	ON CONFLICT (name) DO UPDATE SET n = counters.n + excluded.n`

// Upsert counts the names of a file and writes one row per name.
func Upsert(ctx context.Context, conn *sql.Conn, r io.Reader) error {
	counts := make(map[string]int)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		counts[sc.Text()]++
	}
	for name, n := range counts {
		_, err := conn.ExecContext(ctx, upsertCounter, name, n) // want `one-row INSERT per loop iteration \(each statement commits alone`
		if err != nil {
			return err
		}
	}
	return nil
}

// UpsertInTx runs BEGIN on the connection first.
func UpsertInTx(ctx context.Context, conn *sql.Conn, counts <-chan struct {
	Name string
	N    int
}) error {
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	for c := range counts {
		if _, err := conn.ExecContext(ctx, "INSERT OR REPLACE INTO counters VALUES (?, ?)", c.Name, c.N); err != nil { // want `one-row INSERT per loop iteration \(in the transaction`
			conn.ExecContext(ctx, "ROLLBACK")
			return err
		}
	}
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

// MarkSeen marks the events a file lists, one id a line.
func MarkSeen(db *sql.DB, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, id := range strings.Fields(string(data)) {
		if _, err := db.Exec("UPDATE events SET seen = true WHERE id = ?", id); err != nil { // want `one-row UPDATE per loop iteration \(each statement commits alone: about 2,500 µs a row against 50 µs set-wise\); stage the keys in a temp table, then one UPDATE ... FROM$`
			return err
		}
	}
	return nil
}

func Purge(db *sql.DB, ids <-chan int64) error {
	for id := range ids {
		if _, err := db.Exec("DELETE FROM events WHERE id = $1", id); err != nil { // want `one-row DELETE per loop iteration \(each statement commits alone: about 2,500 µs a row \(measured for UPDATE\) against 50 µs set-wise\); stage the keys in a temp table, then one DELETE ... USING$`
			return err
		}
	}
	return nil
}

func LoadLines(db *sql.DB, r io.Reader) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		name, email, _ := strings.Cut(line, ",")
		if _, err := db.Exec("INSERT INTO users VALUES (?, ?)", name, email); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
	return sc.Err()
}

func LoadCSV(ctx context.Context, db *sql.DB, r io.Reader) error {
	cr := csv.NewReader(r)
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO users VALUES (?, ?)", rec[0], rec[1]); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
}

func LoadSeq(ctx context.Context, db *sql.DB, events iter.Seq[Event]) error {
	for e := range events {
		if _, err := db.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
	return nil
}

// Generate writes n numbered rows: n is the caller's, a count the source
// does not show, so the check stays silent (a miss it counts).
func Generate(db *sql.DB, n int) error {
	for i := range n {
		if _, err := db.Exec("INSERT INTO numbers VALUES (?)", i); err != nil {
			return err
		}
	}
	return nil
}

type user struct {
	Name  string `db:"name"`
	Email string `db:"email"`
}

// SaveUsersSqlx copies the staged users, read by sqlx's Select.
func SaveUsersSqlx(db *sqlx.DB) error {
	var users []user
	if err := db.Select(&users, "SELECT name, email FROM staged_users"); err != nil {
		return err
	}
	for _, u := range users {
		db.MustExec("INSERT INTO users (name, email) VALUES (?, ?)", u.Name, u.Email) // want `one-row INSERT per loop iteration \(each statement commits alone`
	}
	return nil
}

func SaveUsersNamed(db *sqlx.DB, users <-chan user) error {
	for u := range users {
		if _, err := db.NamedExec("INSERT INTO users (name, email) VALUES (:name, :email)", u); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
	return nil
}

// SaveUsersFmt writes the values into the text itself.
func SaveUsersFmt(db *sql.DB, users <-chan user) error {
	for u := range users {
		q := "INSERT INTO users VALUES ('" + u.Name + "', '" + u.Email + "')"
		if _, err := db.Exec(q); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
	return nil
}

// CopyTable copies any table, scanning each row into vals through
// pointers: the arguments change with every rows.Next().
func CopyTable(ctx context.Context, tx *sql.Tx, table string, rows *sql.Rows) (int, error) {
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	marks := "?" + strings.Repeat(", ?", len(cols)-1)
	n := 0
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+" VALUES ("+marks+")", vals...); err != nil { // want `one-row INSERT per loop iteration \(in the transaction`
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

// SaveTotals sums a stream into a map that starts empty, then writes one
// row per key.
func SaveTotals(ctx context.Context, db *sql.DB, events <-chan Event) error {
	totals := map[string]int{}
	for e := range events {
		totals[e.Kind]++
	}
	for kind, n := range totals {
		if _, err := db.ExecContext(ctx, "INSERT INTO totals VALUES (?, ?)", kind, n); err != nil { // want `one-row INSERT per loop iteration`
			return err
		}
	}
	return nil
}

// SaveReturning reads back each new row's id.
func SaveReturning(ctx context.Context, db *sql.DB, events <-chan Event) ([]int64, error) {
	var ids []int64
	for e := range events {
		var id int64
		if err := db.QueryRowContext(ctx, "INSERT INTO events (kind, at) VALUES (?, ?) RETURNING id", e.Kind, e.At).Scan(&id); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// CopyPages copies a table from another database page by page, the page
// size the caller's flag: each page's rows are written one by one.
func CopyPages(ctx context.Context, src, dst *sql.DB, page int) error {
	for off := 0; ; off += page {
		rows, err := src.QueryContext(ctx, "SELECT id, kind FROM events ORDER BY id LIMIT ? OFFSET ?", page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return err
			}
			if _, err := dst.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES (?, ?)", id, kind); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < page {
			return rows.Err()
		}
	}
}

// ImportInTx reads a CSV file whole, then writes its records inside the
// callback its transaction helper runs.
func ImportInTx(ctx context.Context, db *sql.DB, r io.Reader) error {
	records, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return err
	}
	return inTx(ctx, db, func(tx *sql.Tx) error {
		for _, rec := range records[1:] {
			if _, err := tx.ExecContext(ctx, "INSERT INTO users VALUES (?, ?)", rec[0], rec[1]); err != nil { // want `one-row INSERT per loop iteration \(in the transaction`
				return err
			}
		}
		return nil
	})
}

func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

type change struct {
	Op   string
	ID   int64
	Kind string
}

// Apply replays a change feed: every change is one statement, the
// insert or the delete.
func Apply(ctx context.Context, db *sql.DB, changes <-chan change) error {
	for c := range changes {
		var err error
		if c.Op == "delete" {
			_, err = db.ExecContext(ctx, "DELETE FROM events WHERE id = ?", c.ID) // want `one-row DELETE per loop iteration`
		} else {
			_, err = db.ExecContext(ctx, "INSERT OR REPLACE INTO events (id, kind) VALUES (?, ?)", c.ID, c.Kind) // want `one-row INSERT per loop iteration`
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// CopyLarge copies the large payments of a file: a filter on each row's
// value, a load all the same.
func CopyLarge(ctx context.Context, db *sql.DB, r io.Reader) error {
	cr := csv.NewReader(r)
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(rec[1]) > 6 {
			if _, err := db.ExecContext(ctx, "INSERT INTO large_payments VALUES (?, ?)", rec[0], rec[1]); err != nil { // want `one-row INSERT per loop iteration`
				return err
			}
		}
	}
}
