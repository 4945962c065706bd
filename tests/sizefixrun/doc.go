// Package sizefixrun proves the size fixes of pagesize and commitsize on
// real DuckDB: it builds the walks of the fixtures
// passes/pagesize/testdata/pagedep and passes/commitsize/testdata/batchdep
// as they are and as their .golden files have them after the fix, into
// one program, runs both over the same generated table, and compares what
// each computed (a digest of the rows its body saw, what it logged, what
// it wrote). A fix may change speed and storage layout, never results:
// where a walk's result depends on its page boundaries, the fixture has no
// fix, and both versions are the same code.
package sizefixrun
