package commitsize

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/checker"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sizes"
)

//go:embed doc.go
var doc string

// Check is the commitsize check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = checker.Define(settings.CommitSize, doc, run)

// What a misaligned commit costs: copying a checkpointed 1,000,000-row,
// 29-column table page by page, each page committed, then CHECKPOINT, on
// DuckDB 1.5.6, 2026-11-30 (docs/measurements.md#committing-page-by-page).
const (
	// costMisaligned: 250,000-row commits 5.07 s (2.13 s of it the
	// checkpoint, which found 12 row groups, 4 of them partial), 245,760-row
	// commits 2.57 s (9 whole groups).
	costMisaligned = "each commit leaves a partial row group (2x slower load)"
	// costMisalignedOneTx: the same 250,000-row INSERT ... SELECT pages in
	// one transaction, committed once: 4.42 s against 2.04 s for
	// 245,760-row pages, the same 12 groups before the CHECKPOINT
	// (docs/measurements.md, "the same pages inside one transaction",
	// 2026-12-01).
	costMisalignedOneTx = "each INSERT ... SELECT page leaves a partial row group, in one transaction as in autocommit (2x slower load)"
	// costSmall: 10,000-row commits 10.02 s, 122,880-row commits 3.88 s.
	costSmall = "each commit goes through the WAL row by row (2.6x slower load at 10,000 rows)"
)

func run(in *checker.Input) []analysis.Diagnostic {
	return sizes.Diagnostics(in, settings.CommitSize, "commit size", sizes.Costs{Misaligned: costMisaligned, Small: costSmall, MisalignedOneTx: costMisalignedOneTx})
}
