package scope

import (
	"fmt"
	"strings"
)

// OpensDuckDB is the package fact of a package that opens DuckDB, or
// imports one that does: a DuckDB driver, a package that imports one, or
// one that calls sql.Open("duckdb", ...). Under go vet every dependency
// is analysed for its facts (cmd/go runs the tool on each with VetxOnly),
// so the fact reaches a package that imports only the project's own db
// package, which blank-imports the driver.
type OpensDuckDB struct {
	// Via is the driver path or the package through which DuckDB is
	// reached, for the reason a package is in scope.
	Via string
}

// AFact marks OpensDuckDB as an analysis fact.
func (*OpensDuckDB) AFact() {}

func (f *OpensDuckDB) String() string { return "opens DuckDB via " + f.Via }

// OpensOther is the package fact of a package that imports the driver of
// an engine other than DuckDB (lib/pq, pgx, go-sqlite3, ...): its
// importers talk to that engine too, through handles whose engine they
// may not see (pgdyn.Open(cfg) with the driver name in cfg), so an
// unknown handle there is not taken for DuckDB's. Export data lists no
// blank imports, so under go vet only a fact carries this.
type OpensOther struct {
	Engine string
}

// AFact marks OpensOther as an analysis fact.
func (*OpensOther) AFact() {}

func (f *OpensOther) String() string { return "opens " + f.Engine }

// Engine is the object fact of an exported function or method whose
// database handle result (*sql.DB, *sql.Tx, *sql.Conn, sqlx's) always
// comes from one engine (store.OpenPostgres returns a "postgres" handle),
// or of an exported package variable that holds such a handle.
type Engine struct {
	Name string
}

// AFact marks Engine as an analysis fact.
func (*Engine) AFact() {}

func (f *Engine) String() string { return f.Name + " handle" }

// Callbacks is the object fact of an exported function or method that
// calls a function parameter with a database handle: a transaction
// helper, store.InTx(ctx, db, func(tx *sql.Tx) error {...}). It says,
// for each such handle argument, which engine it belongs to, or which
// parameter of the helper it comes from, so that an importer's callback
// gets the engine of the handle its call passes.
type Callbacks struct {
	Args []CallbackArg
}

// A CallbackArg is the handle argument Arg of calls of the function
// parameter Param: a handle of Engine, or, when Engine is "", of the
// handle the caller passes as parameter From.
type CallbackArg struct {
	Param, Arg int
	Engine     string
	From       int
}

// AFact marks Callbacks as an analysis fact.
func (*Callbacks) AFact() {}

func (f *Callbacks) String() string {
	var b strings.Builder
	b.WriteString("callbacks:")
	for _, a := range f.Args {
		if a.Engine != "" {
			fmt.Fprintf(&b, " %d.%d=%s", a.Param, a.Arg, a.Engine)
		} else {
			fmt.Fprintf(&b, " %d.%d=param%d", a.Param, a.Arg, a.From)
		}
	}
	return b.String()
}
