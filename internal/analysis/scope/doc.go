// Package scope decides whether a package is DuckDB client code, and
// which engine each of its database handles talks to.
//
// # DuckDB client code
//
// A package is in scope when it imports, directly or through its
// dependencies, a DuckDB driver (github.com/duckdb/duckdb-go/v2,
// github.com/marcboeker/go-duckdb or github.com/marcboeker/go-duckdb/v2),
// or opens one by name (sql.Open("duckdb", ...), sqlx.Open, sqlx.Connect),
// or imports a package named in -wrappers. With -scope=all every package
// is in scope. A package that imports none of these but runs, in its
// own files, SQL that only DuckDB accepts (sqltext.DuckDBOnlyAnyEngine:
// COPY ... (FORMAT PARQUET, ROW_GROUP_SIZE 1), read_parquet(...), ATTACH
// ... (READ_ONLY)) is in scope too: that SQL fails on every other
// engine, so the handles its caller passes in are DuckDB's (issue 32).
// rowid and FROM 'name' are not enough there: SQLite runs them.
//
// Evidence in _test.go files alone (a test that opens DuckDB to exercise
// a helper written for any engine) puts only those files in scope
// (Result.TestOnly): go vet and -tests analyse a package with its tests,
// a plain standalone run without them, and the package's other files get
// the same findings from every front end. A package whose own files run
// SQL only DuckDB accepts is in scope whole, whatever its tests open.
//
// Analyzer records the answer as an OpensDuckDB package fact. cmd/go runs
// a vet tool on every dependency of the packages it vets (VetxOnly: for
// facts, its diagnostics discarded), and gopls and golangci-lint do the
// same for analyzers with facts, so a package that imports only the
// project's own db package, which blank-imports the driver, is in scope
// under all of them. Without facts, the type checker's import graph is
// used: the whole graph when loaded from source, only what export data
// mentions under go vet.
//
// # Engines
//
// A package that opens DuckDB may talk to other engines too: the
// typical Postgres-to-DuckDB migrator holds m.PG beside m.Duck. A walk
// over PostgreSQL or SQLite pays nothing for DuckDB's row groups, and
// -fix must not rewrite its page size, so Result.Foreign tells the checks
// which handles (*sql.DB, *sql.Tx, *sql.Conn, sqlx's DB, Tx and Conn)
// belong to another engine. It follows a handle through
//
//   - sql.Open, sql.OpenDB and sqlx's Open, Connect, MustOpen,
//     MustConnect, ConnectContext and NewDb, by driver name (duckdb;
//     postgres, pgx; sqlite3, sqlite; mysql; any other name is another
//     engine) or by the connector's driver package;
//   - Begin, BeginTx, Conn and their sqlx forms, and sqlx's embedded DB;
//   - assignments, and struct fields of the package's own types, from
//     every keyed or positional literal and assignment in the package;
//   - the returns of the package's own functions, and the Engine facts
//     of other packages' exported functions and methods
//     (store.OpenPostgres, cfg.OpenWarehouse), package variables and
//     struct fields (app.Stores.PG, set in store.New);
//   - parameters, when every call of the function is in the package (it
//     is never used as a value) and all calls pass one engine;
//   - closures' parameters, when the closure is called where it is
//     written, assigned to a variable that is only ever called, or
//     passed to a function of the package that only ever calls it: a
//     transaction helper inTx(duck, func(tx *sql.Tx) error {...}) gives
//     the callback the engine of the handle that call passes; another
//     package's helper says what it passes its callbacks in a Callbacks
//     fact (store.InTx(ctx, db, fn): db's handle; s.WithWarehouseTx(ctx,
//     fn): DuckDB's);
//   - interface methods (s.DB()), when the interface is the package's
//     own: the one engine of all of the package's implementations.
//
// Where the handles a value may hold disagree, or its origin is out of
// sight (an exported function no code here calls, a closure handed to
// another package, a field of another package's type that its package
// does not set to one engine, an interface with implementations of two
// engines), its engine is unknown. An unknown handle counts as DuckDB's
// in a package that talks to DuckDB only, as it always has; in a package
// that also talks to another engine (it imports that engine's driver,
// imports a package that does (an OpensOther fact), or provably opens,
// receives or reads one of its handles) rowalign stays
// silent: a false finding, or a fix that rewrites a PostgreSQL page
// size, costs a team more than a missed one. So a fix never rewrites a
// size that only a handle of another engine uses; a size shared by a
// DuckDB walk and another engine's walk is reported at the DuckDB walk.
//
// Two more kinds of evidence, read by package pagewalk, decide such a
// handle: SQL that only DuckDB runs (sqltext.DuckDBOnly: rowid where the
// package does not talk to SQLite, read_parquet(...), FROM 'file.csv',
// USING SAMPLE), and the callers of an exported function that walks its
// handle parameter (Result.HandleParam finds the parameter; the caller's
// Result.Engine must prove DuckDB; for a method's walk over a field of
// its receiver that only an exported constructor sets from one of its
// parameters, Result.CtorParam names the constructor and the parameter,
// and the caller's argument to it decides). Each finding they bring
// names them.
//
// So does a finding on a handle read from a struct field (s.db, a
// transaction begun on it, a helper's parameter every call of which
// passes it) in a package that talks to another engine: the field is
// DuckDB's because every assignment the package makes sets it to a
// DuckDB handle (an open, or a constructor parameter every call of which
// passes one), and Result.Why says so ("DuckDB judged from the field
// Store.db, which this package sets only to DuckDB handles"). A field
// decided it when the handle, judged again with every field unknown, is
// not DuckDB's. A field set to two engines, or set only outside its
// package (an exported field the package never writes), is unknown.
// Assignments in other packages to an exported field the package does
// write are not seen by the package itself; an importer that writes it
// joins its own writes with the field's Engine fact.
//
// Analyzer reports nothing. Result lets the rowalign checks return at
// once on packages that are not DuckDB code, which is most of any build.
package scope
