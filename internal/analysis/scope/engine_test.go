package scope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/passes/commitsize"
	"github.com/rowalign/rowalign/passes/pagesize"
)

// TestFacts checks the facts Analyzer exports: OpensDuckDB on a package
// that opens DuckDB, Engine on exported functions that return a handle
// of one engine, and nothing on a package that does not touch DuckDB.
func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), scope.Analyzer,
		"example.com/scope/store", "example.com/scope/duckstore", "example.com/scope/pgmigrate/store")
}

// TestEngines runs pagesize on code that holds handles of two engines:
// a walk over PostgreSQL or SQLite must stay silent (and -fix must not
// touch its page size), however the handle reached the walk; the DuckDB
// walk beside it is reported.
func TestEngines(t *testing.T) {
	pkgs := []string{
		"example.com/scope/report",
		"example.com/scope/migrate",
		"example.com/scope/sqlxjobs",
		"example.com/scope/mixed",
		"example.com/scope/duckonly",
		"example.com/scope/purge",
		"example.com/scope/ifacestore",
		"example.com/scope/dashboards",
		"example.com/scope/warehouse",
	}
	// The suite's findings on them, offsetwalk's included, are pinned in
	// analyzer/testdata/fixtures.txt.
	analysistest.Run(t, analysistest.TestData(), pagesize.Analyzer, pkgs...)
}

// TestEngineFixes applies pagesize's fixes where handles reach walks
// through other packages' struct fields and methods, closures, a
// transaction helper and interfaces: the goldens show every PostgreSQL
// page size untouched.
func TestEngineFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer,
		"example.com/scope/pgmigrate",
		"example.com/scope/pgmigrate/nightly",
		"example.com/scope/pgmigrate/archive",
		"example.com/scope/duckiface",
		"example.com/scope/closures",
	)
}

// TestCallerEngine is issue 17, section 1: a package that opens
// PostgreSQL once cannot tell the engine of its exported functions'
// handle parameters, and stays silent; the importer that passes a DuckDB
// handle reports the walk at its call (a constant size of the callee's,
// named where it is written), or the size it passes itself, with a fix;
// the same calls with the PostgreSQL handle stay silent. The same holds
// for a method's walk over its receiver's field that only a constructor
// sets (catalog): the caller that got the receiver from New with a
// DuckDB handle reports it; a receiver of unknown origin, or a field set
// after New too, stays silent.
func TestCallerEngine(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer,
		"example.com/scope/ledger/reports",
		"example.com/scope/ledger/nightly",
		"example.com/scope/ledger/localcache",
		"example.com/scope/catalog",
		"example.com/scope/catalog/export",
	)
}

// TestFieldCommit is issue 17's "Types" evidence at a commit: in a
// package that also opens PostgreSQL, a transaction begun on a struct
// field that every assignment sets to a DuckDB handle commits into
// DuckDB, and the finding says why. The walks and the silent fields
// beside them are in warehouse (TestEngines).
func TestFieldCommit(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), commitsize.Analyzer, "example.com/scope/eventload")
}
