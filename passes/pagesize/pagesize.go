package pagesize

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/checker"
	"github.com/rowalign/rowalign/internal/analysis/settings"
	"github.com/rowalign/rowalign/internal/analysis/sizes"
)

//go:embed doc.go
var doc string

// Check is the pagesize check, for the suite; Analyzer runs it alone, with
// the default settings.
var Check, Analyzer = checker.Define(settings.PageSize, doc, run)

// What a misaligned page costs, measured on DuckDB 1.5.6 with a
// 1,000,000-row, 29-column table, 2026-11-30
// (docs/measurements.md#reading-page-by-page):
const (
	// costMisaligned: a 250,000-row page read 16.3 MB against 12.8 MB for a
	// 245,760-row page on the first table (+27 %), 21.0 against 17.6 MB on
	// the demo table (+19 %); a whole walk in one process read the same
	// bytes either way (the buffer pool keeps the shared group), and wall
	// times were within noise.
	costMisaligned = "each page also reads a partly used row group (+19-27% bytes per page)"
	// costSmall: rowid-range walks of the demo table took 7.76 CPU s at
	// 10,000-row pages against 6.06 at 122,880 (+28 %), and 5.89 and
	// 5.99 at 50,000 and 100,000, within noise (2026-12-01, load 14-42,
	// docs/measurements.md#pages-smaller-than-a-row-group). The message
	// says what was measured, not a cost of the user's own size.
	costSmall = "the next page reads the same row group again (measured: 28% more CPU at 10,000 rows, within noise at 50,000-100,000)"
	// costTiny: pages below -min (10,000), which a whole-table walk gets
	// reported for at any size (issue 17). Whole-table walks of the demo
	// table, CPU seconds of the walking process (wall times were inflated
	// by a load of 3-56 on 2 cores), 2026-12-01 08:28-09:39 UTC: rowid
	// ranges 49.27 s at 100-row pages, 12.27 s at 1,000, 6.22 s at
	// 122,880; LIMIT/OFFSET 137.27 s, 21.00 s, 8.25 s
	// (docs/measurements.md#tiny-pages).
	costTiny = "each page is a query of its own (a whole-table walk at 100-row pages took 8-17x the CPU time of 122,880-row pages, at 1,000-row pages 2-2.5x)"
)

func run(in *checker.Input) []analysis.Diagnostic {
	return sizes.Diagnostics(withoutTableFuncs(in), settings.PageSize, "page size", sizes.Costs{Misaligned: costMisaligned, Small: costSmall, Tiny: costTiny})
}

// withoutTableFuncs returns in without the read walks over a table
// function or a file (read_parquet(...), FROM 'x.csv'): a Parquet file's
// row groups are set by its writer, a CSV has none, so the costs above,
// measured on a DuckDB table, say nothing about them. A walk that writes
// into DuckDB keeps its commit size finding (commitsize).
func withoutTableFuncs(in *checker.Input) *checker.Input {
	out := *in
	walks := *in.Walks
	walks.Walks = nil
	for _, w := range in.Walks.Walks {
		if w.Query != nil && w.Query.Shape.TableFunc && !w.Write {
			continue
		}
		walks.Walks = append(walks.Walks, w)
	}
	out.Walks = &walks
	return &out
}
