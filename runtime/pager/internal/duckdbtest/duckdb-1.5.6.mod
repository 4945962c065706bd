// The same tests as go.mod's, against DuckDB 1.5.6 (duckdb-go v2.10506.0),
// run with GOWORK=off go test -modfile=duckdb-1.5.6.mod ./... (versions/
// does so from the workspace). A go.work workspace links one version of a
// module for all its modules, the highest any of them requires, so 1.5.6
// runs outside it: the sibling modules come from the checkout through the
// replaces below, and duckdb-go and its bindings are held at 1.5.6 whatever
// a sibling requires.
module github.com/rowalign/rowalign/runtime/pager/internal/duckdbtest

go 1.26.0

require (
	github.com/duckdb/duckdb-go/v2 v2.20000.0
	github.com/rowalign/rowalign/internal/duckdb v0.0.0-00010101000000-000000000000
	github.com/rowalign/rowalign/runtime v0.0.0-00010101000000-000000000000
)

require (
	github.com/apache/arrow-go/v18 v18.5.1 // indirect
	github.com/duckdb/duckdb-go-bindings v0.20000.0 // indirect
	github.com/duckdb/duckdb-go-bindings/lib/darwin-amd64 v0.10506.0 // indirect
	github.com/duckdb/duckdb-go-bindings/lib/darwin-arm64 v0.10506.0 // indirect
	github.com/duckdb/duckdb-go-bindings/lib/linux-amd64 v0.10506.0 // indirect
	github.com/duckdb/duckdb-go-bindings/lib/linux-arm64 v0.10506.0 // indirect
	github.com/duckdb/duckdb-go-bindings/lib/windows-amd64 v0.10506.0 // indirect
	github.com/go-viper/mapstructure/v2 v2.5.0 // indirect
	github.com/goccy/go-json v0.10.5 // indirect
	github.com/google/flatbuffers v25.12.19+incompatible // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/klauspost/compress v1.18.3 // indirect
	github.com/klauspost/cpuid/v2 v2.3.0 // indirect
	github.com/pierrec/lz4/v4 v4.1.25 // indirect
	github.com/zeebo/xxh3 v1.1.0 // indirect
	golang.org/x/exp v0.0.0-20260112195511-716be5621a96 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/telemetry v0.0.0-20261009151841-97e8ea77aa2a // indirect
	golang.org/x/tools v0.51.0 // indirect
	golang.org/x/xerrors v0.0.0-20240903120638-7835f813f4da // indirect
)

replace (
	github.com/duckdb/duckdb-go-bindings => github.com/duckdb/duckdb-go-bindings v0.10506.0
	github.com/duckdb/duckdb-go/v2 => github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/rowalign/rowalign/internal/duckdb => ../../../../internal/duckdb
	github.com/rowalign/rowalign/runtime => ../../..
)
