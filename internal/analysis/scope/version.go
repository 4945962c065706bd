package scope

import (
	"go/types"
	"strings"
)

// oldDriverPath is github.com/marcboeker/go-duckdb v1, which links
// DuckDB 1.1.3 at its last version (v1.8.5) and older DuckDB before: no
// late materialization of LIMIT/OFFSET, no row group pruning by rowid
// (docs/measurements.md#reading-page-by-page). Its v2 and
// github.com/duckdb/duckdb-go/v2 link newer DuckDB.
const oldDriverPath = "github.com/marcboeker/go-duckdb"

// OldDuckDB reports whether pkg imports github.com/marcboeker/go-duckdb
// v1, directly or through the imports its type information shows, and
// no newer DuckDB driver: its walks run on DuckDB 1.1 or older, where
// the figures measured on DuckDB 1.5.6 do not hold.
func OldDuckDB(pkg *types.Package) bool {
	old, newer := false, false
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if p == nil || seen[p] || len(seen) > 10_000 {
			return
		}
		seen[p] = true
		switch path := p.Path(); {
		case path == oldDriverPath || strings.HasPrefix(path, oldDriverPath+"/") && !strings.HasPrefix(path, oldDriverPath+"/v2"):
			old = true
			return
		case IsDriverPath(path):
			newer = true
			return
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pkg)
	return old && !newer
}
