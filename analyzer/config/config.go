// Package config holds the settings every rowalign pass reads: the row
// group size, the smallest commit size worth a finding, and the scope.
//
// It is one struct so that the command-line flags, go vet's pass-through
// flags and the golangci-lint plugin settings cannot drift apart.
package config

import (
	"flag"
	"fmt"
	"strings"
)

// RowGroupSize is DuckDB's default row group: 60 vectors of VectorSize rows.
// Read from DuckDB 1.5.6's storage (pragma_storage_info on a 1,000,000-row
// table: 8 x 122,880 + 16,960), 2026-11-30; no setting changes it globally,
// only ATTACH ... (ROW_GROUP_SIZE n) per attached database.
const RowGroupSize = 122_880

// VectorSize is DuckDB's vector (execution chunk) size: 2,048 rows, the
// granularity ROW_GROUP_SIZE must be a multiple of (DuckDB 1.5.6, 2026-11-30).
const VectorSize = 2_048

// MinCommitSize is the smallest batch rowalign treats as a bulk page or
// commit. Below it a batch size is a latency choice (an HTTP page, a small
// transaction), not a bulk load: FACTS.md measured 10,000-row commits as the
// slowest of all bulk strategies (10.02 s for 1M rows), so 10,000 is where
// the cost is documented; smaller sizes were not measured. 2026-11-30.
const MinCommitSize = 10_000

// Scope values.
const (
	// ScopeAuto lints a package only when it is DuckDB client code.
	ScopeAuto = "auto"
	// ScopeAll lints every package, whatever it imports.
	ScopeAll = "all"
)

// Config is the shared configuration of the rowalign passes. The json tags
// are the golangci-lint plugin's setting names.
type Config struct {
	// RowGroup is the row group size sizes must be multiples of.
	RowGroup int `json:"row-group-size"`
	// Min is the smallest page or commit size reported.
	Min int `json:"min-size"`
	// Scope is ScopeAuto or ScopeAll.
	Scope string `json:"scope"`
	// Wrappers are import paths of the project's own packages that open
	// DuckDB for their importers (a db package that blank-imports the
	// driver). go vet shows a package only its direct imports, so an
	// importer of such a wrapper is in scope only when it is listed here.
	Wrappers []string `json:"wrappers"`
}

// Default returns the configuration rowalign uses when nothing is set.
func Default() *Config {
	return &Config{RowGroup: RowGroupSize, Min: MinCommitSize, Scope: ScopeAuto}
}

// Validate reports a setting DuckDB or rowalign cannot work with.
func (c *Config) Validate() error {
	if c.RowGroup <= 0 || c.RowGroup%VectorSize != 0 {
		return fmt.Errorf("row group size %d: must be a positive multiple of DuckDB's vector size %d (ATTACH ... (ROW_GROUP_SIZE n) rejects anything else)", c.RowGroup, VectorSize)
	}
	if c.Min < 0 {
		return fmt.Errorf("min size %d: must not be negative", c.Min)
	}
	if c.Scope != ScopeAuto && c.Scope != ScopeAll {
		return fmt.Errorf("scope %q: must be %q or %q", c.Scope, ScopeAuto, ScopeAll)
	}
	for _, w := range c.Wrappers {
		if w == "" || strings.ContainsAny(w, " \t\n,") {
			return fmt.Errorf("wrappers: %q is not an import path", w)
		}
	}
	return nil
}

// All reports whether every package is linted, DuckDB or not.
func (c *Config) All() bool { return c.Scope == ScopeAll }

// RegisterFlags binds the configuration to fs as -rowgroup, -min and -scope.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	fs.IntVar(&c.RowGroup, "rowgroup", c.RowGroup, "DuckDB row group size in rows; ATTACH ... (ROW_GROUP_SIZE n) changes it per database")
	fs.IntVar(&c.Min, "min", c.Min, "smallest page or commit size reported; smaller batches are latency choices, not bulk loads")
	fs.StringVar(&c.Scope, "scope", c.Scope, `"auto": lint DuckDB client code only; "all": lint every package`)
	fs.Var((*listFlag)(&c.Wrappers), "wrappers", "comma-separated import paths of packages that open DuckDB for their importers; importing one puts a package in scope")
}

// listFlag is a comma-separated list flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = nil
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}
