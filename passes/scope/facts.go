package scope

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
