package rowalign

// What each finding costs, as measured on DuckDB 1.5.6 through
// github.com/duckdb/duckdb-go/v2 v2.10506.0, Go 1.26.8, on a 2-core 24 GiB
// machine, 2026-11-30, with a checkpointed 1,000,000-row, 29-column table
// (97.5 MB, 9 row groups); medians of 3 processes. Source: FACTS.md in the
// project's shared notes, summarised in README.md. Messages quote only
// these numbers; re-measure with rowalign-sweep before changing them.
const (
	// costReadMisaligned: FACTS.md finds reads of aligned and misaligned
	// pages within noise on DuckDB 1.5 (rowid ranges at 245,760 vs 250,000:
	// 2.76 s vs 4.19 s wall, 0.77 s vs 0.92 s inside DuckDB), so the message
	// quotes bytes, not seconds: a 250,000-row page read 16.3 MB against
	// 12.8 MB for a 245,760-row page.
	costReadMisaligned = "each page reads an extra, partly used row group (measured: +27% bytes read at 250,000- vs 245,760-row pages)"

	// costReadSmall: rowid-range walks of the same table at 10,000- and
	// 122,880-row pages; DuckDB-side seconds in brackets.
	costReadSmall = "a page smaller than a row group reads part of one and the next page reads it again (measured on 1M rows: 10,000-row pages 3.37 s, 1.34 s inside DuckDB, against 3.14 s, 1.19 s at 122,880)"

	// costCommitMisaligned: INSERT ... SELECT per page, commit per page,
	// then CHECKPOINT. 250,000-row pages left 12 row groups instead of 9.
	costCommitMisaligned = "each commit leaves a partly filled row group that CHECKPOINT rewrites (measured on 1M rows: 250,000-row commits took 5.07 s with a 2.13 s checkpoint and a 181 MB file, 245,760-row commits 2.57 s, 0.05 s, 98 MB)"

	// costCommitSmall: commits under one row group go through the WAL row
	// by row with automatic checkpoints at 16 MiB.
	costCommitSmall = "commits smaller than a row group go through the WAL row by row (measured on 1M rows: 10,000-row commits took 10.02 s, 122,880-row commits 3.88 s, 245,760-row commits 2.57 s)"
)

// What to use instead of a hand-written walk: the project's aligned pager.
const (
	pagerRead = "or walk with github.com/rowalign/rowalign/runtime/pager.Pages"
	pagerCopy = "or copy with github.com/rowalign/rowalign/runtime/pager.Copy"
)
