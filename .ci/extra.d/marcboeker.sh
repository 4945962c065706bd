# The pager through github.com/marcboeker/go-duckdb v1.8.5 (DuckDB 1.1.3),
# a module of its own so the main module needs one driver only. First cgo
# build about 45 s; 2 s warm.
cd runtime/pager/internal/marcboekertest && exec go test ./...
