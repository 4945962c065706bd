package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

func TestMain(m *testing.M) {
	bench.Child() // the sweep re-executes this binary for every measurement
	testscript.Main(m, map[string]func(){
		"rowalign-sweep": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"duckdb":    cmdDuckDB,
			"validjson": cmdValidJSON,
			"validsvg":  cmdValidSVG,
		},
	})
}

// duckdb file sql... runs statements on a DuckDB file; $WORK in them is
// replaced by the script's directory (quoted words are not expanded).
func cmdDuckDB(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: duckdb file sql...")
	}
	db, err := sql.Open("duckdb", ts.MkAbs(args[0]))
	ts.Check(err)
	defer db.Close()
	for _, q := range args[1:] {
		q = strings.ReplaceAll(q, "$WORK", ts.Getenv("WORK"))
		if _, err := db.Exec(q); err != nil {
			if neg {
				return
			}
			ts.Fatalf("%s: %v", q, err)
		}
	}
	if neg {
		ts.Fatalf("duckdb succeeded")
	}
}

// validjson file: the file is a sweep report with measured results.
func cmdValidJSON(ts *testscript.TestScript, neg bool, args []string) {
	var r report
	ts.Check(json.Unmarshal([]byte(ts.ReadFile(args[0])), &r))
	ok := len(r.Results) > 0 && r.Info.Layout.RowGroupSize > 0 && r.Info.DuckDB != ""
	for _, res := range r.Results {
		ok = ok && res.Reps > 0 && res.Wall > 0 && res.MaxRSS > 0 && res.Err == ""
	}
	if ok == neg {
		ts.Fatalf("report valid: %v: %s", ok, ts.ReadFile(args[0]))
	}
}

// validsvg file: the file is well-formed XML with an <svg> root and a line
// per strategy.
func cmdValidSVG(ts *testscript.TestScript, neg bool, args []string) {
	d := xml.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	root, paths := "", 0
	var err error
	for {
		var tok xml.Token
		tok, err = d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
			}
			if se.Name.Local == "path" {
				paths++
			}
		}
	}
	valid := err == io.EOF && root == "svg" && paths > 0
	if valid == neg {
		ts.Fatalf("svg valid: %v (root %q, %d paths, %v)", valid, root, paths, err)
	}
}

func TestDefaultSizes(t *testing.T) {
	got := fmt.Sprint(defaultSizes(122880))
	if want := "[10000 122880 245760 250000 491520]"; got != want {
		t.Fatalf("defaultSizes(122880) = %s, want %s", got, want)
	}
	if _, err := parseSizes("10,x"); err == nil {
		t.Fatal("bad size accepted")
	}
	if _, err := parseStrategies("scan,nope"); err == nil {
		t.Fatal("bad strategy accepted")
	}
}

// TestDocsSayWhatItWrites: the README and docs/sweep.md say where the
// plot goes by default. The README said the sweep "writes only to a
// temporary file" while every run wrote rowalign-sweep.svg to the
// current directory (issue 18).
func TestDocsSayWhatItWrites(t *testing.T) {
	for _, file := range []string{"../../../README.md", "../../../docs/sweep.md"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		if strings.Contains(text, "writes only to a temporary file") {
			t.Errorf("%s says the sweep writes only to a temporary file; it writes %s", file, defaultSVG)
		}
		if !strings.Contains(text, "`"+defaultSVG+"` in the current directory") {
			t.Errorf("%s does not say the plot goes to `%s` in the current directory", file, defaultSVG)
		}
	}
}

// TestFillMatchesAudit: the sweep and rowalign-db audit give one table
// one fill. Before, a table loaded whole was "81.4% full" here (live rows
// over groups x 122,880) and 100 % in the audit.
func TestFillMatchesAudit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fill.duckdb")
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	stmts := []string{
		`CREATE TABLE whole AS SELECT i AS id FROM range(500000) r(i)`,
		`CREATE TABLE deleted AS SELECT i AS id FROM range(500000) r(i)`,
		`DELETE FROM deleted WHERE id % 3 = 0`,
		`CREATE TABLE damaged (id BIGINT)`,
	}
	for lo := 0; lo < 500_000; lo += 150_000 { // commits of 150,000 leave a partial group mid-table
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO damaged SELECT i FROM range(%d, %d) r(i)`, lo, min(lo+150_000, 500_000)))
	}
	for _, s := range append(stmts, `CHECKPOINT`) {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	db.Close()
	r, err := storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		info, err := inspect(context.Background(), path, tb.Table)
		if err != nil {
			t.Fatal(err)
		}
		if info.Fill != tb.Fill {
			t.Errorf("%s: the sweep says fill %.1f%%, the audit %.1f%% (groups %v, %d live rows)", tb.Table, info.Fill, tb.Fill, tb.GroupRows, tb.Rows)
		}
		if tb.Table == "whole" && info.Fill != 100 {
			t.Errorf("whole: fill %.1f%%, want 100%%", info.Fill)
		}
	}
}
