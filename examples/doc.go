// Package examples is realistic DuckDB client code for rowalign to lint:
// a nightly export, a report, a bulk loader, an HTTP API and a pager. Run
// rowalign on it from this directory:
//
//	go tool rowalign ./...
package examples
