// Command duckdb156 writes and reads DuckDB files with DuckDB 1.5.6, for
// duckdb/cmd/rowalign-db's tests (compat_test.go):
//
//	duckdb156 write file rows commit [version]  # table t in commits of commit rows, the last 10% deleted; a view v
//	duckdb156 read file                         # one JSON line: what DuckDB 1.5.6 reads in file
//
// write creates the file in DuckDB 1.5.6's default storage version
// (v1.0.0), or in version (ATTACH ... (STORAGE_VERSION version)).
//
// It exits 1 with DuckDB's error whole on stderr when DuckDB 1.5.6 cannot
// open the file.
package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Read is what DuckDB 1.5.6 reads in a file.
type Read struct {
	Library        string  `json:"library"`         // SELECT version()
	StorageVersion string  `json:"storage_version"` // duckdb_databases().tags['storage_version']
	Rows           int64   `json:"rows"`            // count(*) of t
	Sum            int64   `json:"sum"`             // sum(id) of t
	Chars          int64   `json:"chars"`           // sum(length(s)) of t
	Groups         []int64 `json:"groups"`          // t's row groups' rows, pragma_storage_info
	View           int64   `json:"view"`            // count(*) of v
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(args []string) error {
	switch {
	case (len(args) == 4 || len(args) == 5) && args[0] == "write":
		rows, err1 := strconv.Atoi(args[2])
		commit, err2 := strconv.Atoi(args[3])
		if err1 != nil || err2 != nil || commit < 1 {
			return fmt.Errorf("write: rows and commit must be numbers")
		}
		version := ""
		if len(args) == 5 {
			version = args[4]
		}
		return write(args[1], rows, commit, version)
	case len(args) == 2 && args[0] == "read":
		r, err := read(args[1])
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(r)
	}
	return fmt.Errorf("usage: duckdb156 write file rows commit [version] | duckdb156 read file")
}

func write(path string, rows, commit int, version string) error {
	dsn, stmts := path, []string{}
	if version != "" {
		dsn = ""
		stmts = append(stmts, fmt.Sprintf(`ATTACH '%s' AS f (STORAGE_VERSION '%s')`, path, version), `USE f`)
	}
	db, err := sql.Open("duckdb", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	// One connection: USE holds for the statements after it.
	db.SetMaxOpenConns(1)
	stmts = append(stmts,
		`CREATE TABLE t(id BIGINT NOT NULL, s VARCHAR, k INTEGER CHECK (k >= 0))`,
		`CREATE VIEW v AS SELECT id FROM t WHERE k = 0`)
	for lo := 0; lo < rows; lo += commit {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO t SELECT i, 'row ' || i, (i %% 7)::INTEGER FROM range(%d, %d) r(i)`, lo, min(rows, lo+commit)))
	}
	stmts = append(stmts, fmt.Sprintf(`DELETE FROM t WHERE id >= %d`, rows-rows/10), `CHECKPOINT`)
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return db.Close()
}

func read(path string) (*Read, error) {
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var r Read
	if err := db.QueryRow(`SELECT version(), coalesce(tags['storage_version'], '') FROM duckdb_databases() WHERE database_name = current_database()`).
		Scan(&r.Library, &r.StorageVersion); err != nil {
		return nil, err
	}
	if err := db.QueryRow(`SELECT count(*), coalesce(sum(id), 0), coalesce(sum(length(s)), 0) FROM t`).Scan(&r.Rows, &r.Sum, &r.Chars); err != nil {
		return nil, err
	}
	if err := db.QueryRow(`SELECT count(*) FROM v`).Scan(&r.View); err != nil {
		return nil, err
	}
	rows, err := db.Query(`SELECT row_group_id, max(count) FROM pragma_storage_info('t') WHERE column_id = 0 GROUP BY ALL ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, n int64
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		r.Groups = append(r.Groups, n)
	}
	return &r, rows.Err()
}
