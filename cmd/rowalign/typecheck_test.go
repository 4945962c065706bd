package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/rowalign/rowalign/analyzer"
)

// vendoredApp is a module whose dependencies sit in vendor/, where the
// loader treats them as it treats the module cache: a config package and
// the package only it imports (no database code: export data, and not
// read at all), a paging helper that imports database/sql (source: its
// walk is a fact), two packages that only link the DuckDB driver in
// (source: they carry OpensDuckDB to the store, whose handle's driver
// is read from the environment), and the driver.
var vendoredApp = map[string]string{
	"go.mod": `module example.com/app

go 1.26

require (
	example.com/cfg v1.0.0
	example.com/deep v1.0.0
	example.com/drivers v1.0.0
	example.com/dump v1.0.0
	example.com/duckwrap v1.0.0
	example.com/report v1.0.0
	github.com/duckdb/duckdb-go/v2 v2.0.0
)
`,
	"vendor/modules.txt": `# example.com/cfg v1.0.0
## explicit; go 1.26
example.com/cfg
# example.com/deep v1.0.0
## explicit; go 1.26
example.com/deep
# example.com/drivers v1.0.0
## explicit; go 1.26
example.com/drivers
# example.com/dump v1.0.0
## explicit; go 1.26
example.com/dump
# example.com/duckwrap v1.0.0
## explicit; go 1.26
example.com/duckwrap
# example.com/report v1.0.0
## explicit; go 1.26
example.com/report
# github.com/duckdb/duckdb-go/v2 v2.0.0
## explicit; go 1.26
github.com/duckdb/duckdb-go/v2
`,
	"vendor/example.com/cfg/cfg.go": `package cfg

import "example.com/deep"

// PageRows is the rows a page holds.
const PageRows = 100_000

// Table is the table the export reads.
var Table = deep.Prefix + "events"
`,
	"vendor/example.com/deep/deep.go": `package deep

const Prefix = "main."
`,
	"vendor/example.com/report/report.go": `// Package report counts tables with the dump package.
package report

import "example.com/dump"

// Count counts the rows of a table.
var Count = dump.Table
`,
	"stats/stats.go": `// Package stats reaches the dump package only through report.
package stats

import "example.com/report"

var count = report.Count
`,
	"vendor/example.com/dump/dump.go": `package dump

import (
	"context"
	"database/sql"
)

// Table reads table page by page and counts its rows.
func Table(ctx context.Context, db *sql.DB, table string) (int, error) {
	n := 0
	for offset := 0; ; offset += 100_000 {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+table+" LIMIT 100000 OFFSET ?", offset)
		if err != nil {
			return n, err
		}
		page := 0
		for rows.Next() {
			page++
		}
		rows.Close()
		n += page
		if page < 100_000 {
			return n, rows.Err()
		}
	}
}
`,
	"vendor/example.com/drivers/drivers.go": `// Package drivers links the drivers the app may use.
package drivers

import _ "example.com/duckwrap"
`,
	"vendor/example.com/duckwrap/duckwrap.go": `// Package duckwrap links the DuckDB driver into its importers.
package duckwrap

import _ "github.com/duckdb/duckdb-go/v2"
`,
	"main.go": `package main

import (
	"context"
	"fmt"
	"log"

	"example.com/app/store"
	"example.com/cfg"
	"example.com/dump"
)

func main() {
	ctx := context.Background()
	db := store.Open()
	n, err := dump.Table(ctx, db, cfg.Table)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n)
	for offset := 0; ; offset += cfg.PageRows {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", cfg.PageRows, offset)
		if err != nil {
			log.Fatal(err)
		}
		got := 0
		for rows.Next() {
			got++
		}
		rows.Close()
		if got < cfg.PageRows {
			break
		}
	}
}
`,
	"archive/archive.go": `package archive

import (
	"context"
	"database/sql"

	"example.com/dump"
	_ "example.com/duckwrap"
)

// Count counts the rows of the archive.
func Count(ctx context.Context) (int, error) {
	db, err := sql.Open("duckdb", "archive.duckdb")
	if err != nil {
		return 0, err
	}
	defer db.Close()
	return dump.Table(ctx, db, "archive")
}
`,
	"store/store.go": `package store

import (
	"database/sql"
	"log"
	"os"

	_ "example.com/drivers"
)

// Open opens the store with the driver $DB_DRIVER names.
func Open() *sql.DB {
	db, err := sql.Open(os.Getenv("DB_DRIVER"), "events.duckdb")
	if err != nil {
		log.Fatal(err)
	}
	return db
}
`,
}

// Packages that can carry no fact load from export data, or not at all,
// and the findings are the ones of every package loaded from source: a
// page size that is another package's constant, a walk inside a
// dependency that imports database/sql, DuckDB reached through a
// dependency's import.
func TestExportDataSameFindings(t *testing.T) {
	dir := t.TempDir()
	for name, src := range vendoredApp {
		writeFile(t, filepath.Join(dir, name), src)
	}
	stub, err := os.ReadFile(filepath.Join("..", "..", "testdata", "stubs", "duckdb-go", "duckdb.go"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "vendor", "github.com", "duckdb", "duckdb-go", "v2", "duckdb.go"), string(stub))
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=vendor")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOPROXY", "off")

	hybrid, source, err := loadTypes([]string{"./..."}, false)
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(hybrid); n > 0 {
		t.Fatalf("%d errors loading the module", n)
	}
	how := make(map[string]string)
	for p := range packages.Postorder(hybrid) {
		switch {
		case source[p]:
			how[p.PkgPath] = "source"
		case p.Types.Complete():
			how[p.PkgPath] = "export"
		default:
			how[p.PkgPath] = "unread"
		}
	}
	for path, want := range map[string]string{
		"example.com/app":                "source",
		"example.com/app/store":          "source",
		"example.com/cfg":                "export",
		"example.com/deep":               "unread",
		"example.com/dump":               "source",
		"example.com/duckwrap":           "source",
		"example.com/drivers":            "source",
		"example.com/report":             "export",
		"github.com/duckdb/duckdb-go/v2": "source",
		"context":                        "export",
		"internal/bytealg":               "unread",
	} {
		if how[path] != want {
			t.Errorf("%s loaded from %s, want %s", path, how[path], want)
		}
	}

	// The suite runs on the source packages alone, each importing the
	// source packages below it.
	analyseSource(hybrid, source)
	for p := range packages.Postorder(hybrid) {
		if !source[p] {
			t.Errorf("%s, loaded from %s, is in the graph the suite runs on", p.PkgPath, how[p.PkgPath])
		}
	}
	for path, want := range map[string][]string{
		"example.com/app/store": {"example.com/drivers"},
		"example.com/app/stats": {"example.com/dump"}, // through report
	} {
		if got := keys(packageOf(hybrid, path)); !slices.Equal(got, want) {
			t.Errorf("%s imports %v in the graph the suite runs on, want %v", path, got, want)
		}
	}

	full, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	got, want := findingsOf(t, hybrid), findingsOf(t, full)
	if !slices.Equal(got, want) {
		t.Errorf("findings with export data:\n%s\nfrom source:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The walk in main, and the one in dump reported at its call.
	if len(want) < 3 {
		t.Errorf("findings from source:\n%s\nwant the walk in main.go and the call of dump.Table", strings.Join(want, "\n"))
	}
}

func writeFile(t *testing.T, name, src string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// findingsOf runs the suite on the graph and returns its findings on the
// root packages, as file:line:col: message, sorted.
func findingsOf(t *testing.T, initial []*packages.Package) []string {
	t.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(analyzer.Default())}, initial, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(posn.Filename), posn.Line, posn.Column, d.Message))
		}
	}
	slices.Sort(out)
	return out
}

func packageOf(initial []*packages.Package, path string) *packages.Package {
	for p := range packages.Postorder(initial) {
		if p.PkgPath == path {
			return p
		}
	}
	return nil
}

func keys(p *packages.Package) []string {
	if p == nil {
		return nil
	}
	var ks []string
	for k := range p.Imports {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// Export data that does not read is an error of its package, one line
// naming it, never a panic; nothing else loads differently.
func TestExportDataThatDoesNotRead(t *testing.T) {
	for name, content := range map[string]string{
		"truncated archive": "!<arch>\n__.PKGDEF",
		"not an archive":    "package bad",
		"missing":           "",
	} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "bad.a")
			if content != "" {
				writeFile(t, file, content)
			}
			p := &packages.Package{ID: "example.com/bad", PkgPath: "example.com/bad", Name: "bad"}
			newLoader(nil).typeCheck([]*packages.Package{p}, map[*packages.Package]string{p: file}, nil, "amd64")
			if len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Msg, "reading export data for example.com/bad") {
				t.Errorf("errors %v, want one naming the package", p.Errors)
			}
		})
	}
}
