// Package settings holds the one settings value every rowalign check
// reads: the row group size, the smallest size worth a finding, the
// scope, the wrapper packages, the checks to run and whether test files
// are linted.
//
// The command-line flags (standalone, go vet, go fix) and the
// golangci-lint plugin settings fill the same struct, so their names and
// meanings cannot drift apart. Flags validate their value when they are
// set, so a bad value is a usage error at start-up; the analyzers take a
// copy of the value when they start and pass it down, never a pointer.
package settings

import (
	"fmt"
	"slices"
	"strings"
)

// RowGroupSize is DuckDB's default row group: 60 vectors of VectorSize
// rows. Read from DuckDB 1.5.6's storage (pragma_storage_info on a
// 1,000,000-row table: 8 x 122,880 + 16,960), 2026-11-30; no setting
// changes it globally, only ATTACH ... (ROW_GROUP_SIZE n) per attached
// database. See docs/measurements.md#row-group-size.
const RowGroupSize = 122_880

// VectorSize is DuckDB's vector (execution chunk) size: 2,048 rows, the
// granularity ROW_GROUP_SIZE must be a multiple of (DuckDB 1.5.6,
// 2026-11-30; docs/measurements.md#attach-row_group_size).
const VectorSize = 2_048

// MinCommitSize is the smallest batch rowalign treats as a bulk page or
// commit. Below it a batch size is a latency choice (an HTTP page, a
// small transaction), not a bulk load: 10,000-row commits were the
// slowest bulk strategy measured (10.02 s for 1M rows,
// docs/measurements.md#committing-page-by-page), so 10,000 is where the
// cost is documented; smaller sizes were not measured. 2026-11-30.
const MinCommitSize = 10_000

// AppenderAutoFlush is duckdb-go's automatic Appender flush: every
// 204,800 rows (2,048 x 100), read from github.com/duckdb/duckdb-go/v2
// v2.10506.0 and seen as 81,920-row groups after a 1,000,000-row load
// outside a transaction (docs/measurements.md#appender-flushes; go run
// ./duckdb/internal/cmd/measure appender), 2026-11-30. Outside a transaction each
// flush is a commit, so an explicit flush every N rows keeps its row
// groups whole only when N is a multiple of the row group no larger
// than this.
const AppenderAutoFlush = 204_800

// Scope values.
const (
	// ScopeAuto lints a package only when it is DuckDB client code.
	ScopeAuto = "auto"
	// ScopeAll lints every package, whatever it imports.
	ScopeAll = "all"
)

// Check names: the Category of each diagnostic and the words of -checks.
const (
	PageSize   = "pagesize"
	CommitSize = "commitsize"
	OffsetWalk = "offsetwalk"
	AppenderTx = "appendertx"
	AttachSize = "attachsize"
	Directive  = "directive"
	RowByRow   = "rowbyrow"
)

// CheckNames lists every check, in the order they are documented.
var CheckNames = []string{PageSize, CommitSize, OffsetWalk, AppenderTx, RowByRow, AttachSize, Directive}

// allChecks is the -checks word for every check.
const allChecks = "all"

// Settings configures the rowalign checks. The json tags are the
// golangci-lint plugin's setting names; the flags are in flags.go.
type Settings struct {
	// RowGroup is the row group size sizes must be multiples of.
	RowGroup int `json:"row-group-size"`
	// Min is the smallest commit size reported, and the smallest
	// vector-sized chunk of a read walk left silent; page walks are
	// reported at any size below a row group (issue 17).
	Min int `json:"min-size"`
	// Scope is ScopeAuto or ScopeAll.
	Scope string `json:"scope"`
	// Wrappers are import paths of the project's own packages that open
	// DuckDB for their importers (a db package that blank-imports the
	// driver). go vet shows a package only its direct imports, so an
	// importer of such a wrapper is in scope only when it is listed here.
	Wrappers []string `json:"wrappers"`
	// Checks selects the checks, staticcheck style: "all" is every check,
	// a bare name adds one, "-name" removes one, applied left to right to
	// every check when the list starts with a removal, else to none. A
	// list that selects no check is invalid.
	Checks []string `json:"checks"`
	// Tests reports findings in _test.go files too. Off by default: test
	// loads and walks are small whatever their sizes say; on the
	// duckdb-go and go-duckdb modules (scripts/realcode, 2026-11-30) every
	// appendertx finding was such a test load.
	Tests bool `json:"tests"`
}

// Default returns the settings rowalign uses when nothing is set.
func Default() Settings {
	return Settings{RowGroup: RowGroupSize, Min: MinCommitSize, Scope: ScopeAuto, Checks: []string{allChecks}}
}

// Validate reports a setting DuckDB or rowalign cannot work with.
func (s Settings) Validate() error {
	if err := validRowGroup(s.RowGroup); err != nil {
		return err
	}
	if err := validMin(s.Min); err != nil {
		return err
	}
	if err := validScope(s.Scope); err != nil {
		return err
	}
	for _, w := range s.Wrappers {
		if err := validWrapper(w); err != nil {
			return err
		}
	}
	return validChecks(s.Checks)
}

func validRowGroup(n int) error {
	if n <= 0 || n%VectorSize != 0 {
		return fmt.Errorf("row group size %d: must be a positive multiple of DuckDB's vector size %d (ATTACH ... (ROW_GROUP_SIZE n) rejects anything else)", n, VectorSize)
	}
	return nil
}

func validMin(n int) error {
	if n < 0 {
		return fmt.Errorf("min size %d: must not be negative", n)
	}
	return nil
}

func validScope(v string) error {
	if v != ScopeAuto && v != ScopeAll {
		return fmt.Errorf("scope %q: must be %q or %q", v, ScopeAuto, ScopeAll)
	}
	return nil
}

func validWrapper(w string) error {
	if w == "" || strings.ContainsAny(w, " \t\n,") {
		return fmt.Errorf("wrappers: %q is not an import path", w)
	}
	return nil
}

// All reports whether every package is linted, DuckDB or not.
func (s Settings) All() bool { return s.Scope == ScopeAll }

// Enabled reports whether the named check runs. Settings that failed
// Validate enable nothing.
func (s Settings) Enabled(check string) bool {
	on, err := enabled(s.Checks)
	return err == nil && on[check]
}

func validChecks(list []string) error {
	if len(list) == 0 {
		return fmt.Errorf("checks: the list is empty, so no check would run (%q runs every check)", allChecks)
	}
	on, err := enabled(list)
	if err != nil {
		return err
	}
	for _, n := range CheckNames {
		if on[n] {
			return nil
		}
	}
	return fmt.Errorf("checks: %q selects no check, so none would run (%q runs every check, %q all but one)", strings.Join(list, ","), allChecks, "-"+PageSize)
}

// enabled applies a -checks list left to right, staticcheck style: to
// every check when the list starts with a removal ("-offsetwalk" means
// all but offsetwalk, as it does to staticcheck and to a user silencing
// one check), to none otherwise.
func enabled(list []string) (map[string]bool, error) {
	on := make(map[string]bool)
	if len(list) > 0 && strings.HasPrefix(list[0], "-") {
		for _, n := range CheckNames {
			on[n] = true
		}
	}
	for _, w := range list {
		name, off := strings.CutPrefix(w, "-")
		var names []string
		switch {
		case name == allChecks:
			names = CheckNames
		case slices.Contains(CheckNames, name):
			names = []string{name}
		default:
			if best := Suggest(name, append(slices.Clone(CheckNames), allChecks)); best != "" {
				return nil, fmt.Errorf("checks: no check named %q: did you mean %s? (checks: %s, or %s)", name, best, strings.Join(CheckNames, ", "), allChecks)
			}
			return nil, fmt.Errorf("checks: no check named %q (checks: %s, or %s)", name, strings.Join(CheckNames, ", "), allChecks)
		}
		for _, n := range names {
			on[n] = !off
		}
	}
	return on, nil
}
