// Package analyzer is the rowalign suite: the one analyzer, named
// "rowalign", that the rowalign command (standalone, go vet, go fix) and
// the golangci-lint plugin load. It runs every check of passes/... on one
// settings value and reports each finding with the check's name as its
// Category.
package analyzer

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/passes/appendertx"
	"github.com/rowalign/rowalign/passes/attachsize"
	"github.com/rowalign/rowalign/passes/commitsize"
	"github.com/rowalign/rowalign/passes/directive"
	"github.com/rowalign/rowalign/passes/offsetwalk"
	"github.com/rowalign/rowalign/passes/pagesize"
	"github.com/rowalign/rowalign/passes/rowbyrow"
)

// Settings configures the suite; see package settings.
type Settings = settings.Settings

// Default returns the settings rowalign uses when nothing is set.
func Default() Settings { return settings.Default() }

// Checks returns every check, in the order of settings.CheckNames.
func Checks() []check.Check {
	return []check.Check{pagesize.Check, commitsize.Check, offsetwalk.Check, appendertx.Check, rowbyrow.Check, attachsize.Check, directive.Check}
}

// Name is the suite analyzer's name, and the golangci-lint plugin's.
const Name = "rowalign"

// doc is the suite's documentation; its list of checks is made of each
// check's summary, from its doc.go (check.Check.Summary).
var doc = func() string {
	var b strings.Builder
	b.WriteString(`report DuckDB page walks and commit loops whose sizes ignore the row group

DuckDB stores a table in row groups of 122,880 rows. rowalign reports code
that walks a table page by page, or copies it and commits every N rows,
where N is not a multiple of that unit, and walk strategies that cost
whatever the size. Checks (the diagnostic category; -checks selects them):

`)
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	for _, c := range Checks() {
		fmt.Fprintf(tw, "  %s\t%s\n", c.Name, c.Summary())
	}
	tw.Flush()
	b.WriteString("\nrowalign -explain CHECK prints a check's page, with the measured costs.")
	return b.String()
}()

// New returns the rowalign analyzer for s. Its flags (-rowgroup, -min,
// -scope, -wrappers, -checks) set its own copy of s, validated as they are
// set; each run reads that copy as a value.
func New(s Settings) *analysis.Analyzer {
	return check.New(Name, doc, s, Checks()...)
}

// Analyzer is the rowalign analyzer with the default settings.
var Analyzer = New(Default())
