package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// oldFormats are the storage formats of the files attachOld writes: ""
// for the linked DuckDB's default (64 on 1.5.6, 69 on 2.0.0), then each
// format from 64 to 68 (docs/measurements.md#storage-versions).
var oldFormats = []string{"", "v1.0.0", "v1.2.0", "v1.3.0", "v1.4.0", "v1.5.0"}

// attachOptions are what attachOld attaches an existing file with: row
// groups of 204,800 rows (what a new file of DuckDB 2.0.0 takes without
// STORAGE_VERSION) and of two row groups, 245,760, without a storage
// version; and 204,800 with the one attachsize's fix adds.
var attachOptions = []string{
	"ROW_GROUP_SIZE 204800",
	"ROW_GROUP_SIZE 245760",
	"ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0'",
}

// attachOld answers what ATTACH ... (ROW_GROUP_SIZE n) without
// STORAGE_VERSION does to a file that exists already, written by another
// DuckDB, in three steps each run by the DuckDB that should do it:
//
//	measure attachold write DIR    one small file per storage format (on DuckDB 1.5.6)
//	measure attachold attach DIR   a copy of each attached with each of attachOptions (on 2.0.0, or 1.5.6)
//	measure attachold open DIR     each copy opened again (on 1.5.6: can the old DuckDB still read it?)
//
// attach creates rows rows through each accepted ATTACH, checkpoints, and
// prints the groups and the file's storage version after.
func attachOld(step, dir string, rows int64) {
	check(os.MkdirAll(dir, 0o755))
	switch step {
	case "write":
		for _, v := range oldFormats {
			path := filepath.Join(dir, oldName(v))
			check(os.RemoveAll(path))
			db := open("")
			opt := ""
			if v != "" {
				opt = fmt.Sprintf(" (STORAGE_VERSION '%s')", v)
			}
			exec(db, fmt.Sprintf(`ATTACH '%s' AS f%s`, path, opt))
			exec(db, `CREATE TABLE f.t0 AS SELECT range AS id FROM range(1000)`)
			exec(db, `CHECKPOINT f`)
			exec(db, `DETACH f`)
			check(db.Close())
			fmt.Fprintf(out, "wrote %s (STORAGE_VERSION %s): %s\n", filepath.Base(path), orDefault(v), version(path))
		}
	case "attach":
		for _, src := range oldFiles(dir) {
			before := version(src)
			for i, opt := range attachOptions {
				path := filepath.Join(dir, fmt.Sprintf("att-%d-%s", i, filepath.Base(src)))
				copyFile(src, path)
				db := open("")
				db.SetMaxOpenConns(1)
				_, err := db.Exec(fmt.Sprintf(`ATTACH '%s' AS f (%s)`, path, opt))
				if err != nil {
					fmt.Fprintf(out, "%s (%s), ATTACH (%s): rejected: %v\n", filepath.Base(src), before, opt, firstLine(err))
					check(db.Close())
					check(os.Remove(path))
					continue
				}
				exec(db, fmt.Sprintf(`CREATE TABLE f.t AS SELECT range AS id FROM range(%d)`, rows))
				exec(db, `CHECKPOINT f`)
				g := groups(db, "f.t")
				exec(db, `DETACH f`)
				check(db.Close())
				fmt.Fprintf(out, "%s (%s), ATTACH (%s): %s rows in %s; the file after: %s\n",
					filepath.Base(src), before, opt, bench.Thousands(rows), g, version(path))
			}
		}
	case "open":
		matches, err := filepath.Glob(filepath.Join(dir, "att-*.duckdb"))
		check(err)
		sort.Strings(matches)
		for _, path := range matches {
			db := open("")
			db.SetMaxOpenConns(1)
			if _, err := db.Exec(fmt.Sprintf(`ATTACH '%s' AS f (READ_ONLY)`, path)); err != nil {
				fmt.Fprintf(out, "%s (%s): not opened: %v\n", filepath.Base(path), version(path), firstLine(err))
			} else {
				var n int64
				check(db.QueryRow(`SELECT count(*) FROM f.t`).Scan(&n))
				fmt.Fprintf(out, "%s (%s): %s rows read, %s\n", filepath.Base(path), version(path), bench.Thousands(n), groups(db, "f.t"))
			}
			check(db.Close())
		}
	default:
		fmt.Fprintf(os.Stderr, "measure attachold: want write, attach or open, got %q\n", step)
		os.Exit(2)
	}
}

// oldName names the file of a storage format: old-default.duckdb,
// old-v1.2.0.duckdb.
func oldName(v string) string { return "old-" + orDefault(v) + ".duckdb" }

func orDefault(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// oldFiles returns the files attachold write left in dir, in its order.
func oldFiles(dir string) []string {
	var files []string
	for _, v := range oldFormats {
		path := filepath.Join(dir, oldName(v))
		if _, err := os.Stat(path); err == nil {
			files = append(files, path)
		}
	}
	if len(files) == 0 {
		fmt.Fprintf(os.Stderr, "measure attachold attach: no old-*.duckdb in %s (run attachold write first)\n", dir)
		os.Exit(1)
	}
	return files
}

// version reads a file's storage version from its headers, without DuckDB.
func version(path string) string {
	v, err := storage.ReadVersion(path)
	if err != nil {
		return "version unreadable: " + strings.TrimSpace(err.Error())
	}
	return v.String()
}

func copyFile(src, dst string) {
	in, err := os.Open(src)
	check(err)
	defer in.Close()
	o, err := os.Create(dst)
	check(err)
	_, err = io.Copy(o, in)
	check(err)
	check(o.Close())
}
