// Package analyzer is the rowalign suite: the one analyzer, named
// "rowalign", that the rowalign command (standalone, go vet, go fix) and
// the golangci-lint plugin load. It runs every check of passes/... on one
// settings value and reports each finding with the check's name as its
// Category.
package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/passes/appendertx"
	"github.com/rowalign/rowalign/passes/attachsize"
	"github.com/rowalign/rowalign/passes/checker"
	"github.com/rowalign/rowalign/passes/commitsize"
	"github.com/rowalign/rowalign/passes/directive"
	"github.com/rowalign/rowalign/passes/offsetwalk"
	"github.com/rowalign/rowalign/passes/pagesize"
	"github.com/rowalign/rowalign/passes/rowbyrow"
	"github.com/rowalign/rowalign/passes/settings"
)

// Settings configures the suite; see package settings.
type Settings = settings.Settings

// Default returns the settings rowalign uses when nothing is set.
func Default() Settings { return settings.Default() }

// Checks returns every check, in the order of settings.CheckNames.
func Checks() []checker.Check {
	return []checker.Check{pagesize.Check, commitsize.Check, offsetwalk.Check, appendertx.Check, rowbyrow.Check, attachsize.Check, directive.Check}
}

// Name is the suite analyzer's name, and the golangci-lint plugin's.
const Name = "rowalign"

const doc = `report DuckDB page walks and commit loops whose sizes ignore the row group

DuckDB stores a table in row groups of 122,880 rows. rowalign reports code
that walks a table page by page, or copies it and commits every N rows,
where N is not a multiple of that unit, and walk strategies that cost
whatever the size. Checks (the diagnostic category; -checks selects them):

  pagesize    read walks whose page size is not whole row groups
  commitsize  commits and Appender flushes that are not whole row groups
  offsetwalk  LIMIT/OFFSET and keyset page walks
  appendertx  Appender loads outside a transaction
  rowbyrow    loops that write one row per statement
  attachsize  ATTACH/COPY ROW_GROUP_SIZE values DuckDB rejects or ignores
  directive   //rowalign:ignore without a reason

rowalign -explain CHECK prints a check's page, with the measured costs.`

// New returns the rowalign analyzer for s. Its flags (-rowgroup, -min,
// -scope, -wrappers, -checks) set its own copy of s, validated as they are
// set; each run reads that copy as a value.
func New(s Settings) *analysis.Analyzer {
	return checker.New(Name, doc, s, Checks()...)
}

// Analyzer is the rowalign analyzer with the default settings.
var Analyzer = New(Default())
