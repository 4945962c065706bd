package scope

import (
	"go/types"
	"strings"

	"github.com/rowalign/rowalign/internal/analysis/handle"
)

// DuckDB is the engine name of DuckDB handles, and the driver name both
// DuckDB drivers register with database/sql; every other engine is
// named after its family ("postgres", "sqlite", "mysql") or, for a driver
// name rowalign does not know, the name itself.
const DuckDB = "duckdb"

// driverPaths are the import paths of the DuckDB drivers for database/sql.
// github.com/duckdb/duckdb-go/v2 is the successor of marcboeker/go-duckdb
// (v2.5.0 on); both register the driver name "duckdb".
var driverPaths = []string{
	"github.com/duckdb/duckdb-go/v2",
	"github.com/marcboeker/go-duckdb/v2",
	"github.com/marcboeker/go-duckdb",
}

// otherDriverPaths are the import paths of the database/sql drivers of
// other engines that Go programs beside DuckDB use most, with their
// engine: a package that imports one talks to that engine.
var otherDriverPaths = map[string]string{
	"github.com/lib/pq":                "postgres",
	"github.com/jackc/pgx/v4/stdlib":   "postgres",
	"github.com/jackc/pgx/v5/stdlib":   "postgres",
	"github.com/mattn/go-sqlite3":      "sqlite",
	"modernc.org/sqlite":               "sqlite",
	"github.com/glebarez/go-sqlite":    "sqlite",
	"github.com/ncruces/go-sqlite3":    "sqlite",
	"github.com/go-sql-driver/mysql":   "mysql",
	"github.com/microsoft/go-mssqldb":  "sqlserver",
	"github.com/denisenkom/go-mssqldb": "sqlserver",
}

// driverNames maps the names drivers register with database/sql to
// their engine; a name not listed is an engine of its own.
var driverNames = map[string]string{
	"duckdb":     DuckDB,
	"postgres":   "postgres",
	"postgresql": "postgres",
	"pgx":        "postgres",
	"pgx/v5":     "postgres",
	"sqlite3":    "sqlite",
	"sqlite":     "sqlite",
	"mysql":      "mysql",
	"sqlserver":  "sqlserver",
	"mssql":      "sqlserver",
}

// IsDriverPath reports whether path is a DuckDB driver package or one of
// its subpackages.
func IsDriverPath(path string) bool {
	return pathEngine(path) == DuckDB
}

// IsEnginePath reports whether path is the driver package (or one of its
// subpackages) of DuckDB or of another engine rowalign knows: a package
// that imports one gets a package fact (OpensDuckDB, OpensOther) from
// its imports alone, so cmd/rowalign loads it from source.
func IsEnginePath(path string) bool {
	return pathEngine(path) != ""
}

// pathEngine returns the engine of the driver package at path (or one of
// its subpackages), or "".
func pathEngine(path string) string {
	for _, p := range driverPaths {
		if path == p || strings.HasPrefix(path, p+"/") {
			return DuckDB
		}
	}
	for p, e := range otherDriverPaths {
		if path == p || strings.HasPrefix(path, p+"/") {
			return e
		}
	}
	return ""
}

// nameEngine returns the engine of a database/sql driver name.
func nameEngine(name string) string {
	if e, ok := driverNames[name]; ok {
		return e
	}
	return name
}

// handleResult returns the index of the first result of fn that is a
// database handle, or -1.
func handleResult(fn *types.Func) int {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if isHandle(res.At(i).Type()) {
			return i
		}
	}
	return -1
}

// IsHandle reports whether t is a database handle whose engine scope
// tracks: *sql.DB, *sql.Tx, *sql.Conn, or sqlx's DB, Tx and Conn.
func IsHandle(t types.Type) bool { return isHandle(t) }

func isHandle(t types.Type) bool { return handle.Is(t) }

// sameEngineMethods are the methods of a handle whose result talks to
// the receiver's engine: transactions, connections, sqlx's copies.
var sameEngineMethods = map[string]bool{
	"Begin": true, "BeginTx": true, "Conn": true,
	"Beginx": true, "BeginTxx": true, "MustBegin": true, "MustBeginTx": true,
	"Connx": true, "Unsafe": true,
}
